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

/**
 * Text of those characters and emoji: pictographs, the parts that extend them (the variation selectors,
 * skin tones, the keycap, tags) and join them (ZWJ), and regional indicators (flags). A chat's names and
 * messages are full of emoji, and the explorer's first screen of them loaded ICU's data for them alone.
 */
const WITH_EMOJI =
  /^[\x00-\x0c\x0e-\u02ff\u0370-\u0482\u2010-\u2027\u2030-\u205e\u2070-\u20cf\u2100-\u2bff\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff60\p{Extended_Pictographic}\p{Regional_Indicator}\u200d\ufe0e\ufe0f\u20e3\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]*$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const FLAG_HALF = /^\p{Regional_Indicator}$/u;
/** What Unicode calls Extend among those parts (ZWJ is apart); and Control, after and before which it always breaks. */
const EXTENDS = /^[\ufe0e\ufe0f\u20e3\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]$/u;
const CONTROL = /^[\x00-\x1f\x7f-\x9f\xad]$/;

/**
 * The graphemes of text WITH_EMOJI takes, by Unicode's rules for what it holds (UAX #29): a break between any
 * two code points but before an extending part or a ZWJ (GB9), between a ZWJ and a pictograph that follows a
 * pictograph and its extending parts (GB11), and inside a pair of regional indicators (GB12, GB13); always
 * after and before a control character (GB4, GB5).
 */
function emojiSegments(text: string): Intl.SegmentData[] {
  const segments: Intl.SegmentData[] = [];
  let start = 0;
  let previous = "";
  // Since the last break: a pictograph then only extending parts (GB11's left side), then a ZWJ after them.
  let pictograph = false;
  let joined = false;
  let flagHalves = 0;
  let index = 0;
  for (const point of text) {
    const control = CONTROL.test(point);
    const extend = EXTENDS.test(point);
    const zwj = point === "\u200d";
    const keeps =
      index > 0 &&
      !control &&
      !CONTROL.test(previous) &&
      (extend || zwj || (joined && PICTOGRAPH.test(point)) || (flagHalves % 2 === 1 && FLAG_HALF.test(point) && FLAG_HALF.test(previous)));
    if (index > 0 && !keeps) {
      segments.push({ segment: text.slice(start, index), index: start, input: text });
      start = index;
    }
    if (!keeps) {
      pictograph = PICTOGRAPH.test(point);
      joined = false;
      flagHalves = FLAG_HALF.test(point) ? 1 : 0;
    } else if (zwj) {
      joined = pictograph;
      pictograph = false;
      flagHalves = 0;
    } else if (extend) {
      // A pictograph keeps its standing through its extending parts; a ZWJ's does not.
      joined = false;
      flagHalves = 0;
    } else {
      pictograph = PICTOGRAPH.test(point);
      joined = false;
      flagHalves = FLAG_HALF.test(point) ? flagHalves + 1 : 0;
    }
    previous = point;
    index += point.length;
  }
  if (text.length > 0) segments.push({ segment: text.slice(start), index: start, input: text });
  return segments;
}

/** The segments of text of characters and emoji, reckoned once. */
class EmojiSegments implements GraphemeSegments {
  private readonly segments: Intl.SegmentData[];

  constructor(input: string) {
    this.segments = emojiSegments(input);
  }

  containing(index = 0): Intl.SegmentData | undefined {
    const at = Math.trunc(index);
    return this.segments.find((s) => at >= s.index && at < s.index + s.segment.length);
  }

  [Symbol.iterator](): Iterator<Intl.SegmentData> {
    return this.segments[Symbol.iterator]();
  }
}

/** Whether `text` is segmented here, without ICU. */
export const segmentsWithoutIcu = (text: string): boolean => segmentsAlone(text) || WITH_EMOJI.test(text);

/** The grapheme segments of `text`, as Intl.Segmenter gives them; ICU only when the text needs it. */
export function segmentGraphemes(text: string): GraphemeSegments {
  if (segmentsAlone(text)) return new OneUnitSegments(text);
  return segmentsWithoutIcu(text) ? new EmojiSegments(text) : graphemeSegmenter().segment(text);
}

/** Stands in for `new Intl.Segmenter(undefined, { granularity: "grapheme" })` (scripts/bundles.mjs). */
export const quickGraphemeSegmenter = { segment: segmentGraphemes };
