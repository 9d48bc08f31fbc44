import type { Command } from "commander";
import { maskKey } from "../../config/mask.js";
import type { KnownApp } from "../../config/resolve.js";
import { renderTable } from "../../text/table.js";
import { runCommand } from "../runtime.js";
import { jsonForTerminal } from "../../text/json.js";

/** A key shown as where it comes from, and at most its last four characters. */
function keyOf(app: KnownApp): string {
  if (app.key.command) return `command (${app.key.source})`;
  return app.key.value ? `${maskKey(app.key.value)} (${app.key.source})` : "none";
}

/** `ccx apps`: every app known, the active one marked, with where it and its key came from. */
export function runApps(flags: { json?: boolean; color?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async ({ settings, http, width, write, warn, color }) => {
    if (settings.management) {
      try {
        await settings.loadManagementApps(http);
      } catch (error) {
        // The apps known otherwise are still worth listing.
        warn(`warning: the management API could not be asked: ${(error as Error).message}`);
      }
    }
    const apps = settings.apps;
    if (flags.json) {
      const rows = apps.map((a) => ({ name: a.label, appId: a.appId, region: a.region, source: a.source, apiKey: keyOf(a), active: a === settings.active }));
      await write(`${jsonForTerminal(rows, 2)}\n`);
      return;
    }
    if (apps.length === 0) {
      warn("no apps known: pass --app-id and --api-key, add profiles to the config file, or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
      return;
    }
    const lines = renderTable<KnownApp>([
      { header: " ", get: (a) => (a === settings.active ? "*" : ""), min: 1 },
      { header: "name", get: (a) => a.label, min: 8, max: 32, flex: 1 },
      { header: "app id", get: (a) => a.appId, min: 8 },
      { header: "region", get: (a) => a.region, min: 6 },
      { header: "source", get: (a) => a.source, min: 6 },
      { header: "key", get: keyOf, min: 8 },
    ], apps, { width, color });
    await write(`${lines.join("\n")}\n`);
  });
}
