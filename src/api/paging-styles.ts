import { type CursorState, advanceCursor, cursorQuery, startCursor } from "./cursor.js";
import type { Endpoint, PagingStyle } from "./endpoints.js";
import { type Page, lastNumberedPage } from "./paging.js";
import { type Json, record } from "./json-value.js";

/**
 * The paging styles of endpoints.ts, one strategy each: given the query a page
 * was asked with and its answer, the items it brought (those not had before)
 * and the query of the next page, or none. `ccx api --paginate` walks any
 * documented list with them. Answers are read as the exports give them, and
 * a walk stops rather than loop: on an empty page, on a page that brings
 * nothing new, or on a service that answers the same cursor again.
 */

export type PageQuery = Record<string, string>;

export interface PageStep {
  /** The page's items, less those an inclusive cursor sent again. */
  items: unknown[];
  /** Where those items are in the page, when some were left out (a cursor's boundary sent again). */
  positions?: number[];
  /** A cursor's walk after this page: where it stands, and whether it is done. */
  walk?: CursorState;
  /** The query of the next page; none after the last. */
  next?: PageQuery;
}

export interface Pager {
  /** The query of the first page. */
  first: PageQuery;
  step(query: PageQuery, body: unknown): PageStep;
}

/**
 * A list answer's items: `data` as an array, or an object keyed "0", "1", …
 * (the exports' groups example), or one item alone (the apps example).
 */
export function listItems(body: unknown): unknown[] {
  const data = record(body)?.data;
  if (Array.isArray(data)) return data;
  const object = record(data);
  if (object && Object.keys(object).length > 0 && Object.keys(object).every((k) => /^\d+$/.test(k))) return Object.values(object);
  return data === undefined || data === null ? [] : [data];
}

/** An item's id, whatever the resource calls it. */
function idOf(item: unknown): string {
  const it = record(item) ?? {};
  return String(it.guid ?? it.uid ?? it.sessionId ?? it.id ?? it._id ?? JSON.stringify(item));
}

