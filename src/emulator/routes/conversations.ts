import type { AppRoute, RequestContext } from "../context.js";
import type { Conversation } from "../data/message-store.js";
import { membersOf } from "../data/members.js";
import * as v from "valibot";
import { parseBody } from "../body.js";
import { type App, type Group, type User, changesOf } from "../data/model.js";
import { hash32, mix32 } from "../data/random.js";
import { takesPart, unreadIn } from "../data/reads.js";
import { CONVERSATION_TAGS } from "../data/vocabulary.js";
import { conversationIdOf, messageJson } from "../message-json.js";
import { badRequest, notFound } from "../errors.js";
import { QueryReader, paginate, readPage } from "../query.js";
import { groupJson, userJson } from "../serialize.js";

/**
 * GET /conversations (docs/service.md): the onBehalfOf user's conversations, made
 * from the messages: the groups they are a member of that have messages, and
 * the users they have written with. Newest `updatedAt` (the last message's)
 * first, ties by conversationId. Without onBehalfOf, the app's view: every
 * user's conversations, by uid, then as a user's own list is ordered (the
 * export: "ordered based on uid, updatedAt and then conversationWith"), so a
 * conversation comes once per user taking part in it. `searchKey` matches the
 * other side's name; `userTags`/`groupTags` keep the 1:1 / group conversations
 * whose user / group has one of the tags (given both, either kind may pass);
 * `tags` matches the user's own tags on the conversation, sent only with
 * withTags=true; the other side's tags are sent only with withUserAndGroupTags=true.
 */

const TAGGED = 0x74616773;

/** The user's own tags on a conversation: those set through the API, else derived (about one conversation in five has one). */
function conversationTags(app: App, conversation: Conversation, user: number): string[] {
  const set = app.changes.conversationTags.get(user)?.get(conversation.index);
  if (set) return set;
  const roll = mix32(hash32(app.appId), app.seed, user, conversation.index, TAGGED);
  return roll % 5 === 0 ? [CONVERSATION_TAGS[(roll >>> 8) % CONVERSATION_TAGS.length]!] : [];
}

interface Row {
  conversation: Conversation;
  /** Whose conversation this row is. */
  owner: number;
  id: string;
  with: { group: Group } | { user: User };
  last: number;
  updatedAt: number;
}

interface View {
  withTags: boolean;
  withUserAndGroupTags: boolean;
}

/** Whether the user deleted the conversation since its last message (a later one brings it back). */
const deletedFor = (app: App, conversation: Conversation, user: number) =>
  (app.changes.conversationsDeleted.get(user)?.get(conversation.index) ?? -1) >= conversation.messages[conversation.messages.length - 1]!;

const anyOf = (have: readonly string[] | undefined, wanted: readonly string[]) => (have ?? []).some((t) => wanted.includes(t));
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The users a conversation belongs to: its two users, or its group's members. */
function partiesOf(app: App, conversation: Conversation): number[] {
  return conversation.group >= 0 ? membersOf(app, app.groups[conversation.group]!).map((m) => m.userIndex) : [conversation.userA, conversation.userB];
}

