import { isMember } from "./data/members.js";
import type { App, Group, GroupType } from "./data/model.js";
import { type Page, QueryReader, readPage } from "./query.js";

/**
 * GET /groups: every parameter of docs/service.md, Groups, parsed and run over an
 * app's groups.
 *
 * Orders (the sources are silent; clients must not depend on them):
 * - no sortBy: newest first (createdAt desc); sortBy without sortOrder: asc;
 * - name order is by lower-cased code points; ties in any order break by guid;
 * - cursor mode (`updatedAt` given) orders by updatedAt: ascending after the
 *   cursor with affix=append (the default), descending before it with prepend.
 *   A page never ends inside a run of equal updatedAt values (it is extended),
 *   so the next cursor neither skips nor repeats a group.
 */

const SORT_FIELDS = ["name", "guid", "createdAt"] as const;
const MEMBER_OPS = ["gte", "lte", "eq", "gt", "lt"] as const;
const RANGE_OPS = ["from", "to"] as const;
/** `password` (the docs) and `protected` (the spec) are one kind. */
const TYPE_WORDS = ["public", "private", "protected", "password"] as const;

type SortField = (typeof SORT_FIELDS)[number] | "updatedAt";

export interface GroupQuery {
  page: Page;
  sortBy?: (typeof SORT_FIELDS)[number];
  sortOrder?: "asc" | "desc";
  cursor?: { updatedAt: number; affix: "append" | "prepend" };
  withTags: boolean;
  predicates: Array<(g: Group) => boolean>;
  /** hasJoined=true: kept apart because it needs the onBehalfOf user. */
  joinedOnly: boolean;
}

function toType(word: string): GroupType {
  return word === "password" ? "protected" : (word as GroupType);
}

export function parseGroupQuery(params: URLSearchParams): GroupQuery {
  const q = new QueryReader(params);
  const predicates: GroupQuery["predicates"] = [];
  const page = readPage(q, { perPage: 100, max: 1000 });
  const sortBy = q.oneOf("sortBy", SORT_FIELDS);
  const sortOrder = q.oneOf("sortOrder", ["asc", "desc"] as const);
  const updatedAt = q.integer("updatedAt", { min: 0 });
  const affix = q.oneOf("affix", ["append", "prepend"] as const);
  const withTags = q.boolean("withTags") ?? false;
  const hasJoined = q.boolean("hasJoined") ?? false;

  const searchKey = q.string("searchKey")?.toLowerCase();
  const searchIn = q.list("searchIn", ["name", "guid"] as const) ?? ["name", "guid"];
  if (searchKey !== undefined) {
    const inName = searchIn.includes("name");
    const inGuid = searchIn.includes("guid");
    predicates.push((g) => (inName && g.nameKey.includes(searchKey)) || (inGuid && g.guidKey.includes(searchKey)));
  }

  const tags = q.list("tags");
  if (tags) predicates.push((g) => g.tags !== undefined && g.tags.some((t) => tags.includes(t)));

  const single = q.oneOf("type", TYPE_WORDS);
  const types = q.list("types", TYPE_WORDS);
  for (const chosen of [single ? [single] : undefined, types]) {
    if (!chosen) continue;
    const set = new Set(chosen.map(toType));
    predicates.push((g) => set.has(g.type));
  }

  const guid = q.string("guid");
  if (guid !== undefined) predicates.push((g) => g.guid === guid);
  const guids = q.list("guids");
  if (guids) {
    const set = new Set(guids);
    predicates.push((g) => set.has(g.guid));
  }

  const created = q.operators("createdAt", RANGE_OPS);
  if (created.from !== undefined) predicates.push((g) => g.createdAt >= created.from!);
  if (created.to !== undefined) predicates.push((g) => g.createdAt <= created.to!);
  const updated = q.operators("updatedAt", RANGE_OPS);
  if (updated.from !== undefined || updated.to !== undefined) {
    const from = updated.from ?? -Infinity;
    const to = updated.to ?? Infinity;
    // A group never updated has updatedAt equal to createdAt and is left out.
    predicates.push((g) => g.updatedAt !== g.createdAt && g.updatedAt >= from && g.updatedAt <= to);
  }

  const m = q.operators("membersCount", MEMBER_OPS);
  if (m.gte !== undefined) predicates.push((g) => g.membersCount >= m.gte!);
  if (m.lte !== undefined) predicates.push((g) => g.membersCount <= m.lte!);
  if (m.gt !== undefined) predicates.push((g) => g.membersCount > m.gt!);
  if (m.lt !== undefined) predicates.push((g) => g.membersCount < m.lt!);
  if (m.eq !== undefined) predicates.push((g) => g.membersCount === m.eq!);

  q.done();
  return {
    page,
    sortBy,
    sortOrder,
    withTags,
    predicates,
    joinedOnly: hasJoined,
    cursor: updatedAt === undefined ? undefined : { updatedAt, affix: affix ?? "append" },
  };
}

