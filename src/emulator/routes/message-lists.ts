import type { AppRoute, RequestContext } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import { messageJson } from "../message-json.js";
import { type MessageList, type MessageQuery, countMatches, parseMessageQuery, runMessageQuery } from "../message-query.js";
import { pagination } from "../query.js";

/**
 * The three message lists. GET /messages and GET /groups/{guid}/messages answer
 * `meta: {current: {limit, count}, next: {affix, sentAt, id}}`; the per-user
 * path answers `meta: {pagination, cursor: {id (a number), affix}}` (docs/service.md).
 * The next cursor is the page's edge in the direction asked (its newest message
 * for append, its oldest for prepend, which is also the direction of a first
 * page); an empty page sends back the cursor it was given.
 */

function page(ctx: RequestContext, list: MessageList, scope: readonly number[] | undefined) {
  const query = parseMessageQuery(ctx, list);
  const items = runMessageQuery(ctx, scope, query);
  const data = items.map((i) => messageJson(ctx.app, i, { withTags: query.withTags }, ctx.options));
  return { query, items, data };
}

function edge(ctx: RequestContext, query: MessageQuery, items: number[]): { affix: "append" | "prepend"; sentAt?: number; id?: number } {
  const affix = query.cursor?.affix ?? "prepend";
  const last = affix === "append" ? items[items.length - 1] : items[0];
  if (last === undefined) return { affix, sentAt: query.cursor?.sentAt, id: query.cursor?.id };
  return { affix, sentAt: ctx.app.messages.sentAt[last], id: last + 1 };
}

function listAnswer(ctx: RequestContext, list: MessageList, scope: readonly number[] | undefined) {
  const { query, items, data } = page(ctx, list, scope);
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
      if (!ctx.onBehalfOf) throw badRequest({ onBehalfOf: ["The onBehalfOf header must name the user whose conversation with this user to list."] });
      const other = ctx.app.userIndexByUid.get(uid!);
      if (other === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", uid!);
      const scope = ctx.app.messages.findUserConversation(ctx.onBehalfOf.index, other)?.messages ?? [];
      const { query, items, data } = page(ctx, "user", scope);
      const total = countMatches(scope, query);
      const { affix, id } = edge(ctx, query, items);
      return { data, meta: { pagination: pagination(total, data.length, { page: 1, perPage: query.limit }), cursor: { id: id ?? 0, affix } } };
    },
  },
];
