// What the esbuild bundles share: scripts/build.mjs (dist/, run by node) and
// scripts/sea.mjs (one CommonJS file inside a single executable) use both.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const root = new URL("..", import.meta.url).pathname;
export const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** ink loads React devtools only when DEV=true; they are not installed, so that import gets an empty module. */
export const noDevtools = {
  name: "no-devtools",
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: "react-devtools-core", namespace: "stub" }));
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "export default { connectToDevTools() {} };", loader: "js" }));
  },
};

/**
 * commander loads child_process at start for executable subcommands, which ccx
 * does not have: every command would pay for it (and for dgram and more behind
 * it). It is loaded on first use instead.
 */
export const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error("commander changed: update the lazy-child-process plugin in scripts/bundles.mjs");
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: source.replace(eager, lazy), loader: "js" };
    });
  },
};

/** The module that segments without ICU where text allows it (src/text/grapheme-segments.ts). */
const quickSegmenterImport = `import { quickGraphemeSegmenter } from ${JSON.stringify(join(root, "src", "text", "grapheme-segments.ts"))};`;

/**
 * string-width makes its Intl.Segmenter when it loads. The first Intl object a
 * process makes loads ICU's data (7–14 ms here), which a command printing
 * JSON, or a table of plain text, never needs (src/text/intl.ts): it segments
 * with src/text/grapheme-segments.ts instead, which asks ICU only for text
 * that needs it. Its `/^\p{RGI_Emoji}$/v` costs about 65 ms to make and first
 * run, paid by the explorer's first frame and any table with a non-ASCII
 * character: src/text/rgi-emoji.ts answers the same from the parts of that
 * set, each made only when needed. And a text whose every character is a
 * grapheme of its own is measured from its characters' widths, each measured
 * once (src/text/quick-string-width.ts).
 */
export const fastStringWidth = {
  name: "fast-string-width",
  setup(b) {
    b.onLoad({ filter: /string-width[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const eager = "const segmenter = new Intl.Segmenter();";
      const rgi = "const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;";
      // wrap-ansi (under ink) keeps string-width 7 of its own, which finds emoji with emoji-regex instead.
      const seven = /"version": "7\./.test(readFileSync(join(dirname(args.path), "package.json"), "utf8"));
      if (!source.includes(eager) || (!seven && !source.includes(rgi))) throw new Error("string-width changed: update the fast-string-width plugin in scripts/bundles.mjs");
      const parts = `import { rgiEmojiRegex } from ${JSON.stringify(join(root, "src", "text", "rgi-emoji.ts"))};`;
      // Each character measured once (src/text/quick-string-width.ts), where every one is a grapheme of its own.
      const exported = /export default function stringWidth\((\w+), options = \{\}\) \{/;
      if (!exported.test(source)) throw new Error("string-width changed: update the fast-string-width plugin in scripts/bundles.mjs");
      const quick = `import { quickStringWidth } from ${JSON.stringify(join(root, "src", "text", "quick-string-width.ts"))};`;
      const measured = source.replace(eager, "const segmenter = quickGraphemeSegmenter;").replace(rgi, parts)
        .replace(exported, "function measuredWidth($1, options = {}) {");
      return { contents: `${quickSegmenterImport}\n${quick}\n${measured}\nexport default quickStringWidth(measuredWidth, stripAnsi);`, loader: "js" };
    });
  },
};

/**
 * slice-ansi and @alcalzone/ansi-tokenize (under ink: every line of every
 * frame goes through them) make a grapheme segmenter when they load: they
 * segment with src/text/grapheme-segments.ts instead, as string-width does.
 */
export const quickSegmenters = {
  name: "quick-segmenters",
  setup(b) {
    const patch = (filter, eager, name) => b.onLoad({ filter }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes(eager)) throw new Error(`${name} changed: update the quick-segmenters plugin in scripts/bundles.mjs`);
      const declared = eager.replace(/ = new Intl\.Segmenter\(.*\);$/, " = quickGraphemeSegmenter;");
      return { contents: `${quickSegmenterImport}\n${source.replace(eager, declared)}`, loader: "js" };
    });
    patch(/slice-ansi[\\/]tokenize-ansi\.js$/, "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});", "slice-ansi");
    patch(/@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/, 'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });', "@alcalzone/ansi-tokenize");
  },
};

/**
 * Ink lays each frame out as a grid of styled cells and writes it back as text (ink/build/output.js), and
 * on a first frame, run cold, that was most of the explorer's render (`docs/benchmarks.md`): two steps
 * did work that changes nothing. Every line inside a box with `overflow="hidden"` (the whole screen)
 * went through slice-ansi, to be cut to the clip, also when it was inside it whole; it is kept as it is
 * then, where slice-ansi would give back the same (src/text/whole-line.ts). And writing a row back compared each cell's styles with its neighbour's through three sets and
 * a reduction of codes, where neighbours nearly always have the same styles: the comparison is skipped
 * when they do (the difference of equal styles is nothing). And each cell was an object of its own, with
 * an array of its own for its styles, blank ones too: the blanks are one object, and the characters between
 * two codes share one array. test/tui/ink-output.test.ts holds the frames to unpatched Ink's.
 */
