import { randomBytes } from "node:crypto";
import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute, RequestContext } from "../context.js";
import { keepIssued, tokensOf } from "../data/auth-tokens.js";
import { blockFields } from "../data/blocks.js";
import { friendsOf } from "../data/friends.js";
import type { User } from "../data/model.js";
import { ServiceError, notFound } from "../errors.js";
import { QueryReader, pageCursor, paginate, pagination, readPage } from "../query.js";
import { userJson } from "../serialize.js";

const UID = /^[a-zA-Z0-9_-]{1,100}$/;

export function findUser(ctx: RequestContext, uid: string): User {
  const index = ctx.app.userIndexByUid.get(uid);
  if (index === undefined) throw notFound("ERR_UID_NOT_FOUND", "user with UID", uid);
  return ctx.app.users[index]!;
}

const newUser = v.object({
  uid: v.pipe(v.string("The uid is required."), v.regex(UID, "The uid may contain only letters, digits, _ and -.")),
  name: v.pipe(v.string("The name is required."), v.minLength(1, "The name is required."), v.maxLength(100)),
  avatar: v.optional(v.pipe(v.string(), v.url("The avatar must be a URL."))),
  role: v.optional(v.string()),
  tags: v.optional(v.array(v.string())),
  metadata: v.optional(v.record(v.string(), v.unknown())),
});

const authTokenRequest = v.looseObject({ force: v.optional(v.boolean("The force field must be true or false.")) });

/**
 * GET /users (docs/service.md). `searchKey` matches uid or name (`searchIn`
 * narrows it), anywhere in them, in any case; `role` and `roles` each filter;
 * `tags` are sent only with withTags=true, as the groups list does; deactivated
 * users are hidden unless withDeactivated or onlyDeactivated; count=true
 * answers the numbers without the rows (a choice: the sources are silent).
 * The page's cursor sits at the top level of the body, as the example has it.
 * With onBehalfOf each other user gains conversationId and how the two stand
 * on blocking.
 */
function listUsers(ctx: RequestContext) {
  const q = new QueryReader(ctx.params);
  const page = readPage(q, { perPage: 100, max: 1000 });
  const searchKey = q.string("searchKey")?.toLowerCase();
  const searchIn = q.list("searchIn", ["name", "uid"] as const) ?? ["name", "uid"];
  const status = q.oneOf("status", ["available", "offline"] as const);
  const role = q.string("role");
  const roles = q.list("roles");
  const tags = q.list("tags");
  const withTags = q.boolean("withTags") ?? false;
  const onlyDeactivated = q.boolean("onlyDeactivated") ?? false;
  const withDeactivated = q.boolean("withDeactivated") ?? false;
  const countOnly = q.boolean("count") ?? false;
  q.done();
  const inName = searchIn.includes("name");
  const inUid = searchIn.includes("uid");
  const users = ctx.app.users.filter((u) =>
    u.deletedAt === undefined && (onlyDeactivated ? u.deactivatedAt !== undefined : withDeactivated || u.deactivatedAt === undefined) &&
    (searchKey === undefined || (inUid && u.uid.toLowerCase().includes(searchKey)) || (inName && u.name.toLowerCase().includes(searchKey))) &&
    (status === undefined || u.status === status) &&
    (role === undefined || u.role === role) &&
    (roles === undefined || roles.includes(u.role)) &&
    (tags === undefined || (u.tags ?? []).some((t) => tags.includes(t))));
  if (countOnly) return { data: [], meta: { pagination: pagination(users.length, 0, page) } };
  const { data, pagination: p } = paginate(users, page);
  const me = ctx.onBehalfOf;
  const cursor = pageCursor(data.at(-1), ctx.options);
  return {
    data: data.map((u) => {
      const json = userJson(u, withTags);
      const other = ctx.app.userIndexByUid.get(u.uid)!;
      if (!me || other === me.index) return json;
      return { ...json, conversationId: [me.user.uid, u.uid].sort().join("_user_"), ...blockFields(ctx.app, me.index, other) };
    }),
    meta: { pagination: p },
    ...(cursor ? { cursor } : {}),
  };
}

