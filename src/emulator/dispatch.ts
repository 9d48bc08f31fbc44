import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { type Api, type AppRoute, type BaseContext, type ManagementRoute, type Route, SOURCE } from "./context.js";
import { apiKeysOf } from "./data/access-changes.js";
import type { App, World } from "./data/model.js";
import { DEFAULT_STATUS, ServiceError, badRequest, notFound } from "./errors.js";
import type { Fault, Faults } from "./faults.js";
import type { LiveClock } from "./live/world.js";
import type { WebhookEvents } from "./webhook-events.js";
import type { EmulatorOptions } from "./options.js";
import { type RecordingFault, recordingAnswer } from "./recordings/serve.js";
import { isRecordingPath } from "./recordings/url.js";
import { callRoutes } from "./routes/calls.js";
import { chatWriteRoutes } from "./routes/chat-writes.js";
import { groupWriteRoutes } from "./routes/group-writes.js";
import { groupRoutes } from "./routes/groups.js";
import { blockRoutes } from "./routes/blocks.js";
import { roleRoutes } from "./routes/roles.js";
import { accessWriteRoutes } from "./routes/access-writes.js";
import { appSettingsRoutes } from "./routes/app-settings.js";
import { extensionWriteRoutes } from "./routes/extension-writes.js";
import { appWriteRoutes } from "./routes/app-writes.js";
import { conversationRoutes } from "./routes/conversations.js";
import { apiKeyRoutes, managementRoutes, webhookRoutes } from "./routes/management.js";
import { messageDetailRoutes } from "./routes/message-detail.js";
import { messageListRoutes } from "./routes/message-lists.js";
import { messageRoutes } from "./routes/messages.js";
import { moderationRoutes } from "./routes/moderation.js";
import { moderationWriteRoutes } from "./routes/moderation-writes.js";
import { notificationRoutes } from "./routes/notifications.js";
import { notificationWriteRoutes } from "./routes/notification-writes.js";
import { statsRoutes } from "./routes/stats.js";
import { tenantRoutes } from "./routes/tenants.js";
import { userRoutes } from "./routes/users.js";
import { webhookWriteRoutes } from "./routes/webhook-writes.js";
import { writeRoutes } from "./routes/writes.js";

const ROUTES: Route[] = [
  ...groupRoutes, ...userRoutes, ...messageRoutes, ...messageListRoutes, ...conversationRoutes, ...blockRoutes, ...roleRoutes,
  ...apiKeyRoutes, ...callRoutes, ...statsRoutes, ...managementRoutes, ...webhookRoutes, ...appSettingsRoutes, ...messageDetailRoutes,
  ...notificationRoutes, ...moderationRoutes, ...writeRoutes, ...groupWriteRoutes, ...chatWriteRoutes, ...webhookWriteRoutes, ...moderationWriteRoutes,
  ...notificationWriteRoutes, ...extensionWriteRoutes,
  ...accessWriteRoutes,
  ...appWriteRoutes,
  ...tenantRoutes,
];
const MAX_BODY = 1 << 20;

/**
 * Where a request goes. Hosts cannot be faked on loopback, so the emulator puts
 * the host's own labels in the first path segment:
 * `{appId}.api-{region}/v3/…` (chat), `{appId}.call-{region}/v3/…` (calls), and
 * `apimgmt/…` (management). Recordings are served apart, at `/recordings/…`
 * (recordings/serve.ts), as a CDN would serve them.
 */
interface Target {
  api: Api;
  appId?: string;
  region?: string;
  path: string;
}

export function parseTarget(pathname: string): Target | undefined {
  const app = /^\/([^/.]+)\.(api|call)-([a-z]+)\/v3(\/.*)?$/.exec(pathname);
  if (app) return { api: app[2] === "api" ? "chat" : "calls", appId: app[1]!, region: app[3]!, path: app[4] ?? "/" };
  const management = /^\/apimgmt(\/.*)?$/.exec(pathname);
  if (management) return { api: "management", path: management[1] ?? "/" };
  return undefined;
}

const apiNotFound = (path: string) =>
  new ServiceError("ERR_API_NOT_FOUND", "The requested API does not exist.", `No API answers ${path}.`);

export class Dispatcher {
  constructor(
    private readonly world: World,
    private readonly options: EmulatorOptions,
    private readonly faults: Faults,
    private readonly events: WebhookEvents,
    private readonly live?: LiveClock,
  ) {}

