import fc from "fast-check";
import stringWidth from "string-width";
import stripAnsi from "strip-ansi";
import { describe, expect, it } from "vitest";
import stringWidthSeven from "../../node_modules/wrap-ansi/node_modules/string-width/index.js";
import { segmentsAlone } from "../../src/text/grapheme-segments.js";
import { quickStringWidth } from "../../src/text/quick-string-width.js";

/** Every BMP code unit that is a grapheme of its own, the characters measured one by one. */
const alone: string[] = [];
for (let code = 0; code <= 0xffff; code++) {
  const char = String.fromCharCode(code);
  if (segmentsAlone(char)) alone.push(char);
}

/** Text as frames hold it: those characters, escape sequences, and what joins (left to string-width). */
const text = fc.array(fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...alone) },
  { weight: 1, arbitrary: fc.constantFrom("\u001b[7m", "\u001b[0m", "\u001b[38;5;245m", "\u009b31m", "e\u0301", "👍🏽", "\u1100\u1161", "🇺🇸", "\u200d", "\ufe0f", "☕", "中", "\t") },
), { maxLength: 40 }).map((parts) => parts.join(""));

describe("string-width from each character's width", () => {
  for (const [name, measure] of [["string-width 8", stringWidth], ["string-width 7 (wrap-ansi's)", stringWidthSeven]] as const) {
    it(`answers as ${name} does, whatever the text and options`, () => {
      const quick = quickStringWidth(measure, stripAnsi);
      const options = fc.record({ ambiguousIsNarrow: fc.option(fc.boolean(), { nil: undefined }), countAnsiEscapeCodes: fc.option(fc.boolean(), { nil: undefined }) });
      fc.assert(fc.property(text, options, (input, chosen) => {
        expect(quick(input, chosen)).toBe(measure(input, chosen));
        // Measured again, from what it kept.
        expect(quick(input, chosen)).toBe(measure(input, chosen));
      }), { numRuns: 3000 });
      expect(quick("─│ … · › ⇄ ▸ ✓ ● café 中文 한국어", {})).toBe(measure("─│ … · › ⇄ ▸ ✓ ● café 中文 한국어"));
    });
  }

  it("measures a character once, however many lines hold it", () => {
    let measured = 0;
    const quick = quickStringWidth((t, o) => (measured++, stringWidth(t, o)), stripAnsi);
    for (let i = 0; i < 100; i++) quick(`row ${i} · alice → bob …`);
    // `·`, `→` and `…`: three characters measured, not three hundred lines.
    expect(measured).toBe(3);
  });
});
