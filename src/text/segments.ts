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

export const CHUNK = 256;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

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

/** How far before the cut a window is segmented to find a boundary: graphemes longer than this are cut. */
const WINDOW = 96;

/**
 * Where to end the chunk that starts at `start`: a point where a grapheme
 * always starts if one is near; else the last grapheme boundary before the
 * limit in a small window segmented on its own (emoji sequences, which no
 * single character marks: fuzz found 50 "👨‍🏽" measured 2 columns wide or
 * narrow by where the cut fell); else a code point boundary.
 */
function chunkEnd(text: string, start: number): number {
  const limit = start + CHUNK;
  for (let i = limit; i > start + CHUNK / 2; i--) {
    if (startsGrapheme(text.charCodeAt(i)) && !joinsNext(text.charCodeAt(i - 1))) return i;
  }
  // The window starts well before the cut, so that its own first (perhaps cut) grapheme is far from it,
  // and ends past it, so that what follows the cut is seen whole enough (a surrogate pair never split there).
  const from = Math.max(start, limit - WINDOW);
  let best = 0;
  for (const { index } of segmenter.segment(text.slice(from, limit + 16))) {
    const at = from + index;
    if (at > from + WINDOW / 4 && at <= limit) best = at;
  }
  if (best > start) return best;
  const low = text.charCodeAt(limit);
  return low >= 0xdc00 && low <= 0xdfff ? limit + 1 : limit;
}

/** The text in pieces of at most about CHUNK code units, cut between graphemes where possible. */
export function* chunks(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > CHUNK) {
    const end = chunkEnd(text, start);
    yield text.slice(start, end);
    start = end;
  }
  if (start < text.length || text.length === 0) yield text.slice(start);
}

/** The text's graphemes, in order. */
export function* graphemes(text: string): Generator<string> {
  for (const chunk of chunks(text)) {
    for (const { segment } of segmenter.segment(chunk)) yield segment;
  }
}
