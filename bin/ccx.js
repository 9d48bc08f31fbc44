#!/usr/bin/env node
// The ccx command: loads the production bundle that `npm run build` makes.
// CommonJS (see bin/package.json): it starts faster than an ES module.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

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
require(bundle);
