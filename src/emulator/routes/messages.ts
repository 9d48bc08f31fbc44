import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute, RequestContext } from "../context.js";
import { FLAG, KIND } from "../data/message-store.js";
import { isMember } from "../data/members.js";
import { ServiceError, badRequest, notFound } from "../errors.js";
import { messageJson } from "../message-json.js";
import { findMessage } from "./message-detail.js";
import { moderateAtSend } from "./moderation-at-send.js";

/**
 * The longest text a message may carry. The sources are silent; this is a
 * choice, counted in characters (code points), well inside the 1 MiB body limit.
 */
export const MAX_TEXT = 65_000;

const characters = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

export const messageText = v.pipe(
  v.string("The text must be a string."),
  v.check((t) => t.trim() !== "", "The text may not be empty."),
  v.check((t) => characters(t) <= MAX_TEXT, `The text may not be longer than ${MAX_TEXT} characters.`),
);

const message = v.pipe(
  v.object({
    receiver: v.pipe(v.string("The receiver is required."), v.minLength(1, "The receiver is required.")),
    receiverType: v.picklist(["user", "group"], "The receiverType must be user or group."),
    type: v.pipe(v.string("The type is required."), v.minLength(1, "The type is required.")),
    category: v.optional(v.picklist(["message", "custom"], "The category must be message or custom.")),
    // Any type may carry a text; it must then be within the limits.
    data: v.looseObject({ text: v.optional(messageText) }, "The data must be an object."),
    tags: v.optional(v.array(v.string("Each tag must be a string."), "The tags must be a list of strings.")),
  }),
  v.forward(v.check((m) => m.type !== "text" || m.data.text !== undefined, "A text message needs data.text."), ["data", "text"]),
);

const MENTION = /<@uid:([^>]+)>/;
/** A link in a text: the message then has one (hasLinks). */
export const LINK = /\bhttps?:\/\/\S/i;

/**
 * A message posted by user `sender` (an index): to a user or a group the sender is in, or, given a parent,
 * as a reply in that message's thread (in the parent's conversation: the receiver must name it). The
 * app's moderation rules are applied to it here, the one place every sent message passes.
 */
function posted(ctx: RequestContext, sender: number, body: unknown, parent?: number) {
  const input = parseBody(message, body);
  const { app } = ctx;
  const store = app.messages;
  const uid = app.users[sender]!.uid;
  let conversation;
  if (input.receiverType === "user") {
    const receiver = app.userIndexByUid.get(input.receiver);
    if (receiver === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", input.receiver);
    if (receiver === sender) throw badRequest({ receiver: ["A user cannot send a message to themselves."] });
    conversation = store.userConversation(sender, receiver);
  } else {
    const index = app.groupIndexByGuid.get(input.receiver);
    if (index === undefined) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", input.receiver);
    if (!isMember(app, app.groups[index]!, sender)) {
      throw new ServiceError("ERR_NOT_A_MEMBER", `The user ${uid} is not a member of the group ${input.receiver}.`, "Join the group before sending to it.");
    }
    conversation = store.groupConversation(index);
  }
  if (parent !== undefined && store.conversation[parent] !== conversation.index) throw badRequest({ receiver: ["A reply goes to the conversation of the message it replies to."] });
  const sentText = typeof input.data.text === "string" ? input.data.text : "";
  const mentioned = app.userIndexByUid.get(MENTION.exec(sentText)?.[1] ?? "");
  const attachments = (input.data as { attachments?: unknown }).attachments;
  const flags = (LINK.test(sentText) ? FLAG.link : 0) | (Array.isArray(attachments) && attachments.length > 0 ? FLAG.attachment : 0);
  // Time never runs backwards in a conversation: ids and sentAt grow together.
  const last = store.count > 0 ? store.sentAt[store.count - 1]! : 0;
  const i = store.add({
    sentAt: Math.max(Math.floor(Date.now() / 1000), last), sender, conversation: conversation.index,
    kind: KIND.posted, mention: mentioned, flags, text: sentText, ...(parent === undefined ? {} : { parent }),
  });
  store.posted.set(i, { category: input.category ?? "message", type: input.type, data: input.data, tags: input.tags });
  moderateAtSend(ctx, i, { category: input.category ?? "message", type: input.type, data: input.data });
  const sent = messageJson(app, i, { withTags: true }, ctx.options);
  ctx.events.messageSent(app, sent);
  return { data: sent };
}

/** The onBehalfOf user, whom a message is sent as. */
function senderOf(ctx: RequestContext): number {
  if (!ctx.onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header must carry the UID of the sender."] });
  return ctx.onBehalfOf.index;
}

/**
 * A message sent as the acting user (`POST /messages`), a reply in a message's thread (`POST
 * /messages/{id}/thread`, as the acting user) and a bot's message (`POST /bots/{uid}/messages`: the uid
 * is the sender, any user of the app, no onBehalfOf).
 */
export const messageRoutes: AppRoute[] = [
  { api: "chat", method: "POST", path: /^\/messages\/?$/, handle: (ctx) => posted(ctx, senderOf(ctx), ctx.body) },
  {
    api: "chat", method: "POST", path: /^\/messages\/(?<id>[^/]+)\/thread\/?$/,
    handle: (ctx, { id }) => {
      const sender = senderOf(ctx);
      return posted(ctx, sender, ctx.body, findMessage(ctx, id!));
    },
  },
  {
    api: "chat", method: "POST", path: /^\/bots\/(?<uid>[^/]+)\/messages\/?$/,
    handle: (ctx, { uid }) => {
      const bot = ctx.app.userIndexByUid.get(uid!);
      if (bot === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", uid!);
      return posted(ctx, bot, ctx.body);
    },
  },
];
