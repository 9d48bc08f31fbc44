import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute, RequestContext } from "../context.js";
import { bannedFrom, blockedBy } from "../data/blocks.js";
import { isMember, membershipOf } from "../data/members.js";
import { type Group, type Member, type MemberScope, changesOf } from "../data/model.js";
import { ServiceError, badRequest, notFound } from "../errors.js";
import { userJson } from "../serialize.js";
import { findGroup } from "./groups.js";
import { findUser } from "./users.js";

/**
 * The writes ccx makes on users, group members, bans and blocks
 * (chat-apis.json), each changing the world so that the reads after it show
 * it: deactivate (DELETE /users) and reactivate (PUT /users) in bulk, update
 * one user; add members (POST /groups/{guid}/members, an answer per uid),
 * change a scope, kick; ban and unban; block and unblock. The documented
 * errors: an unknown uid or group, a user who is not a member, a scope that
 * does not exist, the owner (who cannot be kicked, banned or demoted).
 */

const SCOPES = ["admin", "moderator", "participant"] as const satisfies readonly MemberScope[];
const uids = (field: string) => v.pipe(v.array(v.string(), `The ${field} field must be an array of uids.`), v.minLength(1, `The ${field} field must name at least one uid.`));
export const userIndexOf = (ctx: RequestContext, uid: string) => {
  findUser(ctx, uid);
  return ctx.app.userIndexByUid.get(uid)!;
};
const now = () => Math.floor(Date.now() / 1000);

/** Each uid of a bulk write, done or refused with the service's code: `{uid: {success, …}}`. */
export function eachUid(list: readonly string[], act: (uid: string) => Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(list.map((uid) => {
    try {
      return [uid, { success: true, ...act(uid) }];
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return [uid, { success: false, error: { code: error.code, message: error.message } }];
    }
  }));
}

/** The group's owner: kept as a member, admin, whatever is asked. */
function notTheOwner(group: Group, userIndex: number, what: string): void {
  if (group.ownerIndex === userIndex) throw new ServiceError("ERR_GROUP_OWNER", `The owner of ${group.guid} cannot be ${what}.`, "Transfer the ownership first.");
}

function memberOf(ctx: RequestContext, group: Group, uid: string): { index: number; member: Member } {
  const index = userIndexOf(ctx, uid);
  const member = membershipOf(ctx.app, group, index);
  if (!member) throw new ServiceError("ERR_NOT_A_MEMBER", `The user ${uid} is not a member of the group ${group.guid}.`, "Add the user to the group first.");
  return { index, member };
}

const memberJson = (ctx: RequestContext, m: Member) => ({ ...userJson(ctx.app.users[m.userIndex]!), scope: m.scope, joinedAt: m.joinedAt });

const updatedUser = v.object({
  name: v.optional(v.pipe(v.string(), v.minLength(1, "The name may not be empty."), v.maxLength(100))),
  avatar: v.optional(v.pipe(v.string(), v.url("The avatar must be a URL."))),
  role: v.optional(v.string()),
  tags: v.optional(v.array(v.string())),
  metadata: v.optional(v.record(v.string(), v.unknown())),
});

const route = (method: AppRoute["method"], path: RegExp, handle: AppRoute["handle"]): AppRoute => ({ api: "chat", method, path, handle });

