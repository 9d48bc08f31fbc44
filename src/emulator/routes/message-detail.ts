import type { AppRoute, RequestContext } from "../context.js";
import { FLAG } from "../data/message-store.js";
import { mix32 } from "../data/random.js";
import { notFound } from "../errors.js";
import { messageJson, reactions } from "../message-json.js";
import { QueryReader } from "../query.js";
import { userJson } from "../serialize.js";

/**
 * One message, its thread and its reactions (chat-apis.json). The thread takes
 * page inputs yet answers a cursor (`meta.current`, `meta.next{affix, sentAt,
 * id}`), as the exports do; reactions answer `meta.next{affix, id}` with no
 * sentAt. A message's reactions here are those its JSON counts: each emoji,
 * as many times as its count, by users drawn from the app's.
 */

/** The store's index of message `id` (ids count from 1), or the service's not-found error. */
function indexOf(ctx: RequestContext, id: string): number {
  const i = /^\d+$/.test(id) ? Number(id) - 1 : -1;
  if (i < 0 || i >= ctx.app.messages.count) throw notFound("ERR_MESSAGE_ID_NOT_FOUND", "message with ID", id);
  return i;
}

/** Every reaction to message `i`, oldest first: `{id, messageId, reaction, uid, reactedAt, reactedBy}`. */
function reactionsOf(ctx: RequestContext, i: number): Array<Record<string, unknown>> {
  const store = ctx.app.messages;
  if (!(store.flags[i]! & FLAG.reactions) || store.deletedAt[i]! > 0) return [];
  const out: Array<Record<string, unknown>> = [];
  reactions(store.detail[i]!).forEach(({ reaction, count }, j) => {
    for (let k = 0; k < count; k++) {
      const user = ctx.app.users[mix32(store.detail[i]!, j, k) % ctx.app.seededUsers]!;
      out.push({ id: String(out.length + 1 + i * 100), messageId: String(i + 1), reaction, uid: user.uid, reactedAt: store.sentAt[i]! + 60 * (out.length + 1), reactedBy: userJson(user, false) });
    }
  });
  return out;
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
    handle: (ctx, { id }) => ({ data: messageJson(ctx.app, indexOf(ctx, id!), { withTags: false }, ctx.options) }),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/messages\/(?<id>[^/]+)\/thread\/?$/,
    handle: (ctx, { id }) => {
      const parent = indexOf(ctx, id!);
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
      const all = reactionsOf(ctx, indexOf(ctx, id!)) as Array<Record<string, unknown> & { id: string }>;
      const chosen = reaction === undefined ? all : all.filter((r) => r.reaction === reaction);
      return cursorPage(chosen, new QueryReader(ctx.params), 10, (last, affix) => ({ affix, id: last.id }));
    },
  },
];
