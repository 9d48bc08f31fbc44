import { AppClient } from "../../api/client.js";
import { ConfigError } from "../../config/config-file.js";
import type { Runtime } from "../runtime.js";

/** A client for the app the flags, env or profile name (discovered through the management API when need be). */
export async function activeAppClient({ settings, http }: Runtime): Promise<AppClient> {
  if (!settings.active) await settings.loadManagementApps(http);
  const app = settings.active;
  if (!app) throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
  if (app.key.value === undefined && app.key.command === undefined) await settings.loadManagementApps(http);
  return new AppClient(http, settings.targetOf(app));
}
