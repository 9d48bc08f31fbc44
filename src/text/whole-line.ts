/** An SGR sequence of one code (`ESC[1m`), or of one 256-colour or true-colour code (`ESC[38;5;245m`). */
const ONE_CODE = /\u001b\[(?:\d+|[34]8;5;\d+|[34]8;2;\d+;\d+;\d+)m/g;

/**
 * Whether slice-ansi, asked for the whole of this line (a line inside its clip), gives back the same
 * cells in the same styles as the line itself: Ink then need not slice it (scripts/bundles.mjs,
 * quickInkOutput). slice-ansi rewrites the styles it passes through: of bold and dim, both ended by
 * `ESC[22m`, it keeps the last (Ink's own reading keeps both), and it reorders the parts of a compound
 * code (`ESC[1;31m`). A line with escapes other than single SGR codes is left to it too. Held to
 * slice-ansi by test/tui/ink-output.test.ts.
 */
export function slicesToItself(line: string): boolean {
  if (line.includes("\u009b")) return false;
  const escapes = line.split("\u001b").length - 1;
  if (escapes === 0) return true;
  const codes = line.match(ONE_CODE) ?? [];
  if (codes.length !== escapes) return false;
  const intensities = new Set(codes.map((code) => Number.parseInt(code.slice(2), 10)).filter((n) => n === 1 || n === 2));
  return intensities.size < 2;
}
