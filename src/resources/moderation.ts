import * as v from "valibot";
import { idText, opt, tolerantObject } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
import { type Resource, yesNo } from "./resource.js";

/**
 * Moderation (chat-apis.json), under `ccx moderation`: the rules and the
 * keyword lists they match, and the messages they blocked (rules, keywords
 * and blocked messages take the management key and secret, on the chat
 * host); what users flagged, what was reviewed, and the reasons to flag (the
 * API key). Every list answers `meta.current` alone: one page.
 */

const ruleSchema = tolerantObject("id", {
  id: idText,
  name: opt(v.string()),
  description: opt(v.string()),
  enabled: opt(v.boolean()),
  default: opt(v.boolean()),
  revisionId: opt(v.string()),
  conditions: opt(v.array(v.unknown())),
});
type Rule = v.InferOutput<typeof ruleSchema>;

/** A condition or action list in a few words: `keyword profanity-en`. */
const described = (list: readonly unknown[] | undefined) =>
  (list ?? []).map((c) => (c && typeof c === "object" ? Object.values(c as Record<string, unknown>).filter((x) => typeof x === "string").slice(0, 2).join(" ") : String(c))).join(", ");

export const moderationRules: Resource<Rule> = {
  name: "rules",
  singular: "rule",
  aliases: ["moderation-rules"],
  command: { group: "moderation", word: "rules" },
  description: "the moderation rules: what each matches and whether it is on",
  idField: "id",
  schema: ruleSchema,
  list: { path: "/moderation/rules" },
  detail: { path: "/moderation/rules/{ruleId}", first: ["id", "name", "description", "enabled", "conditions", "action", "revisionId", "createdAt", "updatedAt"] },
  children: ["revisions"],
  columns: [
    { header: "id", field: "id", get: (r) => r.id, min: 10 },
    { header: "name", field: "name", get: (r) => r.name ?? "", min: 10, max: 32, grows: true },
    { header: "on", field: "enabled", get: (r) => yesNo(r.enabled), min: 3 },
    { header: "default", field: "default", get: (r) => yesNo(r.default), min: 7 },
    { header: "conditions", field: "conditions", get: (r) => described(r.conditions), min: 10, grows: true },
  ],
};

/** A rule's revisions: the rule as it stood at each (GET /moderation/rules/{ruleId}/revisions). */
export const ruleRevisions: Resource<Rule> = {
  ...moderationRules,
  name: "revisions",
  singular: "revision",
  aliases: [],
  command: { group: "moderation", word: "revisions" },
  description: "a moderation rule's revisions: the rule as it stood at each",
  list: { path: "/moderation/rules/{ruleId}/revisions" },
  detail: undefined,
  children: undefined,
  columns: [
    { header: "revision", field: "revisionId", get: (r) => r.revisionId ?? "", min: 10 },
    ...moderationRules.columns.slice(1),
  ],
};

const keywordSchema = tolerantObject("id", {
  id: idText,
  name: opt(v.string()),
  category: opt(v.string()),
  searchTerms: opt(v.array(v.string())),
});
type Keywords = v.InferOutput<typeof keywordSchema>;

export const moderationKeywords: Resource<Keywords> = {
  name: "keywords",
  singular: "keyword list",
  command: { group: "moderation", word: "keywords" },
  description: "the keyword lists moderation rules match",
  idField: "id",
  schema: keywordSchema,
  list: { path: "/moderation/keywords" },
  detail: { path: "/moderation/keywords/{keywordId}" },
  columns: [
    { header: "id", field: "id", get: (k) => k.id, min: 10 },
    { header: "name", field: "name", get: (k) => k.name ?? "", min: 10, max: 32 },
    { header: "category", field: "category", get: (k) => k.category ?? "", min: 8 },
    { header: "terms", field: "searchTerms", get: (k) => (k.searchTerms ?? []).join(", "), min: 10, grows: true },
  ],
};

/** A message inside a moderation record: enough of it to say which and from whom. */
const recordMessage = v.looseObject({ id: opt(idText), sender: opt(v.unknown()), receiver: opt(v.unknown()), data: opt(v.unknown()) });
const textOf = (message: v.InferOutput<typeof recordMessage> | undefined) => {
  const text = (message?.data as { text?: unknown } | undefined)?.text;
  return typeof text === "string" ? text : "";
};
const uidOf = (value: unknown) => (typeof value === "string" ? value : typeof (value as { uid?: unknown })?.uid === "string" ? (value as { uid: string }).uid : "");

