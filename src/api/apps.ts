import { withQuery, checkedBase, parseAnswer } from "./client.js";
import type { Http } from "./http.js";
import { pagesByNumber } from "./paging.js";
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
  const pages = pagesByNumber(async (page) => {
    const response = await http.send({
      method: "GET",
      url: withQuery(base, "/apps", { page, perPage: 1000 }),
      headers: { key: target.key, secret: target.secret },
      signal,
    });
    const body = parseAnswer(appListSchema, response.json, "GET /apps");
    return { items: body.data, pagination: body.meta?.pagination };
  });
  for await (const page of pages) apps.push(...page.items);
  return apps;
}

/** The app's fullAccess key, from the management API's `apiKeys` object (keyed by the key itself). */
export function fullAccessKeyOf(app: ManagedApp): string | undefined {
  for (const [key, entry] of Object.entries(app.apiKeys ?? {})) {
    if (entry.scope === "fullAccess") return entry.apiKey ?? key;
  }
  return undefined;
}
