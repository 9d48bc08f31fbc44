import stringWidth from "string-width";

/**
 * Terminal columns, measured rather than counted: wide CJK and emoji take 2,
 * combining marks 0. Every cut happens between graphemes (Intl.Segmenter), so
 * an emoji ZWJ sequence or a letter with its accents is kept whole or dropped
 * whole, and a wide character that would straddle the limit is left out.
 * These functions measure; they do not sanitize (see sanitize.ts).
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export type Align = "left" | "right";

/** Columns the text takes in a terminal. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** A width as a whole number of columns, never negative. */
function columns(width: number): number {
  return Number.isFinite(width) && width > 0 ? Math.floor(width) : 0;
}

/** The longest run of whole graphemes from the start whose width is at most `width`. */
function prefixWithin(text: string, width: number): string {
  if (PRINTABLE_ASCII.test(text)) return text.slice(0, width);
  const kept: string[] = [];
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = stringWidth(segment);
    if (used + w > width) break;
    kept.push(segment);
    used += w;
  }
  // Measured piecewise above; confirm on the joined text and give back graphemes if needed.
  let prefix = kept.join("");
  while (kept.length > 0 && stringWidth(prefix) > width) {
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
  const limit = columns(width);
  if (stringWidth(text) <= limit) return text;
  const ellipsisWidth = stringWidth(ellipsis);
  if (ellipsisWidth > limit) return prefixWithin(text, limit);
  const cut = prefixWithin(text, limit - ellipsisWidth) + ellipsis;
  // An ellipsis can join the grapheme before it; never return more than asked for.
  return stringWidth(cut) <= limit ? cut : prefixWithin(text, limit);
}

/** Spaces added on one side until the text takes exactly `width` columns (it must not be wider). */
function pad(text: string, width: number, align: Align): string {
  let padded = text;
  let missing = width - stringWidth(padded);
  // A space can fuse with a preceding Prepend character and add no column: measure again.
  for (let attempts = 0; missing > 0 && attempts < 4; attempts++) {
    const spaces = " ".repeat(missing);
    padded = align === "right" ? spaces + padded : padded + spaces;
    missing = width - stringWidth(padded);
  }
  return padded;
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
