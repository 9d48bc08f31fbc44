import { withQuery } from "../api/client.js";
import { advanceCursor, cursorQuery, startCursor } from "../api/cursor.js";
import { numberedPageCounts, trustedTotal } from "../api/paging.js";
import { LIST_KINDS, type ListItems, type ListKindSpec, isListKind } from "../resources/list-kinds.js";
import { type StoreContext, currentRoute } from "./context.js";
import type { ExplorerState } from "./explorer-store.js";
import { toFailure } from "./failure.js";
import type { ListKind, ListState } from "./types.js";

/**
 * The groups and calls lists: live filtering (debounced; the request a key
 * press makes stale is aborted, and a late answer never overwrites a newer
 * one), page paging, and cursor paging that loads more as the cursor moves.
 */

export interface ListActions {
  /** Sets the filter line as typed; a valid one is sent after a short pause, an invalid one never. */
  setFilter(kind: ListKind, line: string): void;
  /** Sends the current filter now, from page 1. */
  reload(kind: ListKind): void;
  goToPage(kind: ListKind, page: number): void;
  nextPage(kind: ListKind): void;
  prevPage(kind: ListKind): void;
  /** Cursor mode: appends the page after the last cursor. */
  loadMore(kind: ListKind): void;
  select(kind: ListKind, index: number): void;
  /** Sends a filter still waiting out its pause now (Enter on the filter line). */
  submitFilter(kind: ListKind): void;
  /** Reloads whatever the current view shows. */
  refresh(): void;
}

/**
 * Most rows a cursor-mode list keeps: beyond it, the oldest rows are dropped as
 * more load (counted in `dropped`). Why: every page the cursor loads is appended,
 * and walking it across 100,000 groups held them all (~45 MB, the soak found);
 * 5,000 rows is 50 pages of scrolling, far more than a screen, and a few MB.
 */
export const MAX_CURSOR_ROWS = 5_000;

export function emptyList<Item>(): ListState<Item> {
  return { filter: "", tokens: [], errors: [], params: {}, items: [], page: 1, hasMore: false, loading: false, selected: 0 };
}

type AnyItem = ListItems[ListKind];