  statusOf(code: string): number {
    return this.options.statuses[code] ?? DEFAULT_STATUS[code] ?? 400;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? "/", "https://emulator.invalid");
    const target = parseTarget(url.pathname);
    const source = SOURCE[isRecordingPath(url.pathname) ? "calls" : target?.api ?? "chat"];
    /** The fault this answer carries, once applied (a drawn one may give way to a 429 or a route's error). */
    let met: Fault | RecordingFault | undefined;
    if (this.options.verbose) {
      // Why 'close' and the fault: a dropped connection never finishes, and a cut-short body is a 200,
      // so a log of finished answers alone hid both (the faults suite counts faults met from this log).
      res.once("close", () => {
        // Unfinished: dropped on purpose, or closed by the client (a cancelled request) before the answer.
        const outcome = res.writableFinished ? String(res.statusCode) : met === "drop" ? "dropped" : met === "short" ? "cut" : "closed";
        // Who the request acted for, as sent (encoded: one word, whatever the client put in it).
        const as = req.headers.onbehalfof === undefined ? "" : ` onBehalfOf=${encodeURIComponent(String(req.headers.onbehalfof))}`;
        this.options.log(`${req.method} ${url.pathname}${url.search} ${outcome} ${(performance.now() - started).toFixed(1)}ms${met ? ` fault=${met}` : ""}${as}`);
      });
    }
    try {
      const latency = this.faults.latencyMs();
      if (latency > 0) await sleep(latency);
      // The world as it is now: every answer, a recording's too, sees the same moment.
      const now = this.live?.tick() ?? this.world.now;
      // Recordings have their own faults and no rate limit: they come from a CDN, not the API.
      if (isRecordingPath(url.pathname)) {
        const answer = recordingAnswer(req, url, this.world, this.options);
        met = answer.fault;
        return await answer.send(res);
      }
      const fault = this.faults.draw();
      if (fault === "drop") {
        met = fault;
        req.socket.destroy();
        return;
      }
      if (!target) throw apiNotFound(url.pathname);
      const { headers, retryAfter } = this.faults.rateLimit(target.appId ?? "management");
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (retryAfter !== undefined) {
        res.setHeader("Retry-After", String(retryAfter));
        throw new ServiceError("ERR_TOO_MANY_REQUESTS", "Too many requests.", `The rate limit was reached; retry after ${retryAfter} s.`);
      }
      if (fault === "error" || fault === "html") met = fault;
      if (fault === "error") {
        throw new ServiceError("ERR_INTERNAL_SERVER_ERROR", "Something went wrong.", "An injected server error.");
      }
      if (fault === "html") return this.sendHtml(res);
      const body = req.method === "GET" || req.method === "HEAD" ? {} : await readBody(req);
      const data = await this.route(target, req, url.searchParams, body, now);
      // The documented GET /users example says `total: 0` beside its rows.
      const paging = this.options.variants.has("docs") ? (data as { meta?: { pagination?: Record<string, unknown> } })?.meta?.pagination : undefined;
      if (paging && req.method === "GET" && /\/users$/.test(url.pathname)) paging.total = 0;
      const text = JSON.stringify(data);
      if (fault === "garbage") met = fault;
      // An answer cut short, as a broken proxy or a dropped stream leaves it.
      this.send(res, 200, fault === "garbage" ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text);
    } catch (error) {
      if (res.headersSent || req.socket.destroyed) return;
      if (error instanceof ServiceError) {
        const status = this.statusOf(error.code);
        // Some versions answer a not found with an empty object for a body.
        this.send(res, status, status === 404 && this.options.variants.has("bare-404") ? "{}" : JSON.stringify(error.body(source)));
      } else {
        this.options.log(`emulator: ${req.method} ${url.pathname} failed: ${(error as Error).stack ?? String(error)}`);
        const internal = new ServiceError("ERR_INTERNAL_SERVER_ERROR", "Something went wrong.", String(error));
        this.send(res, 500, JSON.stringify(internal.body(source)));
      }
    }
  }

  private send(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }

  private sendHtml(res: ServerResponse): void {
    const html = "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n";
    res.writeHead(502, { "content-type": "text/html", "content-length": Buffer.byteLength(html) });
    res.end(html);
  }

  private async route(target: Target, req: IncomingMessage, params: URLSearchParams, body: unknown, now: number): Promise<unknown> {
    const base: BaseContext = { world: this.world, options: this.options, now, method: req.method ?? "GET", path: target.path, params, headers: req.headers, body, events: this.events };
    if (target.api === "management") {
      // The credentials are judged before the path is: an unknown path with wrong ones is refused for those.
      const found = this.lookUp(target, base.method);
      this.authenticateManagement(req, found?.[0].auth === "basic");
      if (!found) throw apiNotFound(target.path);
      const [route, match] = found;
      return (route as ManagementRoute).handle(base, match);
    }
    const app = this.world.apps.find((a) => a.appId === target.appId);
    // Each region is its own deployment: an app exists only in its own.
    if (!app || app.region !== target.region) {
      throw new ServiceError("ERR_APP_NOT_FOUND", `The app ${target.appId} does not exist in region ${target.region}.`,
        "Check the appId and the region: an app answers only under its own region.");
    }
    const [route, match] = this.find(target, base.method);
    if (route.auth === "moderation" || (route.auth === "moderation-or-apikey" && headerValue(req, "apikey") === undefined)) {
      this.authenticateManagement(req);
      if (headerValue(req, "appid") !== app.appId) {
        throw new ServiceError("AUTH_ERR_APP_ID_MISMATCH", "The appId header does not name this app.", `Send appId: ${app.appId} with the management key and secret.`);
      }
      return (route as AppRoute).handle({ ...base, app, onBehalfOf: this.onBehalfOf(app, req) }, match);
    }
    const scope = this.authenticate(app, req);
    if (scope === "authOnly" && !route.authOnly) {
      throw new ServiceError("AUTH_ERR_NO_ACCESS", "The API key does not have access to this resource.",
        "An authOnly (Auth) key can only create users and auth tokens; use the fullAccess (REST API) key.");
    }
    const onBehalfOf = this.onBehalfOf(app, req);
    return (route as AppRoute).handle({ ...base, app, onBehalfOf }, match);
  }

  private find(target: Target, method: string): [Route, Record<string, string>] {
    const found = this.lookUp(target, method);
    if (!found) throw apiNotFound(target.path);
    return found;
  }

  private lookUp(target: Target, method: string): [Route, Record<string, string>] | undefined {
    for (const route of ROUTES) {
      if (route.api !== target.api || route.method !== method) continue;
      const match = route.path.exec(target.path);
      if (match) return [route, decodeGroups(match.groups)];
    }
    return undefined;
  }

  private authenticate(app: App, req: IncomingMessage): "fullAccess" | "authOnly" {
    const key = headerValue(req, "apikey");
    if (!key) {
      throw new ServiceError("AUTH_ERR_EMPTY_APIKEY", "The API key is missing from the request headers.", "Send your API key in the apikey header.");
    }
    // The app's keys now: one made by POST /apikeys works, one deleted no longer does.
    const found = apiKeysOf(app).find((k) => k.apiKey === key);
    if (found) return found.scope;
    throw new ServiceError("AUTH_ERR_APIKEY_NOT_FOUND", "The API key is not valid.", `No API key ending in ${key.slice(-4)} exists for app ${app.appId}.`);
  }

  /** The management key and secret, in their headers or as HTTP Basic's; `basicOnly`: as Basic's alone (`POST /tenants`). */
  private authenticateManagement(req: IncomingMessage, basicOnly = false): void {
    let key = basicOnly ? undefined : headerValue(req, "key");
    let secret = basicOnly ? undefined : headerValue(req, "secret");
    // Some newer management endpoints use HTTP Basic auth instead (docs/service.md): accept both.
    const basic = /^Basic\s+(.+)$/i.exec(headerValue(req, "authorization") ?? "");
    if (basicOnly && !basic) {
      throw new ServiceError("AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS", "This API takes HTTP Basic authentication.",
        "Send the management key and secret as the user and password of an Authorization: Basic header.");
    }
    if (basic && (!key || !secret)) {
      const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      [key, secret] = colon < 0 ? [decoded, ""] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
    }
    const expected = this.world.management;
    if (key !== expected.key || secret !== expected.secret) {
      throw new ServiceError("AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS", "The management key or secret is not valid.",
        basicOnly ? "Send the management key and secret as the user and password of HTTP Basic." : "Send the management key and secret in the key and secret headers.");
    }
  }

  private onBehalfOf(app: App, req: IncomingMessage) {
    const uid = headerValue(req, "onbehalfof");
    if (uid === undefined) return undefined;
    const index = app.userIndexByUid.get(uid);
    if (index === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", uid);
    return { index, user: app.users[index]! };
  }
}

/** Node lower-cases header names, so any case the client sends matches. */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === "" ? undefined : first;
}

function decodeGroups(groups: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(groups ?? {})) {
    // An optional group that did not take part is absent, not "undefined".
    if (v === undefined) continue;
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/** A request's body: JSON, or a multipart/form-data one as FormData (read by the platform's parser, undici's). */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw badRequest({ body: [`The body may not be larger than ${MAX_BODY} bytes.`] });
    chunks.push(chunk);
  }
  const type = headerValue(req, "content-type") ?? "";
  if (/^multipart\/form-data\s*;/i.test(type)) {
    try {
      return await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
    } catch {
      throw badRequest({ body: ["The multipart/form-data body cannot be read."] });
    }
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest({ body: ["The body is not valid JSON."] });
  }
}
