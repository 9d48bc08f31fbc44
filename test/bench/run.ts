/** `npm run bench`: runs every benchmark and prints one table of figures against their budgets. */
import { benchCli } from "./cli.js";
import { benchEmulatorGroups, type Figure } from "./emulator-groups.js";

const figures: Figure[] = [...(await benchEmulatorGroups()), ...(await benchCli())];
const width = Math.max(...figures.map((f) => f.what.length));
process.stdout.write(`${"what".padEnd(width)}  ${"figure".padStart(12)}  budget\n`);
for (const f of figures) {
  const verdict = f.ok === undefined ? "" : f.ok ? "  ok" : "  OVER BUDGET";
  process.stdout.write(`${f.what.padEnd(width)}  ${`${f.value} ${f.unit}`.padStart(12)}  ${f.budget ?? ""}${verdict}\n`);
}
