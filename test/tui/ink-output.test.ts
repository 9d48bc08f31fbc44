import { build } from "esbuild";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: the build's shared settings are plain JavaScript, without types.
import * as bundles from "../../scripts/bundles.mjs";

interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}
interface InkOutput {
  write(x: number, y: number, text: string, options: { transformers: Array<(line: string, index: number) => string> }): void;
  clip(clip: Clip): void;
  unclip(): void;
  get(): { output: string; height: number };
}
type OutputClass = new (size: { width: number; height: number }) => InkOutput;

/** Ink's frame grid (ink/build/output.js) bundled as the explorer's screens are, with the given patches. */
async function bundledOutput(patches: string[]): Promise<OutputClass> {
  const result = await build({
    // By its path: ink's package exports only its entry.
    stdin: { contents: `export { default as Output } from ${JSON.stringify(`${bundles.root}node_modules/ink/build/output.js`)};`, resolveDir: bundles.root, loader: "js" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
    plugins: patches.map((name) => bundles[name]),
  });
  const module_ = { exports: {} as { Output: OutputClass } };
  new Function("module", "exports", "require", result.outputFiles[0]!.text)(module_, module_.exports, require);
  return module_.exports.Output;
}

let patched: OutputClass;
let unpatched: OutputClass;
beforeAll(async () => {
  [patched, unpatched] = await Promise.all([bundledOutput(["fastStringWidth", "quickSegmenters", "quickInkOutput"]), bundledOutput(["fastStringWidth", "quickSegmenters"])]);
});

/** What frames hold: text, the styles ccx and Ink write, wide and joined characters, lines. */
const styledText = fc.array(fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("a", "b", "7", " ", "·", "…", "→", "─", "│", "é") },
  { weight: 3, arbitrary: fc.constantFrom("\u001b[7m", "\u001b[27m", "\u001b[1m", "\u001b[22m", "\u001b[2m", "\u001b[0m", "\u001b[m", "\u001b[39m", "\u001b[38;5;245m", "\u001b[38;2;10;20;30m", "\u001b[31m", "\u001b[44m", "\u001b[49m", "\u001b[4m", "\u001b[24m", "\u001b[01m", "\u001b[90m", "\u001b[9m", "\u001b[53m", "\u001b[5m", "\u001b[38;5;1m") },
  { weight: 1, arbitrary: fc.constantFrom("\u001b[1;31m", "\u001b[2;7m", "\u001b[K", "\u009b31m", "\u001b]8;;https://x.test\u0007", "\u001b]8;;\u0007") },
  { weight: 1, arbitrary: fc.constantFrom("中", "👍🏽", "e\u0301", "🇺🇸", "\n") },
), { maxLength: 60 }).map((parts) => parts.join(""));

type Operation = { kind: "write"; x: number; y: number; text: string } | { kind: "clip"; clip: Clip } | { kind: "unclip" };
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("write" as const), x: fc.nat(30), y: fc.nat(8), text: styledText }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("clip" as const),
      clip: fc.record({ x1: fc.nat(20), x2: fc.nat(40), y1: fc.nat(5), y2: fc.nat(10) }, { requiredKeys: [] }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "unclip" as const }) },
);

function frame(Output: OutputClass, size: { width: number; height: number }, operations: Operation[]): string {
  const output = new Output(size);
  let clips = 0;
  for (const op of operations) {
    if (op.kind === "write") output.write(op.x, op.y, op.text, { transformers: [] });
    else if (op.kind === "clip") (output.clip(op.clip), clips++);
    else if (clips > 0) (output.unclip(), clips--);
  }
  return output.get().output;
}

describe("Ink's frames, with the explorer's patches to its output (scripts/bundles.mjs, quickInkOutput)", () => {
  it("are Ink's own, character for character and style for style, whatever is written and clipped", () => {
    const size = fc.record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 10 }) });
    fc.assert(fc.property(size, fc.array(operation, { maxLength: 12 }), (chosen, operations) => {
      expect(frame(patched, chosen, operations)).toBe(frame(unpatched, chosen, operations));
    }), { numRuns: 1000 });
  });

  it("keep a line that fits its clip as written, and still cut one that does not", () => {
    const row = "\u001b[7m alice \u001b[27m· 3 groups → \u001b[2mbob…\u001b[22m";
    for (const Output of [patched, unpatched]) {
      expect(frame(Output, { width: 40, height: 1 }, [{ kind: "clip", clip: { x1: 0, x2: 40 } }, { kind: "write", x: 0, y: 0, text: row }])).toBe(row);
      expect(frame(Output, { width: 40, height: 1 }, [{ kind: "clip", clip: { x1: 0, x2: 6 } }, { kind: "write", x: 0, y: 0, text: row }])).toBe("\u001b[7m alice\u001b[27m");
    }
  });
});
