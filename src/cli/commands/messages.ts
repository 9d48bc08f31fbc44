import type { Command } from "commander";
import { message } from "../../resources/messages.js";
import { type ListFlags, addFilterFlags, addOutputOptions, addSyntaxHelp } from "../list-command.js";
import { integerOption } from "../usage-error.js";

export interface MessagesFlags extends ListFlags {
  group?: string;
  user?: string;
  limit?: number;
  before?: number;
  after?: number;
}

/** `ccx messages`: the app's, a group's, or a 1:1 conversation's (`ccx send` is a write of src/writes/messages.ts). */
export function registerMessages(program: Command): void {
  const messages = program
    .command("messages")
    .description("list messages once and exit: the app's (GET /messages), a group's (--group), or the 1:1 conversation between --as and --user; newest first, page by page older")
    .option("--group <guid>", "the messages of this group")
    .option("--user <uid>", "the 1:1 conversation between the --as user and this one");
  addFilterFlags(messages, message.list!.flags!)
    .option("-q, --query <filter>", "filters in the filter syntax (see below)")
    .option("--limit <n>", "messages per request (1..1000; default 100)", integerOption(1, 1000))
    .option("--before <id>", "start at this message id, going older (affix=prepend)", integerOption(0))
    .option("--after <id>", "start at this message id, going newer (affix=append)", integerOption(0));
  addSyntaxHelp(addOutputOptions(messages), "GET /messages", "messages")
    .action(async (flags: MessagesFlags, command: Command) => {
      const { runMessages } = await import("../run/messages.js");
      await runMessages(flags, command);
    });
}
