import { filledPath } from "../api/client.js";
import { badInput } from "../api/errors.js";
import type { ResourceName } from "../resources/index.js";

/**
 * A write, defined once as data (a verb on a resource: `ccx user deactivate
 * <uid>...`): its arguments and flags, the exact request it sends for each
 * item, what it reads first to know the state it changes, and the request
 * that undoes it, made from that state. The command, the question before it,
 * `--dry-run`, the journal and `ccx undo` derive from it (src/cli/run/write.ts).
 */

/** One request a write sends: a documented operation, its body, and the user it acts for. */
export interface WriteRequest {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** A path of the endpoint catalogue, its parameters filled in (encoded). */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The onBehalfOf header, when the write acts for a user. */
  as?: string;
  /** Headers the operation documents beside its credentials (`X-Webhook-Version: 2`, the current webhooks). */
  headers?: Record<string, string>;
  /** File parts, by field, each a local file's path: sent as multipart/form-data in place of a JSON body (a push certificate). */
  files?: Record<string, string>;
  /** The credentials, where the catalogue gives the path with two (a blocked message's review: with the management key and secret). */
  auth?: "management";
}

/** The template of the endpoint catalogue a request names, and its parameters, the path filled from them. */
interface Documented {
  /** `/groups/{guid}/members/{uid}`: a path of the catalogue as it writes it. */
  template: string;
  params: Readonly<Record<string, string>>;
}

/** A verb's request: a documented write (a request the journal gives back, to undo, carries only its path). */
export type DocumentedWrite = WriteRequest & Documented;

/** The read a write makes first, to know what it changes (one GET of the catalogue). */
export interface ReadBefore extends Documented {
  path: string;
  query?: Record<string, string>;
  as?: string;
  headers?: Record<string, string>;
}

/** A documented write: its method, its template, its parameters filled in by the one encoder, its body. */
export function documentedWrite(method: WriteRequest["method"], template: string, params: Readonly<Record<string, string>> = {}, rest: Pick<WriteRequest, "query" | "body" | "as" | "headers" | "files" | "auth"> = {}): DocumentedWrite {
  return { method, template, params, path: filledPath(template, params), ...rest };
}

/** A documented GET, the read before a write. */
export function documentedRead(template: string, params: Readonly<Record<string, string>> = {}, rest: Pick<ReadBefore, "query" | "as" | "headers"> = {}): ReadBefore {
  return { template, params, path: filledPath(template, params), ...rest };
}

/** What the command line gave: the arguments by name (a variadic one as its list), the flags by name. */
export interface VerbInput {
  args: Record<string, string | string[]>;
  flags: Record<string, string | boolean | undefined>;
}

/** One item a write acts on (a uid of `user deactivate a b c`), and everything else it was given. */
export interface WriteItem {
  /** The item, as the journal and the progress name it: `alice`, `crew/bob`. */
  label: string;
  input: VerbInput;
}

/**
 * Where a write's key may be offered, a name the compiler checks: a resource's rows (`friends`, as
 * `:friends <uid>` shows them; a thread: `group-messages`), or one item of a resource, by its singular
 * (`user`, `group`: the item's screen offers it on the item itself).
 */
export type VerbList = ResourceName | "user" | "group";

/** Where the explorer offers a write: its key on a list, and how the list fills the write's input. */
export interface VerbKey {
  /** The list that offers it. */
  on: VerbList;
  /** + adds, - removes, D deletes (or deactivates, kicks), e edits, R marks read, s switches on or off, t makes a token, m sends a message. */
  key: "+" | "-" | "D" | "e" | "R" | "s" | "t" | "m";
  /** The footer's word for it. */
  footer: string;
  /**
   * Its input, from the list's parameters (`:friends alice`: ["alice"]), the selected row as sent
   * (none for +) and the user the explorer acts for; a string says why it cannot be sent from here.
   */
  input(at: { params: readonly string[]; row?: Record<string, unknown>; as?: string }): VerbInput | string;
  /** A value typed in the line first (+: the uids to add): what the line asks, and where the value goes. */
  asks?: {
    /** What the line says before the value, or a function of the input it fills (`message as alice to group crew: `). */
    label: string | ((input: VerbInput) => string);
    into: { arg: string; several?: boolean } | { flag: string };
    /** What the line starts with, to keep or change. */
    initial?: string;
  };
  /** A form of the verb's flags: on e each filled from the row's field of that name (or `field`); on + empty. */
  form?: true;
  /** For which rows the key means this write (`s` enables a webhook that is off, disables one that is on). */
  when?: (row: Record<string, unknown> | undefined) => boolean;
}

/**
 * What a write's answer tells, for a verb whose result is known only from it: a line to say (the
 * message sent, its id), the request that undoes it (the message deleted, by that id) and a secret to
 * show once (an auth token: printed or boxed, never journaled nor kept).
 */
