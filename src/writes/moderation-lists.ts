import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type VerbInput, type WriteItem, type WriteVerb, arg, commaList, dataOf, documentedRead, documentedWrite, fieldOf } from "./verb.js";

/**
 * The app's moderation rules, keyword lists and flag reasons (chat-apis.json,
 * Moderation), from one table: each created (POST), updated (PUT) and deleted
 * by its id, a flag each for the fields of its body. Rules and keyword lists
 * take the management key and secret (the catalogue says so; ccx infers it),
 * reasons the API key. A create is undone by deleting the id it was given (so
 * --id is asked for: the journal must name what to delete); an update and a
 * delete read the record first, and are undone by putting back the fields it
 * had, or by creating it again from them. Nothing they carry is a secret.
 */

/** How a flag's text becomes its field: as written, true/false, JSON, or a comma-separated list. */
type FieldKind = "text" | "boolean" | "json" | "list";

interface ListField {
  flag: string;
  /** The documented body's name (and the read's). */
  field: string;
  kind: FieldKind;
  description: string;
  /** Needed to create one. */
  required?: true;
}

interface ModerationKind {
  /** Its verbs' prefix (`rule`: `moderation rule-create`), and what help calls it. */
  word: string;
  what: string;
  /** The list's path and the item's parameter: `/moderation/rules`, `ruleId`. */
  path: string;
  param: string;
  /** The explorer's list of them, where its keys are offered. */
  list: "rules" | "keywords" | "reasons";
  fields: readonly ListField[];
}

const field = (flag: string, name: string, kind: FieldKind, description: string, required?: true): ListField => ({ flag, field: name, kind, description, ...(required ? { required } : {}) });

export const MODERATION_KINDS: readonly ModerationKind[] = [
  {
    word: "rule", what: "moderation rule", path: "/moderation/rules", param: "ruleId", list: "rules",
    fields: [
      field("name", "name", "text", "its name (at most 100 characters)", true),
      field("description", "description", "text", "what it is for"),
      field("enabled", "enabled", "boolean", "apply it: true or false"),
      field("conditions", "conditions", "json", "what it matches, as the rules list gives it: [{\"entity\":\"message\",\"operand\":\"text\",\"operator\":\"contains\",\"value\":[\"a-list-id\"],…}]", true),
      field("action", "action", "list", "what it does to a message it matches: blockMessage, dropMessage, …", true),
    ],
  },
  {
    word: "keyword", what: "keyword list", path: "/moderation/keywords", param: "keywordId", list: "keywords",
    fields: [
      field("name", "name", "text", "its name", true),
      field("description", "description", "text", "what it holds"),
      field("category", "category", "text", "word (the terms are words) or pattern (regexes)"),
      field("terms", "searchTerms", "list", "its words or patterns, comma-separated", true),
    ],
  },
  {
    word: "reason", what: "flag reason", path: "/moderation/reasons", param: "id", list: "reasons",
    fields: [
      field("name", "name", "text", "its name, as users see it when they flag a message", true),
      field("description", "description", "text", "what it covers"),
    ],
  },
];

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function fieldValue(f: ListField, given: string): unknown {
  if (f.kind === "text") return given;
  if (f.kind === "list") return commaList(given);
  if (f.kind === "boolean") {
    if (given !== "true" && given !== "false") throw badInput(`--${f.flag} takes true or false: not '${given}'; nothing was sent`);
    return given === "true";
  }
  try {
    return JSON.parse(given);
  } catch {
    throw badInput(`--${f.flag} takes JSON; nothing was sent`);
  }
}

/** The body of the flags given; on a create, the required ones all given. */
function bodyOf(kind: ModerationKind, flags: VerbInput["flags"], creating: boolean): Record<string, unknown> {
  const missing = creating ? kind.fields.filter((f) => f.required && typeof flags[camel(f.flag)] !== "string").map((f) => `--${f.flag}`) : [];
  if (missing.length > 0) throw badInput(`moderation ${kind.word}-create needs ${missing.join(", ")}; nothing was sent`);
  const body = Object.fromEntries(kind.fields.flatMap((f) => (typeof flags[camel(f.flag)] === "string" ? [[f.field, fieldValue(f, flags[camel(f.flag)] as string)]] : [])));
  if (Object.keys(body).length === 0) throw badInput(`nothing to send: give ${kind.fields.map((f) => `--${f.flag}`).join(", ")}; nothing was sent`);
  return body;
}

