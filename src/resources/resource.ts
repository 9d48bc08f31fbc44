import * as v from "valibot";
import { type Endpoint, findEndpoint } from "../api/endpoints.js";
import { ApiError, CLIENT_CODES } from "../api/errors.js";
import { encodePathSegment } from "../api/client.js";
import { listItems } from "../api/paging-styles.js";
import { ODD_MARK, oddFields, shownField } from "../api/schemas.js";
import { fieldLines } from "../text/fields.js";
import type { Grammar } from "../query/grammar.js";
import type { Candidate } from "../api/find-call.js";
import type { Http } from "../api/http.js";

/**
 * One resource of the service, defined once: where its list and its items
 * live (paths of the endpoint catalogue, which gives their host, credentials
 * and paging), how an item is read and named, and its columns. The commands
 * `ccx <name>` and `ccx <singular> <id>`, their flags and completion, and
 * `ccx resources` derive from it (src/resources/index.ts lists them all).
 */

/**
 * A column of a resource's table, for the command line's tables and the
 * explorer's alike, most telling first: a narrow terminal drops the rightmost.
 */
export interface ResourceColumn<Item> {
  header: string;
  get(item: Item): unknown;
  /**
   * The field it shows, when one (or the fields, when it is made of several: a call's duration of
   * `startedAt` and `endedAt`): a value the schema could not read then shows as sent, marked.
   */
  field?: string | readonly string[];
  /** The narrowest it may be before it is dropped (or its width, when it does not grow). */
  min: number;
  /** The widest it grows, however long its values. */
  max?: number;
  /**
   * It takes the width left over, and gives it back first when room is short (a name, a URL); a
   * number weighs it against the other columns that grow (2 takes and gives twice what 1 does).
   */
  grows?: boolean | number;
  align?: "left" | "right";
  /**
   * The explorer, on a screen narrower than the resource's `wideAt`: a shorter form (an age for a
   * time, a session id without its app's prefix), with its own width and growth when it says them.
   */
  narrow?: { get(item: Item): unknown; min?: number; grows?: boolean | number };
  /** Shown only while a user is acted for: their scope in a group, when they joined. */
  actingUser?: true;
  /** A state the explorer colours (a call's `ended`, `rejected`, …). */
  state?(item: Item): string | undefined;
}