const orders = new WeakMap<App, Map<SortField, Int32Array>>();

/** After a group is created, renamed or deleted: the orders are built again when next needed. */
export const forgetGroupOrders = (app: App): void => void orders.delete(app);

/** Group indexes in ascending order of a field, ties by guid; built once per app and field. */
function ascendingOrder(app: App, field: SortField): Int32Array {
  let byField = orders.get(app);
  if (!byField) orders.set(app, (byField = new Map()));
  let order = byField.get(field);
  if (!order) {
    const gs = app.groups;
    const key = field === "name" ? (g: Group) => g.nameKey : field === "guid" ? (g: Group) => g.guid : (g: Group) => g[field];
    order = Int32Array.from(gs.keys()).sort((a, b) => {
      const ka = key(gs[a]!);
      const kb = key(gs[b]!);
      if (ka !== kb) return ka < kb ? -1 : 1;
      return gs[a]!.guid < gs[b]!.guid ? -1 : gs[a]!.guid > gs[b]!.guid ? 1 : 0;
    });
    byField.set(field, order);
  }
  return order;
}

export interface GroupResult {
  groups: Group[];
  total: number;
  page: Page;
  cursor: { updatedAt: number; affix: "append" | "prepend" };
}

/** `cursor-ties`: updatedAt as sent, to the day (many groups share one). */
export const DAY = 86_400;
export const dayOf = (seconds: number) => seconds - (seconds % DAY);

export function runGroupQuery(app: App, query: GroupQuery, userIndex: number | undefined, now: number, ties = false): GroupResult {
  const predicates = [...query.predicates];
  // hasJoined works only together with onBehalfOf; without a user it is ignored.
  if (query.joinedOnly && userIndex !== undefined) {
    predicates.push((g) => isMember(app, g, userIndex));
  }
  const { cursor } = query;
  if (cursor) {
    const t = cursor.updatedAt;
    // With ties the boundary is answered again (inclusive), as a server whose times are coarse must.
    if (ties) predicates.push(cursor.affix === "append" ? (g) => dayOf(g.updatedAt) >= t : (g) => dayOf(g.updatedAt) <= t);
    else predicates.push(cursor.affix === "append" ? (g) => g.updatedAt > t : (g) => g.updatedAt < t);
  }

  const field: SortField = cursor ? "updatedAt" : query.sortBy ?? "createdAt";
  const descending = cursor ? cursor.affix === "prepend" : query.sortBy ? query.sortOrder === "desc" : query.sortOrder !== "asc";

  // Filter in memory order (fast), then walk the sort order picking the marked
  // groups: walking 100,000 objects in sort order would miss the cache at every step.
  const all = app.groups;
  const n = all.length;
  const marked = new Uint8Array(n);
  const count = predicates.length;
  let total = 0;
  scan: for (let i = 0; i < n; i++) {
    const group = all[i]!;
    if (group.deletedAt !== undefined) continue;
    for (let j = 0; j < count; j++) if (!predicates[j]!(group)) continue scan;
    marked[i] = 1;
    total++;
  }

  // The cursor supersedes page numbers: its answer always starts at the cursor.
  const page = cursor ? { page: 1, perPage: query.page.perPage } : query.page;
  const start = (page.page - 1) * page.perPage;
  const order = ascendingOrder(app, field);
  const groups: Group[] = [];
  for (let k = 0, position = 0; k < n && position < start + page.perPage + 1; k++) {
    const index = order[descending ? n - 1 - k : k]!;
    if (!marked[index]) continue;
    const group = all[index]!;
    const inPage = position >= start && position < start + page.perPage;
    // A cursor page never ends inside a run of equal updatedAt values.
    const extendsTie = cursor && !ties && position >= start + page.perPage && groups.length > 0 && group.updatedAt === groups[groups.length - 1]!.updatedAt;
    if (inPage || extendsTie) groups.push(group);
    if (!extendsTie) position++;
  }
  const last = groups[groups.length - 1];
  return {
    groups,
    total,
    page,
    cursor: { updatedAt: (last && (ties ? dayOf(last.updatedAt) : last.updatedAt)) ?? cursor?.updatedAt ?? now, affix: cursor?.affix ?? "append" },
  };
}
