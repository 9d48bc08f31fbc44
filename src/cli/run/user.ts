import type { Command } from "commander";
import { ODD_MARK, oddFields } from "../../api/schemas.js";
import { createAuthToken, getUser } from "../../api/users.js";
import { USER_FIRST, fieldLines } from "../../text/fields.js";
import { formatTime } from "../../text/format.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
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

/**
 * `ccx token <uid>`: a new auth token, printed once on stdout (alone, for `$(ccx token alice)`),
 * or the service's answer with --json. ccx keeps no copy; --verbose shows the request, never
 * the answer. Read-only mode refuses it before anything is sent (client.ts).
 */
export function runToken(uid: string, flags: { force?: boolean; json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { token, raw } = await createAuthToken(await activeAppClient(runtime), uid, { force: flags.force });
    if (flags.json) return void (await runtime.write(`${jsonForTerminal(raw, 2)}\n`));
    await runtime.write(`${sanitize(token.authToken)}\n`);
    runtime.warn(`auth token for ${token.uid ?? uid}${token.createdAt !== undefined ? `, created ${formatTime(token.createdAt)}` : ""}: shown once, ccx keeps no copy`);
  });
}
