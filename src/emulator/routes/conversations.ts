import type { AppRoute, RequestContext } from "../context.js";
import type { Conversation } from "../data/message-store.js";
import type { App, Group, User } from "../data/model.js";
import { hash32, mix32 } from "../data/random.js";
import { takesPart, unreadIn } from "../data/reads.js";
import { CONVERSATION_TAGS } from "../data/vocabulary.js";
import { badRequest } from "../errors.js";
import { conversationIdOf, messageJson } from "../message-json.js";
import { docsForm } from "../options.js";
import { QueryReader, paginate, readPage } from "../query.js";
import { groupJson, userJson } from "../serialize.js";

/**
 * GET /conversations (docs/service.md): the onBehalfOf user's conversations, made
 * from the messages: the groups they are a member of that have messages, and
 * the users they have written with. Newest `updatedAt` (the last message's)
 * first, ties by conversationId. `searchKey` matches the other side's name;
 * `userTags`/`groupTags` keep the 1:1 / group conversations whose user / group
 * has one of the tags (given both, either kind may pass); `tags` matches the
 * user's own tags on the conversation, sent (like the other side's tags) only
 * with withTags=true.
 */

const TAGGED = 0x74616773;

/** The user's own tags on a conversation: derived, about one conversation in five has one. */
function conversationTags(app: App, conversation: Conversation, user: number): string[] {
  const roll = mix32(hash32(app.appId), app.seed, user, conversation.index, TAGGED);
  return roll % 5 === 0 ? [CONVERSATION_TAGS[(roll >>> 8) % CONVERSATION_TAGS.length]!] : [];
}

interface Row {
  conversation: Conversation;
  id: string;
  with: { group: Group } | { user: User };
  last: number;
  updatedAt: number;
}

const anyOf = (have: readonly string[] | undefined, wanted: readonly string[]) => (have ?? []).some((t) => wanted.includes(t));

function rowsOf(ctx: RequestContext, me: number) {
  const { app } = ctx;
  const q = new QueryReader(ctx.params);
  const page = readPage(q, { perPage: 100, max: 1000 });
  const searchKey = q.string("searchKey")?.toLowerCase();
  const type = q.oneOf("conversationType", ["user", "group"] as const);
  const unread = q.boolean("unread") ?? false;
  const tags = q.list("tags");
  const withTags = q.boolean("withTags") ?? false;
  const userTags = q.list("userTags");
  const groupTags = q.list("groupTags");
  q.done();
  const rows: Row[] = [];
  for (const conversation of app.messages.conversations) {
    if (conversation.messages.length === 0 || !takesPart(app, conversation, me)) continue;
    const group = conversation.group >= 0 ? app.groups[conversation.group]! : undefined;
    const user = group ? undefined : app.users[conversation.userA === me ? conversation.userB : conversation.userA]!;
    if (type && type !== (group ? "group" : "user")) continue;
    if (searchKey !== undefined && !(group ?? user)!.name.toLowerCase().includes(searchKey)) continue;
    if ((userTags || groupTags) && !(group ? groupTags && anyOf(group.tags, groupTags) : userTags && anyOf(user!.tags, userTags))) continue;
    if (tags && !anyOf(conversationTags(app, conversation, me), tags)) continue;
    if (unread && unreadIn(app, conversation, me).messages === 0) continue;
    const last = conversation.messages[conversation.messages.length - 1]!;
    rows.push({
      conversation, id: conversationIdOf(app, conversation), with: group ? { group } : { user: user! },
      last, updatedAt: app.messages.updatedAt(last),
    });
  }
  rows.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { rows, page, withTags };
}

function conversationJson(ctx: RequestContext, me: number, row: Row, withTags: boolean): Record<string, unknown> {
  const { app, options } = ctx;
  const unread = unreadIn(app, row.conversation, me);
  const json: Record<string, unknown> = {
    conversationId: row.id,
    conversationType: "group" in row.with ? "group" : "user",
    // The documented example sends the count as a string.
    unreadMessageCount: docsForm(options, row.id, 0, 2) ? String(unread.messages) : unread.messages,
    unreadMentionsCount: unread.mentions,
  };
  if (unread.lastRead >= 0) json.lastReadMessageId = String(unread.lastRead + 1);
  json.lastMessage = messageJson(app, row.last, { withTags }, options);
  json.conversationWith = "group" in row.with
    ? groupJson(app, row.with.group, { withTags, userIndex: me }, options)
    : userJson(row.with.user, withTags);
  json.updatedAt = row.updatedAt;
  const tags = withTags ? conversationTags(app, row.conversation, me) : [];
  if (tags.length > 0) json.tags = tags;
  return json;
}

export const conversationRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/conversations\/?$/,
    handle: (ctx) => {
      if (!ctx.onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header must name the user whose conversations to list."] });
      const me = ctx.onBehalfOf.index;
      const { rows, page, withTags } = rowsOf(ctx, me);
      const { data, pagination } = paginate(rows, page);
      return { data: data.map((row) => conversationJson(ctx, me, row, withTags)), meta: { pagination } };
    },
  },
];
