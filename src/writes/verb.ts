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
}

/** The read a write makes first, to know what it changes (one GET). */
export interface ReadBefore {
  path: string;
  query?: Record<string, string>;
  as?: string;
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

export interface WriteVerb {
  /** The command it is a word of (`user`), and its own word (`deactivate`); `block` alone when noun is undefined. */
  noun?: string;
  verb: string;
  description: string;
  args: ReadonlyArray<{ name: string; description: string; variadic?: true }>;
  flags?: ReadonlyArray<{ flag: string; value?: string; description: string; required?: true }>;
  /** The items it acts on, one request each (a bulk write: its variadic argument's values). */
  items(input: VerbInput): WriteItem[];
  request(item: WriteItem): WriteRequest;
  /** The GET that reads what the write changes, for its inverse. */
  before?(item: WriteItem): ReadBefore;
  /**
   * The request that undoes it, from the answer of `before` (undefined: nothing to undo, the state
   * was already so); a verb without one says why in `irreversible`.
   */
  inverse?(item: WriteItem, before: unknown): WriteRequest | undefined;
  /** Why it cannot be undone: a permanent delete. */
  irreversible?: string;
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
  selectable?: "users" | "members";
}

/** The words of its command: `user deactivate`, or `block`. */
export const verbWords = (verb: WriteVerb): string[] => (verb.noun ? [verb.noun, verb.verb] : [verb.verb]);

/** A path's segment from a value given: encoded. */
export const segment = (value: string): string => encodeURIComponent(value);

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

/** One argument's value, as a string. */
export const arg = (item: WriteItem, name: string): string => String(item.input.args[name] ?? "");
