import type { AppRoute, RequestContext } from "../context.js";
import { tokensOf } from "../data/auth-tokens.js";
import { isMember } from "../data/members.js";
import { heldByModeration } from "../data/moderation.js";
import {
  type LogLine, legacyProvidersOf, logLinesOf, logPosition, preferencesOf, providersOf, pushTokensOf,
} from "../data/notifications.js";
import { legacyPreferencesJson } from "../data/notification-settings.js";
import { contactOf, preferencesNow, settingsNow, userOf } from "./notification-writes.js";
import { answersIn } from "../options.js";
import { badRequest, notFound } from "../errors.js";
import { QueryReader } from "../query.js";

/**
 * The notifications service (chat-apis.json, Notifications): the app's
 * settings and providers, a user's preferences, mute and timezone (the user
 * as a `uid` query parameter), push tokens (by `authToken`), and the log of
 * every notification, paged by `logId` + `affix` with `meta{previous,
 * current, next}` whose cursors name the message, as the exports give them.
 */

/** A page of the log: the count the exports' example says is the page's size. */
const LOG_PAGE = 100;

/** A message moderation holds back has no line; once approved, it is delivered and has its lines. */
const isBlocked = (ctx: RequestContext) => (i: number) => heldByModeration(ctx.app, i);

/** The filters of GET /notifications/v1/logs, each applied: a line passes when every one given matches. */
const LOG_FILTERS = ["messageId", "messageCategory", "messageType", "trigger", "sender", "receiver", "receiverType", "member", "channel", "provider", "reason"] as const;
const REACTION_FILTERS = ["reactionId", "reactionSender", "reactionReceiver"] as const;

function logFilter(q: QueryReader): (line: LogLine) => boolean {
  const equal = LOG_FILTERS.map((name) => [name, q.string(name)] as const).filter(([, v]) => v !== undefined);
  // The log holds message notifications only: a reaction's filter matches none of them.
  const reaction = REACTION_FILTERS.some((name) => q.string(name) !== undefined);
  const triggered = q.boolean("notificationTriggered");
  const success = q.boolean("success");
  const from = q.integer("from", { min: 0 });
  const to = q.integer("to", { min: 0 });
  if (from !== undefined && to !== undefined && from > to) q.fail("from", `The from (${from}) must not be after the to (${to}).`);
  return (line) =>
    !reaction &&
    equal.every(([name, value]) => String(line[name] ?? "") === value) &&
    (triggered === undefined || line.notificationTriggered === triggered) &&
    (success === undefined || line.success === success) &&
    // "logs for messages that are sent after" the time: the message's, not the line's.
    (from === undefined || line.messageSentAtMS >= from) &&
    (to === undefined || line.messageSentAtMS <= to);
}

/**
 * Whether message `i` can have a line the filters select, told without making its lines: its sender,
 * its time, and whether the member or receiver named is in its conversation.
 */
function worthExpanding(ctx: RequestContext, q: QueryReader): (i: number) => boolean {
  const store = ctx.app.messages;
  const user = (name: string) => {
    const uid = q.string(name);
    return uid === undefined ? undefined : ctx.app.userIndexByUid.get(uid) ?? -1;
  };
  const sender = user("sender");
  const member = user("member");
  const from = q.integer("from", { min: 0 });
  const to = q.integer("to", { min: 0 });
  const party = (i: number, u: number) => {
    const c = store.conversations[store.conversation[i]!]!;
    return c.group >= 0 ? isMember(ctx.app, ctx.app.groups[c.group]!, u) : c.userA === u || c.userB === u;
  };
  return (i) =>
    (sender === undefined || store.sender[i] === sender) &&
    (member === undefined || party(i, member)) &&
    (from === undefined || store.sentAt[i]! * 1000 >= from) &&
    (to === undefined || store.sentAt[i]! * 1000 <= to);
}

/**
 * A page of the log, newest first: from the newest line, or after `logId` (append: older) or before it
 * (prepend: newer). Lines are made from their messages as the page needs them.
 */
