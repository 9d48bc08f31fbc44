import { segmentsAlone } from "./grapheme-segments.js";

interface WidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}
type Measure = (text: string, options?: WidthOptions) => number;

/**
 * string-width, answered from each character's width where every code unit of
 * the text is a grapheme of its own (src/text/grapheme-segments.ts): string-width
 * measures each grapheme by itself and adds them up, so such a text measures as
 * the sum of its characters' widths, each measured once by string-width and
 * kept. Ink measures every line of every frame (its layout asks each text's
 * widest line, its output each line again), and a line with one `·`, `…` or
 * `→` took string-width's whole path: about half of the explorer's first frame
 * (`docs/benchmarks.md`). scripts/bundles.mjs puts it in front of
 * string-width; test/text/quick-string-width.test.ts holds it to string-width's answers.
 */
export function quickStringWidth(measure: Measure, stripAnsi: (text: string) => string): Measure {
  // A character's width, by ambiguousIsNarrow (0: narrow, the default; 1: wide); -1 until measured.
  const widths = [new Int8Array(0x10000).fill(-1), new Int8Array(0x10000).fill(-1)] as const;
  // Printable ASCII is one cell, as string-width says before it measures anything.
  for (const known of widths) known.fill(1, 0x20, 0x7f);
  return (input, options = {}) => {
    if (typeof input !== "string" || input.length === 0) return 0;
    const text = !options.countAnsiEscapeCodes && (input.includes("\u001b") || input.includes("\u009b")) ? stripAnsi(input) : input;
    if (/^[\x20-\x7e]*$/.test(text)) return text.length;
    if (!segmentsAlone(text)) return measure(text, options);
    const known = widths[options.ambiguousIsNarrow === false ? 1 : 0];
    let width = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let cells = known[code]!;
      if (cells < 0) known[code] = cells = measure(text[i]!, options);
      width += cells;
    }
    return width;
  };
}