const positive = (text: string | undefined): number | undefined => {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** By page number: the next until `meta.pagination` says it was the last, or a page comes back short or empty. */
function byPage(query: PageQuery): Pager {
  return {
    first: { ...query, page: query.page ?? "1" },
    step(asked, body) {
      const items = listItems(body);
      const pagination = record(record(record(body)?.meta)?.pagination);
      const page = positive(asked.page) ?? 1;
      const perPage = positive(asked.perPage) ?? (Number.isFinite(Number(pagination?.per_page)) ? Number(pagination?.per_page) : undefined);
      const last = lastNumberedPage(page, pagination as Page<unknown>["pagination"], items.length, perPage);
      return { items, next: last ? undefined : { ...asked, page: String(page + 1) } };
    },
  };
}

/**
 * A cursor derived from the items, as the SDK pages (cursor.ts): `updatedAt`
 * for groups and users, when the query asks for it, onwards from that time
 * unless `affix` says before; `id` for messages, from the newest back unless
 * the query gives a start.
 */
function byCursor(query: PageQuery, param: "updatedAt" | "id", sizeParam: string): Pager {
  const affix = query.affix === "append" || query.affix === "prepend" ? query.affix : param === "updatedAt" ? "append" : "prepend";
  const at = query[param] === undefined ? undefined : Number(query[param]);
  let state: CursorState = startCursor(param, Number.isFinite(at) ? at : undefined, affix);
  // A cursor walk has no page number: the cursor says where it is.
  const { [param]: _position, affix: _affix, page: _page, ...rest } = query;
  const timeOf = (item: unknown) => (param === "id" ? record(item)?.id : record(item)?.updatedAt);
  return {
    first: { ...rest, ...cursorQuery(state) },
    step(_asked, body) {
      const page = listItems(body);
      const walk = advanceCursor(state, page, idOf, timeOf, positive(query[sizeParam]));
      state = walk.state;
      return { items: walk.fresh, positions: walk.positions, walk: state, next: state.done ? undefined : { ...rest, ...cursorQuery(state) } };
    },
  };
}

/** The `meta.next` the answer gives (reactions, threads): followed while it moves and brings something new. */
function byNext(query: PageQuery): Pager {
  const seen = new Set<string>();
  return {
    first: query,
    step(asked, body) {
      const items = listItems(body).filter((item) => !seen.has(idOf(item)));
      for (const item of items) seen.add(idOf(item));
      const next = record(record(record(body)?.meta)?.next);
      const cursor: PageQuery = {};
      for (const [key, value] of Object.entries(next ?? {})) if (typeof value === "string" || typeof value === "number") cursor[key] = String(value);
      const moved = Object.keys(cursor).length > 0 && Object.entries(cursor).some(([key, value]) => asked[key] !== value);
      // A page shorter than the limit it was asked with is the last, whatever cursor it names.
      const limit = Number(record(record(record(body)?.meta)?.current)?.limit);
      const short = Number.isInteger(limit) && limit > 0 && listItems(body).length < limit;
      return { items, next: items.length > 0 && moved && !short ? { ...asked, ...cursor } : undefined };
    },
  };
}

/** Notification logs: `logId` + `affix`, from the last log of the page (the answer's own cursor names messages). */
function byLogId(query: PageQuery): Pager {
  return {
    first: query,
    step(asked, body) {
      const items = listItems(body);
      const last = record(items.at(-1));
      const logId = last?._id ?? last?.id;
      const moves = items.length > 0 && logId !== undefined && String(logId) !== asked.logId;
      return { items, next: moves ? { ...asked, logId: String(logId), affix: asked.affix ?? "append" } : undefined };
    },
  };
}

/**
 * The pager for a documented list: its style, or the `updatedAt` cursor when
 * the list takes one and the query starts it (`-f updatedAt=…`, `-f affix=…`).
 */
export function pagerFor(style: PagingStyle, query: PageQuery, takes: readonly string[] = []): Pager {
  if (style === "pages" && takes.includes("updatedAt") && (query.updatedAt !== undefined || query.affix !== undefined)) return byCursor(query, "updatedAt", "perPage");
  switch (style) {
    case "pages": return byPage(query);
    // A 1:1's messages take their page size as perPage (docs/service.md): a page shorter than it is the last.
    case "message-id": return byCursor(query, "id", query.limit === undefined && query.perPage !== undefined ? "perPage" : "limit");
    case "next": return byNext(query);
    case "log-id": return byLogId(query);
    case "none": return { first: query, step: (_asked, body) => ({ items: listItems(body) }) };
  }
}

/** The pager of a documented list: its endpoint's paging style, over the parameters it takes. */
export const endpointPager = (endpoint: Pick<Endpoint, "paging" | "query"> | undefined, query: PageQuery): Pager =>
  pagerFor(endpoint?.paging ?? "none", query, endpoint?.query);

/**
 * Every page a pager asks for, in turn: the query asked, the answer, and its step. A service that
 * answers a cursor with itself would be walked for ever: the walk stops at a query asked before
 * (`repeated` is told).
 */
export async function* walkPages<Answer = unknown>(
  pager: Pager,
  fetch: (query: PageQuery) => Promise<Answer>,
  repeated: () => void = () => {},
  bodyOf: (answer: Answer) => unknown = (answer) => answer,
): AsyncGenerator<{ query: PageQuery; body: Answer; step: PageStep }> {
  const asked = new Set<string>();
  for (let query: PageQuery | undefined = pager.first; query; ) {
    const key = JSON.stringify(query);
    if (asked.has(key)) return repeated();
    asked.add(key);
    const body = await fetch(query);
    const step = pager.step(query, bodyOf(body));
    yield { query, body, step };
    query = step.next;
  }
}

/** A query as the request module takes it, as a pager's strings (what is unset left out). */
export function pageQuery(query: Record<string, string | number | boolean | undefined>): PageQuery {
  const strings: PageQuery = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) strings[key] = String(value);
  return strings;
}

/**
 * Every page of a list read by its schema (a page of groups, of calls…), walked by a pager: the
 * strategies `ccx api --paginate` and the resources' lists use, over the typed pages the explorer and
 * `--all` print. A cursor's page keeps only the items not had before (its `raw` cut to match) and says
 * where the walk stands (`walk`: the next page's hint).
 */
export async function* typedPages<T, P extends Page<T> & { raw: unknown[] }>(pager: Pager, fetchPage: (query: PageQuery) => Promise<P>): AsyncGenerator<P & { walk?: CursorState }> {
  const bodyOf = (page: P) => ({ data: page.raw, meta: { pagination: page.pagination } });
  for await (const { body: page, step } of walkPages(pager, fetchPage, undefined, bodyOf)) {
    const kept = step.positions;
    yield kept ? { ...page, items: kept.map((i) => page.items[i]!), raw: kept.map((i) => page.raw[i]), walk: step.walk } : page;
  }
}