export interface Resource<Item extends Record<string, unknown> = Record<string, unknown>> {
  /** The plural, its list command: `webhooks`. */
  name: string;
  /** One item's command: `webhook`. */
  singular: string;
  aliases?: readonly string[];
  /** What it is, for help and `ccx resources`. */
  description: string;
  /** The field that names an item. */
  idField: keyof Item & string;
  /** How one item is read: tolerant, an odd field kept as sent and marked. */
  schema: v.GenericSchema<unknown, Item>;
  /**
   * The path of its list (a template of the endpoint catalogue), its page size when it takes one, and
   * a narrower path a flag chooses (`--reaction R`: /messages/{id}/reactions/{reaction}).
   */
  list?: {
    path: string;
    perPage?: { default: number; max: number };
    /** The list's filters as flags of its command (ListFlag). */
    flags?: readonly ListFlag[];
    /**
     * Parameters always asked, unless the filter says otherwise: what the table shows beyond the filter
     * (`withTags` for a TAGS column, which the service leaves out unless asked): asked for --json and in the explorer too.
     */
    always?: Readonly<Record<string, string>>;
    /**
     * The grammar's keys that start a cursor walk onwards and back from a time (`after:`, `before:`): the
     * next page's hint writes where the walk stands in them, as the SDK pages (docs/service.md).
     */
    cursorKeys?: { append: string; prepend: string };
    /**
     * A filter grammar written by hand, where the one derived from the documented parameters would say less
     * (the conversations' `unread:`, `tag:`): loaded the first time a filter is read, so start-up does not pay.
     */
    grammar?: () => Promise<Grammar>;
    /**
     * Query parameters the list cannot go without (push tokens: `authToken`): a required flag on the
     * command line (`--auth-token T`), an argument after the path's in the explorer (`:push-tokens T`).
     */
    required?: ReadonlyArray<{ flag: string; param: string; description: string }>;
    /**
     * A narrower or other documented path a flag chooses: with a value when the path takes one more
     * parameter (`--reaction 👍`), alone otherwise (`--banned`); `excludes`: flags it does not go with.
     */
    narrowed?: { flag: string; path: string; description: string; excludes?: readonly string[] };
    /**
     * The schema a whole answer must fit, where one that does not stops the command naming the field (the
     * answers of the first lists: groups, users, calls), rather than being shown as sent.
     */
    answer?: v.GenericSchema;
    /** The key of `data` that holds the items, when the answer wraps them (`data.pushTokens`). */
    itemsIn?: string;
    /**
     * A list made of several documented reads, one item or a list each (the push, SMS and email
     * providers): each item says which in `source`. `path` is the first of them.
     */
    sources?: ReadonlyArray<{ path: string; label: string }>;
    /**
     * It reads as a chat (a conversation's messages): the newest last, the cursor starting on it, and the
     * walk loading older rows above as the cursor nears the top.
     */
    chat?: true;
  };
  /** The path of one item, and the fields a person looks for first (a screen of its own orders its own). */
  detail?: {
    path: string;
    first?: readonly string[];
    /** More documented reads of the same item, their `data` added to its fields (a user's mute and timezone beside their preferences). */
    also?: readonly string[];
    /**
     * When each item has a documented path of its own rather than a template (an extension's
     * settings: `/apps/{appId}/extensions/profanity-filter/v1/settings`): the path for the id given,
     * undefined when the catalogue has none. `path` is then one of them, for the host and group.
     */
    pathOf?: (id: string) => string | undefined;
    /**
     * It is looked up in every known app, not the active one alone (a call by its session id, which names
     * its app): the item as sent and the app that has it, asked on behalf of nobody. The explorer opens it
     * in that app.
     */
    find?: ItemFinder;
    /** Its children open by a key of its screen (a call's T: its transcripts), not as a list below its fields. */
    childrenApart?: true;
  };
  /**
   * One item is asked for by its list's command with its id (`ccx extensions <id>`, `ccx moderation
   * rules <ruleId>`), not by a command of its own.
   */
  itemByList?: true;
  /**
   * The command group it is a word of: `ccx notifications logs`, `ccx moderation rules [<id>]` (its list,
   * or one item when an id is given); its `:` command in the explorer stays its name.
   */
  command?: { group: string; word: string };
  /**
   * One item is read by a flag of a command it shares with other reads, not by a command of its own: `ccx
   * conversation --as U --user <uid>` (the command, made from every definition naming it, chooses which
   * read by the flag given; its description is COMMAND_GROUPS').
   */
  itemFlag?: { command: string; flag: string };
  /**
   * Its list is read by a command it shares with other reads (`ccx messages`, `ccx messages --group
   * <guid>`), a flag choosing which (none: this one), not by a command of its own; the explorer opens it
   * from that command's `:` command (`:msgs`), not from one of its own.
   */
  listFlag?: { command: string; flag?: string };
  /**
   * ccx reads it only as a user sees it, where the catalogue does not require one (the conversations
   * of a user, not the app's unordered list): its commands take `--as <onBehalfOf>`.
   */
  actedFor?: true;
  /** The explorer's width from which columns show their full forms (times, ids) rather than their `narrow` ones. */
  wideAt?: number;
  /**
   * What live mode (w) compares to mark a row changed: a call's status, not its ticking minutes (the
   * whole row when not said).
   */
  live?: (item: Item) => string;
  /**
   * What an item shows below its fields, one at a time (its sections): resources whose path takes this
   * item's id (a webhook's triggers), by name; or, with the relation that narrows them to the item, others
   * (a user's calls: GET /calls?uid=; the groups they joined, asked as them). A child with no list shows
   * its one item (a user's notification preferences).
   */
  children?: ReadonlyArray<string | ChildRelation>;
  /** One item's command is written by hand (`ccx call` looks in every app): none is made. */
  ownItemCommand?: true;
  columns: ReadonlyArray<ResourceColumn<Item>>;
}

