import type { Command } from "commander";
import type { ResourceItemFlags } from "./resource.js";
import { ConfigError } from "../../config/config-file.js";

interface ConversationFlags extends ResourceItemFlags {
  user?: string;
  group?: string;
}

/** `ccx conversation --as UID (--user UID | --group GUID)`: one conversation as the user acted for sees it. */
export function registerConversation(program: Command): void {
  program
    .command("conversation")
    .description("one conversation as the user given with --as sees it: with a user (--user) or in a group (--group); its unread count and last message")
    .option("--user <uid>", "the conversation with this user (GET /users/{uid}/conversation)")
    .option("--group <guid>", "the conversation of this group (GET /groups/{guid}/conversation)")
    .option("--json", "the conversation as the service sent it")
    .option("--reveal", "show the secrets it holds instead of masking them")
    .action(async (flags: ConversationFlags, command: Command) => {
      const [{ runResourceItem }, { groupConversation, userConversation }] = await Promise.all([import("../run/resource.js"), import("../../resources/conversations.js")]);
      const { runCommand } = await import("../runtime.js");
      if ((flags.user === undefined) === (flags.group === undefined)) {
        return runCommand(command, () => {
          throw new ConfigError("say whose conversation: --user UID or --group GUID (one of them); nothing was sent");
        });
      }
      const resource = flags.user !== undefined ? userConversation : groupConversation;
      await runResourceItem(resource as never, [flags.user ?? flags.group!], flags, command);
    });
}
