import type { Command } from "commander";
import { sessionIdOrigin } from "../../api/calls.js";
import { findCall } from "../../api/find-call.js";
import { ConfigError } from "../../config/config-file.js";
import { terminalWidth } from "../render/terminal.js";
import { runCommand } from "../runtime.js";
import { jsonForTerminal } from "../../text/json.js";

/** `ccx call <sessionId>`: finds the call in the app its id names, else in every known app. */
export function runCall(sessionId: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async ({ settings, http, write }) => {
    const origin = sessionIdOrigin(sessionId);
    const knowsOrigin = origin && settings.apps.some((a) => a.appId === origin.appId && a.region === origin.region);
    if (!knowsOrigin) await settings.loadManagementApps(http);
    if (settings.apps.length === 0) {
      throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
    }
    const found = await findCall(http, sessionId, settings.apps.map((app) => ({
      label: app.label, appId: app.appId, region: app.region, target: () => settings.targetOf(app),
    })));
    if (flags.json) {
      await write(`${jsonForTerminal(found.raw, 2)}\n`);
      return;
    }
    // Only a person's view needs the width tables: --json stays lean.
    const { renderCall } = await import("../render/call.js");
    await write(`${renderCall(found.call, { width: terminalWidth(), app: `${found.candidate.label} (${found.target.region})` }).join("\n")}\n`);
  });
}