export function listActions(ctx: StoreContext): ListActions {
  const listOf = (state: ExplorerState, key: string, kind: ListKind): ListState<AnyItem> => state.views[key]!.lists[kind];
  const setList = (key: string, kind: ListKind, patch: Partial<ListState<AnyItem>>) =>
    ctx.updateView(key, (v) => ({ ...v, lists: { ...v.lists, [kind]: { ...v.lists[kind], ...patch } } }));

  async function fetchPage(key: string, kind: ListKind, query: Record<string, string>, append: boolean): Promise<void> {
    const request = ctx.slots.begin(`${key}/${kind}`);
    const spec = LIST_KINDS[kind];
    setList(key, kind, { loading: true, ...(append ? {} : { awaiting: true }), request: `GET ${withQuery("", spec.path, query)}` });
    try {
      const page = await spec.list(ctx.clientFor(key), query, request.signal);
      // A newer request was made meanwhile: this answer is stale.
      if (!request.isCurrent()) return;
      const before = listOf(ctx.get(), key, kind);
      const p = page.pagination;
      // Cursor mode walks as the SDK does (api/cursor.ts): the next cursor comes from the items, and
      // items already had at the boundary are dropped.
      const item = spec.cursorItem as ListKindSpec<AnyItem>["cursorItem"];
      const from = append && before.cursor ? before.cursor : startCursor("updatedAt", Number(query.updatedAt), query.affix === "prepend" ? "prepend" : "append");
      const walk = item && query.updatedAt !== undefined ? advanceCursor<AnyItem>(from, page.items, item.idOf, item.timeOf, Number(query.perPage)) : undefined;
      const arrived: AnyItem[] = walk ? walk.fresh : page.items;
      let items: AnyItem[] = append ? [...before.items, ...arrived] : arrived;
      let dropped = append ? before.dropped ?? 0 : 0;
      let selected = append ? before.selected : 0;
      if (items.length > MAX_CURSOR_ROWS) {
        const cut = items.length - MAX_CURSOR_ROWS;
        items = items.slice(cut);
        dropped += cut;
        selected = Math.max(0, selected - cut);
      }
      const pageNumber = p?.current_page ?? Number(query.page ?? 1);
      // Counts the service sends are shown only when believable (api/paging.ts: total 0 beside 5 rows is not).
      const counts = walk ? undefined : numberedPageCounts(p, pageNumber, Number(query.perPage), arrived.length);
      setList(key, kind, {
        items,
        dropped,
        total: walk ? (append ? before.total : trustedTotal(p?.total, items.length)) : counts!.total,
        page: pageNumber,
        totalPages: counts?.lastPage,
        cursor: walk?.state,
        hasMore: walk ? !walk.state.done : counts!.more ?? true,
        loading: false,
        awaiting: false,
        error: undefined,
        retry: undefined,
        selected,
      });
      if (ctx.get().activeKey === key) ctx.get().setLastError(undefined);
    } catch (error) {
      if (!request.isCurrent()) return;
      const failure = toFailure(error);
      // A fresh query that failed leaves the previous answer's rows on screen, but no more is loaded
      // after them: that would append this query's rows to another query's (found by the faults suite).
      setList(key, kind, { loading: false, awaiting: false, error: failure, retry: { query, append }, ...(append ? {} : { hasMore: false }) });
      ctx.get().setLastError(failure);
    } finally {
      request.finish();
    }
  }

  // `key` is the app the request is for: a filter's pause may end after the user switched to another app.
  const send = (kind: ListKind, page?: number, key = ctx.get().activeKey) => {
    const list = listOf(ctx.get(), key, kind);
    if (list.errors.length > 0) return;
    const query = LIST_KINDS[kind].explorerQuery(list.params);
    if (page !== undefined && query.updatedAt === undefined) query.page = String(page);
    void fetchPage(key, kind, query, false);
  };

  return {
    setFilter(kind, line) {
      const key = ctx.get().activeKey;
      const slot = `${key}/${kind}`;
      const parsed = LIST_KINDS[kind].parse(line);
      clearTimeout(ctx.timers.get(slot));
      ctx.timers.delete(slot);
      // The request this key press makes stale is aborted at once, not when the pause ends.
      ctx.slots.cancel(slot);
      const list = listOf(ctx.get(), key, kind);
      setList(key, kind, {
        filter: line,
        tokens: parsed.tokens,
        errors: parsed.errors,
        params: parsed.errors.length > 0 ? list.params : parsed.params,
        // Waiting out the pause counts as loading: the rows shown are not this filter's yet.
        loading: parsed.errors.length === 0,
        awaiting: parsed.errors.length === 0,
        retry: undefined,
      });
      if (parsed.errors.length > 0) return;
      ctx.timers.set(slot, setTimeout(() => {
        ctx.timers.delete(slot);
        // Its own app's: switching apps during the pause once sent the other app's filter and left this list loading.
        send(kind, undefined, key);
      }, ctx.debounceMs));
    },

    submitFilter(kind) {
      const slot = `${ctx.get().activeKey}/${kind}`;
      if (!ctx.timers.has(slot)) return;
      // Enter ends the typing: no reason to wait out the pause.
      clearTimeout(ctx.timers.get(slot));
      ctx.timers.delete(slot);
      send(kind);
    },

    reload(kind) {
      send(kind);
    },

    goToPage(kind, page) {
      const list = listOf(ctx.get(), ctx.get().activeKey, kind);
      const last = list.totalPages ?? page;
      send(kind, Math.max(1, Math.min(page, Math.max(1, last))));
    },

    nextPage(kind) {
      const list = listOf(ctx.get(), ctx.get().activeKey, kind);
      if (list.params.updatedAt !== undefined) return ctx.get().loadMore(kind);
      if (list.totalPages !== undefined && list.page >= list.totalPages) return ctx.get().notify("this is the last page");
      send(kind, list.page + 1);
    },

    prevPage(kind) {
      const list = listOf(ctx.get(), ctx.get().activeKey, kind);
      if (list.page <= 1) return ctx.get().notify("this is the first page");
      send(kind, list.page - 1);
    },

    loadMore(kind) {
      const key = ctx.get().activeKey;
      const list = listOf(ctx.get(), key, kind);
      if (!list.hasMore || list.loading || !list.cursor) return;
      const query = { ...LIST_KINDS[kind].explorerQuery(list.params), ...cursorQuery(list.cursor) };
      void fetchPage(key, kind, query, true);
    },

    select(kind, index) {
      const key = ctx.get().activeKey;
      const list = listOf(ctx.get(), key, kind);
      const selected = Math.max(0, Math.min(index, list.items.length - 1));
      if (selected !== list.selected) setList(key, kind, { selected });
      // Cursor mode loads more as the selection nears the end; page mode waits for n.
      if (list.hasMore && list.params.updatedAt !== undefined && selected >= list.items.length - 10) ctx.get().loadMore(kind);
    },

    refresh() {
      const state = ctx.get();
      const route = currentRoute(state);
      if (isListKind(route.view)) {
        const list = listOf(state, state.activeKey, route.view);
        // After a failure, r asks again what failed: `n` to page 3 that met a 429 retries page 3, not the page 2 still shown.
        if (list.error && list.retry && list.errors.length === 0) return void fetchPage(state.activeKey, route.view, list.retry.query, list.retry.append);
        return send(route.view, list.page);
      }
      if (route.view === "call" || route.view === "recording") return state.loadCall(route.sessionId);
      if (route.view === "group") return state.loadGroup(route.guid);
      if (route.view === "user") return state.loadUser(route.uid);
      if (route.view === "messages") return state.loadThread(route.scope);
      if (route.view === "resource" || route.view === "resource-item") return state.reloadResource();
    },
  };
}
