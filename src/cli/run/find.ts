import type { Command } from "commander";
import { ConfigError } from "../../config/config-file.js";
import { type IdMatch, findId } from "../../resources/find-id.js";
import { ID_KINDS } from "../../resources/id-kinds.js";
import type { TableColumn } from "../../text/table.js";
import { exportPages } from "../render/exporter.js";
import { runCommand } from "../runtime.js";

const saysOf = (kind: IdMatch["kind"]) => ID_KINDS.find((k) => k.name === kind)!.says.replace(/^an? /, "");

/** `ccx find <id>`: asks every known app (the management API's too) what the id names there. */
export function runFind(id: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { settings, http, warn } = runtime;
    await settings.loadManagementApps(http);
    if (settings.apps.length === 0) {
      throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
    }
    const apps = settings.apps.map((app) => ({ label: app.label, appId: app.appId, region: app.region, target: () => settings.targetOf(app) }));
    const { matches, failures } = await findId(http, id.trim(), apps, settings.management);
    // Found somewhere: an app that could not answer is said, not the outcome.
    for (const failure of failures) warn(`warning: ${failure.label} could not be asked: ${failure.error.code}: ${failure.error.message}`);
    const columns: Array<TableColumn<IdMatch>> = [
      { header: "kind", get: (m) => saysOf(m.kind), min: 4 },
      { header: "id", get: (m) => m.id, min: 8, flex: 1 },
      { header: "app", get: (m) => m.appId, min: 8 },
      { header: "region", get: (m) => m.region, min: 6 },
      { header: "name", get: (m) => m.name, min: 8, max: 32, flex: 1 },
    ];
    await exportPages([{ raw: matches, items: matches }], { columns }, { json: flags.json }, runtime);
  });
}