export interface Answered {
  said?: string;
  inverse?: DocumentedWrite;
  secret?: { title: string; value: string; /** Said beside it: whose, when, that ccx keeps no copy. */ note: string };
}

export interface WriteVerb {
  /** The command it is a word of (`user`), and its own word (`deactivate`); `block` alone when noun is undefined. */
  noun?: string;
  verb: string;
  description: string;
  args: ReadonlyArray<{ name: string; description: string; variadic?: true }>;
  flags?: ReadonlyArray<{ flag: string; value?: string; description: string; required?: true; /** The answer's field it sets, when not its name (`url`: `webhookURL`). */ field?: string }>;
  /** The items it acts on, one request each (a bulk write: its variadic argument's values). */
  items(input: VerbInput): WriteItem[];
  request(item: WriteItem): DocumentedWrite;
  /** The GET that reads what the write changes, for its inverse. */
  before?(item: WriteItem): ReadBefore;
  /**
   * The request that undoes it, from the answer of `before` (undefined: nothing to undo, the state
   * was already so); a verb without one says why in `irreversible`.
   */
  inverse?(item: WriteItem, before: unknown): DocumentedWrite | undefined;
  /** What its answer tells: the line said, its inverse when only the answer names what to undo, a secret shown once. */
  answered?(item: WriteItem, answer: unknown): Answered;
  /** Why it cannot be undone: a permanent delete. */
  irreversible?: string;
  /** Why this one cannot, from the read before, where the verb otherwise can (the values to put back hold a secret the journal masks). */
  notUndone?(item: WriteItem, before: unknown): string | undefined;
  /** Its items are sent one after another, each only once the one before it was done (a webhook made, then its triggers). */
  inOrder?: true;
  /** It destroys: the id (or the count, in bulk) is typed back before it is sent. */
  destructive?(input: VerbInput): boolean;
  /** How to see what happened, when its outcome is unknown: `ccx user alice`. */
  check(item: WriteItem): string;
  /**
   * The list whose filter may choose its variadic argument's values (`ccx user deactivate --query
   * 'tag:e2e'`): the ids of the items the filter selects, walked over every page.
   */
  selectable?: "users" | "members" | "messages";
  /** The argument the filter's ids go into, when not the variadic one (`tokens revoke --query`: the uids). */
  selectInto?: string;
  /** What y does in its confirm box, when not `send`: `create the token`. */
  confirmWord?: string;
  /** Its keys in the explorer, on the lists that offer it. */
  keys?: readonly VerbKey[];
}

/** The words of its command: `user deactivate`, or `block`. */
export const verbWords = (verb: WriteVerb): string[] => (verb.noun ? [verb.noun, verb.verb] : [verb.verb]);

/** The `data` of an answer, as an object when it is one. */
export function dataOf(body: unknown): Record<string, unknown> | undefined {
  let data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data) && data.length === 1) data = data[0];
  return data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/** The values of a variadic argument, one item each. */
export function eachOf(input: VerbInput, arg: string, label: (value: string) => string = (value) => value): WriteItem[] {
  const values = input.args[arg];
  return (Array.isArray(values) ? values : values === undefined ? [] : [values]).map((value) => ({ label: label(value), input: { ...input, args: { ...input.args, [arg]: value } } }));
}

/** A row's field, a dotted name reaching into it (`data.text`); undefined where there is none. */
export function fieldAt(row: Record<string, unknown> | undefined, name: string): unknown {
  let value: unknown = row;
  for (const part of name.split(".")) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

/**
 * A row's field as text ("" when it has none): the id a key acts on. An entity in place of an id (a
 * reaction's `uid` as the user) gives its uid.
 */
export const fieldOf = (row: Record<string, unknown> | undefined, name: string): string => {
  let value = fieldAt(row, name);
  if (value !== null && typeof value === "object" && typeof (value as { uid?: unknown }).uid === "string") value = (value as { uid: string }).uid;
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
};

/** Whether a field says yes, as a tolerant reader takes it: `true`, "true" or 1. */
export const isTrue = (value: unknown): boolean => value === true || value === "true" || value === 1 || value === "1";

/** A comma-separated flag's values (`--tags a,b`): `[a, b]`, blanks left out. */
export const commaList = (value: unknown): string[] => (typeof value === "string" ? value.split(",").map((t) => t.trim()).filter(Boolean) : []);

/** The user a write acts for: --as (or --on-behalf-of), kept in the request so that its undo acts for them too. */
export function actingUser(input: VerbInput, required: string | undefined): string | undefined {
  const given = input.flags.as ?? input.flags.onBehalfOf;
  if (typeof given === "string" && given !== "") return given;
  if (required) throw badInput(`say who ${required}: --as UID; nothing was sent`);
  return undefined;
}

/** One argument's value, as a string. */
export const arg = (item: WriteItem, name: string): string => String(item.input.args[name] ?? "");
