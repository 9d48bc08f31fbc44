import type { Command } from "commander";
import { ioOf } from "../io.js";
import { messageStats } from "../../api/message-stats.js";
import { type StatsProgress, type StatsReport, callStatsReport, statsWindow } from "../../api/stats.js";
import { ConfigError } from "../../config/config-file.js";
import { parseCallFilter } from "../../query/index.js";
import { nowSeconds } from "../../query/time.js";
import { jsonForTerminal } from "../../text/json.js";
import { messageStatsReport } from "../../text/message-stats-report.js";
import { statsReport } from "../../text/stats-report.js";
import { calls } from "../../resources/calls.js";
import type { StatsFlags } from "../commands/stats.js";
import { progressLine, progressWanted } from "../render/progress.js";
import { type Runtime, runCommand } from "../runtime.js";
import { activeAppClient } from "./active-app.js";
import { filterParams } from "./filter-line.js";

/**
 * `ccx stats`: every page of the calls the filters select, aggregated in one pass; a report, or --json.
 * `--messages`: the service's message metrics, a chart or --json.
 */
export function runStats(flags: StatsFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    // A filter that does not parse stops here: nothing is sent.
    const params = filterParams(parseCallFilter, calls.list!.flags!, flags);
    if (flags.messages) {
      // GET /stats/messages takes no parameter: a filter would be silently ignored.
      if (Object.keys(params).length > 0) throw new ConfigError("--messages takes no filter (GET /stats/messages has none); nothing was sent");
      return runMessageStats(runtime, flags);
    }
    const client = await activeAppClient(runtime);
    const now = nowSeconds(undefined);
    const window = statsWindow(params, now);
    const line = progressWanted(command) ? progressLine("calls", ioOf(command).err) : undefined;
    const progress = line && { update: ({ calls, total }: StatsProgress) => line.update(calls, total), done: () => line.done() };
    let report: StatsReport;
    try {
      report = await callStatsReport(client, window, now, { onPage: progress?.update });
    } finally {
      // The report, or the failure's message, starts on a clean line.
      progress?.done();
    }
    if (flags.json) await runtime.write(`${jsonForTerminal(report, 2)}\n`);
    else await runtime.write(`${statsReport(report, runtime.width, window.line).join("\n")}\n`);
  });
}

async function runMessageStats(runtime: Runtime, flags: StatsFlags): Promise<void> {
  const stats = await messageStats(await activeAppClient(runtime));
  if (flags.json) await runtime.write(`${jsonForTerminal(stats, 2)}\n`);
  else await runtime.write(`${messageStatsReport(stats, runtime.width, runtime.color).join("\n")}\n`);
}
