#!/usr/bin/env node
// The ccx command: loads the production bundle that `npm run build` makes.
// CommonJS (see bin/package.json): it starts faster than an ES module.
const { accessSync, constants, existsSync, readFileSync, renameSync, writeFileSync } = require("node:fs");
const { createRequire, wrap } = require("node:module");
const { dirname, join } = require("node:path");
const vm = require("node:vm");

const dist = join(__dirname, "..", "dist");
const bundle = join(dist, "ccx.cjs");
if (!existsSync(bundle)) {
  process.stderr.write("error: ccx is not built yet; run `npm run build` in its checkout first.\n");
  process.exit(1);
}

// A closed pipe (`ccx groups --help | head -1`) ends the output, not in a stack trace.
// A terminal that hung up (EIO) is left to its SIGHUP, which ends ccx (src/tui/terminal.ts).
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  if (error.code === "EIO") return;
  throw error;
});
process.stderr.on("error", (error) => {
  if (error.code === "EIO" || error.code === "EPIPE") return;
  throw error;
});

// Help and version compile none of a command's work: their cache would be the wrong one.
const representative = !process.argv.slice(2).some((a) => ["--help", "-h", "--version", "-V", "help"].includes(a));
// Caches to write at exit: those V8 had none for, or rejected (another Node); and, for the explorer's bundles,
// those this run compiled more than (see compile).
const stale = [];
process.once("exit", (code) => {
  // A failed run (a mistyped command exits 2) may have stopped short: it leaves no cache behind.
  if (code !== 0 || stale.length === 0) return;
  try {
    // A read-only install (a global prefix owned by root) never gets one: not even made, which takes a few ms.
    accessSync(dist, constants.W_OK);
  } catch {
    return;
  }
  for (const { script, cacheFile, had } of stale) {
    try {
      const data = script.createCachedData();
      // A cache taken is written again only when this run compiled a good part more than it held.
      if (had !== undefined && data.length < had * GROWN) continue;
      // Written at exit, so that it holds what this run compiled; renamed into place, so that runs at once never read half a file.
      const partial = `${cacheFile}.${process.pid}`;
      writeFileSync(partial, data);
      renameSync(partial, cacheFile);
    } catch {
      // No cache, no harm: the bundle runs as well without it.
    }
  }
});

/**
 * Runs a CommonJS bundle compiled with V8's code cache, as v8-compile-cache does (Node 20 has no
 * module.enableCompileCache, and keeps no cache for what import() loads): a one-shot command must
 * start within 1.15× of a bare Node client, and the explorer show its rows within 3× a bare node,
 * and compiling is a good part of what they add. The cache is written at the exit of the first run
 * that succeeds: it holds what that run compiled.
 */
function load(file, cacheFile, mayGrow = false) {
  return run(compile(file, cacheFile, mayGrow), file);
}

/** How much more a run must have compiled than its cache held for the cache to be written again. */
const GROWN = 1.05;

/**
 * `mayGrow`: the explorer's bundles (store.cjs, tui.cjs), whose sessions differ (the welcome screen, a call, the
 * groups): a cache made by one that drew little (the welcome screen, `ccx` run before any app was set up) made
 * every later start compile the rest again, about 10 ms of its first frame. Their cache is written again at the
 * exit of a run that compiled more than it held, so that it holds what the starts have needed; the run's cache
 * holds the old one's functions too (it started from them), so it only grows. Not the command line's: a
 * one-shot command's exit is part of its time, and its runs compile the same.
 */
function compile(file, cacheFile, mayGrow = false) {
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(wrap(readFileSync(file, "utf8")), { filename: file, cachedData });
  const missing = cachedData === undefined || script.cachedDataRejected;
  if (representative && (missing || mayGrow)) stale.push({ script, cacheFile, had: missing ? undefined : cachedData.length });
  return script;
}

function run(script, file) {
  const module_ = { exports: {}, id: file, filename: file, loaded: false };
  script.runInThisContext().call(module_.exports, module_.exports, createRequire(file), module_, file, dirname(file));
  return module_.exports;
}

// node:vm code cannot import() by itself: ccx.cjs loads its sibling bundles (the explorer, the
// emulator) through __ccxLoad, with a cache each, and anything else through __ccxImport. A bundle is
// loaded once, as require() loads a module once: the explorer's screens take the modules they share
// with its store from the store's bundle that the command line loaded (scripts/build.mjs).
const loaded = new Map();
/** The explorer's bundles, whose caches grow (see compile). */
const EXPLORER = /[\\/](?:store|tui)\.cjs$/;
// One cache per bundle and command (ccx.cjs.call.v8cache, store.cjs.demo.v8cache, …; `ccx` alone: store.cjs.v8cache): a
// cache holds what its run compiled, and one left by another command (the emulator, --help) made `ccx call` compile its
// own code again, 2–4 ms a run; `ccx` alone, whose command line is in store.cjs, took about 20 ms longer with the store's
// cache that `ccx demo` had left.
const word = process.argv[2];
const command = /^[a-z][a-z-]{0,30}$/.test(word ?? "") ? word : undefined;
const cacheOf = (file) => (command ? `${file}.${command}.v8cache` : `${file}.v8cache`);
globalThis.__ccxLoad = (file) => {
  if (!loaded.has(file)) loaded.set(file, load(file, cacheOf(file), EXPLORER.test(file)));
  return loaded.get(file);
};
// What import() of a sibling bundle becomes: compiled, then run after a turn of the event loop. What came in
// while it compiled is answered before the thread is busy running it: the explorer's first request's TLS
// handshake, begun before its screens load, is finished then, and its answer comes while they load (it used
// to wait for the screens' bundle to have run: about 5 ms of the first frame).
globalThis.__ccxLoadAfterTurn = async (file) => {
  if (!loaded.has(file)) {
    const script = compile(file, cacheOf(file), EXPLORER.test(file));
    await new Promise((resolve) => setImmediate(resolve));
    if (!loaded.has(file)) loaded.set(file, run(script, file));
  }
  return loaded.get(file);
};
globalThis.__ccxImport = (url) => import(url);

if (process.argv.length === 2) {
  // `ccx` alone, the explorer: its command line is in the store's bundle, which it loads anyway (src/cli/explore-alone.ts).
  globalThis.__ccxLoad(join(dist, "store.cjs")).exploreAlone();
} else {
  load(bundle, cacheOf(bundle));
}
