/**
 * Cursor paging as the official SDK does it (docs/service.md): ccx keeps the
 * direction it asked for and derives the next cursor from the items it got
 * (the largest position appending, the smallest prepending): groups by
 * `updatedAt`, messages by `id`. The server's cursor is not sent back: every
 * documented groups answer says `"affix": "prepend"` whatever was asked, and
 * following it turns the walk round.
 *
 * Items that share the boundary timestamp are neither lost nor repeated: a
 * server that answers the boundary again (inclusive) has those items dropped
 * by id. The walk ends when a page is short, empty, or brings nothing new.
 */

export type Affix = "append" | "prepend";

export interface CursorState {
  /** The query parameter the position goes in: `updatedAt` (groups), `id` (messages). */
  param: string;
  /** Where the walk stands; none before the first page of a walk from the newest (messages). */
  at?: number;
  affix: Affix;
  /** Ids already had whose `updatedAt` is the cursor's: an inclusive server sends them again. */
  boundary: string[];
  /** Nothing more to ask for. */
  done: boolean;
}

export function startCursor(param: string, at: number | undefined, affix: Affix): CursorState {
  return { param, at, affix, boundary: [], done: false };
}

/** The query parameters for the next page (none for a first page from the newest: the service's default). */
export function cursorQuery(state: CursorState): Record<string, string> {
  return state.at === undefined ? {} : { [state.param]: String(state.at), affix: state.affix };
}

/** A position (seconds, an id) as a number, whether sent as a number or a numeric string; undefined otherwise. */
function secondsOf(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

export interface CursorStep<T> {
  state: CursorState;
  /** The page's items less those already had, in the order sent. */
  fresh: T[];
  /** Their positions in the page (to keep the raw items that go with them). */
  positions: number[];
}

/**
 * One page's items through the walk: which are new, and the cursor after them.
 * `perPage`: a page shorter than it is the last.
 */
export function advanceCursor<T>(state: CursorState, items: readonly T[], idOf: (item: T) => string, timeOf: (item: T) => unknown, perPage?: number): CursorStep<T> {
  const had = new Set(state.boundary);
  const fresh: T[] = [];
  const positions: number[] = [];
  items.forEach((item, i) => {
    if (had.has(idOf(item))) return;
    had.add(idOf(item));
    fresh.push(item);
    positions.push(i);
  });
  const times = fresh.map(timeOf).map(secondsOf).filter((t): t is number => t !== undefined);
  // The far edge of what came: beyond the cursor in the walk's own direction, never back.
  const edge = times.length === 0 ? undefined : state.affix === "append" ? Math.max(...times) : Math.min(...times);
  const from = state.at;
  const moves = edge !== undefined && (from === undefined || (state.affix === "append" ? edge >= from : edge <= from));
  const at = moves ? edge : from;
  // Every item at the new boundary (this page's, and the earlier ones when it did not move) is had.
  const atEdge = items.filter((item) => secondsOf(timeOf(item)) === at).map(idOf);
  const boundary = at === from ? [...new Set([...state.boundary, ...atEdge])] : atEdge;
  const short = perPage !== undefined && items.length < perPage;
  const done = fresh.length === 0 || !moves || short;
  return { state: { ...state, at, boundary, done }, fresh, positions };
}
