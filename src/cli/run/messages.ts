import type { Command } from "commander";
import { ioOf } from "../io.js";
import { badInput } from "../../api/errors.js";
import type { CursorState } from "../../api/cursor.js";
import { type MessagePage, type MessageScope, messagePages } from "../../api/messages.js";
import { parseMessageFilter } from "../../query/index.js";
import type { MessagesFlags } from "../commands/messages.js";
import { message } from "../../resources/messages.js";
import { messageColumns } from "../render/message-rows.js";
import { progressLine, progressWanted } from "../render/progress.js";
import { runCommand } from "../runtime.js";
import { activeAppClient } from "./active-app.js";
import { filterParams } from "./filter-line.js";
import { type PageNote, exportPages } from "../render/exporter.js";


function scopeOf(flags: { group?: string; user?: string }, actingAs: string | undefined): MessageScope {
  if (flags.group !== undefined && flags.user !== undefined) throw badInput("give --group or --user, not both");
  if (flags.group !== undefined) return { kind: "group", guid: flags.group };
  if (flags.user !== undefined) {
    if (!actingAs) throw badInput(`--user ${flags.user} names one side of a 1:1 conversation: name the other with --as`);
    return { kind: "user", uid: flags.user };
  }
  return { kind: "app" };
}

/** For people, on stderr: how many, and where the next page starts in the walk's direction. */
function messagesFooter(page: MessagePage & { walk?: CursorState }, shown: number): PageNote {
  if (shown === 0) return { summary: "none" };
  if (!page.walk || page.walk.done) return { summary: `${shown} shown · no more` };
  const flag = page.walk.affix === "append" ? "--after" : "--before";
  return { summary: `${shown} shown`, label: page.walk.affix === "append" ? "newer" : "older", next: `${flag} ${page.walk.at}` };
}

/** `ccx messages`: one page, or --all of them streamed (newest first, going older, unless --after). */
export function runMessages(flags: MessagesFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    if (flags.before !== undefined && flags.after !== undefined) throw badInput("give --before or --after, not both");
    const params = filterParams(parseMessageFilter, message.list!.flags!, flags);
    const client = await activeAppClient(runtime);
    const scope = scopeOf(flags, client.target.onBehalfOf);
    const start = flags.after !== undefined ? { id: flags.after, affix: "append" } : flags.before !== undefined ? { id: flags.before, affix: "prepend" } : {};
    const limit = flags.limit ?? (params.limit === undefined ? undefined : Number(params.limit));
    const pages = messagePages(client, scope, { ...params, ...start, ...(limit !== undefined ? { limit } : {}) });
    const progress = flags.all && progressWanted(command) ? progressLine("messages", ioOf(command).err) : undefined;
    await exportPages(pages, { columns: messageColumns }, { ...flags, progress }, runtime, messagesFooter);
  });
}
