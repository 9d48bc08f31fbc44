#!/usr/bin/env node
// The ccx command: loads the production bundle that `npm run build` makes.
import { existsSync } from "node:fs";

const bundle = new URL("../dist/ccx.js", import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write("error: ccx is not built yet; run `npm run build` in its checkout first.\n");
  process.exit(1);
}
await import(bundle.href);
