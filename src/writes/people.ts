import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type WriteVerb, arg, commaList, dataOf, documentedRead, documentedWrite, eachOf, fieldOf } from "./verb.js";

/**
 * The writes on users, group members, bans and blocks (chat-apis.json), each
 * read first where its inverse needs to know what it changes: whether a user
 * was active, what their fields were, the scope a member had.
 */

const userBefore = (uid: string) => documentedRead("/users/{uid}", { uid });
const active = (before: unknown) => dataOf(before)?.deactivatedAt === undefined || dataOf(before)?.deactivatedAt === null;
const deactivate = (uid: string): DocumentedWrite => documentedWrite("DELETE", "/users", {}, { body: { uidsToDeactivate: [uid] } });
const reactivate = (uid: string): DocumentedWrite => documentedWrite("PUT", "/users", {}, { body: { uidsToActivate: [uid] } });
/** `/users/{uid}`: a user's delete and update. */
const oneUser = (method: "DELETE" | "PUT", uid: string, body: unknown): DocumentedWrite => documentedWrite(method, "/users/{uid}", { uid }, { body });

/** The fields `user create` and `user update` take. */
const USER_FIELDS = [
  { flag: "name", value: "name", description: "the user's name" },
  { flag: "role", value: "role", description: "their role" },
  { flag: "avatar", value: "url", description: "their avatar's URL" },
  { flag: "metadata", value: "json", description: "their metadata, a JSON object" },
  { flag: "tags", value: "a,b", description: "their tags, comma-separated" },
] as const;

/** --metadata's value: a JSON object, or bad input said before anything is sent. */
export function jsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw badInput(`--metadata takes a JSON object, as {"team":"qa"}; nothing was sent`);
  return value as Record<string, unknown>;
}

/** The body of the user fields given: metadata parsed, tags split. */
function userFields(flags: Record<string, string | boolean | undefined>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { flag } of USER_FIELDS) {
    const value = flags[flag];
    if (typeof value !== "string") continue;
    if (flag === "metadata") body.metadata = jsonObject(value);
    else if (flag === "tags") body.tags = commaList(value);
    else body[flag] = value;
  }
  return body;
}

export const userDeactivate: WriteVerb = {
  noun: "user", verb: "deactivate",
  description: "deactivate users: hidden from lists, unable to log in, their data kept (undo: reactivate)",
  args: [{ name: "uid", description: "the users' uids", variadic: true }],
  items: (input) => eachOf(input, "uid"),
  request: (item) => deactivate(arg(item, "uid")),
  selectable: "users",
  keys: (["users", "user"] as const).map((on) => ({ on, key: "D" as const, footer: "deactivate", input: ({ row }: { row?: Record<string, unknown> }) => ({ args: { uid: [fieldOf(row, "uid")] }, flags: {} }) })),
  before: (item) => userBefore(arg(item, "uid")),
  inverse: (item, before) => (active(before) ? reactivate(arg(item, "uid")) : undefined),
  check: (item) => `ccx users --query '${arg(item, "uid")} in:uid deactivated:with'`,
};

export const userReactivate: WriteVerb = {
  noun: "user", verb: "reactivate",
  description: "reactivate deactivated users (undo: deactivate)",
  args: [{ name: "uid", description: "the users' uids", variadic: true }],
  items: (input) => eachOf(input, "uid"),
  request: (item) => reactivate(arg(item, "uid")),
  selectable: "users",
  before: (item) => userBefore(arg(item, "uid")),
  inverse: (item, before) => (active(before) ? undefined : deactivate(arg(item, "uid"))),
  check: (item) => `ccx user ${arg(item, "uid")}`,
};

export const userCreate: WriteVerb = {
  noun: "user", verb: "create",
  description: "create a user (undo: delete them for good)",
  args: [{ name: "uid", description: "the new user's uid" }],
  flags: USER_FIELDS.map((f) => ({ ...f, ...(f.flag === "name" ? { required: true as const } : {}) })),
  items: (input) => [{ label: String(input.args.uid), input }],
  request: (item) => documentedWrite("POST", "/users", {}, { body: { uid: arg(item, "uid"), ...userFields(item.input.flags) } }),
  inverse: (item) => oneUser("DELETE", arg(item, "uid"), { permanent: true }),
  check: (item) => `ccx user ${arg(item, "uid")}`,
};

export const userDelete: WriteVerb = {
  noun: "user", verb: "delete",
  description: "delete users (--permanent: for good, their uid free again); the uid is typed back first",
  args: [{ name: "uid", description: "the users' uids", variadic: true }],
  flags: [{ flag: "permanent", description: "delete for good, with their messages' authorship" }],
  items: (input) => eachOf(input, "uid"),
  request: (item) => oneUser("DELETE", arg(item, "uid"), { permanent: item.input.flags.permanent === true }),
  selectable: "users",
  irreversible: "a deleted user cannot be brought back",
  destructive: () => true,
  check: (item) => `ccx user ${arg(item, "uid")}`,
};

