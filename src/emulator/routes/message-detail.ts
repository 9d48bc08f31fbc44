import type { AppRoute, RequestContext } from "../context.js";
import { reactionsTo } from "../data/reactions.js";
import { notFound } from "../errors.js";
import { messageJson } from "../message-json.js";
import { QueryReader } from "../query.js";
import { userJson } from "../serialize.js";

/**
 * One message, its thread and its reactions (chat-apis.json). The thread takes
 * page inputs yet answers a cursor (`meta.current`, `meta.next{affix, sentAt,
 * id}`), as the exports do; reactions answer `meta.next{affix, id}` with no
 * sentAt. A message's reactions here are those its JSON counts
 * (data/reactions.ts); with onBehalfOf, its JSON marks the user's reactedByMe.
 */

/** The store's index of message `id` (ids count from 1), or the service's not-found error (a message deleted for good too). */
export function findMessage(ctx: RequestContext, id: string): number {
  const i = /^\d+$/.test(id) ? Number(id) - 1 : -1;
  if (i < 0 || i >= ctx.app.messages.count || ctx.app.changes.purged.has(i)) throw notFound("ERR_MESSAGE_ID_NOT_FOUND", "message with ID", id);
  return i;
}

/** Every reaction to message `i`, oldest first: `{id, messageId, reaction, uid, reactedAt, reactedBy}`. */
function reactionsOf(ctx: RequestContext, i: number): Array<Record<string, unknown>> {
  return reactionsTo(ctx.app, i).map(({ id, reaction, userIndex, reactedAt }) => {
    const user = ctx.app.users[userIndex]!;
    return { id: String(id), messageId: String(i + 1), reaction, uid: user.uid, reactedAt, reactedBy: userJson(user, false) };
  });
}

/**
 * A page after the cursor `id` (append) or before it (prepend), `limit` long, with the next cursor;
 * `page` N (the thread's documented input) skips the N − 1 pages nearer the cursor.
 */
function cursorPage<T extends { id: string }>(items: T[], q: QueryReader, defaultLimit: number, next: (last: T, affix: string) => Record<string, unknown>) {
  const limit = q.integer("limit", { min: 1, max: 1000 }) ?? q.integer("perPage", { min: 1, max: 1000 }) ?? defaultLimit;
  const skip = ((q.integer("page", { min: 1 }) ?? 1) - 1) * limit;
  const id = q.integer("id", { min: 0 });
  const affix = q.string("affix") === "prepend" ? "prepend" : "append";
  q.done();
  const after = id === undefined ? items : items.filter((item) => (affix === "append" ? Number(item.id) > id : Number(item.id) < id));
  const data = affix === "append" ? after.slice(skip, skip + limit) : after.slice(Math.max(0, after.length - skip - limit), Math.max(0, after.length - skip));
  const last = affix === "append" ? data.at(-1) : data[0];
  return { data, meta: { current: { limit, count: data.length }, ...(last ? { next: next(last, affix) } : {}) } };
}

export const messageDetailRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/messages\/(?<id>[^/]+)\/?$/,
    handle: (ctx, { id }) => ({ data: messageJson(ctx.app, findMessage(ctx, id!), { withTags: false, viewer: ctx.onBehalfOf?.index }, ctx.options) }),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/messages\/(?<id>[^/]+)\/thread\/?$/,
    handle: (ctx, { id }) => {
      const parent = findMessage(ctx, id!);
      const store = ctx.app.messages;
      const replies: Array<Record<string, unknown> & { id: string }> = [];
      for (let i = parent + 1; i < store.count && replies.length < store.replyCount[parent]!; i++) {
        if (store.parent[i] === parent) replies.push(messageJson(ctx.app, i, { withTags: false }, ctx.options) as Record<string, unknown> & { id: string });
      }
      return cursorPage(replies, new QueryReader(ctx.params), 100, (last, affix) => ({ affix, sentAt: last.sentAt, id: last.id }));
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/messages\/(?<id>[^/]+)\/reactions(?:\/(?<reaction>[^/]+))?\/?$/,
    handle: (ctx, { id, reaction }) => {
      const all = reactionsOf(ctx, findMessage(ctx, id!)) as Array<Record<string, unknown> & { id: string }>;
      const chosen = reaction === undefined ? all : all.filter((r) => r.reaction === reaction);
      return cursorPage(chosen, new QueryReader(ctx.params), 10, (last, affix) => ({ affix, id: last.id }));
    },
  },
];
