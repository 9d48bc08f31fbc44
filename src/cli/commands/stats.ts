import type { Command } from "commander";
import { calls } from "../../resources/calls.js";
import { type ListFlags, addDerivedSyntaxHelp, addFilterFlags } from "../list-command.js";

export interface StatsFlags extends ListFlags {
  messages?: boolean;
}

/** `ccx stats`: call analytics over the calls the filters select (the calls flags and --query). */
export function registerStats(program: Command): void {
  const stats = program
    .command("stats")
    .description("call analytics over the calls the filters select (default: the last 30 days): calls and minutes by day, status, type, mode, receiver type; top users; duration median and p95. --messages: the service's messages sent and receipts per interval");
  addFilterFlags(stats, calls.list!.flags!)
    .option("-q, --query <filter>", "filters in the filter syntax (see below)")
    .option("--messages", "the service's message metrics instead (GET /stats/messages): messages sent, delivery and read receipts per interval; no filter")
    .option("--json", "the figures as one JSON object")
    .addHelpText("after", [
      "",
      "Without started: or ended: (a flag or in --query): the calls started in the",
      "last 30 days. Every page of GET /calls is read, the next asked while one is",
      "read (per: and page: are left out); the service's own GET /stats metrics",
      "are shown beside the figures where it answers. The duration's median and p95",
      "are nearest ranks over the calls that sent one (the median of an even count",
      "is the lower middle value).",
      "",
      "--messages charts the service's own GET /stats/messages instead: messages",
      "sent, delivery receipts and read receipts per interval (the service's: five",
      "minutes over the last hour, says its reference), with their totals.",
    ].join("\n"));
  addDerivedSyntaxHelp(stats, calls, "GET /calls")
    .action(async (flags: StatsFlags, command: Command) => {
      const { runStats } = await import("../run/stats.js");
      await runStats(flags, command);
    });
}
