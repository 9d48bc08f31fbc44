/**
 * Bad input, fuzzed: the sanitizer and the width functions. test/text/properties.test.ts glues
 * fixed fragments together; this file builds whole escape sequences of every kind (CSI, OSC,
 * DCS, APC, PM, SOS; 7- and 8-bit; terminated by BEL, ST or nothing), every character class a
 * terminal or the grapheme rules treat specially, long text across the chunk boundaries of
 * segments.ts, and odd widths and ellipses. Out of sanitize: no ESC, C0 (but \n in multiline),
 * DEL, C1, bidi control, zero-width character or lone surrogate. Out of fit: exactly the width.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { displayWidth, fit, sanitize, truncate } from "../../src/text/index.js";
import { CHUNK } from "../../src/text/segments.js";
import { type OperationCounter, operationCounter, segmenterInputs } from "../support/operations.js";
import { everyCodeUnit, repeatTo, runs } from "./arbitraries.js";
import { hugeHostileText } from "./hostile-text.js";

/** What must never reach a terminal. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const FORBIDDEN_MULTILINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

const char = (code: number) => String.fromCodePoint(code);
const range = (from: number, to: number) => fc.integer({ min: from, max: to }).map(char);

/** 7-bit and 8-bit introducers of every control string and sequence. */
const INTRODUCERS = ["\u001b[", "\u009b", "\u001b]", "\u009d", "\u001bP", "\u0090", "\u001b_", "\u009f", "\u001b^", "\u009e", "\u001bX", "\u0098", "\u001b", "\u001b\u001b["];
const TERMINATORS = ["\u0007", "\u001b\\", "\u009c", "", "\u001b", "m", "H", "J", "\u0018", "\u001a"];
const escapeSequence = fc
  .tuple(
    fc.constantFrom(...INTRODUCERS),
    fc.array(fc.oneof(fc.integer({ min: 0, max: 9999 }).map(String), fc.constantFrom(";", "?", ":", ">", "!", " ", "0;", "8;;", "52;c;")), { maxLength: 6 }),
    fc.string({ unit: "binary", maxLength: 12 }),
    fc.constantFrom(...TERMINATORS),
  )
  .map(([intro, params, payload, end]) => `${intro}${params.join("")}${payload}${end}`);

/** The characters the sanitizer or the grapheme and width rules treat specially. */
const specialChar = fc.oneof(
  range(0x00, 0x1f),
  range(0x7f, 0x9f),
  range(0x202a, 0x202e),
  range(0x2066, 0x2069),
  range(0x200b, 0x200f),
  range(0x2060, 0x2064),
  fc.constantFrom("\ufeff", "\u061c", "\u180e", "\u2028", "\u2029", "\u00ad", "\u034f", "\u115f", "\u3164", "\uffa0", "\ufff9", "\ufffb", "\r\n"),
  range(0x0300, 0x036f), // combining marks
  range(0x1ab0, 0x1aff),
  range(0x20d0, 0x20ff),
  range(0xfe00, 0xfe0f), // variation selectors
  range(0x1f3fb, 0x1f3ff), // skin tones
  range(0x1f1e6, 0x1f1ff), // regional indicators
  range(0xe0020, 0xe007f), // tags
  fc.constantFrom("\u0600", "\u0605", "\u06dd", "\u070f", "\u0890", "\u08e2", "\u0d4e"), // Prepend
  range(0x1100, 0x115f), // Hangul leading jamo
  range(0x1160, 0x11a7),
  range(0x11a8, 0x11ff),
  range(0xd800, 0xdfff), // lone surrogates
  range(0x1f300, 0x1faff), // emoji
  range(0x4e00, 0x4e40),
  range(0xff01, 0xff60),
  fc.constantFrom("a", " ", "…", "\t"),
);

const EMOJI = ["👨", "👩", "👧", "👦", "🏳", "🌈", "❤", "🔥", "👁", "🗨", "🧑", "🏽", "\ufe0f", "⚕", "♀", "1\ufe0f\u20e3", "🇺🇸"];
/** Emoji glued by ZWJs, well and badly: at the ends, doubled, around controls. */
const zwjSequence = fc
  .array(fc.oneof(fc.constantFrom(...EMOJI), fc.constantFrom("\u200d", "\u200d\u200d", "a", "\u202e", "\u001b", "\u0301")), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.join("\u200d"));

const hostileText = fc
  .array(fc.oneof(escapeSequence, specialChar, zwjSequence, fc.string({ unit: "binary", maxLength: 6 }), fc.string({ unit: everyCodeUnit, maxLength: 4 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));
/** Long enough to cross CHUNK boundaries, with special characters placed around them. */
const longText = fc
  .tuple(fc.array(fc.oneof(specialChar, zwjSequence, escapeSequence, fc.constantFrom("日本", "ab")), { minLength: 1, maxLength: 8 }), fc.integer({ min: CHUNK - 8, max: 6 * CHUNK }))
  .map(([parts, length]) => repeatTo(parts.join(""), length));
const anyText = fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: longText });

const width = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 300 }));

/** No lone surrogate (String.prototype.isWellFormed, without needing lib es2024). */
const wellFormed = (text: string) => !/\p{Surrogate}/u.test(text);

