import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type VerbInput, type WriteVerb, arg, commaList, dataOf, documentedRead, documentedWrite, fieldOf } from "./verb.js";

/**
 * The writes on groups themselves (chat-apis.json, Groups): create, update
 * and delete. An update reads the group first, so that its undo puts back
 * the fields it had (a description it lacked is unset again).
 */

/** `/groups/{guid}`: a group's update and delete. */
const oneGroup = (method: "PUT" | "DELETE", guid: string, body?: unknown): DocumentedWrite => documentedWrite(method, "/groups/{guid}", { guid }, body === undefined ? {} : { body });

/** The types the exports list (public, password, private), and the spec's word for password: protected. */
const TYPES = ["public", "private", "password", "protected"] as const;

/** The type as the exports spell it: `protected` sent as `password`; anything else is bad input. */
function typeOf(input: VerbInput): string {
  const type = String(input.flags.type ?? "");
  if (!(TYPES as readonly string[]).includes(type)) throw badInput(`--type takes ${TYPES.join(", ")}; nothing was sent`);
  const protectedType = type === "password" || type === "protected";
  if (protectedType !== (typeof input.flags.password === "string")) {
    throw badInput(protectedType ? `a ${type} group needs --password; nothing was sent` : "--password is for a password (protected) group; nothing was sent");
  }
  return protectedType ? "password" : type;
}

/** The fields `group update` changes, from the flags given. */
function changedFields(input: VerbInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (typeof input.flags.name === "string") body.name = input.flags.name;
  if (typeof input.flags.description === "string") body.description = input.flags.description;
  if (typeof input.flags.tags === "string") body.tags = commaList(input.flags.tags);
  return body;
}

export const groupCreate: WriteVerb = {
  noun: "group", verb: "create",
  description: "create a group: public, private, or password (protected) with --password (undo: delete it)",
  args: [{ name: "guid", description: "the new group's guid" }],
  flags: [
    { flag: "name", value: "name", description: "its name", required: true },
    { flag: "type", value: "type", description: "public, private, or password (protected, the spec's word)", required: true },
    { flag: "description", value: "text", description: "what it is about" },
    { flag: "password", value: "password", description: "the password to join it, for a password group" },
    { flag: "tags", value: "a,b", description: "its tags, comma-separated" },
    { flag: "owner", value: "uid", description: "its owner (else the user of --as, if any)" },
  ],
  items: (input) => {
    typeOf(input);
    return [{ label: String(input.args.guid), input }];
  },
  request: (item) => {
    const { flags } = item.input;
    const body: Record<string, unknown> = { guid: arg(item, "guid"), name: flags.name, type: typeOf(item.input) };
    for (const field of ["description", "password", "owner"]) if (typeof flags[field] === "string") body[field] = flags[field];
    if (typeof flags.tags === "string") body.tags = commaList(flags.tags);
    return documentedWrite("POST", "/groups", {}, { body });
  },
  inverse: (item) => oneGroup("DELETE", arg(item, "guid")),
  check: (item) => `ccx group ${arg(item, "guid")}`,
};

export const groupUpdate: WriteVerb = {
  noun: "group", verb: "update",
  description: "change a group's name, description or tags (undo: the values it had)",
  args: [{ name: "guid", description: "the group" }],
  flags: [
    { flag: "name", value: "name", description: "its new name" },
    { flag: "description", value: "text", description: "its new description" },
    { flag: "tags", value: "a,b", description: "its tags, comma-separated (they replace its tags)" },
  ],
  items: (input) => {
    if (Object.keys(changedFields(input)).length === 0) throw badInput("nothing to change: give --name, --description or --tags; nothing was sent");
    return [{ label: String(input.args.guid), input }];
  },
  request: (item) => oneGroup("PUT", arg(item, "guid"), changedFields(item.input)),
  keys: (["groups", "group"] as const).map((on) => ({ on, key: "e" as const, footer: "edit", form: true as const, input: ({ row }: { row?: Record<string, unknown> }) => ({ args: { guid: fieldOf(row, "guid") }, flags: {} }) })),
  before: (item) => documentedRead("/groups/{guid}", { guid: arg(item, "guid") }),
  inverse: (item, before) => {
    const had = dataOf(before) ?? {};
    const body: Record<string, unknown> = {};
    const unset: string[] = [];
    for (const field of Object.keys(changedFields(item.input))) {
      const value = had[field];
      // A field it lacked: a description is unset (as documented), tags emptied.
      if (value !== undefined && value !== null) body[field] = value;
      else if (field === "description") unset.push(field);
      else if (field === "tags") body.tags = [];
    }
    if (unset.length > 0) body.unset = unset;
    return Object.keys(body).length > 0 ? oneGroup("PUT", arg(item, "guid"), body) : undefined;
  },
  check: (item) => `ccx group ${arg(item, "guid")}`,
};

export const groupDelete: WriteVerb = {
  noun: "group", verb: "delete",
  description: "delete a group, its members and its conversation; the guid is typed back first",
  args: [{ name: "guid", description: "the group" }],
  items: (input) => [{ label: String(input.args.guid), input }],
  request: (item) => oneGroup("DELETE", arg(item, "guid")),
  keys: [{ on: "groups", key: "D", footer: "delete", input: ({ row }) => ({ args: { guid: fieldOf(row, "guid") }, flags: {} }) }],
  irreversible: "a deleted group cannot be brought back",
  destructive: () => true,
  check: (item) => `ccx group ${arg(item, "guid")}`,
};
