// Bundles src/ into dist/ with esbuild. `--if-needed` skips the build when
// dist/ is newer than every source file and the lockfile.
//
// CommonJS, not ESM: Node 20 loads a CommonJS bundle markedly faster, and
// `ccx call` has to start within 1.6× of a bare `node -e 0`. Modules that
// commands load on demand stay lazy inside the bundle; the emulator, large and
// never needed by the client, is a bundle of its own.
//
// Every package ccx uses is bundled: the published package has no run-time
// dependencies and installs without the registry.
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";
import { common, explorer, lazyChildProcess, lazyStringWidthSegmenter, noDevtools, root } from "./bundles.mjs";

const dist = join(root, "dist");
// Built beside dist/ and swapped in at the end: a ccx already running (a test, a demo) never finds dist/ half made.
const staging = join(root, ".dist-next");
const outputs = ["ccx.cjs", "emulator.cjs", "tui.mjs", "undici.cjs"];

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
    const built = Math.min(...outputs.map((f) => statSync(join(dist, f)).mtimeMs));
    const inputs = ["package-lock.json", "scripts/build.mjs", "scripts/bundles.mjs", "bin/ccx.js"].map((p) => statSync(join(root, p)).mtimeMs);
    return built > Math.max(newestSource(join(root, "src")), ...inputs);
  } catch {
    return false;
  }
}

if (process.argv.includes("--if-needed") && upToDate()) process.exit(0);

rmSync(staging, { recursive: true, force: true });
const started = performance.now();

/**
 * The emulator, the explorer and undici are bundles of their own, loaded when
 * used: the emulator (CommonJS) by `ccx emulator`, the explorer (an ES module:
 * ink's layout engine loads its WebAssembly with a top-level await) by `ccx`,
 * undici (which only a proxy needs) when HTTPS_PROXY or HTTP_PROXY is set.
 */
const apart = {
  name: "apart",
  setup(b) {
    b.onResolve({ filter: /\/emulator\/index\.js$/ }, () => ({ path: "./emulator.cjs", external: true }));
    b.onResolve({ filter: /\/tui\/index\.js$/ }, () => ({ path: "./tui.mjs", external: true }));
    b.onResolve({ filter: /^undici$/ }, () => ({ path: "./undici.cjs", external: true }));
  },
};

await Promise.all([
  build({ ...common, entryPoints: [join(root, "src", "cli", "main.ts")], outfile: join(staging, "ccx.cjs"), plugins: [apart, lazyChildProcess, lazyStringWidthSegmenter] }),
  build({ ...common, entryPoints: [join(root, "src", "emulator", "index.ts")], outfile: join(staging, "emulator.cjs") }),
  build({ ...common, entryPoints: [createRequire(import.meta.url).resolve("undici")], outfile: join(staging, "undici.cjs") }),
  build({
    ...common,
    ...explorer,
    format: "esm",
    entryPoints: [join(root, "src", "tui", "index.tsx")],
    outfile: join(staging, "tui.mjs"),
    plugins: [noDevtools, lazyStringWidthSegmenter],
    // react-reconciler and friends are CommonJS and call require(): give the ES module one.
    banner: { js: "import { createRequire as __ccxRequire } from 'node:module'; const require = __ccxRequire(import.meta.url);" },
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
// The single executable (npm run sea) lives in dist/sea/ and outlives a rebuild of the bundles.
if (existsSync(join(dist, "sea"))) renameSync(join(dist, "sea"), join(staging, "sea"));
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
process.stderr.write(`built dist/ in ${Math.round(performance.now() - started)} ms\n`);