/** Finds an item in whichever of the apps has it (`apps` in the order to ask, the active one first). */
export type ItemFinder = (http: Http, id: string, apps: Candidate[], signal: AbortSignal) => Promise<{ item: unknown; app: Candidate }>;

/**
 * A resource shown below another's item whose path does not name the item: how it is narrowed to it.
 */
export interface ChildRelation {
  name: string;
  /** The section's title, where the resource's name would not say what it holds ("groups joined"). */
  title?: string;
  /** The query parameter that takes the item's id (a user's calls: `uid`; a message's log lines: `messageId`). */
  param?: string;
  /** Asked on behalf of the item (its id the onBehalfOf): what that user sees (their conversations). */
  actsAs?: true;
  /** Asked besides the filter, which cannot undo it (the groups a user joined: `hasJoined=true`). */
  query?: Readonly<Record<string, string>>;
}

/** A child as its parent's definition names it, in the one form: a bare name is a child whose path takes the item's id. */
export const childRelation = (child: string | ChildRelation): ChildRelation => (typeof child === "string" ? { name: child } : child);

/** Whether a relation narrows its child to the item beyond the child's own path (its list is the item's alone). */
export const narrowsBeyondPath = (relation: ChildRelation): boolean => relation.param !== undefined || relation.actsAs === true || relation.query !== undefined;

/**
 * A filter of a list as a flag of its command: a query parameter sent as given (`--scope admin` sends
 * `scopes=admin`; `time`: a time as the filters write one, sent in ms; `switch`: no value, sends `true`),
 * or a key of the list's grammar whose value joins `--query`'s line, parsed with it as one filter
 * (`--members >=10` is `members:>=10`; key "" is the search's bare words; a switch's value is the key's:
 * `--has-recording` is `rec:yes`).
 */
export type ListFlag = { flag: string; description: string } & ({ param: string; time?: "ms"; switch?: true } | { key: string; switch?: string });

export const isKeyFlag = (f: ListFlag): f is Extract<ListFlag, { key: string }> => "key" in f;

/** A list to open: a resource's, its path's parameters, and the user it is asked as when not the one acted for (a 1:1). */
export interface ListOpening {
  name: string;
  params: string[];
  as?: string;
}

/**
 * A list that ccx reads only as a user sees it (`actedFor`), asked with no one acted for: refused before
 * anything is sent (without a user the service answers the app's view, none of it saying whose).
 */
export function actedForRefusal(resource: AnyResource, onBehalfOf: string | undefined): ApiError | undefined {
  if (!resource.actedFor || onBehalfOf) return undefined;
  return new ApiError(CLIENT_CODES.badInput, `${resource.name} are a user's: name the user with --as (onBehalfOf), or u in the explorer`);
}

/** A switch as a cell: yes, no, or nothing when it was not sent. */
export const yesNo = (value: boolean | undefined): string => (value === undefined ? "" : value ? "yes" : "no");

/** A resource whose item type is erased, as the registry holds them. */
export type AnyResource = Resource<Record<string, unknown>>;

/**
 * A definition with its item type erased: the one place it is done. Safe because every reader of an
 * AnyResource hands its getters only items its own schema read.
 */
export const erased = <Item extends Record<string, unknown>>(resource: Resource<Item>): AnyResource => resource as unknown as AnyResource;

