import type { Command } from "commander";
import { maskKey } from "../../config/mask.js";
import type { KnownApp } from "../../config/resolve.js";
import type { TableColumn } from "../../text/table.js";
import { exportPages } from "../render/exporter.js";
import { runCommand } from "../runtime.js";

/** A key shown as where it comes from, and at most its last four characters. */
function keyOf(app: KnownApp): string {
  if (app.key.command) return `command (${app.key.source})`;
  return app.key.value ? `${maskKey(app.key.value)} (${app.key.source})` : "none";
}

/** `ccx apps`: every app known, the active one marked, with where it and its key came from. */
export function runApps(flags: { json?: boolean; ndjson?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { settings, http, warn } = runtime;
    // Asked when the exporter asks for the page, after it has checked the flags.
    async function* page() {
      if (settings.management) {
        try {
          await settings.loadManagementApps(http);
        } catch (error) {
          // The apps known otherwise are still worth listing.
          warn(`warning: the management API could not be asked: ${(error as Error).message}`);
        }
      }
      const apps = settings.apps;
      const raw = apps.map((a) => ({ name: a.label, appId: a.appId, region: a.region, source: a.source, apiKey: keyOf(a), active: a === settings.active }));
      yield { raw, items: apps };
    }
    const columns: Array<TableColumn<KnownApp>> = [
      { header: " ", get: (a) => (a === settings.active ? "*" : ""), min: 1 },
      { header: "name", get: (a) => a.label, min: 8, max: 32, flex: 1 },
      { header: "app id", get: (a) => a.appId, min: 8 },
      { header: "region", get: (a) => a.region, min: 6 },
      { header: "source", get: (a) => a.source, min: 6 },
      { header: "key", get: keyOf, min: 8 },
    ];
    // Nothing masked further: the keys are shown as keyOf masks them.
    const shown = await exportPages(page(), { columns }, { ...flags, reveal: true }, runtime);
    if (shown === 0 && !flags.json && !flags.ndjson) warn("no apps known: pass --app-id and --api-key, add profiles to the config file, or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
  });
}