/** What a blocked record's condition says it matched: the documented `message` (or `value`), an older answer's `matched`. */
function conditionSays(condition: unknown): string {
  const c = (condition ?? {}) as { message?: unknown; value?: unknown; matched?: unknown };
  const first = (list: unknown) => (Array.isArray(list) && list.length > 0 ? String(list[0]) : undefined);
  return first(c.message) ?? (c.matched === undefined ? undefined : String(c.matched)) ?? first(c.value) ?? "";
}

const blockedSchema = tolerantObject("ruleId", {
  ruleId: v.string(),
  ruleName: opt(v.string()),
  condition: opt(v.unknown()),
  message: opt(recordMessage),
  createdAt: opt(v.union([v.number(), v.string()])),
});
type BlockedRecord = v.InferOutput<typeof blockedSchema>;

export const blockedMessages: Resource<BlockedRecord> = {
  name: "blocked-messages",
  singular: "blocked message",
  command: { group: "moderation", word: "blocked" },
  description: "the messages moderation blocked: which rule, what it matched, the message",
  idField: "ruleId",
  schema: blockedSchema,
  list: { path: "/moderation/blocked-messages" },
  columns: [
    { header: "when", field: "createdAt", get: (b) => formatTime(b.createdAt), min: 16 },
    { header: "message", get: (b) => b.message?.id ?? "", min: 7 },
    { header: "sender", get: (b) => uidOf(b.message?.sender), min: 8, max: 20 },
    { header: "rule", field: "ruleName", get: (b) => b.ruleName ?? b.ruleId, min: 10, max: 28 },
    { header: "matched", get: (b) => conditionSays(b.condition), min: 7 },
    { header: "text", get: (b) => textOf(b.message), min: 10, grows: true },
  ],
};

const flaggedSchema = tolerantObject("id", {
  id: idText,
  messageId: opt(idText),
  status: opt(v.string()),
  message: opt(recordMessage),
  reportedBy: opt(v.array(v.looseObject({ uid: opt(v.string()), reason: opt(v.string()) }))),
  createdAt: opt(v.union([v.number(), v.string()])),
});
type FlaggedRecord = v.InferOutput<typeof flaggedSchema>;

const flaggedColumns: Resource<FlaggedRecord>["columns"] = [
  { header: "when", field: "createdAt", get: (f) => formatTime(f.createdAt), min: 16 },
  { header: "message", field: "messageId", get: (f) => f.messageId ?? f.message?.id ?? "", min: 7 },
  { header: "status", field: "status", get: (f) => f.status ?? "", min: 8 },
  { header: "by", get: (f) => (f.reportedBy ?? []).map((r) => r.uid).join(", "), min: 8, max: 20 },
  { header: "reason", get: (f) => (f.reportedBy ?? []).map((r) => r.reason).join(", "), min: 8 },
  { header: "text", get: (f) => textOf(f.message), min: 10, grows: true },
];

export const flaggedMessages: Resource<FlaggedRecord> = {
  name: "flagged-messages",
  singular: "flagged message",
  command: { group: "moderation", word: "flagged" },
  description: "the messages users flagged, not yet reviewed",
  idField: "id",
  schema: flaggedSchema,
  list: { path: "/moderation/flagged-messages" },
  columns: flaggedColumns,
};

export const reviewedMessages: Resource<FlaggedRecord> = {
  name: "reviewed-messages",
  singular: "reviewed message",
  command: { group: "moderation", word: "reviewed" },
  description: "the flagged messages a moderator reviewed, and the verdict",
  idField: "id",
  schema: flaggedSchema,
  list: { path: "/moderation/reviewed-messages" },
  columns: flaggedColumns,
};

const reasonSchema = tolerantObject("id", {
  id: idText,
  name: opt(v.string()),
  description: opt(v.string()),
  default: opt(v.boolean()),
});
type Reason = v.InferOutput<typeof reasonSchema>;

export const flagReasons: Resource<Reason> = {
  name: "reasons",
  singular: "reason",
  command: { group: "moderation", word: "reasons" },
  description: "the reasons users may give when they flag a message",
  idField: "id",
  schema: reasonSchema,
  list: { path: "/moderation/reasons" },
  detail: { path: "/moderation/reasons/{id}" },
  columns: [
    { header: "id", field: "id", get: (r) => r.id, min: 8 },
    { header: "name", field: "name", get: (r) => r.name ?? "", min: 8, max: 24 },
    { header: "default", field: "default", get: (r) => yesNo(r.default), min: 7 },
    { header: "description", field: "description", get: (r) => r.description ?? "", min: 10, grows: true },
  ],
};
