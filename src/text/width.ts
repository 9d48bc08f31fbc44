import stringWidth from "string-width";
import { CHUNK, chunks, firstGrapheme, graphemes } from "./segments.js";

/**
 * Terminal columns, measured rather than counted: wide CJK and emoji take 2,
 * combining marks 0 (string-width's rules). Every cut happens between
 * graphemes (Intl.Segmenter), so an emoji ZWJ sequence or a letter with its
 * accents is kept whole or dropped whole, and a wide character that would
 * straddle the limit is left out. These functions measure, they do not
 * sanitize: give them sanitized text (see sanitize.ts).
 *
 * Speed matters (every visible cell of every frame is measured): text made
 * only of characters whose width is fixed is summed without segmenting, and
 * each other grapheme's width is cached. Long text is segmented in chunks so
 * that time stays linear (see segments.ts).
 */

export type Align = "left" | "right";

/**
 * Width of a code unit that always stands alone as a grapheme of fixed width,
 * or -1. Kept to ranges where string-width is certain: ASCII, Latin, Cyrillic
 * letters, the dashes, quotes, bullet and ellipsis of General Punctuation, the
 * four arrows, box drawing and blocks (1), CJK ideographs, kana, Hangul
 * syllables, fullwidth forms (2). Text made only of these is measured and cut
 * without segmenting, so that a table of it never loads ICU (see intl.ts).
 */
function knownWidth(code: number): number {
  if (code >= 0x20 && code <= 0x7e) return 1;
  if (code >= 0xa0 && code <= 0x2ff) return code === 0xad ? -1 : 1; // U+00AD soft hyphen is invisible
  if (code >= 0x400 && code <= 0x481) return 1;
  if ((code >= 0x2010 && code <= 0x2027) || (code >= 0x2190 && code <= 0x2193) || (code >= 0x2500 && code <= 0x259f)) return 1;
  if (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3041 && code <= 0x3096) ||
    (code >= 0x30a1 && code <= 0x30fa) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xff01 && code <= 0xff60)
  ) return 2;
  return -1;
}

/**
 * Whether every character of the text has a width string-width is certain of (knownWidth): such text takes
 * the same columns by ccx's measure and by Ink's, so that Ink never wraps or cuts what ccx fitted.
 */
export function hasKnownWidths(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (knownWidth(text.charCodeAt(i)) < 0) return false;
  return true;
}

const LETTER = /\p{L}/gu;
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/**
 * A conjunct (Devanagari र्के: two letters joined by a virama) is one grapheme,
 * which string-width measures as its first letter; terminals (tmux, xterm,
 * VTE) give each letter its own cell. Such a grapheme is measured code point
 * by code point, so that a row never runs past the edge and wraps.
 */
function conjunctWidth(grapheme: string, measured: number): number {
  // Pictographs first: an emoji (the first screen's 🏳️‍🌈) is told without compiling \p{L}'s table.
  if (PICTOGRAPHIC.test(grapheme) || (grapheme.match(LETTER)?.length ?? 0) < 2) return measured;
  let cells = 0;
  for (const point of grapheme) cells += stringWidth(point);
  return Math.max(measured, cells);
}

const graphemeWidths = new Map<string, number>();
const CACHE_SIZE = 4096;

function graphemeWidth(grapheme: string): number {
  // A grapheme longer than a chunk (a letter under 100,000 combining marks) is as wide as its start:
  // what extends a grapheme adds no column, and string-width would segment the whole of it.
  if (grapheme.length > CHUNK) return graphemeWidth(firstGrapheme(grapheme.slice(0, CHUNK)));
  if (grapheme.length === 1) {
    const known = knownWidth(grapheme.charCodeAt(0));
    if (known >= 0) return known;
  }
  let width = graphemeWidths.get(grapheme);
  if (width === undefined) {
    width = conjunctWidth(grapheme, stringWidth(grapheme));
    if (graphemeWidths.size >= CACHE_SIZE) graphemeWidths.clear();
    graphemeWidths.set(grapheme, width);
  }
  return width;
}

