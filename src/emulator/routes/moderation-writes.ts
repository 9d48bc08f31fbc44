import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute, RequestContext } from "../context.js";
import { type ModerationListKind, changeRecord } from "../data/moderation-lists.js";
import { flaggedMessage, ruleBlocked } from "../data/moderation.js";
import { badRequest, notFound } from "../errors.js";
import { findMessage } from "./message-detail.js";
import { moderationList, moderationRecord } from "./moderation.js";

/**
 * Moderators' reviews (chat-apis.json): `PATCH /moderation/blocked-messages/{id}`
 * (status approved or rejected; the exports give it with the API key and again,
 * as `{messageId}`, with the management headers: both are taken) and `PATCH
 * /moderation/flagged-messages/{id}` (approved or disapproved: the message
 * leaves the flagged list for the reviewed one). A review may be changed by
 * another; nothing makes a message pending again. The id is the message's; one
 * that is not blocked (or flagged): `ERR_MESSAGE_ID_NOT_FOUND`.
 *
 * A message flagged by a user (`POST /messages/{id}/flagged`, onBehalfOf,
 * a reason's id): pending in the flagged list again. Rules, keyword lists and
 * reasons created, updated and deleted by id (`App.changes.moderationLists`),
 * each kind's body checked by its schema; an id taken: `ERR_BAD_REQUEST`.
 */

const statusOf = <const T extends readonly string[]>(statuses: T) =>
  v.picklist(statuses, `The status must be one of ${statuses.join(", ")}.`);

/** The store's index of message `id` (ids count from 1), when it names a message at all. */
const indexOf = (id: string) => (/^\d+$/.test(id) ? Number(id) - 1 : -1);

function reviewed(ctx: RequestContext, id: string, status: "approved" | "rejected" | "disapproved") {
  ctx.app.changes.reviews.set(indexOf(id), { status, reviewedAt: ctx.now });
  return { data: { success: true, message: `Message with ID ${id} has been reviewed successfully.` } };
}

const text = (field: string) => v.string(`The ${field} field must be a string.`);
const named = (field: string, max: number) => v.pipe(text(field), v.minLength(1, `The ${field} field must not be empty.`), v.maxLength(max, `The ${field} field may be ${max} characters at most.`));

/** Each kind's fields, as a create takes them (an update: the same, each optional, no id). */
const FIELDS = {
  rules: {
    name: named("name", 100), description: v.optional(text("description")), enabled: v.optional(v.boolean("The enabled field must be true or false.")),
    conditions: v.pipe(v.array(v.record(v.string(), v.unknown()), "The conditions field must be an array of conditions."), v.minLength(1, "The conditions field must hold a condition.")),
    action: v.pipe(v.array(v.unknown(), "The action field must be an array."), v.minLength(1, "The action field must hold an action.")),
  },
  keywords: {
    name: named("name", 100), description: v.optional(text("description")),
    category: v.optional(v.picklist(["word", "pattern"], "The category must be word or pattern.")),
    searchTerms: v.pipe(v.array(named("searchTerms", 100), "The searchTerms field must be an array of strings."), v.minLength(1, "The searchTerms field must hold a term.")),
  },
  reasons: { name: named("name", 100), description: v.optional(text("description")) },
} as const;

/** What the service adds to a record it makes: when, and for rules and lists their revision. */
function made(ctx: RequestContext, kind: ModerationListKind, id: string, fields: Record<string, unknown>): Record<string, unknown> {
  if (kind === "reasons") return { id, ...fields, createdAt: new Date(ctx.now * 1000).toISOString(), updatedAt: new Date(ctx.now * 1000).toISOString() };
  const revision = { revisionId: `${ctx.app.appId}_${id}_1`, active: true, createdAt: ctx.now, updatedAt: ctx.now };
  return kind === "rules" ? { id, enabled: true, ...fields, ...revision } : { id, appId: ctx.app.appId, category: "word", isCSV: false, ...fields, ...revision };
}

