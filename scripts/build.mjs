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
import { join, relative } from "node:path";
import { build } from "esbuild";
import { common, explorer, inkWithoutDevtools, interopOnce, lazyBuiltins, lazyChildProcess, lazyInkDependencies, fastStringWidth, quickInkOutput, quickSegmenters, noDevtools, root, syncYoga, yogaWasm } from "./bundles.mjs";

const dist = join(root, "dist");
// Built beside dist/ and swapped in at the end: a ccx already running (a test, a demo) never finds dist/ half made.
const staging = join(root, ".dist-next");
const outputs = ["ccx.cjs", "emulator.cjs", "store.cjs", "tui.cjs", "undici.cjs", "yoga.wasm"];

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
 * used: the emulator by `ccx emulator`; the explorer by `ccx` in two parts, its
 * store (no ink: it sends the first requests while the screens load) and its
 * screens (ink, React and the layout engine, whose WebAssembly is compiled
 * synchronously so that the bundle is CommonJS, loaded with a code cache);
 * undici (which only a proxy needs) when HTTPS_PROXY or HTTP_PROXY is set. The
 * screens take the modules they share with the store (the store itself, the
 * resources, the request module, the reader's schemas) from store.cjs, loaded
 * already: see sharedWithStore.
 */
const apartFrom = (bundle) => ({
  name: "apart",
  setup(b) {
    b.onResolve({ filter: /\/emulator\/index\.js$/ }, () => ({ path: "./emulator.cjs", external: true }));
    if (bundle !== "store.cjs") b.onResolve({ filter: /\/store\/explorer-store\.js$/ }, () => ({ path: "./store.cjs", external: true }));
    b.onResolve({ filter: /\/tui\/index\.js$/ }, () => ({ path: "./tui.cjs", external: true }));
    b.onResolve({ filter: /^undici$/ }, () => ({ path: "./undici.cjs", external: true }));
  },
});

// The store's bundle also runs `ccx` alone (src/cli/explore-alone.ts): the explorer's command line, which
// bin/ccx.js runs from here rather than from ccx.cjs.
const storeBuild = { ...common, entryPoints: [join(root, "src", "store", "explorer-store.ts")], plugins: [apartFrom("store.cjs"), lazyChildProcess, fastStringWidth, lazyBuiltins] };
const tuiBuild = {
  ...common,
  ...explorer,
  entryPoints: [join(root, "src", "tui", "index.tsx")],
  plugins: [noDevtools, fastStringWidth, quickSegmenters, quickInkOutput, syncYoga, inkWithoutDevtools, lazyInkDependencies],
};

/** The files a bundle is made of, by path from the root, with their module format. */
async function inputsOf(options) {
  const { metafile } = await build({ ...options, write: false, metafile: true, sourcemap: false, minify: false, outfile: join(staging, "graph.cjs") });
  return metafile.inputs;
}

/**
 * The explorer's screens had their own copy of every module they share with its store (202 KB of
 * tui.cjs's 685): deserialized and run a second time as the explorer starts, about 10 ms of its first
 * frame (docs/benchmarks.md). store.cjs exports ccx's own among them as __ccxShared (their namespaces,
 * which keep their bindings), and each import of one in the screens reads it from there: the instance
 * ccx.cjs loaded already (bin/ccx.js keeps one of each bundle), or Node's require, which import() shares.
 */
async function sharedWithStore() {
  const [store, tui] = await Promise.all([inputsOf(storeBuild), inputsOf(tuiBuild)]);
  // ccx's own modules: ES modules without a default export, whose every import is by name.
  const shared = Object.keys(store).filter((path) => tui[path] && path.startsWith("src/"));
  const entry = [
    `export * from ${JSON.stringify(storeBuild.entryPoints[0])};`,
    `export { exploreAlone } from ${JSON.stringify(join(root, "src", "cli", "explore-alone.ts"))};`,
    ...shared.map((path, i) => `import * as shared${i} from ${JSON.stringify(join(root, path))};`),
    `export const __ccxShared = { ${shared.map((path, i) => `${JSON.stringify(path)}: shared${i}`).join(", ")} };`,
  ].join("\n");
  const paths = new Set(shared.map((path) => join(root, path)));
  // Each shared module's exports by name, so that the screens import them as an ES module's: bindings of
  // their own, read directly. As a CommonJS module's, each importing module wrapped the namespace in
  // getters of its own (__toESM), and every call through it went through two getters.
  const { metafile } = await build({ ...common, ...explorer, bundle: false, format: "esm", minify: false, sourcemap: false, write: false, metafile: true, entryPoints: [...paths], outdir: join(staging, "exports"), plugins: [] });
  const exportsOf = new Map(Object.values(metafile.outputs).filter((o) => o.entryPoint).map((o) => [o.entryPoint, o.exports]));
  const fromStore = {
    name: "from-store",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.fromStore || args.kind === "entry-point") return undefined;
        const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { fromStore: true } });
        return found.errors.length === 0 && paths.has(found.path) ? { path: relative(root, found.path), namespace: "from-store" } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: "from-store" }, (args) => {
        const names = exportsOf.get(args.path);
        const shared = `(globalThis.__ccxLoad ?? require)(require("node:path").join(__dirname, "store.cjs")).__ccxShared[${JSON.stringify(args.path)}]`;
        // A module that re-exports another's every name (`export *`) has names esbuild cannot list alone: as CommonJS.
        if (!names || /^export \* from/m.test(readFileSync(join(root, args.path), "utf8"))) return { loader: "js", contents: `module.exports = ${shared};` };
        // No module of ccx exports a binding it changes later (no `export let`): the values read once are the bindings.
        return { loader: "js", contents: names.length > 0 ? `export const { ${names.join(", ")} } = ${shared};` : "export {};" };
      });
    },
  };
  return { storeEntry: { contents: entry, resolveDir: root, sourcefile: "store-entry.js", loader: "js" }, fromStore };
}
const { storeEntry, fromStore } = await sharedWithStore();

