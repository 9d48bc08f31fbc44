import type { AppRoute, RequestContext } from "../context.js";
import {
  type Blocked, FLAG_REASONS, type Flagged, KEYWORD_LISTS, MODERATION_RULES, type ModerationRule, blockedMessages, blockedStatus, flaggedMessages, revisionOf,
} from "../data/moderation.js";
import { type ModerationListKind, listed, recordOf } from "../data/moderation-lists.js";
import type { HeldAtSend } from "../data/model.js";
import { type ServiceError, notFound } from "../errors.js";
import { messageJson } from "../message-json.js";
import { QueryReader } from "../query.js";

/**
 * Moderation (chat-apis.json), on the app's chat host: rules, keyword lists
 * and blocked messages take the management key and secret with an `appId`
 * header (`auth: "moderation"`); reasons, flagged and reviewed messages the
 * API key. Every list answers `meta.current{limit, count}` only, as the
 * exports do; only rules take `limit` (default 50).
 */

type Json = Record<string, unknown>;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A condition as the exports' rules give it; the blocked list's also says what it matched and weighs it. */
function conditionJson(rule: ModerationRule, matched?: string): Json {
  const c = rule.condition;
  return {
    id: 1, isKeywordsReferencePresent: c.keywords, isMediaPresent: c.media, entity: "message", operand: c.operand, category: c.category,
    operator: "contains", value: [c.value],
    message: [matched === undefined ? `${c.operand} ${c.category === "pattern" ? "matches" : "contains"} ${c.value}` : `${c.operand} contains "${matched}" from ${c.value}`],
    ...(matched === undefined ? {} : { weight: 1 }),
  };
}

function ruleJson(ctx: RequestContext, rule: ModerationRule): Json {
  return {
    id: rule.id, name: rule.name, description: rule.description, enabled: rule.enabled,
    conditions: [conditionJson(rule)],
    action: [rule.action],
    active: true, createdAt: ctx.app.createdAt, updatedAt: ctx.app.createdAt + 3600, revisionId: revisionOf(ctx.app, rule),
    ...(rule.default ? { default: true } : {}),
  };
}

const keywordJson = (ctx: RequestContext, list: (typeof KEYWORD_LISTS)[number], i: number): Json => ({
  _id: `${(ctx.app.createdAt >>> 0).toString(16).padStart(8, "0")}${String(i).padStart(16, "0")}`,
  id: list.id, appId: ctx.app.appId, name: list.name, description: list.description, category: "word", isCSV: false, searchTerms: [...list.searchTerms],
  createdAt: ctx.app.createdAt, updatedAt: ctx.app.createdAt + 60, revisionId: `${ctx.app.appId}_${list.id}_1`, active: true, __v: 0,
  // The profanity list comes with every app, as the exports' default list does.
  ...(i === 0 ? { default: true } : {}),
});

/** A message with its moderation verdict in `data.moderation`, as the blocked list carries it. */
function moderatedMessage(ctx: RequestContext, i: number, status: string): Json {
  const message = messageJson(ctx.app, i, { withTags: false }, ctx.options);
  return { ...message, data: { ...(message.data as Json), moderation: { status } } };
}

function blockedJson(ctx: RequestContext, b: Blocked): Json {
  const sentAt = ctx.app.messages.sentAt[b.index]!;
  return {
    ruleId: b.rule.id, ruleName: b.rule.name, revisionId: revisionOf(ctx.app, b.rule),
    condition: conditionJson(b.rule, b.matched),
    message: moderatedMessage(ctx, b.index, blockedStatus(ctx.app, b.index)),
    action: [b.rule.action],
    createdAt: sentAt, updatedAt: sentAt,
  };
}

/** A message a rule blocked as it was sent, in the same shape: the rule as it stood then. */
function heldJson(ctx: RequestContext, i: number, held: HeldAtSend): Json {
  return {
    ruleId: held.ruleId, ...(held.ruleName === undefined ? {} : { ruleName: held.ruleName }), ...(held.revisionId === undefined ? {} : { revisionId: held.revisionId }),
    condition: held.condition,
    message: moderatedMessage(ctx, i, blockedStatus(ctx.app, i)),
    action: held.action,
    createdAt: held.at, updatedAt: held.at,
  };
}

/** Every blocked message, newest first: those blocked as they were sent (after every seeded one), then the seeded ones. */
const blockedList = (ctx: RequestContext): Json[] => [
  ...[...ctx.app.changes.heldAtSend].reverse().map(([i, held]) => heldJson(ctx, i, held)),
  ...blockedMessages(ctx.app).slice().reverse().map((b) => blockedJson(ctx, b)),
];

