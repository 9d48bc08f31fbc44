import { badInput } from "../api/errors.js";
import { jsonObject } from "./people.js";
import { type DocumentedWrite, type VerbInput, type WriteItem, type WriteVerb, arg, dataOf, documentedRead, documentedWrite, eachOf, fieldOf } from "./verb.js";

/**
 * The writes on roles (chat-apis.json, Roles and Restrict Features): a role
 * created, updated, deleted; features restricted for it and allowed again.
 * An update or a delete reads the role first, so that its undo puts back the
 * fields it had (a field it lacked is unset again, as the update's `unset`
 * documents); a restriction reads the role's restricted features first, so
 * that its undo changes only those it changed.
 */

const ROLE = "/roles/{role}";
const FEATURES = "/roles/{role}/restrictedfeatures";
/** The values the exports give a role's two settings. */
const SETTING_VALUES = ["all", "friendsOnly"] as const;
/** The fields a role's update may unset (the exports' `unset` enum). */
const UNSETTABLE = ["description", "metadata", "settings"] as const;

const ROLE_FLAGS = [
  { flag: "name", value: "text", description: "its name" },
  { flag: "description", value: "text", description: "what it is for" },
  { flag: "metadata", value: "json", description: "its metadata, a JSON object" },
  { flag: "list-users", value: "all|friendsOnly", description: "whom its users may list", field: "settings.listUsers" },
  { flag: "send-messages-to", value: "all|friendsOnly", description: "whom its users may write to", field: "settings.sendMessagesTo" },
] as const;

function settingOf(flag: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!(SETTING_VALUES as readonly unknown[]).includes(value)) throw badInput(`--${flag} takes ${SETTING_VALUES.join(" or ")}; nothing was sent`);
  return value as string;
}

/** The role's fields the flags give: name, description, metadata parsed, the two settings together. */
function roleFields(flags: VerbInput["flags"]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (typeof flags.name === "string") body.name = flags.name;
  if (typeof flags.description === "string") body.description = flags.description;
  if (typeof flags.metadata === "string") body.metadata = jsonObject(flags.metadata);
  const settings = { listUsers: settingOf("list-users", flags.listUsers), sendMessagesTo: settingOf("send-messages-to", flags.sendMessagesTo) };
  const given = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  if (Object.keys(given).length > 0) body.settings = given;
  return body;
}

/** What a role's read gave of the fields a create or an update sends. */
function roleIn(before: unknown): Record<string, unknown> | undefined {
  const data = dataOf(before);
  if (!data) return undefined;
  return Object.fromEntries(["name", ...UNSETTABLE].filter((f) => data[f] !== undefined && data[f] !== null).map((f) => [f, data[f]]));
}

const roleItem = (input: VerbInput): WriteItem[] => [{ label: String(input.args.role), input }];
const check = (item: WriteItem) => `ccx role ${arg(item, "role")}`;

export const roleCreate: WriteVerb = {
  noun: "role", verb: "create",
  description: "create a role, and whom its users may list and write to (undo: delete it)",
  args: [{ name: "role", description: "the new role's id: a-z, 0-9, - and _" }],
  flags: ROLE_FLAGS.map((f) => (f.flag === "name" ? { ...f, required: true as const } : f)),
  items: roleItem,
  request: (item) => documentedWrite("POST", "/roles", {}, { body: { role: arg(item, "role"), ...roleFields(item.input.flags) } }),
  inverse: (item) => documentedWrite("DELETE", ROLE, { role: arg(item, "role") }),
  check,
};

export const roleUpdate: WriteVerb = {
  noun: "role", verb: "update",
  description: "change a role's name, description, metadata or settings (undo: the fields it had)",
  args: [{ name: "role", description: "the role" }],
  flags: ROLE_FLAGS,
  items: (input) => {
    if (Object.keys(roleFields(input.flags)).length === 0) throw badInput("nothing to change: give --name, --description, --metadata, --list-users or --send-messages-to; nothing was sent");
    return roleItem(input);
  },
  request: (item) => documentedWrite("PUT", ROLE, { role: arg(item, "role") }, { body: roleFields(item.input.flags) }),
  before: (item) => documentedRead(ROLE, { role: arg(item, "role") }),
  inverse: (item, before) => {
    const had = roleIn(before);
    if (!had) return undefined;
    const changed = Object.keys(roleFields(item.input.flags));
    const back = Object.fromEntries(changed.filter((f) => had[f] !== undefined).map((f) => [f, had[f]]));
    const unset = changed.filter((f) => had[f] === undefined && (UNSETTABLE as readonly string[]).includes(f));
    return documentedWrite("PUT", ROLE, { role: arg(item, "role") }, { body: { ...back, ...(unset.length > 0 ? { unset } : {}) } });
  },
  keys: [{ on: "roles", key: "e", footer: "edit", form: true, input: ({ row }) => ({ args: { role: fieldOf(row, "role") }, flags: {} }) }],
  check,
};

