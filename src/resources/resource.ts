import * as v from "valibot";
import { type Endpoint, findEndpoint } from "../api/endpoints.js";
import { ApiError, CLIENT_CODES } from "../api/errors.js";
import { listItems } from "../api/paging-styles.js";
import { ODD_MARK, oddFields, shownField } from "../api/schemas.js";
import { fieldLines } from "../text/fields.js";

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
    /** Flags that are query parameters of the list: `--scope admin` sends `scopes=admin`. */
    flags?: ReadonlyArray<{ flag: string; param: string; description: string }>;
    /**
     * A narrower or other documented path a flag chooses: with a value when the path takes one more
     * parameter (`--reaction 👍`), alone otherwise (`--banned`); `excludes`: flags it does not go with.
     */
    narrowed?: { flag: string; path: string; description: string; excludes?: readonly string[] };
  };
  /** The path of one item, and the fields a person looks for first (a screen of its own orders its own). */
  detail?: { path: string; first?: readonly string[] };
  /** The explorer's width from which columns show their full forms (times, ids) rather than their `narrow` ones. */
  wideAt?: number;
  /** Resources reached from an item: their list's path takes this item's id. */
  children?: readonly string[];
  /**
   * Its commands and explorer screens are written by hand (groups, users, calls, conversations: a
   * filter grammar, cursor paging, live mode, screens of their own): the definition gives them their
   * data (paths, the id, the columns of the command's table) and `ccx resources` lists it, but no
   * command or screen is made from it.
   */
  own?: true;
  columns: ReadonlyArray<ResourceColumn<Item>>;
}

/** A resource whose item type is erased, as the registry holds them. */
export type AnyResource = Resource<Record<string, unknown>>;

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
export const resourceCommandNames = (resource: AnyResource): string[] => [...(resource.list ? [resource.name] : []), ...(resource.detail ? [resource.singular] : [])];

/** The documented operation behind a path of a resource: a definition naming an undocumented path is a mistake. */
export function endpointOf(path: string): Endpoint {
  const endpoint = findEndpoint(path, "GET");
  if (!endpoint || endpoint.path !== path) throw new Error(`${path} is not a documented GET of the endpoint catalogue`);
  return endpoint;
}

/** The parameters a user gives a path, in order: `/calls/{sessionId}/transcriptions` → `sessionId` (`{appId}` is filled in). */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).filter((p) => p !== "appId");

/** The path with the values given, in order, put in (encoded); `{appId}` is left for the request to fill. */
export function fillParams(path: string, values: readonly string[]): string {
  let i = 0;
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => (name === "appId" ? whole : encodeURIComponent(values[i++] ?? "")));
}

/**
 * The one item an answer holds, in every form the exports give: `data` as the
 * item, as an array of one, or as `[{data: {…}}]` (a webhook). An answer with
 * none (`data` empty, null or a scalar) says there is no such item.
 */
export function oneItem(body: unknown, resource: AnyResource, id: string): Record<string, unknown> {
  let data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data) && data.length === 1) data = data[0];
  const inner = (data as { data?: unknown } | null)?.data;
  if (isObject(data) && !(resource.idField in data) && isObject(inner)) data = inner;
  if (!isObject(data)) throw new ApiError(CLIENT_CODES.notFound, `the service answered no ${resource.singular} for ${id}`);
  return data;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

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