function expectSafe(out: string, multiline: boolean): void {
  expect(out).not.toMatch(multiline ? FORBIDDEN_MULTILINE : FORBIDDEN);
  expect(wellFormed(out)).toBe(true);
}

describe("sanitize on hostile text", () => {
  it("leaves no ESC, C0/C1 control, bidi control, zero-width character or lone surrogate (only \\n in multiline)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expectSafe(sanitize(text), false);
        expectSafe(sanitize(text, { multiline: true }), true);
      }),
      runs(400),
    );
  });

  it("every escape sequence, terminated or not, 7- or 8-bit, is shown and cannot act", () => {
    fc.assert(
      fc.property(escapeSequence, fc.string({ maxLength: 5 }), (sequence, after) => {
        const out = sanitize(`${sequence}${after}`);
        expectSafe(out, false);
        expect(out.endsWith(after) || FORBIDDEN.test(after) || /[\u2028\u2029\t\ud800-\udfff]/.test(after)).toBe(true);
        expect(out).toContain("\u241b"); // the ESC (or the C1 byte, shown as its ESC form) is visible
      }),
      runs(200),
    );
  });

  it("keeps text that needs nothing as it is, and is stable", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = sanitize(text);
        expect(sanitize(once)).toBe(once);
        // Beyond FORBIDDEN, sanitize also marks deprecated format and annotation characters, blanks that draw
        // nothing (soft hyphen, grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian selectors),
        // tag characters outside a flag, and folds line separators.
        const alsoMarked = /[\u2028\u2029\u206a-\u206f\ufff9-\ufffb\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0\u{e0000}-\u{e007f}]/u;
        if (!FORBIDDEN.test(text) && wellFormed(text) && !alsoMarked.test(text)) expect(once).toBe(text);
      }),
      runs(200),
    );
  });
});

describe("fit and truncate on sanitized hostile text", () => {
  it("fit takes exactly the width, left or right", () => {
    fc.assert(
      fc.property(anyText, width, fc.constantFrom("left" as const, "right" as const), (text, w, align) => {
        const out = fit(sanitize(text), w, align);
        expect(displayWidth(out)).toBe(w);
        expectSafe(out, false);
      }),
      runs(400),
    );
  });

  it("truncate stays within the width with any ellipsis, and keeps a prefix of the text", () => {
    const ellipsis = fc.constantFrom("…", "...", "", "⋯", "👉", "日", "\u0301");
    fc.assert(
      fc.property(anyText, width, ellipsis, (text, w, e) => {
        const clean = sanitize(text);
        const out = truncate(clean, w, e);
        expect(displayWidth(out)).toBeLessThanOrEqual(w);
        if (displayWidth(clean) <= w) expect(out).toBe(clean);
        else expect(clean.startsWith(out.endsWith(e) && e !== "" ? out.slice(0, -e.length) : out)).toBe(true);
      }),
      runs(400),
    );
  });

  it("odd widths (negative, fractional, NaN, -Infinity) give whole, non-negative columns; Infinity (a pipe) cuts nothing", () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(-1, -0.5, 0.5, 2.7, Number.NaN, Infinity, -Infinity, 2 ** 31), (text, w) => {
        const clean = sanitize(text);
        const fitted = displayWidth(fit(clean, w === 2 ** 31 ? 3 : w));
        expect(Number.isInteger(fitted) && fitted >= 0).toBe(true);
        if (w === Infinity) expect(truncate(clean, w)).toBe(clean);
        else expect(displayWidth(truncate(clean, w))).toBeLessThanOrEqual(Number.isFinite(w) ? Math.max(0, Math.floor(w)) : 0);
      }),
      runs(100),
    );
  });

  it("truncate of raw, unsanitized text still stays within the width", () => {
    fc.assert(
      fc.property(anyText, width, (text, w) => {
        expect(displayWidth(truncate(text, w))).toBeLessThanOrEqual(w);
      }),
      runs(200),
    );
  });
});

describe("huge hostile strings", () => {
  /**
   * The work, counted (test/support/operations.ts): calls and block passes in src/text, at most
   * about 21 per character today (zero-width and bidi characters); a quadratic loop would take
   * thousands at 100,000 characters. And what Intl.Segmenter is given: no more than a chunk, as
   * its own cost grows with its whole input (src/text/segments.ts). Timed in `npm run bench`.
   */
  const OPS_PER_CHAR = 50;
  let counter: OperationCounter;
  beforeAll(() => {
    counter = operationCounter(new URL("../../src/text/", import.meta.url));
  });

  it.each(Object.entries(hugeHostileText()))("%s: sanitized and fitted in work linear in its length", (_name, text) => {
    const segmented = segmenterInputs(() =>
      counter.count(() => {
        const clean = sanitize(text);
        return { clean, fitted: fit(clean, 80), width: displayWidth(clean) };
      }),
    );
    const { ops, value } = segmented.value;
    expectSafe(value.clean, false);
    expect(displayWidth(value.fitted)).toBe(80);
    expect(ops, `${ops} operations for ${text.length} characters`).toBeLessThanOrEqual(OPS_PER_CHAR * text.length);
    expect(segmented.longest, "the longest text given to Intl.Segmenter").toBeLessThanOrEqual(CHUNK + 1);
  });
});