export const quickInkOutput = {
  name: "quick-ink-output",
  setup(b) {
    const patch = (filter, name, edits) => b.onLoad({ filter }, (args) => {
      let source = readFileSync(args.path, "utf8");
      for (const [from, to] of edits) {
        if (!source.includes(from)) throw new Error(`${name} changed: update the quick-ink-output plugin in scripts/bundles.mjs`);
        source = source.replace(from, to);
      }
      return { contents: source, loader: "js" };
    });
    patch(/ink[\\/]build[\\/]output\.js$/, "ink", [
      ["import sliceAnsi from 'slice-ansi';", `import sliceAnsi from 'slice-ansi';\nimport { slicesToItself } from ${JSON.stringify(join(root, "src", "text", "whole-line.ts"))};`],
      ["return sliceAnsi(line, from, to);", "return from === 0 && to === width && slicesToItself(line) ? line : sliceAnsi(line, from, to);"],
      // One blank cell for every place nothing is written: a cell is replaced when written, never changed.
      ["const output = [];", "const output = [];\n        const blank = { type: 'char', value: ' ', fullWidth: false, styles: [] };"],
      ["row.push({\n                    type: 'char',\n                    value: ' ',\n                    fullWidth: false,\n                    styles: [],\n                });", "row.push(blank);"],
    ]);
    patch(/@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/, "@alcalzone/ansi-tokenize", [
      ["ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));", "if (!sameStyles(chars[i - 1].styles, char.styles)) ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));"],
      // The characters between two codes share their styles, as one array: it is made anew at each code, never changed.
      ["styles: [...codes],", "styles: codes,"],
      ["export function styledCharsToString(chars) {", `function sameStyles(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}
export function styledCharsToString(chars) {`],
    ]);
  },
};

/**
 * yoga-layout (ink's layout engine) starts with `await loadYoga()` at the top of
 * its module, which a CommonJS bundle cannot hold (the explorer's bundle and the
 * single executable are CommonJS, the first to load with a V8 code cache). Its WebAssembly is compiled
 * synchronously instead (Node allows it on the main thread, whatever the size),
 * through Emscripten's instantiateWasm hook: the module is ready on return.
 */
export const syncYoga = {
  name: "sync-yoga",
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const wasm = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/.exec(source);
      const scriptDir = "var _scriptDir = import.meta.url;";
      if (!wasm || !source.includes(scriptDir)) throw new Error("yoga-layout changed: update the sync-yoga plugin in scripts/bundles.mjs");
      // The base64 moves to an export (it is not kept twice); import.meta has no meaning in CommonJS.
      const contents = source.replace(wasm[0], 'H=""').replace(scriptDir, "var _scriptDir = undefined;");
      return { contents: `${contents}\nexport const wasmBase64 = ${JSON.stringify(wasm[1])};\n`, loader: "js" };
    });
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, (args) => ({
      resolveDir: dirname(args.path),
      loader: "js",
      contents: `
        import loadYoga, { wasmBase64 } from "../binaries/yoga-wasm-base64-esm.js";
        import wrapAssembly from "./wrapAssembly.js";
        const yoga = {
          instantiateWasm(imports, ready) {
            const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(wasmBase64, "base64")), imports);
            ready(instance);
            return instance.exports;
          },
        };
        loadYoga(yoga).catch(() => {});
        if (!yoga.calledRun) throw new Error("yoga-layout did not start synchronously: see the sync-yoga plugin in scripts/bundles.mjs");
        export default wrapAssembly(yoga);
        export * from "./generated/YGEnums.js";
      `,
    }));
  },
};

/**
 * ink's reconciler awaits at its top too, only when DEV=true: for React
 * devtools (not installed, stubbed in dist/ too) and its own package.json. Both become no-ops.
 */
export const inkWithoutDevtools = {
  name: "ink-without-devtools",
  setup(b) {
    b.onLoad({ filter: /ink[\\/]build[\\/]reconciler\.js$/ }, (args) => {
      const awaits = [
        ["await import('./devtools.js');", ";"],
        ["? await loadPackageJson()", "? { name: undefined, version: undefined }"],
      ];
      let source = readFileSync(args.path, "utf8");
      for (const [from, to] of awaits) {
        if (!source.includes(from)) throw new Error("ink changed: update the ink-without-devtools plugin in scripts/bundles.mjs");
        source = source.replace(from, to);
      }
      return { contents: source, loader: "js" };
    });
  },
};

export const common = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  minify: true,
  // No __name(fn, "name") call for every function and class as a bundle loads (about 5 ms of the explorer's
  // start): nothing in ccx or what it bundles reads a function's name.
  keepNames: false,
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  define: { __CCX_VERSION__: JSON.stringify(pkg.version) },
};

/** The explorer's settings, whatever the format it is bundled in. */
export const explorer = {
  jsx: "automatic",
  // ink reads process.env.NODE_ENV at run time; production drops React's development checks.
  define: { ...common.define, "process.env.NODE_ENV": '"production"' },
};
