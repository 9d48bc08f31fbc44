/**
 * Grapheme iteration that stays linear on long strings. On Node 20 each step
 * of an Intl.Segmenter iterator costs time proportional to the whole string,
 * so segmenting 90,000 characters takes seconds, and string-width segments
 * its whole input. A server string can be that long (a description, a pasted
 * log), so long text is cut into chunks of at most CHUNK code units, each at a
 * point where Unicode (UAX #29) always breaks between graphemes; only when a
 * chunk offers no such point is it cut between code points, which can at most
 * misjudge the one grapheme that straddles the cut.
 */
import { segmentGraphemes } from "./grapheme-segments.js";

export const CHUNK = 256;

/** Characters no grapheme rule joins to what precedes them (unless that is a Prepend or Hangul L). */
function startsGrapheme(code: number): boolean {
  return (
    (code >= 0x20 && code <= 0x7e) || // ASCII
    (code >= 0x3041 && code <= 0x3096) || // Hiragana, without the combining sound marks
    (code >= 0x30a1 && code <= 0x30fa) || // Katakana
    (code >= 0x4e00 && code <= 0x9fff) || // CJK ideographs
    (code >= 0xac00 && code <= 0xd7a3) // Hangul syllables
  );
}

/** Characters that do join what follows them: Prepend (BMP), Hangul leading jamo, and any surrogate, to be safe. */
function joinsNext(code: number): boolean {
  return (
    (code >= 0x0600 && code <= 0x0605) || code === 0x06dd || code === 0x070f || code === 0x0890 || code === 0x0891 ||
    code === 0x08e2 || code === 0x0d4e ||
    (code >= 0x1100 && code <= 0x115f) || (code >= 0xa960 && code <= 0xa97c) ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

/**
 * Where to end the chunk that starts at `start` (itself a grapheme boundary):
 * a point where a grapheme always starts, if one is near; else the last
 * boundary the chunk's own segmentation finds. A boundary depends only on
 * what precedes it, so the chunk's end cannot move it; segmenting from the
 * chunk's start keeps the pairs of regional indicators (flags) in step (fuzz
 * found 50 "👨‍🏽" and runs of flags measured a column or two off by where the
 * cut fell). A grapheme longer than a chunk is cut inside (`forced`: the next
 * chunk's first piece continues it).
 */
function chunkEnd(text: string, start: number): { end: number; forced: boolean } {
  const limit = start + CHUNK;
  for (let i = limit; i > start + CHUNK / 2; i--) {
    if (startsGrapheme(text.charCodeAt(i)) && !joinsNext(text.charCodeAt(i - 1))) return { end: i, forced: false };
  }
  let best = 0;
  for (const { index } of segmentGraphemes(text.slice(start, limit))) {
    // A high surrogate cut from its pair at the chunk's end would look like a boundary of its own.
    const code = text.charCodeAt(start + index);
    if (index > 0 && !(start + index === limit - 1 && code >= 0xd800 && code <= 0xdbff)) best = index;
  }
  if (best > 0) return { end: start + best, forced: false };
  const low = text.charCodeAt(limit);
  return { end: low >= 0xdc00 && low <= 0xdfff ? limit + 1 : limit, forced: true };
}

/** The text in pieces of at most about CHUNK code units, cut between graphemes where possible. */
export function* chunks(text: string): Generator<string> {
  for (const { chunk } of cutChunks(text)) yield chunk;
}

/** The chunks, each saying whether it continues a grapheme the cut before it went through. */
function* cutChunks(text: string): Generator<{ chunk: string; continues: boolean }> {
  let start = 0;
  let continues = false;
  while (text.length - start > CHUNK) {
    const { end, forced } = chunkEnd(text, start);
    yield { chunk: text.slice(start, end), continues };
    continues = forced;
    start = end;
  }
  if (start < text.length || text.length === 0) yield { chunk: text.slice(start), continues };
}

/**
 * The text's graphemes, in order. A grapheme longer than a chunk (a run of
 * skin-tone modifiers, which all extend the first) comes out whole: the piece
 * a forced cut left at the start of the next chunk is joined to it.
 */
export function* graphemes(text: string): Generator<string> {
  let held: string | undefined;
  for (const { chunk, continues } of cutChunks(text)) {
    let first = true;
    for (const { segment } of segmentGraphemes(chunk)) {
      if (first && continues && held !== undefined) held += segment;
      else {
        if (held !== undefined) yield held;
        held = segment;
      }
      first = false;
    }
  }
  if (held !== undefined) yield held;
}

/** The first grapheme of a short text (at most a chunk: the caller cuts it). */
export function firstGrapheme(text: string): string {
  // A high surrogate cut from its pair at the end is no part of the first grapheme's width.
  const last = text.charCodeAt(text.length - 1);
  const whole = last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
  for (const { segment } of segmentGraphemes(whole)) return segment;
  return whole;
}
