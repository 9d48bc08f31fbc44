import type { Command } from "commander";
import { sessionIdOrigin } from "../../api/calls.js";
import { findCall } from "../../api/find-call.js";
import { ConfigError } from "../../config/config-file.js";
import { renderCall } from "../render/call.js";
import { runCommand } from "../runtime.js";
import { terminalWidth } from "../render/terminal.js";

export function registerCall(program: Command): void {
  program
    .command("call")
    .description("print one call with its participants and recordings, found by its session id")
    .argument("<sessionId>", "the call's session id, e.g. v1.us.<appId>.<id>")
    .option("--json", "print the call as the server sent it")
    .addHelpText("after", [
      "",
      "A session id names its region and app (v1.<region>.<appId>.…): that app is asked",
      "first; otherwise every known app is asked at once. Not found anywhere: exit 3.",
    ].join("\n"))
    .action((sessionId: string, flags: { json?: boolean }, command: Command) => runCommand(command, async ({ settings, http, write }) => {
      const origin = sessionIdOrigin(sessionId);
      const knowsOrigin = origin && settings.apps.some((a) => a.appId === origin.appId && a.region === origin.region);
      if (!knowsOrigin) await settings.loadManagementApps(http);
      if (settings.apps.length === 0) {
        throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
      }
      const found = await findCall(http, sessionId, settings.apps.map((app) => ({
        label: app.label, appId: app.appId, region: app.region, target: () => settings.targetOf(app),
      })));
      if (flags.json) await write(`${JSON.stringify(found.raw, null, 2)}\n`);
      else await write(`${renderCall(found.call, { width: terminalWidth(), app: `${found.candidate.label} (${found.target.region})` }).join("\n")}\n`);
    }));
}
