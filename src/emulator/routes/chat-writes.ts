import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute, RequestContext } from "../context.js";
import { tokensOf } from "../data/auth-tokens.js";
import { friendsOf } from "../data/friends.js";
import { isMember, membershipOf } from "../data/members.js";
import { FLAG, KIND, type Conversation } from "../data/message-store.js";
import { changesOf } from "../data/model.js";
import { reactionKey, reactionsTo } from "../data/reactions.js";
import { lastReadIndex, takesPart } from "../data/reads.js";
import { ServiceError, badRequest, notFound } from "../errors.js";
import { messageJson } from "../message-json.js";
import { findMessage } from "./message-detail.js";
import { LINK, messageText } from "./messages.js";
import { eachUid, userIndexOf } from "./writes.js";

/**
 * The chat writes beside users and members (chat-apis.json): friends added
 * (`accepted`, answered per uid) and removed (`friends`), both ways; auth
 * tokens revoked, one or all, or updated (where one is used: platform,
 * userAgent, appInfo, merged over what an earlier update said); a message's text edited, a message deleted
 * (`permanent`: gone from every read); a reaction added or taken back, and a
 * conversation marked read, unread or delivered, as the onBehalfOf user
 * (required). Each is laid over the derived data in `app.changes`, so the
 * reads after it show it. Errors: an unknown user, group, message or token;
 * a group conversation of a user who is not a member (ERR_NOT_A_MEMBER); a
 * message edited or deleted for another user than its sender
 * (AUTH_ERR_NO_ACCESS); a message id that is not the conversation's.
 */

const now = () => Math.floor(Date.now() / 1000);
const uids = (field: string) => v.pipe(v.array(v.string(), `The ${field} field must be an array of uids.`), v.minLength(1, `The ${field} field must name at least one uid.`));
const route = (method: AppRoute["method"], path: RegExp, handle: AppRoute["handle"]): AppRoute => ({ api: "chat", method, path, handle });

/** A user's auth token, or ERR_AUTH_TOKEN_NOT_FOUND. */
function tokenOf(ctx: RequestContext, uid: string, token: string) {
  const found = tokensOf(ctx.app, userIndexOf(ctx, uid)).find((t) => t.authToken === token);
  if (!found) throw new ServiceError("ERR_AUTH_TOKEN_NOT_FOUND", `The auth token does not exist for the user ${uid}.`, "List the user's tokens with GET /users/{uid}/auth_tokens.");
  return found;
}

const tokenDetails = v.object({
  platform: v.optional(v.string("The platform must be a string.")),
  userAgent: v.optional(v.string("The userAgent must be a string.")),
  appInfo: v.optional(v.record(v.string(), v.unknown(), "The appInfo must be an object.")),
});

/** The onBehalfOf user, where the exports require one. */
function actingUser(ctx: RequestContext): number {
  if (!ctx.onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header is required: the UID of the user acting."] });
  return ctx.onBehalfOf.index;
}

const noAccess = (ctx: RequestContext, what: string) =>
  new ServiceError("AUTH_ERR_NO_ACCESS", `The user ${ctx.onBehalfOf!.user.uid} may not ${what}.`, "Act as the message's sender (onBehalfOf), or without onBehalfOf.");

/** Friends both ways, or neither: the time they became friends, or null. */
function befriend(ctx: RequestContext, a: number, b: number, at: number | null): void {
  changesOf(ctx.app.changes.friends, a).set(b, at);
  changesOf(ctx.app.changes.friends, b).set(a, at);
}

/** The conversation of a receipt: with a user, or a group's, as the onBehalfOf user has it. */
function conversationOf(ctx: RequestContext, kind: string, id: string, me: number): Conversation {
  const { app } = ctx;
  let conversation: Conversation | undefined;
  if (kind === "users") conversation = app.messages.findUserConversation(me, userIndexOf(ctx, id));
  else {
    const index = app.groupIndexByGuid.get(id);
    if (index === undefined) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", id);
    if (!isMember(app, app.groups[index]!, me)) throw notFound("ERR_NOT_A_MEMBER", `member of ${id} named`, app.users[me]!.uid);
    conversation = app.messages.findGroupConversation(index);
  }
  if (!conversation || conversation.messages.length === 0) throw notFound("ERR_CONVERSATION_NOT_FOUND", "conversation with", id);
  return conversation;
}

/** The message a receipt names (`messageId`), which must be the conversation's; else undefined. */
function receiptMessage(ctx: RequestContext, conversation: Conversation): number | undefined {
  const { messageId } = parseBody(v.object({ messageId: v.optional(v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^\d+$/))], "The messageId must be a message's id.")) }), ctx.body);
  if (messageId === undefined) return undefined;
  const i = findMessage(ctx, String(messageId));
  if (ctx.app.messages.conversation[i] !== conversation.index) throw badRequest({ messageId: [`The message ${messageId} is not in this conversation.`] });
  return i;
}

