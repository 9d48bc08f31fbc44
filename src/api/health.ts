/**
 * `ccx health` and the explorer's `:health` (docs/commands.md): what the app's
 * documented reads say about the time since `since`, read at once (at most
 * READS_AT_ONCE requests in flight, and the calls walk's two), each list walked only as far as the
 * window needs: the calls by outcome (GET /calls with `startedAt`, the one
 * calls walk stats uses, 1,000 a page), the notification log (with `from`, newest first,
 * stopped at the first line older than the window), what moderation blocked
 * and what waits for review (one page each: the service documents neither
 * paging nor a time filter for them, so they are counted whole), the
 * webhooks and their triggers, the push providers, the extensions that filter
 * messages, and the 429s ccx met on the way. A part that cannot be read (no
 * management key, a failure) says its code in place of its figures; the rest
 * stands.
 */
import type { ManagementTarget } from "./apps.js";
import { prepareCall, urlWithQuery } from "./api-call.js";
import { AppClient, type AppTarget, encodePathSegment } from "./client.js";
import { endpointPager, listItems, walkPages } from "./paging-styles.js";
import { CLIENT_CODES, isApiError } from "./errors.js";
import type { Http } from "./http.js";
import { limiter } from "./limit.js";
import { callPages, isoSeconds, usersIn } from "./stats.js";
import { findEndpoint } from "./endpoints.js";
import { FILTERING_EXTENSIONS } from "./filtering-extensions.js";
import { type Json, record, text, truthy } from "./json-value.js";

/**
 * The outcomes a call ends in, and the statuses the service sends for each (docs/service.md, Calls:
 * the spellings seen). `busy` is no status GET /calls documents: counted when the service sends it.
 */
export const OUTCOMES = {
  ended: ["ended"],
  rejected: ["rejected"],
  unanswered: ["unanswered"],
  busy: ["busy"],
  cancelled: ["canceled", "cancelled"],
  ongoing: ["ongoing", "initiated"],
} as const satisfies Record<string, readonly string[]>;
export type Outcome = keyof typeof OUTCOMES;

/** The outcomes that are a failure to connect: the calls counted against their users. */
export const FAILED: readonly Outcome[] = ["rejected", "unanswered", "busy", "cancelled"];


/** Requests in flight at once over the reads of one app's health, besides the calls walk's (two at most: a page and the next). */
export const READS_AT_ONCE = 6;
/**
 * Calls asked a page: the most GET /calls gives. Health keeps counts alone (not stats' durations), so a
 * page's size costs little memory, and at 50 ms a round trip the pages are most of its time: over the
 * last hour of 100,000 calls (some 5,000: the ongoing ones all started within it), 6 pages, not 11.
 */
export const HEALTH_CALLS_PER_PAGE = 1000;
/** The users with the most failed calls shown. */
const FAILING_USERS = 5;

/** A part that could not be read: the code, and why. */
export interface Unread {
  error: string;
  message: string;
}

export interface HealthReport {
  /** The window's start, ISO (UTC). */
  since: string;
  app: { appId: string; region: string };
  calls: { byOutcome: Record<Outcome, number>; failingUsers: Array<{ uid: string; failed: number }> } | Unread;
  notifications: { byChannel: Record<string, { sent: number; held: number }>; held: Record<string, number> } | Unread;
  moderation: {
    /** By rule id: its name and how many messages it blocked (the list's whole page: no time filter is documented). */
    blockedByRule: Record<string, { name?: string; blocked: number }> | Unread;
    flaggedWaiting: number | Unread;
  };
  webhooks: { disabled: Array<{ id: string; name?: string }>; withoutTriggers: Array<{ id: string; name?: string }> } | Unread;
  /** Push providers by kind: how many, and the default's id (null when none is marked default). */
  providers: { fcm: { count: number; default: string | null } | Unread; apns: { count: number; default: string | null } | Unread };
  extensions: { filtering: string[] } | Unread;
  /** The 429s ccx met during this run (all of its apps', with --all-apps), retried or not. */
  rateLimited: number;
}

