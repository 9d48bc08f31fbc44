/**
 * `npm run bench`: runs every benchmark and prints one table of figures against
 * their budgets. Names given select some: `node --import tsx test/bench/run.ts tui`
 * (tui, wire, filter, text, emulator, cli, download, live, listen, notifications, health, writes, journal, soak).
 */
import { benchCli } from "./cli.js";
import { benchDownload } from "./download.js";
import { benchEmulatorGroups, type Figure } from "./emulator-groups.js";
import { benchFilter } from "./filter.js";
import { benchHealth } from "./health.js";
import { benchJournal } from "./journal.js";
import { benchListen } from "./listen.js";
import { benchLive } from "./live.js";
import { benchNotifications } from "./notifications.js";
import { benchWrites } from "./writes.js";
import { benchSoak } from "./soak.js";
import { benchText } from "./text.js";
import { benchTui } from "./tui.js";
import { benchWire } from "./wire.js";

// The start-up benches first (the explorer, then ccx call against node -e 0): the benches over 100,000
// groups leave emulators with large heaps exiting behind them, which a ratio of start-up times would
// measure instead of ccx. The soak last: its emulators run in this process.
const benches: Record<string, () => Promise<Figure[]>> = {
  tui: () => benchTui(),
  wire: () => benchWire(),
  cli: () => benchCli(),
  download: () => benchDownload(),
  filter: () => benchFilter(),
  text: () => benchText(),
  emulator: () => benchEmulatorGroups(),
  live: () => benchLive(),
  listen: () => benchListen(),
  notifications: () => benchNotifications(),
  health: () => benchHealth(),
  writes: () => benchWrites(),
  journal: () => benchJournal(),
  soak: () => benchSoak(),
};
const chosen = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const name of chosen) {
  if (!(name in benches)) {
    process.stderr.write(`unknown benchmark ${name}: one of ${Object.keys(benches).join(", ")}\n`);
    process.exit(2);
  }
}

const figures: Figure[] = [];
for (const [name, run] of Object.entries(benches)) if (chosen.length === 0 || chosen.includes(name)) figures.push(...(await run()));
const width = Math.max(...figures.map((f) => f.what.length));
process.stdout.write(`${"what".padEnd(width)}  ${"figure".padStart(12)}  budget\n`);
for (const f of figures) {
  const verdict = f.ok === undefined ? "" : f.ok ? "  ok" : "  OVER BUDGET";
  process.stdout.write(`${f.what.padEnd(width)}  ${`${f.value} ${f.unit}`.padStart(12)}  ${f.budget ?? ""}${verdict}\n`);
}