await Promise.all([
  build({ ...common, entryPoints: [join(root, "src", "cli", "main.ts")], outfile: join(staging, "ccx.cjs"), plugins: [apartFrom("ccx.cjs"), lazyChildProcess, fastStringWidth, lazyBuiltins] }),
  build({ ...common, entryPoints: [join(root, "src", "emulator", "index.ts")], outfile: join(staging, "emulator.cjs") }),
  build({ ...storeBuild, entryPoints: undefined, stdin: storeEntry, outfile: join(staging, "store.cjs") }),
  build({ ...common, entryPoints: [createRequire(import.meta.url).resolve("undici")], outfile: join(staging, "undici.cjs") }),
  build({ ...tuiBuild, outfile: join(staging, "tui.cjs"), plugins: [fromStore, ...tuiBuild.plugins] }),
]);
// The bundles it loads on demand are found beside it, however it is loaded. bin/ccx.js compiles
// them as it compiles this one, with a V8 code cache (globalThis.__ccxLoadAfterTurn): Node 20 keeps none for
// what import() loads. Without the launcher (a test requiring the bundle), import() loads them.
const load = (file) => `(globalThis.__ccxLoadAfterTurn?globalThis.__ccxLoadAfterTurn(${file}):import(require("node:url").pathToFileURL(${file}).href))`;
for (const name of ["ccx.cjs", "store.cjs"]) {
  const bundle = join(staging, name);
  writeFileSync(bundle, readFileSync(bundle, "utf8").replace(/\bimport\("([^"]+)"\)/g, (_, specifier) =>
    specifier.startsWith("./")
      ? load(`require("node:path").join(__dirname,${JSON.stringify(specifier.slice(2))})`)
      // A script compiled by node:vm has no import() of its own: bin/ccx.js lends it one (globalThis.__ccxImport).
      : `(globalThis.__ccxImport??(u=>import(u)))(${JSON.stringify(specifier)})`));
}
// The layout engine's WebAssembly, which the explorer compiles off the main thread as it starts (src/tui/layout-engine.ts).
writeFileSync(join(staging, "yoga.wasm"), yogaWasm());
for (const file of outputs.filter((f) => f.endsWith(".cjs"))) {
  const path = join(staging, file);
  writeFileSync(path, interopOnce(readFileSync(path, "utf8"), file));
}
// The single executable (npm run sea) lives in dist/sea/ and outlives a rebuild of the bundles.
if (existsSync(join(dist, "sea"))) renameSync(join(dist, "sea"), join(staging, "sea"));
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
process.stderr.write(`built dist/ in ${Math.round(performance.now() - started)} ms\n`);