export const userUpdate: WriteVerb = {
  noun: "user", verb: "update",
  description: "change a user's name, role, avatar, metadata or tags (undo: the values they had)",
  args: [{ name: "uid", description: "the user's uid" }],
  flags: USER_FIELDS,
  items: (input) => [{ label: String(input.args.uid), input }],
  request: (item) => oneUser("PUT", arg(item, "uid"), userFields(item.input.flags)),
  keys: (["users", "user"] as const).map((on) => ({ on, key: "e" as const, footer: "edit", form: true as const, input: ({ row }: { row?: Record<string, unknown> }) => ({ args: { uid: fieldOf(row, "uid") }, flags: {} }) })),
  before: (item) => userBefore(arg(item, "uid")),
  inverse: (item, before) => {
    const had = dataOf(before) ?? {};
    const changed = Object.keys(userFields(item.input.flags));
    // What it had of each field changed; a field it did not have is left as the update made it.
    const body = Object.fromEntries(changed.filter((field) => had[field] !== undefined && had[field] !== null).map((field) => [field, had[field]]));
    return Object.keys(body).length > 0 ? oneUser("PUT", arg(item, "uid"), body) : undefined;
  },
  check: (item) => `ccx user ${arg(item, "uid")}`,
};

/** The scope a user has in a group, as the group's detail answers it for them (onBehalfOf). */
const memberBefore = (guid: string, uid: string) => documentedRead("/groups/{guid}", { guid }, { as: uid });
const scopeOf = (before: unknown): string | undefined => {
  const data = dataOf(before);
  return data?.hasJoined === false ? undefined : typeof data?.scope === "string" ? data.scope : undefined;
};
const addMember = (guid: string, uid: string, scope: string): DocumentedWrite => documentedWrite("POST", "/groups/{guid}/members", { guid }, { body: { [`${scope}s`]: [uid] } });
const kick = (guid: string, uid: string): DocumentedWrite => documentedWrite("DELETE", "/groups/{guid}/members/{uid}", { guid, uid });
const scoped = (guid: string, uid: string, scope: string): DocumentedWrite => documentedWrite("PUT", "/groups/{guid}/members/{uid}", { guid, uid }, { body: { scope } });
const membersOf = (input: Parameters<WriteVerb["items"]>[0]) => eachOf(input, "uid", (uid) => `${String(input.args.guid)}/${uid}`);

export const memberAdd: WriteVerb = {
  noun: "member", verb: "add",
  description: "add users to a group, as participants or with --scope (undo: kick them)",
  args: [{ name: "guid", description: "the group" }, { name: "uid", description: "the users to add", variadic: true }],
  flags: [{ flag: "scope", value: "scope", description: "admin, moderator or participant (default)" }],
  items: membersOf,
  request: (item) => addMember(arg(item, "guid"), arg(item, "uid"), String(item.input.flags.scope ?? "participant")),
  keys: [{ on: "members", key: "+", footer: "add", asks: { label: "add members, as participants (uids): ", into: { arg: "uid", several: true } }, input: ({ params }) => ({ args: { guid: params[0] ?? "" }, flags: {} }) }],
  inverse: (item) => kick(arg(item, "guid"), arg(item, "uid")),
  check: (item) => `ccx members ${arg(item, "guid")}`,
};

export const memberKick: WriteVerb = {
  noun: "member", verb: "kick",
  description: "remove a member from a group (undo: add them back with the scope they had)",
  args: [{ name: "guid", description: "the group" }, { name: "uid", description: "the members to kick", variadic: true }],
  items: membersOf,
  request: (item) => kick(arg(item, "guid"), arg(item, "uid")),
  selectable: "members",
  keys: (["D", "-"] as const).map((key) => ({ on: "members", key, footer: "kick", input: ({ params, row }: { params: readonly string[]; row?: Record<string, unknown> }) => ({ args: { guid: params[0] ?? "", uid: [fieldOf(row, "uid")] }, flags: {} }) })),
  before: (item) => memberBefore(arg(item, "guid"), arg(item, "uid")),
  inverse: (item, before) => {
    const scope = scopeOf(before);
    return scope ? addMember(arg(item, "guid"), arg(item, "uid"), scope) : undefined;
  },
  check: (item) => `ccx members ${arg(item, "guid")}`,
};

