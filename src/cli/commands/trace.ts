import type { Command } from "commander";
import { integerOption } from "../usage-error.js";

export interface TraceFlags {
  json?: boolean;
  members: number;
  reveal?: boolean;
}

/** `ccx trace <messageId>`: what happened to one message, and why. */
export function registerTrace(program: Command): void {
  program
    .command("trace")
    .description("what happened to one message and why: moderation, each recipient's blocks, mutes, DND, push tokens and notification log lines, the webhooks for it")
    .argument("<messageId>", "the message's id")
    .option("--members <n>", "a group message: trace at most this many members", integerOption(1, 1000), 50)
    .option("--json", "the report as one JSON object")
    .option("--reveal", "show push tokens instead of masking them")
    .addHelpText("after", [
      "",
      "Each fact names the endpoint it came from; a read that failed is listed under",
      "\"could not read\" with its code, and the rest still shows. At most 8 requests",
      "are in flight and one per endpoint per recipient; moderation's blocked list and",
      "the app's extensions and webhooks need the management key and secret.",
    ].join("\n"))
    .action(async (messageId: string, flags: TraceFlags, command: Command) => {
      const { runTrace } = await import("../run/trace.js");
      await runTrace(messageId, flags, command);
    });
}
