import type { Command } from "commander";
import { ODD_MARK, oddFields } from "../../api/schemas.js";
import { getUser } from "../../api/users.js";
import { USER_FIRST, fieldLines } from "../../text/fields.js";
import { jsonForTerminal } from "../../text/json.js";
import { runCommand } from "../runtime.js";
import { activeAppClient } from "./active-app.js";

/** `ccx user <uid>`: every field as sent (the most telling first; times also as dates), or --json. */
export function runUser(uid: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { user, raw } = await getUser(await activeAppClient(runtime), uid);
    if (flags.json) return void (await runtime.write(`${jsonForTerminal(raw, 2)}\n`));
    const lines = fieldLines(raw as Record<string, unknown>, { first: USER_FIRST, odd: oddFields(user), mark: ODD_MARK });
    await runtime.write(`${lines.join("\n")}\n`);
  });
}