export const writeRoutes: AppRoute[] = [
  route("DELETE", /^\/users\/?$/, (ctx) => {
    const { uidsToDeactivate } = parseBody(v.object({ uidsToDeactivate: uids("uidsToDeactivate") }), ctx.body);
    return { data: eachUid(uidsToDeactivate, (uid) => {
      const user = ctx.app.users[userIndexOf(ctx, uid)]!;
      user.deactivatedAt ??= now();
      user.status = "offline";
      return { message: `${uid} is deactivated.` };
    }) };
  }),
  route("PUT", /^\/users\/?$/, (ctx) => {
    const { uidsToActivate } = parseBody(v.object({ uidsToActivate: uids("uidsToActivate") }), ctx.body);
    return { data: eachUid(uidsToActivate, (uid) => {
      delete ctx.app.users[userIndexOf(ctx, uid)]!.deactivatedAt;
      return { message: `${uid} is active.` };
    }) };
  }),
  route("PUT", /^\/users\/(?<uid>[^/]+)\/?$/, (ctx, { uid }) => {
    const user = findUser(ctx, uid!);
    const changes = parseBody(updatedUser, ctx.body);
    Object.assign(user, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), { updatedAt: now() });
    return { data: userJson(user) };
  }),
  route("DELETE", /^\/users\/(?<uid>[^/]+)\/?$/, (ctx, { uid }) => {
    const index = userIndexOf(ctx, uid!);
    const { permanent } = parseBody(v.object({ permanent: v.optional(v.boolean("The permanent field must be true or false.")) }), ctx.body);
    const user = ctx.app.users[index]!;
    // Deleted for good: gone, the uid free again; else deactivated, as the service keeps a deleted user's data.
    if (permanent) {
      user.deletedAt = now();
      ctx.app.userIndexByUid.delete(user.uid);
    } else user.deactivatedAt ??= now();
    return { data: { success: true, message: `${uid} is deleted${permanent ? " permanently" : ""}.` } };
  }),
  route("POST", /^\/groups\/(?<guid>[^/]+)\/members\/?$/, (ctx, { guid }) => {
    const group = findGroup(ctx.app, guid!);
    const body = parseBody(v.object({ admins: v.optional(v.array(v.string())), moderators: v.optional(v.array(v.string())), participants: v.optional(v.array(v.string())) }), ctx.body);
    const asked = SCOPES.flatMap((scope) => (body[`${scope}s`] ?? []).map((uid) => ({ uid, scope })));
    if (asked.length === 0) throw badRequest({ participants: ["Name at least one uid in admins, moderators or participants."] });
    const data: Record<string, unknown> = {};
    for (const scope of SCOPES) {
      const wanted = body[`${scope}s`];
      if (!wanted) continue;
      data[`${scope}s`] = eachUid(wanted, (uid) => {
        const index = userIndexOf(ctx, uid);
        if (isMember(ctx.app, group, index)) throw new ServiceError("ERR_ALREADY_JOINED", `The user ${uid} is already a member of ${group.guid}.`, "Change their scope instead.");
        if (bannedFrom(ctx.app, group).includes(index)) throw new ServiceError("ERR_BANNED_GROUPMEMBER", `The user ${uid} is banned from ${group.guid}.`, "Unban them first.");
        const member: Member = { userIndex: index, scope, joinedAt: now() };
        changesOf(ctx.app.changes.members, group.index).set(index, member);
        group.membersCount++;
        return { data: memberJson(ctx, member) };
      });
    }
    return { data };
  }),
  route("PUT", /^\/groups\/(?<guid>[^/]+)\/members\/(?<uid>[^/]+)\/?$/, (ctx, { guid, uid }) => {
    const group = findGroup(ctx.app, guid!);
    const { scope } = parseBody(v.object({ scope: v.picklist(SCOPES, `The scope must be one of ${SCOPES.join(", ")}.`) }), ctx.body);
    const { index, member } = memberOf(ctx, group, uid!);
    if (scope !== "admin") notTheOwner(group, index, `made ${scope}`);
    const changed = { ...member, scope };
    changesOf(ctx.app.changes.members, group.index).set(index, changed);
    return { data: { success: true, message: `${uid} is now ${scope} of ${group.guid}.`, ...memberJson(ctx, changed) } };
  }),
  route("DELETE", /^\/groups\/(?<guid>[^/]+)\/members\/(?<uid>[^/]+)\/?$/, (ctx, { guid, uid }) => {
    const group = findGroup(ctx.app, guid!);
    const { index } = memberOf(ctx, group, uid!);
    notTheOwner(group, index, "kicked");
    changesOf(ctx.app.changes.members, group.index).set(index, null);
    group.membersCount--;
    return { data: { success: true, message: `${uid} was kicked from ${group.guid}.` } };
  }),
  route("POST", /^\/groups\/(?<guid>[^/]+)\/bannedusers\/(?<uid>[^/]+)\/?$/, (ctx, { guid, uid }) => {
    const group = findGroup(ctx.app, guid!);
    const index = userIndexOf(ctx, uid!);
    notTheOwner(group, index, "banned");
    if (bannedFrom(ctx.app, group).includes(index)) throw new ServiceError("ERR_ALREADY_BANNED", `The user ${uid} is already banned from ${group.guid}.`, "Nothing to do.");
    // A member banned leaves the group.
    if (isMember(ctx.app, group, index)) {
      changesOf(ctx.app.changes.members, group.index).set(index, null);
      group.membersCount--;
    }
    changesOf(ctx.app.changes.bans, group.index).set(index, now());
    return { data: { success: true, message: `${uid} is banned from ${group.guid}.` } };
  }),
  route("DELETE", /^\/groups\/(?<guid>[^/]+)\/bannedusers\/(?<uid>[^/]+)\/?$/, (ctx, { guid, uid }) => {
    const group = findGroup(ctx.app, guid!);
    const index = userIndexOf(ctx, uid!);
    if (!bannedFrom(ctx.app, group).includes(index)) throw notFound("ERR_NOT_BANNED", `banned user of ${group.guid} named`, uid!);
    changesOf(ctx.app.changes.bans, group.index).set(index, null);
    return { data: { success: true, message: `${uid} is unbanned from ${group.guid}.` } };
  }),
  route("POST", /^\/users\/(?<uid>[^/]+)\/blockedusers\/?$/, (ctx, { uid }) => {
    const blocker = userIndexOf(ctx, uid!);
    const { blockedUids } = parseBody(v.object({ blockedUids: uids("blockedUids") }), ctx.body);
    return { data: eachUid(blockedUids, (other) => {
      const index = userIndexOf(ctx, other);
      if (index === blocker) throw badRequest({ blockedUids: ["A user cannot block themselves."] });
      if (!blockedBy(ctx.app, blocker).some((b) => b.userIndex === index)) changesOf(ctx.app.changes.blocks, blocker).set(index, now());
      return {};
    }) };
  }),
  route("DELETE", /^\/users\/(?<uid>[^/]+)\/blockedusers\/?$/, (ctx, { uid }) => {
    const blocker = userIndexOf(ctx, uid!);
    const { blockedUids } = parseBody(v.object({ blockedUids: uids("blockedUids") }), ctx.body);
    return { data: eachUid(blockedUids, (other) => {
      const index = userIndexOf(ctx, other);
      if (blockedBy(ctx.app, blocker).some((b) => b.userIndex === index)) changesOf(ctx.app.changes.blocks, blocker).set(index, null);
      return {};
    }) };
  }),
];
