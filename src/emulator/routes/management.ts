import type { AppRoute, ManagementRoute } from "../context.js";
import type { App } from "../data/model.js";
import { QueryReader, paginate, readPage } from "../query.js";

const REGION_NAMES = { us: "United States", eu: "Europe", in: "India" } as const;

function keysOf(app: App) {
  return [
    { apiKey: app.fullAccessKey, name: "REST API Key", scope: "fullAccess", createdBy: "dashboard", createdAt: app.createdAt },
    { apiKey: app.authOnlyKey, name: "Auth Key", scope: "authOnly", createdBy: "dashboard", createdAt: app.createdAt },
  ];
}

function appJson(app: App) {
  return {
    id: app.appId,
    name: app.name,
    region: app.region,
    plan: app.plan,
    state: app.state,
    createdAt: app.createdAt,
    appOwner: { id: "owner-1", name: "Demo Owner", email: "owner@example.com" },
    appRegion: { id: app.region, name: app.region, description: REGION_NAMES[app.region] },
    // Keyed by the key itself, as the management API answers.
    apiKeys: Object.fromEntries(keysOf(app).map(({ createdAt: _c, ...k }) => [k.apiKey, k])),
  };
}

export const managementRoutes: ManagementRoute[] = [
  {
    api: "management",
    method: "GET",
    path: /^\/apps\/?$/,
    handle: (ctx) => {
      const q = new QueryReader(ctx.params);
      const page = readPage(q, { perPage: 25, max: 1000 });
      const searchKey = q.string("searchKey")?.toLowerCase();
      q.done();
      const apps = ctx.world.apps.filter((a) => !searchKey || a.name.toLowerCase().includes(searchKey) || a.appId.includes(searchKey));
      const { data, pagination } = paginate(apps, page);
      return { data: data.map(appJson), meta: { pagination } };
    },
  },
];

export const apiKeyRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/apikeys\/?$/,
    handle: (ctx) => {
      const q = new QueryReader(ctx.params);
      const scope = q.oneOf("scope", ["fullAccess", "authOnly"] as const);
      const searchKey = q.string("searchKey")?.toLowerCase();
      q.done();
      const keys = keysOf(ctx.app).filter((k) => (!scope || k.scope === scope) && (!searchKey || k.name.toLowerCase().includes(searchKey)));
      return { data: keys.map(({ createdBy: _b, ...k }) => k) };
    },
  },
];