/** A kind's create, update and delete, at its path. */
function listRoutes(kind: ModerationListKind): AppRoute[] {
  const auth = kind === "reasons" ? {} : { auth: "moderation" as const };
  const one = new RegExp(`^/moderation/${kind}/(?<id>[^/]+)/?$`);
  return [
    {
      api: "chat", method: "POST", path: new RegExp(`^/moderation/${kind}/?$`), ...auth,
      handle: (ctx) => {
        const { id, ...fields } = parseBody(v.object({ id: named("id", 100), ...FIELDS[kind] }), ctx.body);
        if (moderationList(ctx, kind).some((r) => String(r.id) === id)) throw badRequest({ id: [`The id ${id} is taken.`] });
        const record = made(ctx, kind, id, fields);
        changeRecord(ctx.app, kind, id, record, false);
        return { data: record };
      },
    },
    {
      api: "chat", method: "PUT", path: one, ...auth,
      handle: (ctx, { id }) => {
        const fields = parseBody(v.partial(v.object(FIELDS[kind])), ctx.body);
        moderationRecord(ctx, kind, id!);
        changeRecord(ctx.app, kind, id!, { ...fields, updatedAt: kind === "reasons" ? new Date(ctx.now * 1000).toISOString() : ctx.now }, true);
        return { data: moderationRecord(ctx, kind, id!) };
      },
    },
    {
      api: "chat", method: "DELETE", path: one, ...auth,
      handle: (ctx, { id }) => {
        moderationRecord(ctx, kind, id!);
        changeRecord(ctx.app, kind, id!, null, false);
        const said = { success: true, message: `The ${kind === "reasons" ? "reason" : kind === "rules" ? "rule" : "keyword list"} with id ${id} has been deleted successfully.` };
        // A reason's delete answers outside `data`, as the exports give it.
        return kind === "reasons" ? said : { data: said };
      },
    },
  ];
}

export const moderationWriteRoutes: AppRoute[] = [
  ...(["rules", "keywords", "reasons"] as const).flatMap(listRoutes),
  {
    api: "chat", method: "POST", path: /^\/messages\/(?<id>[^/]+)\/flagged\/?$/,
    handle: (ctx, { id }) => {
      if (!ctx.onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header is required: the UID of the user flagging."] });
      const { reasonId, remark } = parseBody(v.object({ reasonId: named("reasonId", 100), remark: v.optional(text("remark")) }), ctx.body);
      const i = findMessage(ctx, id!);
      moderationRecord(ctx, "reasons", reasonId);
      ctx.app.changes.flags.set(i, { reporter: ctx.onBehalfOf.index, reason: reasonId, flaggedAt: ctx.now, ...(remark === undefined ? {} : { remark }) });
      // Flagged again: pending again, whatever an earlier review said.
      ctx.app.changes.reviews.delete(i);
      return { data: { success: true, message: `Message ${id} has been flagged successfully.` } };
    },
  },
  {
    api: "chat", method: "PATCH", path: /^\/moderation\/blocked-messages\/(?<id>[^/]+)\/?$/, auth: "moderation-or-apikey",
    handle: (ctx, { id }) => {
      // `reviewed` is documented beside the status, and taken; the status is the review.
      const { status } = parseBody(v.object({ status: statusOf(["approved", "rejected"] as const), reviewed: v.optional(v.boolean("The reviewed field must be true or false.")) }), ctx.body);
      if (!ruleBlocked(ctx.app, indexOf(id!))) throw notFound("ERR_MESSAGE_ID_NOT_FOUND", "blocked message with ID", id!);
      return reviewed(ctx, id!, status);
    },
  },
  {
    api: "chat", method: "PATCH", path: /^\/moderation\/flagged-messages\/(?<id>[^/]+)\/?$/,
    handle: (ctx, { id }) => {
      const { status } = parseBody(v.object({ status: statusOf(["approved", "disapproved"] as const) }), ctx.body);
      if (!flaggedMessage(ctx.app, indexOf(id!))) throw notFound("ERR_MESSAGE_ID_NOT_FOUND", "flagged message with ID", id!);
      return reviewed(ctx, id!, status);
    },
  },
];
