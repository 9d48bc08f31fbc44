import { withQuery, checkedBase, parseAnswer } from "./client.js";
import type { Http } from "./http.js";
import { pagerFor, walkPages } from "./paging-styles.js";
import { type ManagedApp, appListSchema } from "./schemas.js";

export interface ManagementTarget {
  url: string;
  key: string;
  secret: string;
}

/** Every app the management key can see (GET /apps, all pages). */
export async function discoverApps(http: Http, target: ManagementTarget, signal?: AbortSignal): Promise<ManagedApp[]> {
  const base = checkedBase(target.url);
  const apps: ManagedApp[] = [];
  // By page number, as the catalogue documents GET /apps (not read here: discovery is on the way of every command).
  const pages = walkPages(pagerFor("pages", { page: "1", perPage: "1000" }), async (query) => {
    const response = await http.send({ method: "GET", url: withQuery(base, "/apps", query), headers: { key: target.key, secret: target.secret }, signal });
    return parseAnswer(appListSchema, response.json, "GET /apps");
  });
  for await (const { body } of pages) apps.push(...body.data);
  return apps;
}

/** The app's fullAccess key, from the management API's `apiKeys` object (keyed by the key itself). */
export function fullAccessKeyOf(app: ManagedApp): string | undefined {
  for (const [key, entry] of Object.entries(app.apiKeys ?? {})) {
    if (entry.scope === "fullAccess") return entry.apiKey ?? key;
  }
  return undefined;
}
