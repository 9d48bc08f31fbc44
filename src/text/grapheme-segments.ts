import { graphemeSegmenter } from "./intl.js";

/**
 * Grapheme segmentation without ICU for text where every code unit is a
 * grapheme of its own: what the explorer's screens are made of (ASCII, Latin,
 * escape sequences, the box drawing, arrows and symbols of its frame, CJK).
 * Intl.Segmenter loads ICU's data on first use (7–14 ms here) and walks a
 * string step by step through ICU; Ink's output (@alcalzone/ansi-tokenize),
 * slice-ansi and string-width each made one and walked every line of every
 * frame with it, about 25 ms of the explorer's first frame.
 * scripts/bundles.mjs gives them `quickGraphemeSegmenter` instead;
 * test/text/grapheme-segments.test.ts holds it to Intl.Segmenter's answers.
 *
 * Unicode (UAX #29) breaks between any two code points unless one of them
 * extends, joins or prepends (Extend, ZWJ, SpacingMark, Prepend), they are
 * Hangul jamo or regional indicators, or they are CR LF. None of the ranges
 * below holds such a code point (CR is left out), so a string made only of
 * them breaks everywhere.
 */
const ALONE =
  /^[\x00-\x0c\x0e-\u02ff\u0370-\u0482\u2010-\u2027\u2030-\u205e\u2070-\u20cf\u2100-\u2bff\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff60]*$/;

/** What `Intl.Segmenter#segment` answers, as far as these libraries use it. */
export interface GraphemeSegments extends Iterable<Intl.SegmentData> {
  containing(index?: number): Intl.SegmentData | undefined;
}

/** The segments of a string whose every code unit is a grapheme. */
class OneUnitSegments implements GraphemeSegments {
  constructor(private readonly input: string) {}

  containing(index = 0): Intl.SegmentData | undefined {
    const at = Math.trunc(index);
    return at >= 0 && at < this.input.length ? { segment: this.input[at]!, index: at, input: this.input } : undefined;
  }

  *[Symbol.iterator](): Iterator<Intl.SegmentData> {
    for (let index = 0; index < this.input.length; index++) yield { segment: this.input[index]!, index, input: this.input };
  }
}

/** Whether every code unit of `text` is a grapheme of its own. */
export const segmentsAlone = (text: string): boolean => ALONE.test(text);

/** The grapheme segments of `text`, as Intl.Segmenter gives them; ICU only when the text needs it. */
export function segmentGraphemes(text: string): GraphemeSegments {
  return segmentsAlone(text) ? new OneUnitSegments(text) : graphemeSegmenter().segment(text);
}

/** Stands in for `new Intl.Segmenter(undefined, { granularity: "grapheme" })` (scripts/bundles.mjs). */
export const quickGraphemeSegmenter = { segment: segmentGraphemes };