/** A receipt's answer: a user conversation's says `Message`, as the exports' examples do. */
const receiptAnswer = (kind: string, message: string) => ({ data: { success: true, ...(kind === "users" ? { Message: message } : { message }) } });

export const chatWriteRoutes: AppRoute[] = [
  route("POST", /^\/users\/(?<uid>[^/]+)\/friends\/?$/, (ctx, { uid }) => {
    const user = userIndexOf(ctx, uid!);
    const { accepted } = parseBody(v.object({ accepted: uids("accepted") }), ctx.body);
    return { data: { accepted: eachUid(accepted, (other) => {
      const friend = userIndexOf(ctx, other);
      if (friend === user) throw badRequest({ accepted: ["A user cannot befriend themselves."] });
      if (!friendsOf(ctx.app, user).includes(friend)) befriend(ctx, user, friend, now());
      return { message: "Created relationship with status accepted." };
    }) } };
  }),
  route("DELETE", /^\/users\/(?<uid>[^/]+)\/friends\/?$/, (ctx, { uid }) => {
    const user = userIndexOf(ctx, uid!);
    const { friends } = parseBody(v.object({ friends: uids("friends") }), ctx.body);
    // Every uid known, or nothing changed.
    const others = friends.map((other) => userIndexOf(ctx, other));
    for (const friend of others) if (friendsOf(ctx.app, user).includes(friend)) befriend(ctx, user, friend, null);
    return { data: { success: true, message: "Deleted the friend relations successfully" } };
  }),
  route("PUT", /^\/users\/(?<uid>[^/]+)\/auth_tokens\/(?<token>[^/]+)\/?$/, (ctx, { uid, token }) => {
    const details = parseBody(tokenDetails, ctx.body);
    const found = tokenOf(ctx, uid!, token!);
    ctx.app.changes.tokenDetails.set(token!, { ...ctx.app.changes.tokenDetails.get(token!), ...details });
    return { data: { ...found, ...ctx.app.changes.tokenDetails.get(token!) } };
  }),
  route("DELETE", /^\/users\/(?<uid>[^/]+)\/auth_tokens\/(?<token>[^/]+)\/?$/, (ctx, { uid, token }) => {
    tokenOf(ctx, uid!, token!);
    ctx.app.changes.revokedTokens.add(token!);
    return { data: { success: true, message: `An auth token of ${uid} has been deleted successfully.` } };
  }),
  route("DELETE", /^\/users\/(?<uid>[^/]+)\/auth_tokens\/?$/, (ctx, { uid }) => {
    for (const t of tokensOf(ctx.app, userIndexOf(ctx, uid!))) ctx.app.changes.revokedTokens.add(t.authToken);
    return { data: { success: true, message: `Cleared Auth Tokens successfully for uid ${uid}.` } };
  }),
  route("PUT", /^\/messages\/(?<id>[^/]+)\/?$/, (ctx, { id }) => {
    const i = findMessage(ctx, id!);
    const store = ctx.app.messages;
    if (ctx.onBehalfOf && ctx.onBehalfOf.index !== store.sender[i]) throw noAccess(ctx, `edit message ${id}: only its sender may`);
    if (store.deletedAt[i]! > 0) throw badRequest({ id: [`The message ${id} is deleted: it cannot be edited.`] });
    const { data } = parseBody(v.object({ data: v.object({ text: messageText }, "The data must be an object with the new text.") }), ctx.body);
    const posted = store.posted.get(i);
    if (store.kind[i] !== KIND.text && typeof posted?.data.text !== "string") throw badRequest({ "data.text": [`The message ${id} has no text to edit.`] });
    store.text[i] = data.text;
    if (posted) posted.data = { ...posted.data, text: data.text };
    store.flags[i] = LINK.test(data.text) ? store.flags[i]! | FLAG.link : store.flags[i]! & ~FLAG.link;
    store.editedAt[i] = Math.max(now(), store.sentAt[i]!);
    return { data: messageJson(ctx.app, i, { withTags: true, viewer: ctx.onBehalfOf?.index }, ctx.options) };
  }),
  route("DELETE", /^\/messages\/(?<id>[^/]+)\/?$/, (ctx, { id }) => {
    const i = findMessage(ctx, id!);
    const { app } = ctx;
    const store = app.messages;
    const { permanent } = parseBody(v.object({ permanent: v.optional(v.boolean("The permanent field must be true or false.")) }), ctx.body);
    const me = ctx.onBehalfOf?.index;
    if (me !== undefined && me !== store.sender[i]) {
      // A group's admins and moderators may delete its members' messages.
      const group = store.conversations[store.conversation[i]!]!.group;
      const scope = group >= 0 ? membershipOf(app, app.groups[group]!, me)?.scope : undefined;
      if (scope !== "admin" && scope !== "moderator") throw noAccess(ctx, `delete message ${id}: only its sender, or a group's admin or moderator, may`);
    }
    if (store.deletedAt[i] === 0) {
      store.deletedAt[i] = Math.max(now(), store.sentAt[i]!);
      store.deletedBy[i] = me ?? store.sender[i]!;
    }
    if (permanent) {
      app.changes.purged.add(i);
      return { data: { success: true, message: `The message ${id} has been deleted permanently.` } };
    }
    return { data: messageJson(app, i, { withTags: true, viewer: me }, ctx.options) };
  }),
  ...(["POST", "DELETE"] as const).map((method) => route(method, /^\/messages\/(?<id>[^/]+)\/reactions\/(?<reaction>[^/]+)\/?$/, (ctx, { id, reaction }) => {
    const me = actingUser(ctx);
    const i = findMessage(ctx, id!);
    const { app } = ctx;
    if (app.messages.deletedAt[i]! > 0) throw badRequest({ id: [`The message ${id} is deleted: it takes no reaction.`] });
    const conversation = app.messages.conversations[app.messages.conversation[i]!]!;
    if (!takesPart(app, conversation, me)) {
      if (conversation.group >= 0) throw notFound("ERR_NOT_A_MEMBER", `member of ${app.groups[conversation.group]!.guid} named`, app.users[me]!.uid);
      throw noAccess(ctx, `react to message ${id}: it is not in their conversation`);
    }
    const mine = reactionsTo(app, i).some((r) => r.userIndex === me && r.reaction === reaction);
    if (method === "POST" && !mine) changesOf(app.changes.reactions, i).set(reactionKey(me, reaction!), now());
    if (method === "DELETE" && mine) changesOf(app.changes.reactions, i).set(reactionKey(me, reaction!), null);
    return { data: messageJson(app, i, { withTags: false, viewer: me }, ctx.options) };
  })),
  ...(["users", "groups"] as const).flatMap((kind) => [
    route("POST", new RegExp(`^\\/${kind}\\/(?<id>[^/]+)\\/conversation\\/read\\/?$`), (ctx, { id }) => {
      const me = actingUser(ctx);
      const conversation = conversationOf(ctx, kind, id!, me);
      const upTo = receiptMessage(ctx, conversation) ?? conversation.messages.at(-1)!;
      changesOf(ctx.app.changes.reads, me).set(conversation.index, Math.max(lastReadIndex(ctx.app, conversation, me), upTo));
      if (upTo !== undefined) ctx.events.receipt(ctx.app, "read", String(upTo + 1), kind === "users" ? "user" : "group", ctx.now);
      return receiptAnswer(kind, `The messages are marked as read for the user ${ctx.onBehalfOf!.user.uid}.`);
    }),
    route("DELETE", new RegExp(`^\\/${kind}\\/(?<id>[^/]+)\\/conversation\\/read\\/?$`), (ctx, { id }) => {
      const me = actingUser(ctx);
      const conversation = conversationOf(ctx, kind, id!, me);
      // The messages after the one given become unread; without one, the last message.
      const after = receiptMessage(ctx, conversation) ?? conversation.messages.at(-2) ?? -1;
      changesOf(ctx.app.changes.reads, me).set(conversation.index, Math.min(lastReadIndex(ctx.app, conversation, me), after));
      return receiptAnswer(kind, `The messages after the message id ${after + 1} are marked as unread for the user ${ctx.onBehalfOf!.user.uid}.`);
    }),
    route("POST", new RegExp(`^\\/${kind}\\/(?<id>[^/]+)\\/conversation\\/delivered\\/?$`), (ctx, { id }) => {
      const me = actingUser(ctx);
      const conversation = conversationOf(ctx, kind, id!, me);
      const upTo = receiptMessage(ctx, conversation) ?? conversation.messages.at(-1)!;
      const delivered = changesOf(ctx.app.changes.delivered, me);
      delivered.set(conversation.index, Math.max(delivered.get(conversation.index) ?? -1, upTo));
      if (upTo !== undefined) ctx.events.receipt(ctx.app, "delivered", String(upTo + 1), kind === "users" ? "user" : "group", ctx.now);
      return receiptAnswer(kind, `The messages are marked as delivered for the user ${ctx.onBehalfOf!.user.uid}.`);
    }),
  ]),
];
