// ccx, as bin/ccx.js runs it, except that the emulator ccx demo starts (it runs this same
// script as `emulator …`) also logs every request it answers to the file CCX_E2E_REQUEST_LOG
// names: a real-terminal test counts there what the demo sent.
const { appendFileSync } = require("node:fs");

const log = process.env.CCX_E2E_REQUEST_LOG;
if (process.argv[2] === "emulator" && log) {
  process.argv.push("--verbose");
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = (chunk, ...rest) => {
    appendFileSync(log, chunk);
    return write(chunk, ...rest);
  };
}
require("../../bin/ccx.js");