/** Whether a list's narrower path takes a value (one parameter more than the list's own path). */
export const narrowedTakesValue = (list: NonNullable<AnyResource["list"]>): boolean =>
  list.narrowed !== undefined && pathParams(list.narrowed.path).length > pathParams(list.path).length;

/**
 * A column's value for an item: what its getter says (its narrow form's, when asked), or, for a field
 * the schema could not read, the value as sent, marked.
 */
export function cellOf<Item extends Record<string, unknown>>(column: ResourceColumn<Item>, narrow = false): (item: Item) => unknown {
  const fields = column.field === undefined ? [] : typeof column.field === "string" ? [column.field] : column.field;
  const get = narrow && column.narrow ? column.narrow.get : column.get;
  return (item) => fields.reduceRight<() => unknown>((read, field) => () => shownField(item, field, read), () => get(item))();
}

/** How much a column grows, beside the others that do: 0 when it does not. */
export const growthOf = (column: ResourceColumn<never>): number => (column.grows === true ? 1 : column.grows || 0);

/** The commands a resource defines: `ccx <name>` for its list, `ccx <singular>` for one item. */
export const resourceCommandNames = (resource: AnyResource): string[] =>
  resource.command ? [resource.command.group] : resource.itemFlag ? [] : [...(resource.list && !resource.listFlag ? [resource.name] : []), ...(resource.detail && !resource.itemByList && !resource.ownItemCommand ? [resource.singular] : [])];

/** The documented operation behind a path of a resource: a definition naming an undocumented path is a mistake. */
export function endpointOf(template: string): Endpoint {
  const path = template.split("?")[0]!;
  const endpoint = findEndpoint(path, "GET");
  if (!endpoint || endpoint.path !== path) throw new Error(`${path} is not a documented GET of the endpoint catalogue`);
  return endpoint;
}

/**
 * The parameters a user gives a path, in order: `/calls/{sessionId}/transcriptions` → `sessionId` (`{appId}`
 * is filled in); a template's query parameters count too (`/notifications/v1/preferences?uid={uid}` → `uid`).
 */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).filter((p) => p !== "appId");

/** The path with the values given, in order, put in (encoded); `{appId}` is left for the request to fill. */
export function fillParams(path: string, values: readonly string[]): string {
  let i = 0;
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => (name === "appId" ? whole : encodePathSegment(values[i++] ?? "")));
}

/** The parameters one item takes: its path's, or, for an item with a path of its own, its list's and its id. */
export function itemParams(r: AnyResource): string[] {
  const detail = r.detail!;
  return detail.pathOf ? [...(r.list ? pathParams(r.list.path) : []), r.idField] : pathParams(detail.path);
}

/** The requests of one item, its parameters given in order: its detail's, then the other reads of it. */
export function itemRequests(r: AnyResource, values: readonly string[]): Array<{ path: string; query: Record<string, string> }> {
  const detail = r.detail!;
  const own = detail.pathOf?.(values.at(-1) ?? "");
  if (detail.pathOf && own === undefined) throw new ApiError(CLIENT_CODES.notFound, `the service documents no ${r.singular} for ${values.at(-1) ?? ""}`);
  return [own ? requestOf(own, values.slice(0, -1)) : requestOf(detail.path, values), ...(detail.also ?? []).map((template) => requestOf(template, values))];
}

/** A request of a template, its parameters given in order: the path filled in, and the template's query. */
export function requestOf(template: string, values: readonly string[]): { path: string; query: Record<string, string> } {
  const [path = "", query = ""] = template.split("?");
  const filled = fillParams(path, values);
  const rest = values.slice(pathParams(path).length);
  const asked: Record<string, string> = {};
  let i = 0;
  for (const [name, value] of new URLSearchParams(query)) asked[name] = /^\{[^}]+\}$/.test(value) ? rest[i++] ?? "" : value;
  return { path: filled, query: asked };
}

