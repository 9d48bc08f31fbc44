// Bundles src/ into dist/ with esbuild. `--if-needed` skips the build when
// dist/ is newer than every source file and the lockfile.
//
// CommonJS, not ESM: Node 20 loads a CommonJS bundle markedly faster, and
// `ccx call` has to start within 1.6× of a bare `node -e 0`. Modules that
// commands load on demand stay lazy inside the bundle; the emulator, large and
// never needed by the client, is a bundle of its own.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
// Built beside dist/ and swapped in at the end: a ccx already running (a test, a demo) never finds dist/ half made.
const staging = join(root, ".dist-next");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function upToDate() {
  try {
    const built = Math.min(...["ccx.cjs", "emulator.cjs", "tui.mjs"].map((f) => statSync(join(dist, f)).mtimeMs));
    const inputs = ["package-lock.json", "scripts/build.mjs", "bin/ccx.js"].map((p) => statSync(join(root, p)).mtimeMs);
    return built > Math.max(newestSource(join(root, "src")), ...inputs);
  } catch {
    return false;
  }
}

if (process.argv.includes("--if-needed") && upToDate()) process.exit(0);

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
rmSync(staging, { recursive: true, force: true });
const started = performance.now();

/**
 * The emulator and the explorer are bundles of their own, loaded when used:
 * the emulator (CommonJS) by `ccx emulator`, the explorer (an ES module: ink's
 * layout engine loads its WebAssembly with a top-level await) by `ccx`.
 */
const apart = {
  name: "apart",
  setup(b) {
    b.onResolve({ filter: /\/emulator\/index\.js$/ }, () => ({ path: "./emulator.cjs", external: true }));
    b.onResolve({ filter: /\/tui\/index\.js$/ }, () => ({ path: "./tui.mjs", external: true }));
  },
};

/** ink loads React devtools only when DEV=true; they are not installed, so that import gets an empty module. */
const noDevtools = {
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
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error("commander changed: update the lazy-child-process plugin in scripts/build.mjs");
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: source.replace(eager, lazy), loader: "js" };
    });
  },
};

const common = {
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
  // Needed only behind a proxy: loaded from node_modules then, never parsed otherwise.
  external: ["undici"],
};

await Promise.all([
  build({ ...common, entryPoints: [join(root, "src", "cli", "main.ts")], outfile: join(staging, "ccx.cjs"), plugins: [apart, lazyChildProcess] }),
  build({ ...common, entryPoints: [join(root, "src", "emulator", "index.ts")], outfile: join(staging, "emulator.cjs") }),
  build({
    ...common,
    format: "esm",
    jsx: "automatic",
    entryPoints: [join(root, "src", "tui", "index.tsx")],
    outfile: join(staging, "tui.mjs"),
    plugins: [noDevtools],
    // react-reconciler and friends are CommonJS and call require(): give the ES module one.
    banner: { js: "import { createRequire as __ccxRequire } from 'node:module'; const require = __ccxRequire(import.meta.url);" },
    // ink reads process.env.NODE_ENV at run time; production drops React's development checks.
    define: { ...common.define, "process.env.NODE_ENV": '"production"' },
  }),
]);
// The bundles it loads on demand are found beside it, however it is loaded (bin/ccx.js compiles it with a code cache).
const main = join(staging, "ccx.cjs");
// A script compiled by node:vm has no import() of its own: bin/ccx.js lends it one (globalThis.__ccxImport).
const lent = "(globalThis.__ccxImport??(u=>import(u)))";
writeFileSync(main, readFileSync(main, "utf8").replace(/\bimport\("([^"]+)"\)/g, (_, specifier) =>
  specifier.startsWith("./")
    ? `${lent}(require("node:url").pathToFileURL(require("node:path").join(__dirname,${JSON.stringify(specifier.slice(2))})).href)`
    : `${lent}(${JSON.stringify(specifier)})`));
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
process.stderr.write(`built dist/ in ${Math.round(performance.now() - started)} ms\n`);