/** The width, or as soon as it exceeds `limit` some number above `limit`. */
function measure(text: string, limit: number): number {
  // string-width skips ANSI styling (as on our bold header) only when it sees the whole sequence.
  if (text.includes("\u001b") || text.includes("\u009b")) {
    let used = 0;
    for (const chunk of chunks(text)) {
      used += stringWidth(chunk);
      if (used > limit) break;
    }
    return used;
  }
  let used = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const known = knownWidth(text.charCodeAt(i));
    if (known < 0) break;
    used += known;
  }
  if (i === text.length) return used;
  used = 0;
  for (const grapheme of graphemes(text)) {
    used += graphemeWidth(grapheme);
    if (used > limit) break;
  }
  return used;
}

/** Columns the text takes in a terminal. */
export function displayWidth(text: string): number {
  return measure(text, Infinity);
}

/**
 * The text's width when it is at most `limit`, else some number above
 * `limit`: reading stops once the answer is known, so a huge cell costs no
 * more than a short one.
 */
export function displayWidthUpTo(text: string, limit: number): number {
  return measure(text, limit);
}

/** A width as a whole number of columns, never negative. */
function columns(width: number): number {
  return Number.isFinite(width) && width > 0 ? Math.floor(width) : 0;
}

/** The longest run of whole graphemes from the start whose width is at most `width`. */
function prefixWithin(text: string, width: number): string {
  // Characters of known width each stand alone: before one of them is always a place to cut.
  let known = 0;
  for (let i = 0; i < text.length; i++) {
    const w = knownWidth(text.charCodeAt(i));
    if (w < 0) break;
    if (known + w > width) return text.slice(0, i);
    known += w;
  }
  const kept: string[] = [];
  let used = 0;
  for (const grapheme of graphemes(text)) {
    const w = graphemeWidth(grapheme);
    if (used + w > width) break;
    kept.push(grapheme);
    used += w;
  }
  // Measured piecewise above; confirm on the joined text and give back graphemes if needed.
  let prefix = kept.join("");
  while (kept.length > 0 && displayWidth(prefix) > width) {
    kept.pop();
    prefix = kept.join("");
  }
  return prefix;
}

/**
 * The text cut at a grapheme boundary so that, ellipsis included, it takes at
 * most `width` columns. Text that fits is returned unchanged. When the
 * ellipsis itself does not fit, the text is cut without one.
 */
export function truncate(text: string, width: number, ellipsis = "…"): string {
  // An unbounded width (output to a pipe) cuts nothing.
  if (width === Infinity) return text;
  const limit = columns(width);
  if (measure(text, limit) <= limit) return text;
  const ellipsisWidth = displayWidth(ellipsis);
  if (ellipsisWidth > limit) return prefixWithin(text, limit);
  const cut = prefixWithin(text, limit - ellipsisWidth) + ellipsis;
  // An ellipsis can join the grapheme before it; never return more than asked for.
  return displayWidth(cut) <= limit ? cut : prefixWithin(text, limit);
}

/** Spaces added on one side until the text takes exactly `width` columns (it must not be wider). */
function pad(text: string, width: number, align: Align): string {
  let padded = text;
  let missing = width - displayWidth(padded);
  // A space can fuse with a preceding Prepend character and add no column: measure again.
  for (let attempts = 0; missing > 0 && attempts < 4; attempts++) {
    const spaces = " ".repeat(missing);
    padded = align === "right" ? spaces + padded : padded + spaces;
    missing = width - displayWidth(padded);
  }
  return padded;
}

/** At least `width` columns: padded with spaces when shorter, whole when longer (a pipe's table cuts nothing). */
export function padWhole(text: string, width: number, align: Align = "left"): string {
  return pad(text, columns(width), align);
}

/** Exactly `width` columns: truncated when longer, padded with spaces when shorter. */
export function fit(text: string, width: number, align: Align = "left"): string {
  const limit = columns(width);
  return pad(truncate(text, limit), limit, align);
}

/** Left-aligned in `width` columns (truncated when longer). */
export function padEnd(text: string, width: number): string {
  return fit(text, width, "left");
}

/** Right-aligned in `width` columns (truncated when longer). */
export function padStart(text: string, width: number): string {
  return fit(text, width, "right");
}
