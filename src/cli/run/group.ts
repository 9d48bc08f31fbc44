import type { Command } from "commander";
import { getGroup, memberPages } from "../../api/groups.js";
import { type Member, ODD_MARK, oddFields, shownField } from "../../api/schemas.js";
import { ConfigError } from "../../config/config-file.js";
import { formatTime } from "../../text/format.js";
import { jsonForTerminal } from "../../text/json.js";
import { GROUP_FIRST, fieldLines } from "../../text/fields.js";
import { renderTable } from "../../text/table.js";
import type { MembersFlags } from "../commands/group.js";
import { terminalWidth, useColor } from "../render/terminal.js";
import { runCommand } from "../runtime.js";
import { activeAppClient } from "./active-app.js";

/** `ccx group <guid>`: every field as sent (the most telling first; times also as dates), or --json. */
export function runGroup(guid: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { group, raw } = await getGroup(await activeAppClient(runtime), guid);
    if (flags.json) return void (await runtime.write(`${jsonForTerminal(raw, 2)}\n`));
    const lines = fieldLines(raw as Record<string, unknown>, { first: GROUP_FIRST, odd: oddFields(group), mark: ODD_MARK });
    await runtime.write(`${lines.join("\n")}\n`);
  });
}

const memberColumns = [
  { header: "uid", get: (m: Member) => m.uid, min: 6, max: 32, flex: 1 },
  { header: "name", get: (m: Member) => shownField(m, "name", () => m.name ?? ""), min: 6, max: 32, flex: 1 },
  { header: "scope", get: (m: Member) => shownField(m, "scope", () => m.scope ?? ""), min: 11 },
  { header: "joined", get: (m: Member) => shownField(m, "joinedAt", () => formatTime(m.joinedAt)), min: 16 },
];

/** `ccx members <guid>`: one page, or --all of them streamed; a table, --json or --ndjson. */
export function runMembers(guid: string, flags: MembersFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    if (flags.json && flags.ndjson) throw new ConfigError("choose one of --json and --ndjson");
    const client = await activeAppClient(runtime);
    const width = terminalWidth();
    const color = useColor((command.optsWithGlobals() as { color?: boolean }).color === false);
    let first = true;
    let shown = 0;
    for await (const page of memberPages(client, guid, { first: flags.page, perPage: flags.perPage, scopes: flags.scope })) {
      if (flags.ndjson) {
        if (page.raw.length > 0) await runtime.write(`${page.raw.map((item) => jsonForTerminal(item)).join("\n")}\n`);
      } else if (flags.json) {
        if (page.raw.length > 0) await runtime.write(`${first ? "[\n" : ",\n"}${page.raw.map((item) => jsonForTerminal(item)).join(",\n")}`);
      } else if (page.items.length > 0) {
        await runtime.write(`${renderTable(memberColumns, page.items, { width, color }).slice(first ? 0 : 1).join("\n")}\n`);
      }
      if (page.items.length > 0) first = false;
      shown += page.items.length;
      if (!flags.all) {
        const p = page.pagination;
        if (!flags.json && !flags.ndjson) runtime.warn(`${shown} shown${p?.total !== undefined ? ` of ${p.total}` : ""}${p?.current_page !== undefined && p.total_pages !== undefined ? ` · page ${p.current_page}/${Math.max(1, p.total_pages)}` : ""}`);
        break;
      }
    }
    if (flags.json) await runtime.write(first ? "[]\n" : "\n]\n");
  });
}
