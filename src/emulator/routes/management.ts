import type { AppRoute, BaseContext, ManagementRoute } from "../context.js";
import { apiKeysOf } from "../data/access-changes.js";
import type { App } from "../data/model.js";
import { WEBHOOK_TRIGGERS, type Webhook } from "../data/webhooks.js";
import { ServiceError, notFound } from "../errors.js";
import { QueryReader, paginate, readPage, wholeList } from "../query.js";

const REGION_NAMES = { us: "United States", eu: "Europe", in: "India" } as const;

/** The app's keys now (the dashboard's two, and what the key writes changed). */
const keysOf = apiKeysOf;

export function appJson(app: App) {
  return {
    id: app.appId,
    name: app.name,
    region: app.region,
    plan: app.plan,
    state: app.state,
    // The example's owner is the owner account's id as a number (appOwner.id is the same as a string); its accessKey we take for the key clients embed (a guess).
    owner: 1,
    createdAt: app.createdAt,
    accessKey: app.authOnlyKey,
    appOwner: { id: "1", name: "Demo Owner", email: "owner@example.com" },
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

/** The app a management path names, as the service finds it: any region. */
export function appOf(ctx: BaseContext, appId: string): App {
  const app = ctx.world.apps.find((a) => a.appId === appId);
  if (!app) throw new ServiceError("ERR_APP_NOT_FOUND", `The app ${appId} does not exist.`, "Check the appId: GET /apps lists the apps of the account.");
  return app;
}

/**
 * The webhooks a request reaches: the current ones with `X-Webhook-Version: 2`, else the legacy ones (the
 * exports: the header omitted means the legacy webhooks; 2, the new ones).
 */
export function webhooksOf(ctx: BaseContext, appId: string): Webhook[] {
  const app = appOf(ctx, appId);
  const version = ctx.headers["x-webhook-version"];
  return String(Array.isArray(version) ? version[0] : version ?? "").trim() === "2" ? app.currentWebhooks : app.webhooks;
}

export function webhookOf(ctx: BaseContext, appId: string, webhookId: string): Webhook {
  const webhook = webhooksOf(ctx, appId).find((w) => w.id === webhookId);
  if (!webhook) throw notFound("ERR_WEBHOOK_NOT_FOUND", "webhook with ID", webhookId);
  return webhook;
}

/** A webhook as the list gives it (the exports' list example: no credentials, no triggers). */
export const webhookSummary = ({ id, name, webhookURL, enabled, createdAt, updatedAt }: Webhook) => ({ id, name, webhookURL, enabled, createdAt, updatedAt });

/** Webhooks and their triggers (management-apis.json): the list by page, one by id (double-wrapped, as the exports answer), its triggers. */
export const webhookRoutes: ManagementRoute[] = [
  {
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/webhooks\/?$/,
    handle: (ctx, { appId }) => {
      const q = new QueryReader(ctx.params);
      // The exports' example says per_page 10; page is not documented, and is taken.
      const page = readPage(q, { perPage: 10, max: 1000 });
      const searchKey = q.string("searchKey")?.toLowerCase();
      q.done();
      const hooks = webhooksOf(ctx, appId!).filter((w) => !searchKey || w.name.toLowerCase().includes(searchKey) || w.id.includes(searchKey));
      const { data, pagination } = paginate(hooks, page);
      return { data: data.map(webhookSummary), meta: { pagination } };
    },
  },
  {
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/webhooks\/(?<webhookId>[^/]+)\/?$/,
    handle: (ctx, { appId, webhookId }) => {
      const { triggers: _t, ...webhook } = webhookOf(ctx, appId!, webhookId!);
      return { data: [{ data: webhook }] };
    },
  },
  {
    api: "management",
    method: "GET",
    path: /^\/apps\/(?<appId>[^/]+)\/webhooks\/(?<webhookId>[^/]+)\/triggers\/?$/,
    handle: (ctx, { appId, webhookId }) => {
      const triggers = webhookOf(ctx, appId!, webhookId!).triggers.map((id) => WEBHOOK_TRIGGERS.find((t) => t.id === id)!);
      return wholeList(triggers);
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
      const page = readPage(q, { perPage: 100, max: 1000 });
      q.done();
      const keys = keysOf(ctx.app).filter((k) => (!scope || k.scope === scope) && (!searchKey || k.name.toLowerCase().includes(searchKey)));
      // The exports answer meta.pagination beside the keys.
      const { data, pagination } = paginate(keys.map(({ createdBy: _b, ...k }) => k), page);
      return { data, meta: { pagination } };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/apikeys\/(?<key>[^/]+)\/?$/,
    handle: (ctx, { key }) => {
      const found = keysOf(ctx.app).find((k) => k.apiKey === key);
      if (!found) throw new ServiceError("ERR_APIKEY_NOT_FOUND", "The API key does not exist.", "List the app's keys with GET /apikeys.");
      const { createdBy: _b, ...shown } = found;
      return { data: shown };
    },
  },
];