function flaggedJson(ctx: RequestContext, f: Flagged): Json {
  const sentAt = ctx.app.messages.sentAt[f.index]!;
  return {
    id: `flag-${f.index + 1}`, messageId: String(f.index + 1),
    message: moderatedMessage(ctx, f.index, f.review ?? "pending"),
    reportedBy: [{ uid: ctx.app.users[f.reporter]!.uid, reason: f.reason, reportedAt: f.flaggedAt ?? sentAt + 600, ...(f.remark === undefined ? {} : { remark: f.remark }) }],
    status: f.review ?? "pending",
    ...(f.review ? { reviewedAt: f.reviewedAt ?? sentAt + 7200 } : {}),
    createdAt: f.flaggedAt ?? sentAt + 600, updatedAt: f.review ? f.reviewedAt ?? sentAt + 7200 : f.flaggedAt ?? sentAt + 600,
  };
}

/** A list as moderation answers it: `meta.current` alone. */
const current = (data: Json[], limit = data.length) => ({ data, meta: { current: { limit, count: data.length } } });

const get = (path: RegExp, handle: AppRoute["handle"], moderation = false): AppRoute => ({ api: "chat", method: "GET", path, handle, ...(moderation ? { auth: "moderation" as const } : {}) });

/** Each kind's seeded records, as the reads answer them, and the error naming one that is not there. */
const MODERATION_LISTS: Record<ModerationListKind, { seeded(ctx: RequestContext): Json[]; missing(id: string): ServiceError }> = {
  rules: { seeded: (ctx) => MODERATION_RULES.map((r) => ruleJson(ctx, r)), missing: (id) => notFound("ERR_RULE_NOT_FOUND", "moderation rule", id) },
  keywords: { seeded: (ctx) => KEYWORD_LISTS.map((k, i) => keywordJson(ctx, k, i)), missing: (id) => notFound("ERR_KEYWORD_NOT_FOUND", "keyword list", id) },
  reasons: {
    seeded: (ctx) => FLAG_REASONS.map((r) => ({ ...r, createdAt: iso(ctx.app.createdAt), updatedAt: iso(ctx.app.createdAt), default: true })),
    missing: (id) => notFound("ERR_REASON_NOT_FOUND", "moderation reason", id),
  },
};

/** Each kind's records as they stand (the writes' changes over the seeded ones). */
export const moderationList = (ctx: RequestContext, kind: ModerationListKind) => listed(ctx.app, kind, MODERATION_LISTS[kind].seeded(ctx));

/** One record as it stands, or the kind's not-found error. */
export function moderationRecord(ctx: RequestContext, kind: ModerationListKind, id: string): Json {
  const record = recordOf(ctx.app, kind, MODERATION_LISTS[kind].seeded(ctx), id);
  if (!record) throw MODERATION_LISTS[kind].missing(id);
  return record;
}

export const moderationRoutes: AppRoute[] = [
  get(/^\/moderation\/rules\/?$/, (ctx) => {
    const q = new QueryReader(ctx.params);
    const limit = q.integer("limit", { min: 1, max: 100 }) ?? 50;
    q.done();
    return current(moderationList(ctx, "rules").slice(0, limit), limit);
  }, true),
  get(/^\/moderation\/rules\/(?<ruleId>[^/]+)\/revisions\/?$/, (ctx, { ruleId }) => current([moderationRecord(ctx, "rules", ruleId!)]), true),
  get(/^\/moderation\/rules\/(?<ruleId>[^/]+)\/?$/, (ctx, { ruleId }) => ({ data: moderationRecord(ctx, "rules", ruleId!) }), true),
  get(/^\/moderation\/keywords\/?$/, (ctx) => current(moderationList(ctx, "keywords")), true),
  get(/^\/moderation\/keywords\/(?<keywordId>[^/]+)\/?$/, (ctx, { keywordId }) => ({ data: moderationRecord(ctx, "keywords", keywordId!) }), true),
  get(/^\/moderation\/blocked-messages\/?$/, (ctx) => current(blockedList(ctx)), true),
  get(/^\/moderation\/flagged-messages\/?$/, (ctx) => current(flaggedMessages(ctx.app, false).reverse().map((f) => flaggedJson(ctx, f)))),
  get(/^\/moderation\/reviewed-messages\/?$/, (ctx) => current(flaggedMessages(ctx.app, true).reverse().map((f) => flaggedJson(ctx, f)))),
  get(/^\/moderation\/reasons\/?$/, (ctx) => current(moderationList(ctx, "reasons"))),
  get(/^\/moderation\/reasons\/(?<id>[^/]+)\/?$/, (ctx, { id }) => ({ data: moderationRecord(ctx, "reasons", id!) })),
];