export const roleDelete: WriteVerb = {
  noun: "role", verb: "delete",
  description: "delete a role (undo: create it again with the fields read before it; its users are not given it back)",
  args: [{ name: "role", description: "the role" }],
  items: roleItem,
  request: (item) => documentedWrite("DELETE", ROLE, { role: arg(item, "role") }),
  before: (item) => documentedRead(ROLE, { role: arg(item, "role") }),
  inverse: (item, before) => {
    const had = roleIn(before);
    return had ? documentedWrite("POST", "/roles", {}, { body: { role: arg(item, "role"), ...had } }) : undefined;
  },
  keys: [{ on: "roles", key: "D", footer: "delete", input: ({ row }) => ({ args: { role: fieldOf(row, "role") }, flags: {} }) }],
  check,
};

/** The keys of the features a role's read says are restricted. */
function restrictedIn(before: unknown): string[] {
  const data = (before as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.flatMap((f) => (typeof (f as { key?: unknown } | null)?.key === "string" ? [(f as { key: string }).key] : [])) : [];
}

const keysOf = (item: WriteItem): string[] => {
  const keys = item.input.args.feature;
  return Array.isArray(keys) ? keys : keys === undefined ? [] : [keys];
};
const restrict = (role: string, keys: string[]) => documentedWrite("POST", FEATURES, { role }, { body: { featuresToRestrict: keys } });
const allow = (role: string, keys: string[]) => documentedWrite("DELETE", FEATURES, { role }, { body: { featuresToAllow: keys } });
const featuresBefore = (item: WriteItem) => documentedRead(FEATURES, { role: arg(item, "role") });
const checkFeatures = (item: WriteItem) => `ccx restricted-features ${arg(item, "role")}`;

/** The features named, in one request (the body takes a list): the role and its keys. */
function featureItems(input: VerbInput, allowAll: boolean): WriteItem[] {
  const keys = eachOf(input, "feature").map((i) => i.label);
  if (allowAll && keys.length > 0) throw badInput("name features or give --all, not both; nothing was sent");
  if (!allowAll && keys.length === 0) throw badInput(`say which features: their keys${input.flags.all === undefined ? "" : ", or --all"}; nothing was sent`);
  return [{ label: `${String(input.args.role)}: ${allowAll ? "all" : keys.join(", ")}`, input }];
}

export const featuresRestrict: WriteVerb = {
  noun: "role", verb: "restrict",
  description: "restrict features for a role's users, by their keys (undo: allow again those that were not restricted)",
  args: [{ name: "role", description: "the role" }, { name: "feature", description: "the features' keys", variadic: true }],
  items: (input) => featureItems(input, false),
  request: (item) => restrict(arg(item, "role"), keysOf(item)),
  before: featuresBefore,
  inverse: (item, before) => {
    const had = restrictedIn(before);
    const added = keysOf(item).filter((k) => !had.includes(k));
    return added.length > 0 ? allow(arg(item, "role"), added) : undefined;
  },
  check: checkFeatures,
};

export const featuresAllow: WriteVerb = {
  noun: "role", verb: "allow",
  description: "allow a role's users restricted features again, by their keys or --all (undo: restrict again those that were)",
  args: [{ name: "role", description: "the role" }, { name: "feature", description: "the features' keys", variadic: true }],
  flags: [{ flag: "all", description: "every restricted feature (allowAll)" }],
  items: (input) => featureItems(input, input.flags.all === true),
  request: (item) => (item.input.flags.all === true
    ? documentedWrite("DELETE", FEATURES, { role: arg(item, "role") }, { body: { allowAll: true } })
    : allow(arg(item, "role"), keysOf(item))),
  before: featuresBefore,
  inverse: (item, before) => {
    const had = restrictedIn(before);
    const removed = item.input.flags.all === true ? had : keysOf(item).filter((k) => had.includes(k));
    return removed.length > 0 ? restrict(arg(item, "role"), removed) : undefined;
  },
  // - on a role's restricted features: the selected one allowed again.
  keys: [{ on: "restricted-features", key: "-", footer: "allow", input: ({ params, row }) => (params[0] ? { args: { role: params[0], feature: [fieldOf(row, "key")] }, flags: {} } : "no role here") }],
  check: checkFeatures,
};