/** The query with what the list always asks (`withTags` for a TAGS column) added, unless the query says it already. */
export function withAlways(list: NonNullable<AnyResource["list"]>, query: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(list.always ?? {})) query[name] ??= value;
  return query;
}

/** The parameters a list is given, in order: its path's, then its required flags' (`authToken`). */
export const listParams = (list: NonNullable<AnyResource["list"]>): string[] => [...pathParams(list.path), ...(list.required ?? []).map((r) => r.param)];

/** The requests of a list, its parameters given in order: one, or one per source. */
export function listRequests(list: NonNullable<AnyResource["list"]>, values: readonly string[]): Array<{ path: string; query: Record<string, string>; label?: string }> {
  const withRequired = (request: { path: string; query: Record<string, string> }) => {
    const given = values.slice(pathParams(list.path).length);
    (list.required ?? []).forEach((r, i) => (request.query[r.param] = given[i] ?? ""));
    return request;
  };
  if (!list.sources) return [withRequired(requestOf(list.path, values))];
  return list.sources.map((source) => ({ ...withRequired(requestOf(source.path, values)), label: source.label }));
}

/** A list answer as the pagers read it: its items out of the key that wraps them (`data.pushTokens`). */
export function listBody(list: NonNullable<AnyResource["list"]>, body: unknown): unknown {
  const data = (body as { data?: unknown } | null)?.data;
  if (!list.itemsIn || !isObject(data) || !Array.isArray(data[list.itemsIn])) return body;
  return { ...(body as object), data: data[list.itemsIn] };
}

/**
 * The items of the answers of a list made of sources, in their order, each saying its source
 * (`source: "fcm"`): an answer's list, or its one object (a Twilio account).
 */
export function sourcedItems(list: NonNullable<AnyResource["list"]>, bodies: readonly unknown[]): Array<Record<string, unknown>> {
  return bodies.flatMap((body, i) =>
    listItems(listBody(list, body)).filter(isObject).map((item) => ({ source: list.sources?.[i]?.label ?? "", ...item })));
}

/**
 * The items a detail's answer holds, in every form the exports give: `data` as the item, as an
 * array (of one; of several where the docs show one, as a chat widget's settings `body.data[…]`), as
 * `[{data: {…}}]` (a webhook), wrapped as an extension's settings are (`{statusCode, success, body:
 * {data: {settings}}}`), or with no `data` wrapper at all (the push extension's settings are documented
 * as `{"settings": {…}}`). Of several, the one whose id is the id asked for, when one is. An answer
 * with none (`data` empty, null or a scalar) says there is no such item.
 */
