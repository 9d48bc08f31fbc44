// What the esbuild bundles share: scripts/build.mjs (dist/, run by node) and
// scripts/sea.mjs (one CommonJS file inside a single executable) use both.
import { readFileSync } from "node:fs";
import { join } from "node:path";

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

/**
 * string-width makes its Intl.Segmenter when it loads. The first Intl object a
 * process makes loads ICU's data (7–14 ms here), which a command printing
 * JSON, or a table of plain ASCII, never needs (src/text/intl.ts): the
 * segmenter is made on its first use instead.
 */
export const lazyStringWidthSegmenter = {
  name: "lazy-string-width-segmenter",
  setup(b) {
    b.onLoad({ filter: /string-width[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const eager = "const segmenter = new Intl.Segmenter();";
      if (!source.includes(eager)) throw new Error("string-width changed: update the lazy-string-width-segmenter plugin in scripts/bundles.mjs");
      const lazy = "let madeSegmenter; const segmenter = { segment: (text) => (madeSegmenter ??= new Intl.Segmenter()).segment(text) };";
      return { contents: source.replace(eager, lazy), loader: "js" };
    });
  },
};

export const common = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  minify: true,
  keepNames: true,
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