export const isUnread = (value: unknown): value is Unread => value !== null && typeof value === "object" && "error" in value && "message" in value;

export interface HealthSource {
  http: Http;
  app: AppTarget;
  management?: ManagementTarget;
}

type Read = (path: string, query?: Record<string, string>) => Promise<unknown>;

/** A part's figures, or what stopped it (a cancel ends the whole run). */
async function part<T>(signal: AbortSignal | undefined, read: () => Promise<T>): Promise<T | Unread> {
  try {
    return await read();
  } catch (error) {
    if (signal?.aborted) throw error;
    return isApiError(error) ? { error: error.code, message: error.message } : { error: CLIENT_CODES.config, message: (error as Error).message };
  }
}

/** An answer's object, or an empty one for whatever else came. */
const fields = (value: unknown): Json => record(value) ?? {};

/** The app's health over [since, now]: every part read at once, bounded. */
export async function appHealth(source: HealthSource, since: number, signal?: AbortSignal): Promise<HealthReport> {
  // The app as a whole: nobody acted for.
  const app = { ...source.app, onBehalfOf: undefined };
  const limit = limiter(READS_AT_ONCE);
  const read: Read = (path, query = {}) => limit(async () => {
    const call = prepareCall({ method: "GET", path, query }, { app, management: source.management, readOnly: true });
    return (await source.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers, signal })).json;
  });
  const [calls, notifications, blockedByRule, flaggedWaiting, webhooks, fcm, apns, extensions] = await Promise.all([
    part(signal, () => callOutcomes(new AppClient(source.http, app), since, signal)),
    part(signal, () => notificationCounts(read, since)),
    part(signal, async () => blockedCounts(await read("/moderation/blocked-messages"))),
    part(signal, async () => listItems(await read("/moderation/flagged-messages")).length),
    part(signal, () => webhookProblems(read)),
    part(signal, async () => providerCount(await read("/notifications/push/v1/providers/fcm"))),
    part(signal, async () => providerCount(await read("/notifications/push/v1/providers/apns"))),
    part(signal, () => filteringExtensions(read)),
  ]);
  return {
    since: isoSeconds(since),
    app: { appId: app.appId, region: app.region },
    calls,
    notifications,
    moderation: { blockedByRule, flaggedWaiting },
    webhooks,
    providers: { fcm, apns },
    extensions,
    // The run's: every app of --all-apps goes through the one request module.
    rateLimited: source.http.rateLimited,
  };
}

/** The outcome a status counts in, or undefined for one no outcome names. */
const outcomeOf = (status: string | undefined): Outcome | undefined =>
  (Object.keys(OUTCOMES) as Outcome[]).find((o) => (OUTCOMES[o] as readonly string[]).includes(status ?? ""));

/** Calls started since `since` (GET /calls?startedAt=, every page): by outcome, and the users with the most failed. */
async function callOutcomes(client: AppClient, since: number, signal?: AbortSignal): Promise<Exclude<HealthReport["calls"], Unread>> {
  const byOutcome = Object.fromEntries(Object.keys(OUTCOMES).map((o) => [o, 0])) as Record<Outcome, number>;
  const failed = new Map<string, number>();
  for await (const page of callPages(client, { startedAt: since, perPage: HEALTH_CALLS_PER_PAGE }, signal)) {
    for (const call of page.items) {
      const outcome = outcomeOf(call.status);
      if (outcome === undefined) continue;
      byOutcome[outcome]++;
      if (FAILED.includes(outcome)) for (const uid of usersIn(call)) failed.set(uid, (failed.get(uid) ?? 0) + 1);
    }
  }
  const failingUsers = [...failed]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, FAILING_USERS)
    .map(([uid, n]) => ({ uid, failed: n }));
  return { byOutcome, failingUsers };
}

/** A log line's time in ms: when it was processed (the documented field), or an older answer's. */
const lineTimeMs = (line: Record<string, unknown>): number => Number(line.processingEndedAtMS ?? line.sentAtMS);

