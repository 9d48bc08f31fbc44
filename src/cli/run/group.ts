import type { Command } from "commander";
import { ioOf } from "../io.js";
import { getGroup, memberPages } from "../../api/groups.js";
import { ODD_MARK, oddFields } from "../../api/schemas.js";
import { jsonForTerminal } from "../../text/json.js";
import { GROUP_FIRST, fieldLines } from "../../text/fields.js";
import type { MembersFlags } from "../commands/group.js";
import { runCommand } from "../runtime.js";
import { activeAppClient } from "./active-app.js";
import { numberedNote, printPages } from "./list.js";
import { progressLine, progressWanted } from "../render/progress.js";
import { memberColumns, userColumns } from "../render/user-rows.js";
import { userPagesAt, usersPath } from "../../api/users.js";
import { ConfigError } from "../../config/config-file.js";

/** `ccx group <guid>`: every field as sent (the most telling first; times also as dates), or --json. */
export function runGroup(guid: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { group, raw } = await getGroup(await activeAppClient(runtime), guid);
    if (flags.json) return void (await runtime.write(`${jsonForTerminal(raw, 2)}\n`));
    const lines = fieldLines(raw as Record<string, unknown>, { first: GROUP_FIRST, odd: oddFields(group), mark: ODD_MARK });
    await runtime.write(`${lines.join("\n")}\n`);
  });
}

/** `ccx members <guid>` (or `--banned`): one page, or --all of them streamed; a table, --json or --ndjson. */
export function runMembers(guid: string, flags: MembersFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const client = await activeAppClient(runtime);
    const color = (command.optsWithGlobals() as { color?: boolean }).color;
    const progress = flags.all && progressWanted(command) ? progressLine(flags.banned ? "banned users" : "members", ioOf(command).err) : undefined;
    if (flags.banned) {
      if (flags.scope) throw new ConfigError("--scope picks among members; banned users have none");
      const banned = userPagesAt(client, usersPath.banned(guid), { page: flags.page, perPage: flags.perPage });
      return void (await printPages(banned, userColumns, { ...flags, color, progress }, runtime, (page, shown) => numberedNote(page, shown, flags.perPage, flags.page)));
    }
    const pages = memberPages(client, guid, { first: flags.page, perPage: flags.perPage, scopes: flags.scope });
    await printPages(pages, memberColumns, { ...flags, color, progress }, runtime, (page, shown) => numberedNote(page, shown, flags.perPage, flags.page));
  });
}
