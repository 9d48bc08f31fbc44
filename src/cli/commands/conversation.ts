import type { Command } from "commander";
import type { ResourceItemFlags } from "./resource.js";
import { ConfigError } from "../../config/config-file.js";

interface ConversationFlags extends ResourceItemFlags {
  user?: string;
  group?: string;
  id?: string;
}

/** `ccx conversation --as UID (--user UID | --group GUID)`: one conversation as the user acted for sees it. */
export function registerConversation(program: Command): void {
  program
    .command("conversation")
    .description("one conversation as the user given with --as sees it: with a user (--user), in a group (--group) or by its id (--id); its unread count and last message")
    .option("--user <uid>", "the conversation with this user (GET /users/{uid}/conversation)")
    .option("--group <guid>", "the conversation of this group (GET /groups/{guid}/conversation)")
    .option("--id <conversationId>", "the conversation with this id (GET /conversations/{conversationId}, deprecated by the exports)")
    .option("--json", "the conversation as the service sent it")
    .option("--reveal", "show the secrets it holds instead of masking them")
    .action(async (flags: ConversationFlags, command: Command) => {
      const [{ runResourceItem }, { conversationById, groupConversation, userConversation }] = await Promise.all([import("../run/resource.js"), import("../../resources/conversations.js")]);
      const { runCommand } = await import("../runtime.js");
      const chosen = [[flags.user, userConversation], [flags.group, groupConversation], [flags.id, conversationById]] as const;
      const given = chosen.filter(([value]) => value !== undefined);
      if (given.length !== 1) {
        return runCommand(command, () => {
          throw new ConfigError("say which conversation: --user UID, --group GUID or --id ID (one of them); nothing was sent");
        });
      }
      const [[value, resource]] = given as unknown as [[string, typeof userConversation]];
      await runResourceItem(resource as never, [value], flags, command);
    });
}