function rowsOf(ctx: RequestContext) {
  const { app, onBehalfOf } = ctx;
  const q = new QueryReader(ctx.params);
  const page = readPage(q, { perPage: 100, max: 1000 });
  const searchKey = q.string("searchKey")?.toLowerCase();
  const type = q.oneOf("conversationType", ["user", "group"] as const);
  const unread = q.boolean("unread") ?? false;
  const tags = q.list("tags");
  const view: View = { withTags: q.boolean("withTags") ?? false, withUserAndGroupTags: q.boolean("withUserAndGroupTags") ?? false };
  const userTags = q.list("userTags");
  const groupTags = q.list("groupTags");
  q.done();
  const rows: Row[] = [];
  for (const conversation of app.messages.conversations) {
    if (conversation.messages.length === 0) continue;
    const group = conversation.group >= 0 ? app.groups[conversation.group]! : undefined;
    if (group?.deletedAt !== undefined) continue;
    if (type && type !== (group ? "group" : "user")) continue;
    if ((userTags || groupTags) && group && !(groupTags && anyOf(group.tags, groupTags))) continue;
    const owners = onBehalfOf ? (takesPart(app, conversation, onBehalfOf.index) ? [onBehalfOf.index] : []) : partiesOf(app, conversation);
    for (const owner of owners) {
      const user = group ? undefined : app.users[conversation.userA === owner ? conversation.userB : conversation.userA]!;
      if (deletedFor(app, conversation, owner)) continue;
      if (searchKey !== undefined && !(group ?? user)!.name.toLowerCase().includes(searchKey)) continue;
      if (user && (userTags || groupTags) && !(userTags && anyOf(user.tags, userTags))) continue;
      if (tags && !anyOf(conversationTags(app, conversation, owner), tags)) continue;
      if (unread && unreadIn(app, conversation, owner).messages === 0) continue;
      const last = conversation.messages[conversation.messages.length - 1]!;
      rows.push({
        conversation, owner, id: conversationIdOf(app, conversation), with: group ? { group } : { user: user! },
        last, updatedAt: app.messages.updatedAt(last),
      });
    }
  }
  const uidOf = (row: Row) => app.users[row.owner]!.uid;
  rows.sort((a, b) => byText(uidOf(a), uidOf(b)) || b.updatedAt - a.updatedAt || byText(a.id, b.id));
  return { rows, page, view };
}

function conversationJson(ctx: RequestContext, row: Row, view: View): Record<string, unknown> {
  const { app, options } = ctx;
  const me = row.owner;
  const unread = unreadIn(app, row.conversation, me);
  const json: Record<string, unknown> = {
    conversationId: row.id,
    conversationType: "group" in row.with ? "group" : "user",
    // The exports' examples send the count as a string ("0"); their field table says integer.
    unreadMessageCount: options.variants.has("unread-count-number") ? unread.messages : String(unread.messages),
    unreadMentionsCount: unread.mentions,
    // When it began: its first message (the exports' examples send it beside updatedAt).
    createdAt: app.messages.sentAt[row.conversation.messages[0] ?? row.last]!,
  };
  if (unread.lastRead >= 0) json.lastReadMessageId = String(unread.lastRead + 1);
  json.lastMessage = messageJson(app, row.last, { withTags: view.withTags }, options);
  json.conversationWith = "group" in row.with
    ? groupJson(app, row.with.group, { withTags: view.withUserAndGroupTags, userIndex: me }, options)
    : { ...userJson(row.with.user, view.withUserAndGroupTags), conversationId: row.id };
  json.updatedAt = row.updatedAt;
  const tags = view.withTags ? conversationTags(app, row.conversation, me) : [];
  if (tags.length > 0) json.tags = tags;
  return json;
}

