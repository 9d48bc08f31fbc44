import { sessionIdOrigin } from "../../api/calls.js";
import { type FoundCall, findCall } from "../../api/find-call.js";
import { ConfigError } from "../../config/config-file.js";
import type { Runtime } from "../runtime.js";

/**
 * Finds a call by session id among the known apps: the app its id names when
 * that one is configured, else every app (the management API's too).
 */
export async function findKnownCall({ settings, http }: Runtime, sessionId: string): Promise<FoundCall> {
  const origin = sessionIdOrigin(sessionId);
  const knowsOrigin = origin && settings.apps.some((a) => a.appId === origin.appId && a.region === origin.region);
  if (!knowsOrigin) await settings.loadManagementApps(http);
  if (settings.apps.length === 0) {
    throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
  }
  return findCall(http, sessionId, settings.apps.map((app) => ({
    label: app.label, appId: app.appId, region: app.region, target: () => settings.targetOf(app),
  })));
}
