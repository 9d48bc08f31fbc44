// Preloaded into a ccx process by the hostile suite (NODE_OPTIONS=--require):
// writes the process's peak resident memory, in kB, to CCX_PEAK_FILE at exit.
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  const file = process.env.CCX_PEAK_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
