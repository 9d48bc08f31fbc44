import type { Command } from "commander";
import { getGroup, memberPages } from "../../api/groups.js";
import { type Member, ODD_MARK, oddFields, shownField } from "../../api/schemas.js";
import { formatTime } from "../../text/format.js";
import { jsonForTerminal } from "../../text/json.js";
import { GROUP_FIRST, fieldLines } from "../../text/fields.js";
import type { TableColumn } from "../../text/table.js";
import type { MembersFlags } from "../commands/group.js";
import { runCommand } from "../runtime.js";
import { activeAppClient } from "./active-app.js";
import { printPages } from "./list.js";

/** `ccx group <guid>`: every field as sent (the most telling first; times also as dates), or --json. */
export function runGroup(guid: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { group, raw } = await getGroup(await activeAppClient(runtime), guid);
    if (flags.json) return void (await runtime.write(`${jsonForTerminal(raw, 2)}\n`));
    const lines = fieldLines(raw as Record<string, unknown>, { first: GROUP_FIRST, odd: oddFields(group), mark: ODD_MARK });
    await runtime.write(`${lines.join("\n")}\n`);
  });
}

const memberColumns: TableColumn<Member>[] = [
  { header: "uid", get: (m) => m.uid, min: 6, max: 32, flex: 1 },
  { header: "name", get: (m) => shownField(m, "name", () => m.name ?? ""), min: 6, max: 32, flex: 1 },
  { header: "scope", get: (m) => shownField(m, "scope", () => m.scope ?? ""), min: 11 },
  { header: "joined", get: (m) => shownField(m, "joinedAt", () => formatTime(m.joinedAt)), min: 16 },
];

/** `ccx members <guid>`: one page, or --all of them streamed; a table, --json or --ndjson. */
export function runMembers(guid: string, flags: MembersFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const pages = memberPages(await activeAppClient(runtime), guid, { first: flags.page, perPage: flags.perPage, scopes: flags.scope });
    await printPages(pages, memberColumns, { ...flags, color: (command.optsWithGlobals() as { color?: boolean }).color }, runtime);
  });
}
