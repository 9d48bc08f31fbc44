import { AppClient, type AppTarget } from "../../api/client.js";
import { ConfigError } from "../../config/config-file.js";
import type { Runtime } from "../runtime.js";

/**
 * The app the flags, env or profile name, when there is one (discovered through the management API when
 * need be: no app named, or one named without its key).
 */
export async function activeTarget({ settings, http }: Runtime): Promise<AppTarget | undefined> {
  if (!settings.active) await settings.loadManagementApps(http);
  const app = settings.active;
  if (!app) return undefined;
  if (app.key.value === undefined && app.key.command === undefined) await settings.loadManagementApps(http);
  return settings.targetOf(app);
}

/** A client for the active app; none configured is bad usage. */
export async function activeAppClient(runtime: Runtime): Promise<AppClient> {
  const target = await activeTarget(runtime);
  if (!target) throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
  return new AppClient(runtime.http, target);
}
