import type { AppRoute, RequestContext } from "../context.js";
import type { App } from "../data/model.js";
import { notFound } from "../errors.js";
import { messageJson } from "../message-json.js";
import { type MessageList, type MessageQuery, countMatches, parseMessageQuery, runMessageQuery } from "../message-query.js";
import { pagination } from "../query.js";

/**
 * The three message lists. GET /messages and GET /groups/{guid}/messages answer
 * `meta: {current: {limit, count}, next: {affix, sentAt, id}}`; the per-user
 * path answers `meta: {pagination, cursor: {id (a number), affix}}` (docs/service.md).
 * The next cursor is the page's edge in the direction asked (its newest message
 * for append, its oldest for prepend, which is also the direction of a first
 * page); an empty page sends back the cursor it was given. The per-user path
 * with onBehalfOf is the 1:1 conversation of the two; without it, every 1:1
 * message the user sent or received (a choice: the export says only "messages
 * between onBehalfOf and uid").
 *
 * count=true answers, in place of the messages, how many match in each of the
 * onBehalfOf user's conversations, keyed by the other side as the SDK's unread
 * counts are: `{"data": {"users": {uid: n}, "groups": {guid: n}}}`, whatever the
 * cursor (the shape is a guess: the exports say only "the count of messages as per group/user").
 */

function page(ctx: RequestContext, query: MessageQuery, scope: readonly number[] | undefined) {
  const items = runMessageQuery(ctx, scope, query);
  const data = items.map((i) => messageJson(ctx.app, i, { withTags: query.withTags }, ctx.options));
  return { items, data };
}

/** Every message of the user's 1:1 conversations, ascending. */
function oneToOneOf(app: App, user: number): number[] {
  return app.messages.conversations
    .filter((c) => c.group < 0 && (c.userA === user || c.userB === user))
    .flatMap((c) => c.messages)
    .sort((a, b) => a - b);
}

function edge(ctx: RequestContext, query: MessageQuery, items: number[]): { affix: "append" | "prepend"; sentAt?: number; id?: number } {
  const affix = query.cursor?.affix ?? "prepend";
  const last = affix === "append" ? items[items.length - 1] : items[0];
  if (last === undefined) return { affix, sentAt: query.cursor?.sentAt, id: query.cursor?.id };
  return { affix, sentAt: ctx.app.messages.sentAt[last], id: last + 1 };
}

function counts(ctx: RequestContext, scope: readonly number[] | undefined, query: MessageQuery) {
  const { app } = ctx;
  const store = app.messages;
  const me = ctx.onBehalfOf!.index;
  const users: Record<string, number> = {};
  const groups: Record<string, number> = {};
  const tally = (i: number) => {
    if (!query.matches(i)) return;
    const c = store.conversations[store.conversation[i]!]!;
    const [counted, key] = c.group >= 0 ? [groups, app.groups[c.group]!.guid] : [users, app.users[c.userA === me ? c.userB : c.userA]!.uid];
    counted[key] = (counted[key] ?? 0) + 1;
  };
  if (scope) scope.forEach(tally);
  else for (let i = 0; i < store.count; i++) tally(i);
  return { data: { users, groups } };
}

function listAnswer(ctx: RequestContext, list: MessageList, scope: readonly number[] | undefined) {
  const query = parseMessageQuery(ctx, list);
  if (query.count) return counts(ctx, scope, query);
  const { items, data } = page(ctx, query, scope);
  const { affix, sentAt, id } = edge(ctx, query, items);
  const next: Record<string, unknown> = { affix };
  if (sentAt !== undefined) next.sentAt = sentAt;
  if (id !== undefined) next.id = String(id);
  return { data, meta: { current: { limit: query.limit, count: data.length }, next } };
}

export const messageListRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/messages\/?$/,
    handle: (ctx) => listAnswer(ctx, "app", undefined),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/groups\/(?<guid>[^/]+)\/messages\/?$/,
    handle: (ctx, { guid }) => {
      const index = ctx.app.groupIndexByGuid.get(guid!);
      if (index === undefined) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", guid!);
      return listAnswer(ctx, "group", ctx.app.messages.findGroupConversation(index)?.messages ?? []);
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/users\/(?<uid>[^/]+)\/messages\/?$/,
    handle: (ctx, { uid }) => {
      const other = ctx.app.userIndexByUid.get(uid!);
      if (other === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", uid!);
      const scope = ctx.onBehalfOf ? ctx.app.messages.findUserConversation(ctx.onBehalfOf.index, other)?.messages ?? [] : oneToOneOf(ctx.app, other);
      const query = parseMessageQuery(ctx, "user");
      if (query.count) return counts(ctx, scope, query);
      const { items, data } = page(ctx, query, scope);
      const total = countMatches(scope, query);
      const { affix, id } = edge(ctx, query, items);
      return { data, meta: { pagination: pagination(total, data.length, { page: 1, perPage: query.limit }), cursor: { id: id ?? 0, affix } } };
    },
  },
];
