import type { Command } from "commander";

export interface HealthFlags {
  since: string;
  json?: boolean;
  allApps?: boolean;
}

/** `ccx health`: one screen of what the app's documented reads say about the last hour (or --since). */
export function registerHealth(program: Command): void {
  program
    .command("health")
    .description("what is failing now: calls by outcome and the users with the most failed, notifications sent and held (by channel and reason), messages moderation blocked (by rule) and flagged, webhooks off or without triggers, push providers without a default, extensions that filter messages, the 429s ccx met; each line with the command that lists what it counts")
    .option("--since <time>", "the window's start: an age (1h, 30m, 2d), a date or a date-time", "1h")
    .option("--json", "the figures as one JSON object (with --all-apps: an array, one an app)")
    .option("--all-apps", "every app the management key reaches, one line an app, worst first")
    .addHelpText("after", [
      "",
      "Calls are those started in the window (GET /calls?startedAt=, every page);",
      "notification log lines those of messages sent in it (from=, newest first).",
      "Moderation's blocked and flagged lists document no time filter and no paging:",
      "they are counted whole. Parts that take the management key and secret",
      "(blocked messages, webhooks, extensions) say so when none is configured.",
    ].join("\n"))
    .action(async (flags: HealthFlags, command: Command) => {
      const { runHealth } = await import("../run/health.js");
      await runHealth(flags, command);
    });
}