const flagsOf = (kind: ModerationKind, creating: boolean) => kind.fields.map((f) => ({
  flag: f.flag, value: f.kind === "boolean" ? "true|false" : f.kind === "json" ? "json" : f.kind === "list" ? "a,b" : f.field,
  description: `${f.description}${creating && f.required ? " (required)" : ""}`, field: f.field,
}));

const idOf = (kind: ModerationKind, item: WriteItem) => arg(item, kind.param);
const one = (kind: ModerationKind, method: "PUT" | "DELETE", id: string, body?: Record<string, unknown>): DocumentedWrite =>
  documentedWrite(method, `${kind.path}/{${kind.param}}`, { [kind.param]: id }, body === undefined ? {} : { body });
const created = (kind: ModerationKind, body: Record<string, unknown>): DocumentedWrite => documentedWrite("POST", kind.path, {}, { body });
const readOne = (kind: ModerationKind) => (item: WriteItem) => documentedRead(`${kind.path}/{${kind.param}}`, { [kind.param]: idOf(kind, item) });
/** The fields of the table a read gave, by their documented names. */
const fieldsIn = (kind: ModerationKind, before: unknown): Record<string, unknown> => {
  const data = dataOf(before) ?? {};
  return Object.fromEntries(kind.fields.flatMap((f) => (data[f.field] === undefined ? [] : [[f.field, data[f.field]]])));
};
const idArg = (kind: ModerationKind) => [{ name: kind.param, description: `the ${kind.what}'s id` }];
const check = (kind: ModerationKind) => (item: WriteItem) => `ccx moderation ${kind.list}${idOf(kind, item) ? ` ${idOf(kind, item)}` : ""}`;

function createVerb(kind: ModerationKind): WriteVerb {
  return {
    noun: "moderation", verb: `${kind.word}-create`,
    description: `create a ${kind.what} with the id given (undo: delete it)`,
    args: idArg(kind),
    flags: flagsOf(kind, true),
    items: (input) => [{ label: String(input.args[kind.param]), input }],
    request: (item) => created(kind, { id: idOf(kind, item), ...bodyOf(kind, item.input.flags, true) }),
    inverse: (item) => one(kind, "DELETE", idOf(kind, item)),
    check: check(kind),
  };
}

function updateVerb(kind: ModerationKind): WriteVerb {
  return {
    noun: "moderation", verb: `${kind.word}-update`,
    description: `change a ${kind.what}: the fields given (undo: the values they had)`,
    args: idArg(kind),
    flags: flagsOf(kind, false),
    items: (input) => [{ label: String(input.args[kind.param]), input }],
    request: (item) => one(kind, "PUT", idOf(kind, item), bodyOf(kind, item.input.flags, false)),
    keys: [{ on: kind.list, key: "e", footer: "edit", form: true, input: ({ row }) => ({ args: { [kind.param]: fieldOf(row, "id") }, flags: {} }) }],
    before: readOne(kind),
    inverse: (item, before) => {
      const had = fieldsIn(kind, before);
      const sent = bodyOf(kind, item.input.flags, false);
      const back = Object.fromEntries(Object.keys(sent).flatMap((name) => (had[name] !== undefined && JSON.stringify(had[name]) !== JSON.stringify(sent[name]) ? [[name, had[name]]] : [])));
      return Object.keys(back).length > 0 ? one(kind, "PUT", idOf(kind, item), back) : undefined;
    },
    check: check(kind),
  };
}

function deleteVerb(kind: ModerationKind): WriteVerb {
  return {
    noun: "moderation", verb: `${kind.word}-delete`,
    description: `delete a ${kind.what}; its id is typed back first (undo: create it again, from the fields read before)`,
    args: idArg(kind),
    items: (input) => [{ label: String(input.args[kind.param]), input }],
    request: (item) => one(kind, "DELETE", idOf(kind, item)),
    keys: [{ on: kind.list, key: "D", footer: "delete", input: ({ row }) => ({ args: { [kind.param]: fieldOf(row, "id") }, flags: {} }) }],
    before: readOne(kind),
    inverse: (item, before) => {
      const had = fieldsIn(kind, before);
      return Object.keys(had).length > 0 ? created(kind, { id: idOf(kind, item), ...had }) : undefined;
    },
    destructive: () => true,
    check: check(kind),
  };
}

/** Each kind's writes, in the table's order: create, update, delete. */
export const MODERATION_LIST_VERBS: readonly WriteVerb[] = MODERATION_KINDS.flatMap((kind) => [createVerb(kind), updateVerb(kind), deleteVerb(kind)]);