/** The conversation the path names, as the onBehalfOf user's (required): with a user, or a group's they take part in. */
function conversationFor(ctx: RequestContext, of: { uid?: string; guid?: string }): Row {
  const { app, onBehalfOf } = ctx;
  if (!onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header is required."] });
  const me = onBehalfOf.index;
  let conversation: Conversation | undefined;
  let withWhom: Row["with"];
  if (of.uid !== undefined) {
    const other = app.userIndexByUid.get(of.uid);
    if (other === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", of.uid);
    conversation = app.messages.findUserConversation(me, other);
    withWhom = { user: app.users[other]! };
  } else {
    const index = app.groupIndexByGuid.get(of.guid!);
    if (index === undefined) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", of.guid!);
    conversation = app.messages.findGroupConversation(index);
    withWhom = { group: app.groups[index]! };
    if (conversation && !takesPart(app, conversation, me)) throw notFound("ERR_NOT_A_MEMBER", `member of ${of.guid} named`, onBehalfOf.user.uid);
  }
  if (!conversation || conversation.messages.length === 0 || deletedFor(app, conversation, me)) throw notFound("ERR_CONVERSATION_NOT_FOUND", "conversation with", of.uid ?? of.guid!);
  const last = conversation.messages[conversation.messages.length - 1]!;
  return { conversation, owner: me, id: conversationIdOf(app, conversation), with: withWhom, last, updatedAt: app.messages.updatedAt(last) };
}

/**
 * One conversation as the onBehalfOf user sees it (GET /users/{uid}/conversation, /groups/{guid}/conversation):
 * onBehalfOf required, answered as an array of one, as the exports' examples answer it, with the user's own tags on it.
 */
function oneConversation(ctx: RequestContext, of: { uid?: string; guid?: string }): unknown {
  const row = conversationFor(ctx, of);
  const json = conversationJson(ctx, row, { withTags: false, withUserAndGroupTags: false });
  const tags = conversationTags(ctx.app, row.conversation, row.owner);
  return { data: [tags.length > 0 ? { ...json, tags } : json] };
}

const tagList = v.object({ tags: v.array(v.string("Each tag must be a string."), "The tags must be a list of strings.") });

/** The user's own tags on the conversation set (PUT): answered as the conversation, as the GET does. */
function tagConversation(ctx: RequestContext, of: { uid?: string; guid?: string }): unknown {
  const { tags } = parseBody(tagList, ctx.body);
  const row = conversationFor(ctx, of);
  changesOf(ctx.app.changes.conversationTags, row.owner).set(row.conversation.index, tags);
  return oneConversation(ctx, of);
}

/** The conversation deleted for the user (DELETE): gone from their reads until its next message. */
function deleteConversation(ctx: RequestContext, of: { uid?: string; guid?: string }): unknown {
  const row = conversationFor(ctx, of);
  changesOf(ctx.app.changes.conversationsDeleted, row.owner).set(row.conversation.index, row.last);
  return { data: { success: true, message: `The conversation ${row.id} has been deleted successfully.` } };
}

/** The conversation an id names (deprecated by the exports): `group_<guid>`, or the two uids joined by `_user_`, one of them the user acted for. */
function conversationNamed(ctx: RequestContext, id: string): { uid?: string; guid?: string } {
  if (id.startsWith("group_")) return { guid: id.slice("group_".length) };
  const uids = id.split("_user_");
  const me = ctx.onBehalfOf?.user.uid;
  const other = uids.length === 2 && me !== undefined && uids.includes(me) ? uids.find((u) => u !== me) ?? me : undefined;
  if (me !== undefined && other === undefined) throw notFound("ERR_CONVERSATION_NOT_FOUND", "conversation with ID", id);
  return { uid: other ?? "" };
}

export const conversationRoutes: AppRoute[] = [
  { api: "chat", method: "GET", path: /^\/users\/(?<uid>[^/]+)\/conversation\/?$/, handle: (ctx, { uid }) => oneConversation(ctx, { uid: uid! }) },
  { api: "chat", method: "GET", path: /^\/groups\/(?<guid>[^/]+)\/conversation\/?$/, handle: (ctx, { guid }) => oneConversation(ctx, { guid: guid! }) },
  { api: "chat", method: "PUT", path: /^\/users\/(?<uid>[^/]+)\/conversation\/?$/, handle: (ctx, { uid }) => tagConversation(ctx, { uid: uid! }) },
  { api: "chat", method: "PUT", path: /^\/groups\/(?<guid>[^/]+)\/conversation\/?$/, handle: (ctx, { guid }) => tagConversation(ctx, { guid: guid! }) },
  { api: "chat", method: "DELETE", path: /^\/users\/(?<uid>[^/]+)\/conversation\/?$/, handle: (ctx, { uid }) => deleteConversation(ctx, { uid: uid! }) },
  { api: "chat", method: "DELETE", path: /^\/groups\/(?<guid>[^/]+)\/conversation\/?$/, handle: (ctx, { guid }) => deleteConversation(ctx, { guid: guid! }) },
  { api: "chat", method: "GET", path: /^\/conversations\/(?<id>[^/]+)\/?$/, handle: (ctx, { id }) => oneConversation(ctx, conversationNamed(ctx, id!)) },
  { api: "chat", method: "DELETE", path: /^\/conversations\/(?<id>[^/]+)\/?$/, handle: (ctx, { id }) => deleteConversation(ctx, conversationNamed(ctx, id!)) },
  {
    api: "chat",
    method: "GET",
    path: /^\/conversations\/?$/,
    handle: (ctx) => {
      const { rows, page, view } = rowsOf(ctx);
      const { data, pagination } = paginate(rows, page);
      return { data: data.map((row) => conversationJson(ctx, row, view)), meta: { pagination } };
    },
  },
];
