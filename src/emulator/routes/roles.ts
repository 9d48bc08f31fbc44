import type { AppRoute } from "../context.js";
import { featuresOf, permissionsSet, rolesOf } from "../data/access-changes.js";
import type { App } from "../data/model.js";
import { GROUP_SCOPES, permissions } from "../data/roles.js";
import { badRequest, notFound } from "../errors.js";
import { QueryReader, paginate, readPage, wholeList } from "../query.js";

/**
 * GET /roles (paged), /roles/{role}, its restricted features and its
 * permissions, and a group's scope's permissions (the RBAC exports): lists
 * with `meta.pagination`, as the exports answer them.
 */

/** A role the app has now, or ERR_ROLE_NOT_FOUND. */
export function knownRole(app: App, role: string): string {
  if (!rolesOf(app).has(role)) throw notFound("ERR_ROLE_NOT_FOUND", "role", role);
  return role;
}

/** A group's scope the path names: the group exists, the scope is one of the three. */
export function knownScope(app: App, guid: string, scope: string): string {
  if (!app.groupIndexByGuid.has(guid)) throw notFound("ERR_GUID_NOT_FOUND", "group with GUID", guid);
  if (!GROUP_SCOPES.includes(scope as (typeof GROUP_SCOPES)[number])) throw badRequest({ scope: [`The scope must be one of ${GROUP_SCOPES.join(", ")}.`] });
  return scope;
}

/**
 * A holder's permissions as documented, each set one with its `value` beside its `defaultValue` (the
 * exports' list shows no field for the value set: ccx's reading, which the client reads tolerantly).
 */
function permissionsOf(app: App, type: "role" | "scope", holder: string) {
  const set = permissionsSet(app, holder);
  return permissions(app, type).map((p) => (set.has(p.id) ? { ...p, value: set.get(p.id) } : p));
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
      const { data, pagination } = paginate([...rolesOf(ctx.app).values()], page);
      return { data, meta: { pagination } };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/roles\/(?<role>[^/]+)\/?$/,
    handle: (ctx, { role }) => ({ data: rolesOf(ctx.app).get(knownRole(ctx.app, role!)) }),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/roles\/(?<role>[^/]+)\/restrictedfeatures\/?$/,
    handle: (ctx, { role }) => wholeList(featuresOf(ctx.app, knownRole(ctx.app, role!))),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/roles\/(?<role>[^/]+)\/permissions\/?$/,
    handle: (ctx, { role }) => wholeList(permissionsOf(ctx.app, "role", `role:${knownRole(ctx.app, role!)}`)),
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/groups\/(?<guid>[^/]+)\/scopes\/(?<scope>[^/]+)\/permissions\/?$/,
    handle: (ctx, { guid, scope }) => wholeList(permissionsOf(ctx.app, "scope", `scope:${guid!}/${knownScope(ctx.app, guid!, scope!)}`)),
  },
];