export const memberScope: WriteVerb = {
  noun: "member", verb: "scope",
  description: "give a member another scope: admin, moderator or participant (undo: the scope they had)",
  args: [{ name: "guid", description: "the group" }, { name: "uid", description: "the member" }, { name: "scope", description: "admin, moderator or participant" }],
  items: (input) => [{ label: `${String(input.args.guid)}/${String(input.args.uid)}`, input }],
  request: (item) => scoped(arg(item, "guid"), arg(item, "uid"), arg(item, "scope")),
  before: (item) => memberBefore(arg(item, "guid"), arg(item, "uid")),
  inverse: (item, before) => {
    const scope = scopeOf(before);
    return scope && scope !== arg(item, "scope") ? scoped(arg(item, "guid"), arg(item, "uid"), scope) : undefined;
  },
  check: (item) => `ccx members ${arg(item, "guid")}`,
};

const ban = (guid: string, uid: string): DocumentedWrite => documentedWrite("POST", "/groups/{guid}/bannedusers/{uid}", { guid, uid });
const unban = (guid: string, uid: string): DocumentedWrite => documentedWrite("DELETE", "/groups/{guid}/bannedusers/{uid}", { guid, uid });

export const memberBan: WriteVerb = {
  noun: "member", verb: "ban",
  description: "ban users from a group: a member is removed, and none can join again (undo: unban)",
  args: [{ name: "guid", description: "the group" }, { name: "uid", description: "the users to ban", variadic: true }],
  items: membersOf,
  request: (item) => ban(arg(item, "guid"), arg(item, "uid")),
  keys: [{ on: "banned", key: "+", footer: "ban", asks: { label: "ban (uids): ", into: { arg: "uid", several: true } }, input: ({ params }) => ({ args: { guid: params[0] ?? "" }, flags: {} }) }],
  inverse: (item) => unban(arg(item, "guid"), arg(item, "uid")),
  check: (item) => `ccx banned ${arg(item, "guid")}`,
};

export const memberUnban: WriteVerb = {
  noun: "member", verb: "unban",
  description: "lift a group's ban on users (undo: ban them again)",
  args: [{ name: "guid", description: "the group" }, { name: "uid", description: "the users to unban", variadic: true }],
  items: membersOf,
  request: (item) => unban(arg(item, "guid"), arg(item, "uid")),
  keys: [{ on: "banned", key: "-", footer: "unban", input: ({ params, row }) => ({ args: { guid: params[0] ?? "", uid: [fieldOf(row, "uid")] }, flags: {} }) }],
  inverse: (item) => ban(arg(item, "guid"), arg(item, "uid")),
  check: (item) => `ccx banned ${arg(item, "guid")}`,
};

const blocks = (method: "POST" | "DELETE", uid: string, target: string): DocumentedWrite => documentedWrite(method, "/users/{uid}/blockedusers", { uid }, { body: { blockedUids: [target] } });
const targetsOf = (input: Parameters<WriteVerb["items"]>[0]) => eachOf(input, "target", (target) => `${String(input.args.uid)}→${target}`);
/** Whom the user blocks now (one page of the most the list gives): whether the target is among them. */
const blocksBefore = (item: Parameters<NonNullable<WriteVerb["before"]>>[0]) => documentedRead("/users/{uid}/blockedusers", { uid: arg(item, "uid") }, { query: { perPage: "1000" } });
const blocking = (item: Parameters<NonNullable<WriteVerb["before"]>>[0], before: unknown) => {
  const list = (before as { data?: unknown } | null)?.data;
  return Array.isArray(list) && list.some((u) => (u as { uid?: unknown } | null)?.uid === arg(item, "target"));
};

export const block: WriteVerb = {
  verb: "block",
  description: "a user blocks others: neither sees the other's messages (undo: unblock)",
  args: [{ name: "uid", description: "who blocks" }, { name: "target", description: "whom they block", variadic: true }],
  items: targetsOf,
  request: (item) => blocks("POST", arg(item, "uid"), arg(item, "target")),
  keys: [{ on: "blocked", key: "+", footer: "block", asks: { label: "block (uids): ", into: { arg: "target", several: true } }, input: ({ params }) => ({ args: { uid: params[0] ?? "" }, flags: {} }) }],
  before: blocksBefore,
  inverse: (item, before) => (blocking(item, before) ? undefined : blocks("DELETE", arg(item, "uid"), arg(item, "target"))),
  check: (item) => `ccx blocked ${arg(item, "uid")}`,
};

export const unblock: WriteVerb = {
  verb: "unblock",
  description: "a user unblocks others (undo: block)",
  args: [{ name: "uid", description: "who unblocks" }, { name: "target", description: "whom they unblock", variadic: true }],
  items: targetsOf,
  request: (item) => blocks("DELETE", arg(item, "uid"), arg(item, "target")),
  keys: [{ on: "blocked", key: "-", footer: "unblock", input: ({ params, row }) => ({ args: { uid: params[0] ?? "", target: [fieldOf(row, "uid")] }, flags: {} }) }],
  before: blocksBefore,
  inverse: (item, before) => (blocking(item, before) ? blocks("POST", arg(item, "uid"), arg(item, "target")) : undefined),
  check: (item) => `ccx blocked ${arg(item, "uid")}`,
};
