import type { AppRoute } from "../context.js";
import { GROUP_SCOPES, ROLE_NAMES, permissions, restrictedFeatures, roleJson } from "../data/roles.js";
import { badRequest, notFound } from "../errors.js";
import { QueryReader, paginate, readPage, wholeList } from "../query.js";

/**
 * GET /roles (paged), /roles/{role}, its restricted features and its
 * permissions, and a group's scope's permissions (the RBAC exports): lists
 * with `meta.pagination`, as the exports answer them.
 */

function knownRole(role: string): string {
  if (!ROLE_NAMES.includes(role as (typeof ROLE_NAMES)[number])) throw notFound("ERR_ROLE_NOT_FOUND", "role", role);
  return role;
}

export const roleRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/roles\/?$/,
    handle: (ctx) => {
      const q = new QueryReader(ctx.params);
      const page = readPage(q, { perPage: 100, max: 1000 });
      q.done();
      const { data, pagination } = paginate(ROLE_NAMES.map((r) => roleJson(ctx.app, r)), page);
      return { data, meta: { pagination } };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/roles\/(?<role>[^/]+)\/?$/,
    handle: (ctx, { role }) => ({ data: roleJson(ctx.app, knownRole(role!)) }),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/roles\/(?<role>[^/]+)\/restrictedfeatures\/?$/,
    handle: (ctx, { role }) => wholeList(restrictedFeatures(ctx.app, knownRole(role!))),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/roles\/(?<role>[^/]+)\/permissions\/?$/,
    handle: (ctx, { role }) => {
      knownRole(role!);
      return wholeList(permissions(ctx.app, "role"));
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/groups\/(?<guid>[^/]+)\/scopes\/(?<scope>[^/]+)\/permissions\/?$/,
    handle: (ctx, { guid, scope }) => {
      if (!ctx.app.groupIndexByGuid.has(guid!)) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", guid!);
      if (!GROUP_SCOPES.includes(scope as (typeof GROUP_SCOPES)[number])) {
        throw badRequest({ scope: [`The scope must be one of ${GROUP_SCOPES.join(", ")}.`] });
      }
      return wholeList(permissions(ctx.app, "scope"));
    },
  },
];
