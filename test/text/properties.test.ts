import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { displayWidth, fit, hasHostileCharacters, sanitize, truncate } from "../../src/text/index.js";

const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff\u061c\u180e]/;
const FORBIDDEN_MULTILINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff\u061c\u180e]/;
const RUNS = { numRuns: 500 };

/** Pieces of escape sequences, controls and tricky characters, glued together in any order. */
const FRAGMENTS = [
  "\u001b", "\u001b[", "\u001b]", "\u001bP", "\u001b\\", "\u001b[31m", "\u001b[0m", "\u001b[2J", "\u001b]0;", "\u001b]8;;",
  "\u0007", "\u0000", "\u0008", "\t", "\n", "\r", "\r\n", "\u007f", "\u0085", "\u0090", "\u009b", "\u009c", "\u009d",
  "\u202e", "\u2066", "\u200b", "\u200d", "\u200f", "\ufeff", "\u061c", "\u180e", "\u2060", "\u2028",
  "\ud800", "\udfff", "👨", "👍🏽", "🇺", "日本", "e\u0301", "\u0d4e", "a", " ", "[", "m", ";", "\\",
];
const hostile = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(""));
const fullUnicode = fc.string({ unit: "binary", maxLength: 40 });
/** Any UTF-16 code unit, lone surrogates included. */
const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const graphemeText = fc.string({ unit: "grapheme", maxLength: 30 });
/** Long enough to be measured in chunks (see segments.ts). */
const long = fc
  .array(fc.constantFrom(...FRAGMENTS, "日本語テキスト", "👨‍👩‍👧", "\u0301\u0301\u0301"), { minLength: 150, maxLength: 600 })
  .map((parts) => parts.join(""));
const anyText = fc.oneof(hostile, fullUnicode, codeUnits, graphemeText, long);
const width = fc.integer({ min: 0, max: 50 });

describe("properties", () => {
  it("sanitize leaves no control, bidi or zero-width character, and never throws", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(sanitize(text)).not.toMatch(FORBIDDEN);
        expect(sanitize(text, { multiline: true })).not.toMatch(FORBIDDEN_MULTILINE);
      }),
      RUNS,
    );
  });

  it("sanitize never throws on any JSON-like value", () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true }), (value) => {
        expect(sanitize(value)).not.toMatch(FORBIDDEN);
      }),
      RUNS,
    );
  });

  it("sanitized text is stable and no longer hostile", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = sanitize(text);
        expect(sanitize(once)).toBe(once);
        expect(hasHostileCharacters(once)).toBe(false);
      }),
      RUNS,
    );
  });

  it("displayWidth agrees with string-width on sanitized text, but gives a conjunct a cell a letter", () => {
    const letters = /\p{L}/gu;
    fc.assert(
      fc.property(anyText, (text) => {
        const clean = sanitize(text);
        const conjuncts = [...new Intl.Segmenter().segment(clean)].some(({ segment }) => (segment.match(letters)?.length ?? 0) > 1);
        if (conjuncts) expect(displayWidth(clean)).toBeGreaterThanOrEqual(stringWidth(clean));
        else expect(displayWidth(clean)).toBe(stringWidth(clean));
      }),
      RUNS,
    );
  });

  it("truncate never exceeds the width", () => {
    fc.assert(
      fc.property(anyText, width, (text, w) => {
        expect(displayWidth(truncate(text, w))).toBeLessThanOrEqual(w);
      }),
      RUNS,
    );
  });

  it("fit gives exactly the width for sanitized text", () => {
    fc.assert(
      fc.property(anyText, width, fc.constantFrom("left" as const, "right" as const), (text, w, align) => {
        expect(displayWidth(fit(sanitize(text), w, align))).toBe(w);
      }),
      RUNS,
    );
  });
});