export const userRoutes: AppRoute[] = [
  {
    api: "chat",
    method: "GET",
    path: /^\/users\/?$/,
    handle: listUsers,
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/users\/(?<uid>[^/]+)\/?$/,
    handle: (ctx, { uid }) => ({ data: userJson(findUser(ctx, uid!)) }),
  },
  {
    api: "chat",
    method: "POST",
    path: /^\/users\/?$/,
    authOnly: true,
    handle: (ctx) => {
      const input = parseBody(newUser, ctx.body);
      if (ctx.app.userIndexByUid.has(input.uid)) {
        throw new ServiceError("ERR_UID_ALREADY_EXISTS", `The UID ${input.uid} already exists.`, "Please use another UID.");
      }
      const now = Math.floor(Date.now() / 1000);
      const user: User = { ...input, role: input.role ?? "default", status: "offline", createdAt: now, updatedAt: now };
      ctx.app.userIndexByUid.set(user.uid, ctx.app.users.push(user) - 1);
      return { data: userJson(user) };
    },
  },
  {
    api: "chat",
    method: "POST",
    path: /^\/users\/(?<uid>[^/]+)\/auth_tokens\/?$/,
    authOnly: true,
    handle: (ctx, { uid }) => {
      const user = findUser(ctx, uid!);
      parseBody(authTokenRequest, ctx.body);
      const token = { uid: user.uid, authToken: `${user.uid}_${randomBytes(20).toString("hex")}`, createdAt: Math.floor(Date.now() / 1000) };
      keepIssued(ctx.app, token);
      return { data: token };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/users\/(?<uid>[^/]+)\/auth_tokens\/?$/,
    handle: (ctx, { uid }) => {
      findUser(ctx, uid!);
      const q = new QueryReader(ctx.params);
      const page = readPage(q, { perPage: 100, max: 1000 });
      q.done();
      const { data, pagination } = paginate(tokensOf(ctx.app, ctx.app.userIndexByUid.get(uid!)!), page);
      return { data, meta: { pagination } };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/users\/(?<uid>[^/]+)\/auth_tokens\/(?<token>[^/]+)\/?$/,
    handle: (ctx, { uid, token }) => {
      findUser(ctx, uid!);
      const found = tokensOf(ctx.app, ctx.app.userIndexByUid.get(uid!)!).find((t) => t.authToken === token);
      if (!found) throw new ServiceError("ERR_AUTH_TOKEN_NOT_FOUND", `The auth token does not exist for the user ${uid}.`, "List the user's tokens with GET /users/{uid}/auth_tokens.");
      return { data: found };
    },
  },
  {
    api: "chat",
    method: "GET",
    path: /^\/users\/(?<uid>[^/]+)\/friends\/?$/,
    handle: (ctx, { uid }) => {
      findUser(ctx, uid!);
      const q = new QueryReader(ctx.params);
      const searchKey = q.string("searchKey")?.toLowerCase();
      const page = readPage(q, { perPage: 100, max: 1000 });
      q.done();
      const friends = friendsOf(ctx.app, ctx.app.userIndexByUid.get(uid!)!)
        .map((i) => ctx.app.users[i]!)
        .filter((u) => searchKey === undefined || u.uid.toLowerCase().includes(searchKey) || u.name.toLowerCase().includes(searchKey));
      const { data, pagination } = paginate(friends, page);
      const cursor = pageCursor(data.at(-1), ctx.options);
      // Each friend with the conversation between the two, as the example sends it.
      return { data: data.map((u) => ({ ...userJson(u), conversationId: [uid!, u.uid].sort().join("_user_") })), meta: { pagination, ...(cursor ? { cursor } : {}) } };
    },
  },
];