/**
 * The notification log since `since` (`from`, in ms: "sent after"), newest first, page after page,
 * stopped at the first line older than the window (a service that ignored `from`): by channel, sent
 * and held, and the held by reason.
 */
async function notificationCounts(read: Read, since: number): Promise<Exclude<HealthReport["notifications"], Unread>> {
  const path = "/notifications/v1/logs";
  const from = since * 1000;
  const byChannel: Record<string, { sent: number; held: number }> = {};
  const held: Record<string, number> = {};
  const pages = walkPages(endpointPager(findEndpoint(path, "GET"), { from: String(from) }), (query) => read(path, query));
  walk: for await (const { step } of pages) {
    for (const item of step.items) {
      const line = fields(item);
      if (lineTimeMs(line) < from) break walk;
      const channel = text(line.channel) ?? "unknown";
      const counts = (byChannel[channel] ??= { sent: 0, held: 0 });
      if (line.notificationTriggered === false) {
        counts.held++;
        const reason = text(line.reason) ?? "unknown";
        held[reason] = (held[reason] ?? 0) + 1;
      } else counts.sent++;
    }
  }
  return { byChannel, held };
}

/** The blocked messages by rule (GET /moderation/blocked-messages: one page, all of it). */
function blockedCounts(body: unknown): Record<string, { name?: string; blocked: number }> {
  const byRule: Record<string, { name?: string; blocked: number }> = {};
  for (const item of listItems(body)) {
    const blocked = fields(item);
    const id = text(blocked.ruleId) ?? "unknown";
    const entry = (byRule[id] ??= { ...(text(blocked.ruleName) ? { name: text(blocked.ruleName) } : {}), blocked: 0 });
    entry.blocked++;
  }
  return byRule;
}

/** The webhooks that are off, and those posted for no trigger (each one's triggers asked, bounded with the rest). */
async function webhookProblems(read: Read): Promise<Exclude<HealthReport["webhooks"], Unread>> {
  const path = "/apps/{appId}/webhooks";
  const hooks: Array<Record<string, unknown>> = [];
  for await (const { step } of walkPages(endpointPager(findEndpoint(path, "GET"), { perPage: "100" }), (query) => read(path, query))) hooks.push(...step.items.map(fields));
  const named = (hook: Record<string, unknown>) => ({ id: text(hook.id) ?? "", ...(text(hook.name) ? { name: text(hook.name) } : {}) });
  // A webhook sent without an id has no triggers to ask for: not counted as without them.
  const triggers = await Promise.all(hooks.map(async (hook) => {
    const id = text(hook.id);
    return id ? listItems(await read(`/apps/{appId}/webhooks/${encodePathSegment(id)}/triggers`)).length : undefined;
  }));
  // Off however the service writes it: false, "false" or 0.
  const off = (value: unknown) => value === false || value === "false" || value === 0;
  return {
    disabled: hooks.filter((hook) => off(hook.enabled)).map(named),
    withoutTriggers: hooks.filter((_, i) => triggers[i] === 0).map(named),
  };
}

/** A push provider list (`data.pushProviders`): how many, and which is the default. */
function providerCount(body: unknown): { count: number; default: string | null } {
  const list = fields(fields(body).data).pushProviders;
  const providers = Array.isArray(list) ? list.map(fields) : [];
  const chosen = providers.find((p) => truthy(p.isDefault));
  return { count: providers.length, default: chosen ? text(chosen.providerId) ?? "" : null };
}

/** The active extensions that filter messages (GET /apps/{appId}/extensions, every page). */
async function filteringExtensions(read: Read): Promise<{ filtering: string[] }> {
  const path = "/apps/{appId}/extensions";
  const active: string[] = [];
  for await (const { step } of walkPages(endpointPager(findEndpoint(path, "GET"), { perPage: "100" }), (query) => read(path, query))) {
    for (const item of step.items.map(fields)) if (truthy(item.isActive) && FILTERING_EXTENSIONS.includes(text(item.id) ?? "")) active.push(text(item.id)!);
  }
  return { filtering: active };
}
