import type { Command } from "commander";
import { integerOption } from "../usage-error.js";

export interface WhyFlags {
  json?: boolean;
  members: number;
  reveal?: boolean;
}

/** `ccx why <messageId> [<uid>…]`: for each recipient, where the message stopped, and the write that undoes it. */
export function registerWhy(program: Command): void {
  program
    .command("why")
    .description("why a recipient did or did not get a message: for each, the first break in its chain in one sentence, its evidence and the command that fixes it")
    .argument("<messageId>", "the message's id")
    .argument("[uid...]", "the recipients to ask about (default: the receiver, or the group's members)")
    .option("--members <n>", "a group message: at most this many members", integerOption(1, 1000), 50)
    .option("--json", "the verdicts as JSON: [{uid, verdict, stage, evidence: [{endpoint, fact}], fix?}]")
    .option("--reveal", "show push tokens in the evidence and fixes instead of masking them")
    .addHelpText("after", [
      "",
      "The chain, in the order a message travels: sent → moderation (the rule and what",
      "it matched) → a member when it was sent, banned → blocked either way → the",
      "conversation muted, do not disturb, the preference for its kind of message →",
      "push tokens → the provider's answer in the notification log → delivered and read.",
      "The facts are the trace's (ccx trace: the same reads, at most 8 in flight and 4",
      "a recipient), with each recipient's read receipt. A fix names the ccx write that",
      "undoes the finding; it asks, dry-runs, journals and undoes as every write does.",
    ].join("\n"))
    .action(async (messageId: string, uids: string[], flags: WhyFlags, command: Command) => {
      const { runWhy } = await import("../run/why.js");
      await runWhy(messageId, uids, flags, command);
    });
}
