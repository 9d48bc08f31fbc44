import { type DocumentedWrite, type ReadBefore, type VerbInput, type WriteItem, type WriteVerb, arg, documentedRead, documentedWrite, fieldOf } from "./verb.js";

/**
 * The RBAC writes (chat-apis.json, RBAC): a permission set or unset for a
 * role, or for a group's scope (admin, moderator, participant): one family
 * from one table, the two holders differing only in their path and the
 * arguments that fill it. A value is given as JSON where it reads as JSON
 * (a list: `["public"]`), else as the text (`allow`). Each reads the
 * holder's permissions first: its undo puts back the value the read gave
 * (`value`, when the answer carries one), or unsets the permission again
 * where the read gave none.
 */

interface Holder {
  noun: string;
  /** The list's path; a permission's is this and `/{permission}`. */
  path: string;
  args: ReadonlyArray<{ name: string; description: string }>;
  /** Whose permission, for the item's label: `premium`, `crew/moderator`. */
  label(input: VerbInput): string;
  check(item: WriteItem): string;
  /** The explorer list that shows these permissions. */
  list: "permissions" | "scope-permissions";
}

const HOLDERS: readonly Holder[] = [
  {
    noun: "permission", path: "/roles/{role}/permissions", list: "permissions",
    args: [{ name: "role", description: "the role" }],
    label: (input) => String(input.args.role),
    check: (item) => `ccx permissions ${arg(item, "role")}`,
  },
  {
    noun: "scope-permission", path: "/groups/{guid}/scopes/{scope}/permissions", list: "scope-permissions",
    args: [{ name: "guid", description: "the group" }, { name: "scope", description: "admin, moderator or participant" }],
    label: (input) => `${String(input.args.guid)}/${String(input.args.scope)}`,
    check: (item) => `ccx scope-permissions ${arg(item, "guid")} ${arg(item, "scope")}`,
  },
];

/** A value given on the command line: JSON where it reads as JSON (["public"]), else the text itself (allow). */
function valueOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const paramsOf = (holder: Holder, item: WriteItem) => Object.fromEntries(holder.args.map((a) => [a.name, arg(item, a.name)]));
const setTo = (holder: Holder, item: WriteItem, value: unknown): DocumentedWrite =>
  documentedWrite("PUT", holder.path, paramsOf(holder, item), { body: { permissions: { [arg(item, "permission")]: value } } });
const unset = (holder: Holder, item: WriteItem): DocumentedWrite =>
  documentedWrite("DELETE", `${holder.path}/{permission}`, { ...paramsOf(holder, item), permission: arg(item, "permission") });
const readOf = (holder: Holder) => (item: WriteItem): ReadBefore => documentedRead(holder.path, paramsOf(holder, item));

/** The value the holder's read gives the permission as set (undefined: none set, its default holds). */
function valueIn(before: unknown, permission: string): unknown {
  const data = (before as { data?: unknown } | null)?.data;
  const entry = Array.isArray(data) ? (data.find((p) => (p as { id?: unknown } | null)?.id === permission) as Record<string, unknown> | undefined) : undefined;
  return entry?.value;
}

function setVerb(holder: Holder): WriteVerb {
  return {
    noun: holder.noun, verb: "set",
    description: `set one of a ${holder.noun === "permission" ? "role's" : "group scope's"} permissions, as createGroup deny or createGroup.allowedGroupTypes '["public"]' (undo: the value it had, or unset again)`,
    args: [...holder.args, { name: "permission", description: "the permission's id" }, { name: "value", description: "its value, as JSON where it reads as JSON: allow, '[\"public\"]'" }],
    items: (input) => [{ label: `${holder.label(input)}: ${String(input.args.permission)}`, input }],
    request: (item) => setTo(holder, item, valueOf(arg(item, "value"))),
    before: readOf(holder),
    inverse: (item, before) => {
      const had = valueIn(before, arg(item, "permission"));
      if (had === undefined) return unset(holder, item);
      return JSON.stringify(had) === JSON.stringify(valueOf(arg(item, "value"))) ? undefined : setTo(holder, item, had);
    },
    check: holder.check,
  };
}

function unsetVerb(holder: Holder): WriteVerb {
  return {
    noun: holder.noun, verb: "unset",
    description: `unset one of a ${holder.noun === "permission" ? "role's" : "group scope's"} permissions: back to its default (undo: the value it had)`,
    args: [...holder.args, { name: "permission", description: "the permission's id" }],
    items: (input) => [{ label: `${holder.label(input)}: ${String(input.args.permission)}`, input }],
    request: (item) => unset(holder, item),
    before: readOf(holder),
    inverse: (item, before) => {
      const had = valueIn(before, arg(item, "permission"));
      return had === undefined ? undefined : setTo(holder, item, had);
    },
    // - on a holder's permissions: the selected one unset.
    keys: [{
      on: holder.list, key: "-", footer: "unset",
      input: ({ params, row }) => (params.length >= holder.args.length
        ? { args: { ...Object.fromEntries(holder.args.map((a, i) => [a.name, params[i]!])), permission: fieldOf(row, "id") }, flags: {} }
        : "no holder here"),
    }],
    check: holder.check,
  };
}

export const PERMISSION_VERBS: readonly WriteVerb[] = HOLDERS.flatMap((holder) => [setVerb(holder), unsetVerb(holder)]);
