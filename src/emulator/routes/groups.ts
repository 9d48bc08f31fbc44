import type { AppRoute } from "../context.js";
import { membersOf } from "../data/members.js";
import type { App, Group } from "../data/model.js";
import { notFound } from "../errors.js";
import { parseGroupQuery, runGroupQuery } from "../group-query.js";
import { QueryReader, pageCursor, paginate, pagination, readPage } from "../query.js";
import { answersIn } from "../options.js";
import { groupJson, userJson } from "../serialize.js";

export function findGroup(app: App, guid: string): Group {
  const index = app.groupIndexByGuid.get(guid);
  if (index === undefined) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", guid);
  return app.groups[index]!;
}

const MEMBER_SCOPES = ["admin", "moderator", "participant"] as const;

export const groupRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/groups\/?$/,
    handle: (ctx) => {
      const query = parseGroupQuery(ctx.params);
      const userIndex = ctx.onBehalfOf?.index;
      const result = runGroupQuery(ctx.app, query, userIndex, ctx.world.now, ctx.options.variants.has("cursor-ties"));
      const data = result.groups.map((g) => groupJson(ctx.app, g, { withTags: query.withTags, userIndex }, ctx.options));
      const meta: Record<string, unknown> = { pagination: pagination(result.total, data.length, result.page) };
      // Every documented answer says prepend, whatever was asked.
      const cursor = answersIn(ctx.options, "cursor-prepend") ? { ...result.cursor, affix: "prepend" } : result.cursor;
      // The official schema puts the cursor at the top level; the SDK reads meta.cursor.
      if (ctx.options.variants.has("cursor-top-level")) return { data, meta, cursor };
      meta.cursor = cursor;
      return { data, meta };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/groups\/(?<guid>[^/]+)\/?$/,
    handle: (ctx, { guid }) => {
      if (!ctx.app.groupIndexByGuid.has(guid!) && ctx.options.variants.has("empty-detail")) return { data: {} };
      const group = findGroup(ctx.app, guid!);
      return { data: groupJson(ctx.app, group, { withTags: true, userIndex: ctx.onBehalfOf?.index }, ctx.options) };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/groups\/(?<guid>[^/]+)\/members\/?$/,
    handle: (ctx, { guid }) => {
      const group = findGroup(ctx.app, guid!);
      const q = new QueryReader(ctx.params);
      const page = readPage(q, { perPage: 100, max: 1000 });
      const scopes = q.list("scopes", MEMBER_SCOPES);
      const status = q.oneOf("status", ["available", "offline"] as const);
      q.done();
      const { users } = ctx.app;
      const members = membersOf(ctx.app, group).filter((m) => (!scopes || scopes.includes(m.scope)) && (!status || users[m.userIndex]!.status === status));
      const { data, pagination: p } = paginate(members, page);
      // The members' example sends the page's cursor at the top level of the body.
      const cursor = pageCursor(users[data.at(-1)?.userIndex ?? -1], ctx.options);
      return {
        data: data.map((m) => ({ ...userJson(users[m.userIndex]!), scope: m.scope, joinedAt: m.joinedAt })),
        meta: { pagination: p },
        ...(cursor ? { cursor } : {}),
      };
    },
  },
];
