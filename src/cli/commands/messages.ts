import type { Command } from "commander";
import { keyToken, quote } from "../../query/tokenize.js";
import { type FilterFlag, type ListFlags, addOutputOptions, addSyntaxHelp } from "../list-command.js";
import { integerOption } from "../usage-error.js";

export const MESSAGE_FLAGS: FilterFlag[] = [
  { flag: "search", description: "text the messages contain (searchKey)", token: (v) => quote(v) },
  { flag: "category", description: "message, action, call or custom; a comma list for several", token: (v) => keyToken("category", v) },
  { flag: "type", description: "text, image, video, audio, file or a custom type; a comma list for several", token: (v) => keyToken("type", v) },
  { flag: "sender", description: "messages sent by this uid", token: (v) => keyToken("sender", v) },
  { flag: "receiver-type", description: "user or group", token: (v) => keyToken("receiver", v) },
  { flag: "attachments", description: "yes, no, or attachment types such as image,video (hasAttachments, attachmentTypes)", token: (v) => keyToken("attachments", v) },
  { flag: "mentions", description: "yes or no (hasMentions)", token: (v) => keyToken("mentions", v) },
  { flag: "links", description: "yes or no (hasLinks)", token: (v) => keyToken("links", v) },
  { flag: "reactions", description: "yes or no (hasReactions)", token: (v) => keyToken("reactions", v) },
  { flag: "sent", description: "sent: >=2024-01-01, >=1d (the last day), A..B (fromTimestamp, toTimestamp)", token: (v) => keyToken("sent", v) },
  { flag: "deleted", description: "hide or only (hideDeleted, onlyDeleted)", token: (v) => keyToken("deleted", v) },
  { flag: "hide-replies", description: "leave out replies in threads (hideReplies)", token: () => "replies:hide", boolean: true },
  { flag: "tags", description: "messages with any of these tags, comma-separated", token: (v) => keyToken("tag", v) },
  { flag: "with-tags", description: "include each message's tags (withTags)", token: () => "withtags:true", boolean: true },
  { flag: "unread", description: "only messages the --as user has not read", token: () => "unread:true", boolean: true },
  { flag: "conversation", description: "messages of this conversation id (conversationId)", token: (v) => keyToken("conversation", v) },
];

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
  for (const f of MESSAGE_FLAGS) messages.option(f.boolean ? `--${f.flag}` : `--${f.flag} <value>`, f.description);
  messages
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