function logPage(ctx: RequestContext, q: QueryReader): { data: unknown[]; meta: Record<string, unknown> } {
  const matches = logFilter(q);
  const logId = q.string("logId");
  const affix = q.oneOf("affix", ["append", "prepend"] as const) ?? "append";
  const at = logId === undefined ? undefined : logPosition(logId);
  if (logId !== undefined && !at) q.fail("logId", `The logId ${logId} is not a log id.`);
  const messageId = q.string("messageId");
  const worth = worthExpanding(ctx, q);
  q.done();
  const store = ctx.app.messages;
  const blocked = isBlocked(ctx);
  const out: LogLine[] = [];
  // One message's lines when the filter names it; otherwise every message, from the newest.
  const only = messageId === undefined ? undefined : /^\d+$/.test(messageId) ? Number(messageId) - 1 : -1;
  const older = affix === "append";
  let i = only ?? (at ? at.index : older ? store.count - 1 : 0);
  const step = older ? -1 : 1;
  for (; i >= 0 && i < store.count && out.length < LOG_PAGE; i += step) {
    if (!worth(i)) continue;
    let lines = logLinesOf(ctx.app, i, blocked);
    if (at && i === at.index) lines = lines.filter((l) => (older ? logPosition(l._id)!.ordinal < at.ordinal : logPosition(l._id)!.ordinal > at.ordinal));
    if (older) lines.reverse();
    for (const line of lines) if (matches(line) && out.length < LOG_PAGE) out.push(line);
    if (only !== undefined) break;
  }
  // Newest first whichever way it was walked.
  if (!older) out.reverse();
  const edge = (line: LogLine | undefined, direction: string) => (line ? { affix: direction, messageId: line.messageId } : {});
  return {
    data: answersIn(ctx.options, "notification-names") ? out.map(legacyLine) : out,
    meta: {
      previous: edge(out[0], "prepend"),
      current: { limit: LOG_PAGE, count: out.length },
      next: out.length === LOG_PAGE ? edge(out.at(-1), "append") : {},
    },
  };
}

/** A line in the older names: the message id a string, the time `sentAtMS`, `reason` null when sent. */
function legacyLine(line: LogLine): Record<string, unknown> {
  const { processingStartedAtMS, processingEndedAtMS, totalProcessingTimeInMS, messageSentAtMS, ...rest } = line;
  return { ...rest, messageId: String(line.messageId), reason: line.reason ?? null, sentAtMS: processingEndedAtMS, createdAtMS: processingStartedAtMS };
}

const get = (path: RegExp, handle: AppRoute["handle"]): AppRoute => ({ api: "chat", method: "GET", path, handle });

export const notificationRoutes: AppRoute[] = [
  get(/^\/notifications\/v1\/settings\/?$/, (ctx) => ({ data: settingsNow(ctx) })),
  get(/^\/notifications\/v1\/preferences\/?$/, (ctx) => {
    const index = userOf(ctx, new QueryReader(ctx.params));
    return { data: answersIn(ctx.options, "notification-names") ? legacyPreferencesJson(preferencesOf(ctx.app, index)) : preferencesNow(ctx, index) };
  }),
  get(/^\/notifications\/v1\/preferences\/mute\/?$/, (ctx) => ({ data: { mutedConversations: preferencesOf(ctx.app, userOf(ctx, new QueryReader(ctx.params))).muted } })),
  get(/^\/notifications\/v1\/preferences\/timezone\/?$/, (ctx) => ({ data: { timezone: preferencesOf(ctx.app, userOf(ctx, new QueryReader(ctx.params))).timezone } })),
  get(/^\/notifications\/v1\/logs\/?$/, (ctx) => logPage(ctx, new QueryReader(ctx.params))),
  get(/^\/notifications\/push\/v1\/tokens\/?$/, (ctx) => {
    const q = new QueryReader(ctx.params);
    const authToken = q.string("authToken");
    if (authToken === undefined) q.fail("authToken", "The authToken field is required.");
    // all=true: every device of the token's user, not only the one that logged in with it.
    const all = q.boolean("all") ?? false;
    q.done();
    const uid = authToken!.replace(/_[0-9a-f]{40}$/, "");
    const index = ctx.app.userIndexByUid.get(uid);
    if (index === undefined || !tokensOf(ctx.app, index).some((t) => t.authToken === authToken)) throw notFound("ERR_AUTH_TOKEN_NOT_FOUND", "auth token", `…${authToken!.slice(-4)}`);
    const tokens = pushTokensOf(ctx.app, index);
    return { data: { pushTokens: all ? tokens : tokens.filter((t) => t.authToken === authToken) } };
  }),
  get(/^\/notifications\/v1\/contact-details\/?$/, (ctx) => {
    if (!ctx.onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header is required."] });
    return { data: contactOf(ctx, ctx.onBehalfOf.index) };
  }),
  ...([
    ["push/v1/providers/fcm", "fcm"], ["push/v1/providers/apns", "apns"], ["push/v1/providers/custom", "customPush"],
    ["sms/v1/providers/twilio", "twilio"], ["sms/v1/providers/custom", "customSms"],
    ["email/v1/providers/sendgrid", "sendgrid"], ["email/v1/providers/custom", "customEmail"],
  ] as const).map(([path, kind]) => get(new RegExp(`^/notifications/${path.replace(/\//g, "\\/")}/?$`), (ctx) => ({ data: (answersIn(ctx.options, "notification-names") ? legacyProvidersOf : providersOf)(ctx.app)[kind] }))),
];
