#!/usr/bin/env node
// The ccx command: loads the production bundle that `npm run build` makes.
// CommonJS (see bin/package.json): it starts faster than an ES module.
const { accessSync, constants, existsSync, readFileSync, renameSync, writeFileSync } = require("node:fs");
const { createRequire, wrap } = require("node:module");
const { dirname, join } = require("node:path");
const vm = require("node:vm");

const bundle = join(__dirname, "..", "dist", "ccx.cjs");
if (!existsSync(bundle)) {
  process.stderr.write("error: ccx is not built yet; run `npm run build` in its checkout first.\n");
  process.exit(1);
}

// A closed pipe (`ccx groups --help | head -1`) ends the output, not in a stack trace.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

// Compiled with V8's code cache, which the first run writes beside the bundle (as
// v8-compile-cache does): a one-shot command must start within 1.6× of a bare node,
// and compiling the bundle is a good part of what it adds. Node 20 has no
// module.enableCompileCache; a cache V8 rejects (another Node) is rewritten.
// One cache per command (ccx.cjs.call.v8cache, …), written by its first run that
// succeeds: a cache holds what its run compiled, and one left by another command
// (the emulator, --help) made `ccx call` compile its own code again, 2–4 ms a run.
const word = process.argv[2];
const command = /^[a-z][a-z-]{0,30}$/.test(word ?? "") ? word : undefined;
const cacheFile = command ? `${bundle}.${command}.v8cache` : `${bundle}.v8cache`;
// Help and version compile none of a command's work: their cache would be the wrong one.
const representative = !process.argv.slice(2).some((a) => ["--help", "-h", "--version", "-V", "help"].includes(a));
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(wrap(readFileSync(bundle, "utf8")), { filename: bundle, cachedData });
// The bundle loads the explorer (an ES module) and the emulator on demand; node:vm code cannot import() by itself.
globalThis.__ccxImport = (url) => import(url);
if ((cachedData === undefined || script.cachedDataRejected) && representative) {
  process.once("exit", (code) => {
    // A failed run (a mistyped command exits 2) may have stopped short, and leaves no cache file behind.
    if (code !== 0) return;
    try {
      // A read-only install (a global prefix owned by root) never gets one: not even made, which takes a few ms.
      accessSync(dirname(bundle), constants.W_OK);
      // Written at exit, so that it holds what this run compiled; renamed into place, so that runs at once never read half a file.
      const partial = `${cacheFile}.${process.pid}`;
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, cacheFile);
    } catch {
      // No cache, no harm: the bundle runs as well without it.
    }
  });
}
const module_ = { exports: {}, id: bundle, filename: bundle, loaded: false };
script.runInThisContext().call(module_.exports, module_.exports, createRequire(bundle), module_, bundle, dirname(bundle));
