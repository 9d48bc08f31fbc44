import type { AppRoute } from "../context.js";
import { bannedFrom, blockFields, blockedBy } from "../data/blocks.js";
import { notFound } from "../errors.js";
import { QueryReader, pageCursor, paginate, readPage } from "../query.js";
import { userJson } from "../serialize.js";

/**
 * GET /groups/{guid}/bannedusers and GET /users/{uid}/blockedusers
 * (docs/service.md): `perPage` and `page`; items are users. Banned users come in
 * the app's user order; blocked users oldest block first, each with how the two
 * stand (blockedByMe, blockedByMeAt, hasBlockedMe, blockedAt), as GET /users
 * answers it on the blocker's behalf; blocked users carry the page's cursor in
 * meta, as their example does (banned users' example has none).
 */

function readPageOnly(params: URLSearchParams) {
  const q = new QueryReader(params);
  const page = readPage(q, { perPage: 100, max: 1000 });
  q.done();
  return page;
}

export const blockRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/groups\/(?<guid>[^/]+)\/bannedusers\/?$/,
    handle: (ctx, { guid }) => {
      const index = ctx.app.groupIndexByGuid.get(guid!);
      if (index === undefined) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", guid!);
      const page = readPageOnly(ctx.params);
      const banned = bannedFrom(ctx.app, ctx.app.groups[index]!).sort((a, b) => a - b);
      const { data, pagination } = paginate(banned, page);
      return { data: data.map((i) => userJson(ctx.app.users[i]!)), meta: { pagination } };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/users\/(?<uid>[^/]+)\/blockedusers\/?$/,
    handle: (ctx, { uid }) => {
      const blocker = ctx.app.userIndexByUid.get(uid!);
      if (blocker === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", uid!);
      const page = readPageOnly(ctx.params);
      const { data, pagination } = paginate(blockedBy(ctx.app, blocker), page);
      const cursor = pageCursor(ctx.app.users[data.at(-1)?.userIndex ?? -1], ctx.options);
      return {
        // Each with the conversation between the two, as the example sends it.
        data: data.map((b) => ({
          ...userJson(ctx.app.users[b.userIndex]!), ...blockFields(ctx.app, blocker, b.userIndex),
          conversationId: [ctx.app.users[blocker]!.uid, ctx.app.users[b.userIndex]!.uid].sort().join("_user_"),
        })),
        meta: { pagination, ...(cursor ? { cursor } : {}) },
      };
    },
  },
];
