// `npm run sea`: ccx as one executable file (a Node single executable
// application) for servers without Node, made from the Node that runs this
// script (its platform, architecture and version): dist/sea/ccx, or DIR/ccx
// with `--out DIR`. Its last line on stdout is the file's path.
//
// On Node 20 the script inside such a file can require() only Node's own
// modules and has no import(): the commands, the emulator and the explorer go
// into one CommonJS bundle, ccx-sea.cjs beside it.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { build } from "esbuild";
import { common, explorer, inkWithoutDevtools, interopOnce, lazyBuiltins, lazyChildProcess, lazyInkDependencies, fastStringWidth, quickInkOutput, quickSegmenters, noDevtools, root, syncYoga } from "./bundles.mjs";

const require = createRequire(import.meta.url);
const { inject } = require("postject");

if (process.platform !== "linux") {
  // macOS wants the copy re-signed and Windows an .exe: neither is done here.
  process.stderr.write(`error: npm run sea builds for Linux only (this is ${process.platform})\n`);
  process.exit(1);
}

// `--out DIR` (the tests build into a directory of their own); dist/sea/ by default.
const outFlag = process.argv.indexOf("--out");
const out = outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? "") : join(root, "dist", "sea");
const bundle = join(out, "ccx-sea.cjs");
const blob = join(out, "ccx.blob");
const exe = join(out, "ccx");
// The sentinel Node's own binary carries for postject (the same for every Node version).
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

const started = performance.now();
mkdirSync(out, { recursive: true });
const { metafile } = await build({
  ...common,
  ...explorer,
  metafile: true,
  entryPoints: [join(root, "src", "sea.ts")],
  outfile: bundle,
  // Nothing would read a source map inside the executable.
  sourcemap: false,
  plugins: [noDevtools, lazyChildProcess, lazyBuiltins, fastStringWidth, quickSegmenters, quickInkOutput, syncYoga, inkWithoutDevtools, lazyInkDependencies],
});
writeFileSync(bundle, interopOnce(readFileSync(bundle, "utf8"), bundle));

// What the executable could not load would fail only when that command runs: refuse it now.
// A node: name this Node lacks is a newer Node's (undici's cache store, which ccx never uses, wants node:sqlite).
const left = Object.values(metafile.outputs)[0].imports;
const outside = left.filter((i) => !isBuiltin(i.path) && !i.path.startsWith("node:")).map((i) => i.path);
if (outside.length) throw new Error(`the SEA bundle requires modules outside Node: ${[...new Set(outside)].join(", ")}`);
const dynamic = left.filter((i) => i.kind === "dynamic-import").map((i) => i.path);
if (dynamic.length) throw new Error(`the SEA bundle still import()s ${dynamic.join(", ")}, which a single executable cannot on Node 20`);

const config = join(out, "sea-config.json");
writeFileSync(config, `${JSON.stringify({
  main: bundle,
  output: blob,
  // Every command would print Node's "experimental" warning on stderr otherwise.
  disableExperimentalSEAWarning: true,
  // V8's code cache in the blob, as bin/ccx.js keeps one beside the bundle.
  useCodeCache: true,
}, null, 2)}\n`);
// Quiet unless it fails (the error then carries what it said).
execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "pipe" });

// Made aside and renamed into place: a ccx that is running keeps its file.
const next = `${exe}.next`;
rmSync(next, { force: true });
copyFileSync(process.execPath, next);
chmodSync(next, 0o755);
// Node's debug symbols (12 MB of 100 here) are no use on a server; binutils' strip may be absent, and that is fine.
const stripped = spawnSync("strip", [next], { stdio: "ignore" }).status === 0;
// LIEF (inside postject) warns about ELF notes it cannot name, harmlessly (Node's docs show the same): not worth a screenful.
const warn = console.warn;
console.warn = (...args) => /Can't find string offset for section name/.test(String(args[0])) || warn(...args);
try {
  await inject(next, "NODE_SEA_BLOB", readFileSync(blob), { sentinelFuse: FUSE });
} finally {
  console.warn = warn;
}
renameSync(next, exe);
rmSync(blob);
const size = `${(statSync(exe).size / 1e6).toFixed(1)} MB${stripped ? "" : ", not stripped"}`;
process.stderr.write(`built ${relative(process.cwd(), exe)} (${size}; Node ${process.version}, ${process.platform}-${process.arch}) in ${Math.round(performance.now() - started)} ms\n`);
process.stdout.write(`${exe}\n`);
