// What the esbuild bundles share: scripts/build.mjs (dist/, run by node) and
// scripts/sea.mjs (one CommonJS file inside a single executable) use both.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
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

/** Edits a package's file as it is bundled; a package whose text changed fails the build, naming the plugin to update. */
function edit(b, plugin, filter, name, edits) {
  b.onLoad({ filter }, (args) => {
    let source = readFileSync(args.path, "utf8");
    for (const [from, to] of edits) {
      if (!source.includes(from)) throw new Error(`${name} changed: update the ${plugin} plugin in scripts/bundles.mjs`);
      source = source.replace(from, to);
    }
    return { contents: source, loader: "js" };
  });
}

/**
 * commander loads child_process at start for executable subcommands, which ccx
 * does not have: every command would pay for it (and for dgram and more behind
 * it). It is loaded on first use instead.
 */
export const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    edit(b, "lazy-child-process", /commander[\\/]lib[\\/]command\.js$/, "commander", [
      ["const childProcess = require('node:child_process');", "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };"],
    ]);
  },
};

/**
 * Node's modules that ccx imports at the top of modules the explorer's start initializes, and uses only
 * later (the journal, a prompt, a retry's pause): each is required when one of its exports is first read,
 * not as ccx starts (about 1.5 ms of the explorer's first frame, docs/benchmarks.md; stream/promises is not
 * among them: Node's stream loads it). Their export names are this Node's, the one that runs ccx
 * (package.json's engines). test/cli/bundle-load.test.ts holds the explorer's bundles to loading none.
 */
const LAZY_BUILTINS = /^node:(readline|fs\/promises|timers\/promises)$/;
export const lazyBuiltins = {
  name: "lazy-builtins",
  setup(b) {
    b.onResolve({ filter: LAZY_BUILTINS }, (args) =>
      args.namespace === "lazy-builtin" ? { path: args.path, external: true } : { path: args.path, namespace: "lazy-builtin" });
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (args) => {
      const names = Object.keys(createRequire(import.meta.url)(args.path));
      const getters = names.map((name) => `Object.defineProperty(exports, ${JSON.stringify(name)}, { get: () => load()[${JSON.stringify(name)}], enumerable: true });`);
      return { loader: "js", contents: [`let loaded;`, `const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`, ...getters].join("\n") };
    });
  },
};

/**
 * What the explorer's screens loaded as they started and the first frame never uses (about 3 ms of it,
 * docs/benchmarks.md): Node's child_process (terminal-size's fallback for a terminal that reports no
 * size), assert (signal-exit's check that its handler is a function), perf_hooks (behind the global
 * `performance`, which React's scheduler and ink's render timing read: a monotonic clock in
 * scripts/shims/performance.js instead), and stack-utils' table of Node's internals (ink's error
 * screen, loaded and made when an error is shown).
 */
export const lazyInkDependencies = {
  name: "lazy-ink-dependencies",
  setup(b) {
    const plugin = "lazy-ink-dependencies";
    edit(b, plugin, /terminal-size[\\/]index\.js$/, "terminal-size", [
      ["import {execFileSync} from 'node:child_process';", "const execFileSync = (...a) => require('node:child_process').execFileSync(...a);"],
    ]);
    edit(b, plugin, /signal-exit[\\/]index\.js$/, "signal-exit", [
      ["var assert = require('assert')", "var assert = { equal: (a, b, message) => { if (a != b) throw new TypeError(message) } }"],
    ]);
    edit(b, plugin, /ink[\\/]build[\\/]components[\\/]ErrorOverview\.js$/, "ink", [
      ["import StackUtils from 'stack-utils';", ""],
      ["const stackUtils = new StackUtils({\n    cwd: cwd(),\n    internals: StackUtils.nodeInternals(),", "let stackUtilsMade;\nconst makeStackUtils = () => new (require('stack-utils'))({\n    cwd: cwd(),\n    internals: require('stack-utils').nodeInternals(),"],
      ["const origin = stack ? stackUtils.parseLine(", "const origin = stack ? (stackUtilsMade ??= makeStackUtils()).parseLine("],
      ["const parsedLine = stackUtils.parseLine(", "const parsedLine = (stackUtilsMade ??= makeStackUtils()).parseLine("],
    ]);
  },
};