export function detailItems(body: unknown, resource: AnyResource, id: string): Array<Record<string, unknown>> {
  const unwrap = (value: unknown): unknown => {
    let data = value;
    // (`body` alone, without data, for the push extension's certificates: `{success}`.)
    if (isObject(data) && "statusCode" in data && isObject(data.body)) data = data.body.data ?? data.body;
    if (isObject(data) && !(resource.idField in data) && isObject(data.settings)) data = data.settings;
    const inner = (data as { data?: unknown } | null)?.data;
    return isObject(data) && !(resource.idField in data) && isObject(inner) ? inner : data;
  };
  // No `data` at all, and no error: the answer is the item (an empty body is none).
  const bare = isObject(body) && !("data" in body) && !("error" in body) && Object.keys(body).length > 0;
  const data = unwrap(bare ? body : (body as { data?: unknown } | null)?.data);
  // An item asked by its id answered as `{}` (a group that does not exist, docs/service.md) is none.
  const items = (Array.isArray(data) ? data : [data]).map(unwrap).filter(isObject).filter((item) => id === "" || Object.keys(item).length > 0);
  // A detail asked by no id (the app's settings, its contact details) answered empty has no fields: none, not "not found".
  const empty = data === null || (Array.isArray(data) && data.length === 0);
  if (items.length === 0 && id === "" && empty) return [{}];
  if (items.length === 0) throw new ApiError(CLIENT_CODES.notFound, `the service answered no ${resource.singular} for ${id}`);
  const asked = items.filter((item) => item[resource.idField] !== undefined && String(item[resource.idField]) === id);
  return items.length > 1 && asked.length === 1 ? asked : items;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** The items of a detail's answers: the detail's (detailItems), with the `data` of the reads it also takes added to each. */
export function mergedItems(resource: AnyResource, bodies: readonly unknown[], id: string): Array<Record<string, unknown>> {
  const [first, ...also] = bodies;
  const more = also.map((body) => {
    const data = (body as { data?: unknown } | null)?.data;
    return isObject(data) ? data : {};
  });
  return detailItems(first, resource, id).map((item) => Object.assign({}, item, ...more));
}

/**
 * One item from its answers (mergedItems), as the explorer shows one: itself, or, when the answer
 * holds several, them all by their place (`{"1": {…}, "2": {…}}`), none dropped.
 */
export function mergedItem(resource: AnyResource, bodies: readonly unknown[], id: string): Record<string, unknown> {
  const items = mergedItems(resource, bodies, id);
  return items.length === 1 ? items[0]! : Object.fromEntries(items.map((item, i) => [String(i + 1), item]));
}

/**
 * The explorer's `:` commands of a resource: its list's (its name, the list's parameters) and one item's
 * (its singular, dashed), unless the item is read by a flag of a hand-written command, for which the
 * explorer has no `:` command (one conversation); a list read by a flag of a shared command opens from
 * that command's own `:` command (`:msgs`).
 */
export function colonCommands(r: AnyResource): { list?: { name: string; params: string[] }; item?: { name: string; params: string[] } } {
  return {
    ...(r.list && !r.listFlag ? { list: { name: r.name, params: listParams(r.list) } } : {}),
    ...(r.detail && !r.itemFlag ? { item: { name: r.singular.replace(/ /g, "-"), params: itemParams(r) } } : {}),
  };
}

/** A `:` command as help writes it: `:push-tokens <authToken>`. */
export const colonLine = (c: { name: string; params: readonly string[] }): string => [`:${c.name}`, ...c.params.map((p) => `<${p}>`)].join(" ");

/**
 * The words that read one item, before its parameters (`ccx webhook`, `ccx moderation rules`, `ccx
 * conversation --user`), with `options` (`--as U`) after the command's words and before the item's flag.
 */
export const itemCommandWords = (r: AnyResource, options: readonly string[] = []): string[] =>
  r.itemFlag ? [r.itemFlag.command, ...options, `--${r.itemFlag.flag}`] : [...(r.command ? [r.command.group, r.command.word] : r.itemByList ? [r.name] : [r.singular]), ...options];

/** The words of a resource's list command: `["notifications", "logs"]`, `["messages", "--group"]`, or its name. */
export const commandWords = (resource: AnyResource): string[] =>
  resource.command ? [resource.command.group, resource.command.word] : resource.listFlag ? [resource.listFlag.command] : [resource.name];

/** An item's fields as sent, one line each, the telling ones first; a field the schema could not read marked. */
export function itemLines(resource: AnyResource, raw: Record<string, unknown>): string[] {
  const read = v.safeParse(resource.schema, raw);
  return fieldLines(raw, { first: resource.detail?.first ?? [], odd: read.success ? oddFields(read.output) : undefined, mark: ODD_MARK });
}

/** The items of a list answer, each read by the resource's schema; an item it cannot read at all is kept as sent. */
export function readItems<Item extends Record<string, unknown>>(resource: Resource<Item>, body: unknown): Item[] {
  // Something that is no object (a null in the list) has no fields to show: --json keeps it as sent.
  return listItems(body).filter(isObject).map((raw) => {
    const read = v.safeParse(resource.schema, raw);
    return read.success ? read.output : (raw as Item);
  });
}
