import * as v from "valibot";
import { parseBody } from "../body.js";
import type { AppRoute, RequestContext } from "../context.js";
import { type Group, type Member, changesOf } from "../data/model.js";
import { ServiceError, badRequest } from "../errors.js";
import { forgetGroupOrders } from "../group-query.js";
import { groupJson } from "../serialize.js";
import { findGroup } from "./groups.js";
import { eachUid, userIndexOf } from "./writes.js";

/**
 * The writes on groups themselves (chat-apis.json, Groups): POST /groups,
 * PUT and DELETE /groups/{guid}. A group created here has no seeded members:
 * its owner (the `owner` field, else the onBehalfOf user, else none) and the
 * `members` given are kept in `app.changes.members`. A deleted group is gone
 * from every read and its guid is free again. Errors: a guid taken
 * (ERR_GUID_ALREADY_EXISTS), an unknown group or user, a password group
 * without a password, an owner change (not emulated: membership is derived
 * from the owner).
 */

const GUID = /^[a-zA-Z0-9_-]{1,100}$/;
/** `password` (the exports) and `protected` (the spec) are one type. */
const TYPES = ["public", "private", "password", "protected"] as const;
const now = () => Math.floor(Date.now() / 1000);
const uidList = v.optional(v.array(v.string("Each uid must be a string."), "A list of uids is expected."));

const fields = {
  name: v.optional(v.pipe(v.string(), v.minLength(1, "The name may not be empty."), v.maxLength(100))),
  type: v.optional(v.picklist(TYPES, `The type must be one of ${TYPES.join(", ")}.`)),
  password: v.optional(v.pipe(v.string(), v.minLength(1, "The password may not be empty."))),
  icon: v.optional(v.pipe(v.string(), v.url("The icon must be a URL."))),
  description: v.optional(v.string()),
  metadata: v.optional(v.record(v.string(), v.unknown())),
  tags: v.optional(v.array(v.string("Each tag must be a string."))),
  owner: v.optional(v.string()),
};

const newGroup = v.object({
  ...fields,
  guid: v.pipe(v.string("The guid is required."), v.regex(GUID, "The guid may contain only letters, digits, _ and -.")),
  name: v.pipe(v.string("The name is required."), v.minLength(1, "The name is required."), v.maxLength(100)),
  type: v.picklist(TYPES, `The type is required: one of ${TYPES.join(", ")}.`),
  members: v.optional(v.object({ admins: uidList, moderators: uidList, participants: uidList })),
});

const changedGroup = v.object({ ...fields, unset: v.optional(v.array(v.picklist(["icon", "description", "metadata"], "Only icon, description and metadata can be unset."))) });

const groupType = (type: (typeof TYPES)[number]) => (type === "password" ? "protected" : type);

function needsPassword(type: (typeof TYPES)[number] | undefined, password: string | undefined): void {
  if (type !== undefined && groupType(type) === "protected" && password === undefined) throw badRequest({ password: ["A password group needs a password to join it."] });
}

/** Makes a user a member of a group made here: kept in the changes, counted. */
function join(ctx: RequestContext, group: Group, index: number, scope: Member["scope"]): Member {
  const members = changesOf(ctx.app.changes.members, group.index);
  if (members.get(index)) throw new ServiceError("ERR_ALREADY_JOINED", `The user ${ctx.app.users[index]!.uid} is already a member of ${group.guid}.`, "Name each user once.");
  const member: Member = { userIndex: index, scope, joinedAt: group.createdAt };
  members.set(index, member);
  group.membersCount++;
  return member;
}

const json = (ctx: RequestContext, group: Group) => groupJson(ctx.app, group, { withTags: true, userIndex: ctx.onBehalfOf?.index ?? (group.ownerIndex >= 0 ? group.ownerIndex : undefined) }, ctx.options);
const route = (method: AppRoute["method"], path: RegExp, handle: AppRoute["handle"]): AppRoute => ({ api: "chat", method, path, handle });

export const groupWriteRoutes: AppRoute[] = [
  route("POST", /^\/groups\/?$/, (ctx) => {
    const input = parseBody(newGroup, ctx.body);
    const { app } = ctx;
    if (app.groupIndexByGuid.has(input.guid)) throw new ServiceError("ERR_GUID_ALREADY_EXISTS", `The GUID ${input.guid} already exists.`, "Please use another GUID.");
    needsPassword(input.type, input.password);
    const owner = input.owner !== undefined ? userIndexOf(ctx, input.owner) : ctx.onBehalfOf?.index ?? -1;
    const createdAt = now();
    const group: Group = {
      index: app.groups.length, guid: input.guid, name: input.name, description: input.description, icon: input.icon, type: groupType(input.type),
      membersCount: 0, seededMembers: 0, createdAt, updatedAt: createdAt, updatedBy: undefined, ownerIndex: owner,
      memberStep: 1, stepInverse: 1, tags: input.tags, metadata: input.metadata, nameKey: input.name.toLowerCase(), guidKey: input.guid.toLowerCase(),
    };
    app.groups.push(group);
    app.groupIndexByGuid.set(group.guid, group.index);
    forgetGroupOrders(app);
    if (owner >= 0) join(ctx, group, owner, "admin");
    const members: Record<string, unknown> = {};
    for (const scope of ["admin", "moderator", "participant"] as const) {
      const uids = input.members?.[`${scope}s`];
      if (uids) members[`${scope}s`] = eachUid(uids, (uid) => ({ data: { uid, scope: join(ctx, group, userIndexOf(ctx, uid), scope).scope } }));
    }
    return { data: { ...json(ctx, group), ...(input.members ? { members } : {}) } };
  }),
  route("PUT", /^\/groups\/(?<guid>[^/]+)\/?$/, (ctx, { guid }) => {
    const group = findGroup(ctx.app, guid!);
    const input = parseBody(changedGroup, ctx.body);
    if (input.owner !== undefined) throw badRequest({ owner: ["The emulator does not transfer a group's ownership: its membership is derived from the owner."] });
    if (input.type !== undefined && groupType(input.type) === "protected" && group.type !== "protected") needsPassword(input.type, input.password);
    for (const field of ["name", "description", "icon", "metadata", "tags"] as const) if (input[field] !== undefined) Object.assign(group, { [field]: input[field] });
    if (input.type !== undefined) group.type = groupType(input.type);
    for (const field of input.unset ?? []) group[field] = undefined;
    // Tags emptied are no tags: the group's JSON then leaves them out.
    if (group.tags?.length === 0) group.tags = undefined;
    group.nameKey = group.name.toLowerCase();
    group.updatedAt = Math.max(now(), group.updatedAt);
    group.updatedBy = ctx.onBehalfOf?.user.uid;
    forgetGroupOrders(ctx.app);
    return { data: json(ctx, group) };
  }),
  route("DELETE", /^\/groups\/(?<guid>[^/]+)\/?$/, (ctx, { guid }) => {
    const group = findGroup(ctx.app, guid!);
    group.deletedAt = now();
    ctx.app.groupIndexByGuid.delete(group.guid);
    forgetGroupOrders(ctx.app);
    return { data: { success: true, message: `Group with guid ${group.guid} has been deleted successfully.` } };
  }),
];
