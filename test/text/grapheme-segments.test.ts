import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { segmentGraphemes, segmentsAlone } from "../../src/text/grapheme-segments.js";

/** The segmentation ICU gives, the reference. */
const icu = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const plain = (segments: Iterable<Intl.SegmentData>) => [...segments].map(({ segment, index }) => ({ segment, index }));

/** Every BMP code unit the quick path takes alone. */
const alone: string[] = [];
for (let code = 0; code <= 0xffff; code++) {
  const char = String.fromCharCode(code);
  if (segmentsAlone(char)) alone.push(char);
}

/** Any text of `text` is segmented as ICU segments it, and each index is found in the same segment. */
function segmentsAsIcu(text: fc.Arbitrary<string>): void {
  fc.assert(fc.property(text, fc.nat(60), (input, at) => {
    const quick = segmentGraphemes(input);
    expect(plain(quick)).toEqual(plain(icu.segment(input)));
    const found = quick.containing(at);
    const expected = icu.segment(input).containing(at);
    expect(found && { segment: found.segment, index: found.index }).toEqual(expected && { segment: expected.segment, index: expected.index });
  }), { numRuns: 3000 });
}

describe("grapheme segments without ICU", () => {
  it("takes the explorer's own characters and common text, and leaves what joins to ICU", () => {
    expect(segmentsAlone("\u001b[7m grp-1 ─│┌┐ … · › ⇄ ▸ ✓ ● café 中文 한국어 Ωμέγα\u001b[0m")).toBe(true);
    for (const joined of ["e\u0301", "\r\n", "a\u200db", "\u1100\u1161", "👍🏽", "🏳️‍🌈", "🇺🇸", "क्ष", "\ufe0f"]) expect(segmentsAlone(joined), joined).toBe(false);
  });

  it("never takes a code point that Unicode joins to its neighbours", () => {
    expect(alone.length).toBeGreaterThan(20_000);
    // A code point that extends, joins or prepends would make fewer than three graphemes between two letters.
    for (const char of alone) expect([...icu.segment(`a${char}b`)].length, `U+${char.charCodeAt(0).toString(16)}`).toBe(3);
  });

  it("segments as Intl.Segmenter does, whatever the text", () => {
    const text = fc.array(fc.oneof(fc.constantFrom(...alone), fc.constantFrom("e\u0301", "\r", "\n", "👍🏽", "\u1100", "\u1161", "🇺", "\u200d", "\ufe0f")), { maxLength: 40 }).map((parts) => parts.join(""));
    segmentsAsIcu(text);
  });

  it("segments text with emoji as Intl.Segmenter does, and without it", () => {
    // Pictographs among the characters taken alone (©, ☕, ▶) and beyond (👍, 🏳, 👨), the parts that extend and join
    // them, flags' halves, controls (a break after and before each), and what is left to ICU.
    const parts = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...alone) },
      { weight: 4, arbitrary: fc.constantFrom("©", "™", "☕", "▶", "❤", "👍", "🏳", "🌈", "👨", "👩", "👧", "🧑", "⚕", "🎉", "1", "#", "*") },
      { weight: 4, arbitrary: fc.constantFrom("\u200d", "\ufe0f", "\ufe0e", "\u20e3", "🏻", "🏽", "🏿", "\u{e0067}", "\u{e007f}") },
      { weight: 3, arbitrary: fc.constantFrom("🇺", "🇸", "🇫", "🇷") },
      { weight: 1, arbitrary: fc.constantFrom("\n", "\u0000", "\u00ad", "\u0085", "e\u0301", "\r") },
    );
    const text = fc.array(parts, { maxLength: 30 }).map((p) => p.join(""));
    segmentsAsIcu(text);
    // The explorer's demo group name, a family, a flag, a keycap and a skin tone: none of them asks ICU.
    const texts = ["🏳️‍🌈 Pride ERG", "👨‍👩‍👧 family", "🇺🇸🇫🇷", "1️⃣ #️⃣", "👍🏽 ok", "©️ ☕"];
    const expected = texts.map((t) => plain(icu.segment(t)));
    const segment = Intl.Segmenter.prototype.segment;
    let asked = 0;
    Intl.Segmenter.prototype.segment = function (this: Intl.Segmenter, input: string) {
      asked++;
      return segment.call(this, input);
    };
    try {
      expect(texts.map((t) => plain(segmentGraphemes(t)))).toEqual(expected);
      // The spy sees what is left to ICU (guards the guard).
      segmentGraphemes("e\u0301");
    } finally {
      Intl.Segmenter.prototype.segment = segment;
    }
    expect(asked).toBe(1);
  });
});
