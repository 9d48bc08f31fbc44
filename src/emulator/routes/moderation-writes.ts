import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute, RequestContext } from "../context.js";
import { blockedMessage, flaggedMessage } from "../data/moderation.js";
import { notFound } from "../errors.js";

/**
 * Moderators' reviews (chat-apis.json): `PATCH /moderation/blocked-messages/{id}`
 * (status approved or rejected; the exports give it with the API key and again,
 * as `{messageId}`, with the management headers: both are taken) and `PATCH
 * /moderation/flagged-messages/{id}` (approved or disapproved: the message
 * leaves the flagged list for the reviewed one). A review may be changed by
 * another; nothing makes a message pending again. The id is the message's; one
 * that is not blocked (or flagged): `ERR_MESSAGE_ID_NOT_FOUND`.
 */

const statusOf = <const T extends readonly string[]>(statuses: T) =>
  v.picklist(statuses, `The status must be one of ${statuses.join(", ")}.`);

/** The store's index of message `id` (ids count from 1), when it names a message at all. */
const indexOf = (id: string) => (/^\d+$/.test(id) ? Number(id) - 1 : -1);

function reviewed(ctx: RequestContext, id: string, status: "approved" | "rejected" | "disapproved") {
  ctx.app.changes.reviews.set(indexOf(id), { status, reviewedAt: ctx.now });
  return { data: { success: true, message: `Message with ID ${id} has been reviewed successfully.` } };
}

export const moderationWriteRoutes: AppRoute[] = [
  {
    api: "chat", method: "PATCH", path: /^\/moderation\/blocked-messages\/(?<id>[^/]+)\/?$/, auth: "moderation-or-apikey",
    handle: (ctx, { id }) => {
      // `reviewed` is documented beside the status, and taken; the status is the review.
      const { status } = parseBody(v.object({ status: statusOf(["approved", "rejected"] as const), reviewed: v.optional(v.boolean("The reviewed field must be true or false.")) }), ctx.body);
      if (!blockedMessage(ctx.app, indexOf(id!))) throw notFound("ERR_MESSAGE_ID_NOT_FOUND", "blocked message with ID", id!);
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
