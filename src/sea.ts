// The entry point of the single executable (`npm run sea`): what bin/ccx.js and
// cli/main.ts do for the bundles in dist/. scripts/sea.mjs bundles the
// commands, the emulator and the explorer from here into one CommonJS file,
// since a single executable's script can require() only Node's own modules.
import { main } from "./cli/program.js";

// A closed pipe (`ccx groups --help | head -1`) ends the output, not in a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

// Node repeats the executable's path as argv[1], where a script's path would be.
void main(process.argv.slice(2));