/**
 * esbuild's __toESM wraps a CommonJS module for each module that imports it: a new object with a getter
 * for each of its exports. The screens import React, its JSX runtime and the store's shared modules
 * (see sharedWithStore in scripts/build.mjs) from dozens of modules, and made those copies again each
 * time, about 3 ms and much of the garbage of loading them. The wrapper is made once per module and
 * kept, and made anew only if the module's exports have grown since (a module still loading, in a
 * cycle, gains them later).
 */
export function interopOnce(bundle, file) {
  const toEsm = /var (\w+)=\((\w+),(\w+),(\w+)\)=>\(\4=\2!=null\?/g;
  const found = [...bundle.matchAll(toEsm)];
  // Minified, the helper is one line of known shape; a bundle that has it in another shape fails the build.
  if (found.length > 1 || (found.length === 0 && /\.__esModule\?\w+\(/.test(bundle))) throw new Error(`${file}: esbuild's __toESM is not where interopOnce expects it (scripts/bundles.mjs)`);
  if (found.length === 0) return bundle;
  const [whole, name] = found[0];
  const once = `var __ccxEsm=[new WeakMap,new WeakMap],${name}=(e,n)=>{if(e==null||typeof e!="object"&&typeof e!="function")return __ccxToEsm(e,n);const m=__ccxEsm[n?1:0],k=Object.getOwnPropertyNames(e).length;let t=m.get(e);if(t===void 0||t.k!==k)m.set(e,t={k,v:__ccxToEsm(e,n)});return t.v},`;
  return bundle.replace(whole, `${once}__ccxToEsm=${whole.slice(`var ${name}=`.length)}`);
}

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
    // An import where the segmenter was made: ES modules' imports are hoisted, wherever they are written.
    const patch = (filter, eager, name) =>
      edit(b, "quick-segmenters", filter, name, [[eager, `${quickSegmenterImport}\n${eager.replace(/ = new Intl\.Segmenter\(.*\);$/, " = quickGraphemeSegmenter;")}`]]);
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
    const patch = (filter, name, edits) => edit(b, "quick-ink-output", filter, name, edits);
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
 * through Emscripten's instantiateWasm hook: the module is ready on return. The explorer compiles it
 * ahead, off the main thread, from dist/yoga.wasm (src/tui/layout-engine.ts): then only its instance is
 * made here.
 */
const YOGA_WASM = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;

/** yoga's WebAssembly, as the build writes it beside the bundles (dist/yoga.wasm). */
export function yogaWasm() {
  // The package exports no path to it: found beside its entry (dist/src/index.js), the copy ink resolves to.
  const entry = createRequire(createRequire(import.meta.url).resolve("ink")).resolve("yoga-layout");
  const source = readFileSync(join(dirname(entry), "..", "binaries", "yoga-wasm-base64-esm.js"), "utf8");
  const wasm = YOGA_WASM.exec(source);
  if (!wasm) throw new Error("yoga-layout changed: update the sync-yoga plugin in scripts/bundles.mjs");
  return Buffer.from(wasm[1], "base64");
}

export const syncYoga = {
  name: "sync-yoga",
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const wasm = YOGA_WASM.exec(source);
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
            const compiled = globalThis.__ccxYogaModule ?? new WebAssembly.Module(Buffer.from(wasmBase64, "base64"));
            const instance = new WebAssembly.Instance(compiled, imports);
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
    edit(b, "ink-without-devtools", /ink[\\/]build[\\/]reconciler\.js$/, "ink", [
      ["await import('./devtools.js');", ";"],
      ["? await loadPackageJson()", "? { name: undefined, version: undefined }"],
    ]);
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
  inject: [join(root, "scripts", "shims", "performance.js")],
};
