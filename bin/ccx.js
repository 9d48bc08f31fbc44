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
require(bundle);
