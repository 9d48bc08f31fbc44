import type { Command } from "commander";
import type { ListFlag } from "../../resources/resource.js";
import { type ListFlags, addFilterFlags, addOutputOptions, addSyntaxHelp } from "../list-command.js";
import { integerOption } from "../usage-error.js";

export const MESSAGE_FLAGS: readonly ListFlag[] = [
  { flag: "search", key: "", description: "text the messages contain (searchKey)" },
  { flag: "category", key: "category", description: "message, action, call or custom; a comma list for several" },
  { flag: "type", key: "type", description: "text, image, video, audio, file or a custom type; a comma list for several" },
  { flag: "sender", key: "sender", description: "messages sent by this uid" },
  { flag: "receiver-type", key: "receiver", description: "user or group" },
  { flag: "attachments", key: "attachments", description: "yes, no, or attachment types such as image,video (hasAttachments, attachmentTypes)" },
  { flag: "mentions", key: "mentions", description: "yes or no (hasMentions)" },
  { flag: "links", key: "links", description: "yes or no (hasLinks)" },
  { flag: "reactions", key: "reactions", description: "yes or no (hasReactions)" },
  { flag: "sent", key: "sent", description: "sent: >=2024-01-01, >=1d (the last day), A..B (fromTimestamp, toTimestamp)" },
  { flag: "deleted", key: "deleted", description: "hide or only (hideDeleted, onlyDeleted)" },
  { flag: "hide-replies", key: "replies", switch: "hide", description: "leave out replies in threads (hideReplies)" },
  { flag: "tags", key: "tag", description: "messages with any of these tags, comma-separated" },
  { flag: "with-tags", key: "withtags", switch: "true", description: "include each message's tags (withTags)" },
  { flag: "unread", key: "unread", switch: "true", description: "only messages the --as user has not read" },
  { flag: "conversation", key: "conversation", description: "messages of this conversation id (conversationId)" },
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
  addFilterFlags(messages, MESSAGE_FLAGS)
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
