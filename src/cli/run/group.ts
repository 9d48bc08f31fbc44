import type { Command } from "commander";
import { getGroup } from "../../api/groups.js";
import { ODD_MARK, oddFields } from "../../api/schemas.js";
import { jsonForTerminal } from "../../text/json.js";
import { GROUP_FIRST, fieldLines } from "../../text/fields.js";
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
