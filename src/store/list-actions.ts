import type { ManagementTarget } from "../api/apps.js";
import type { Pager } from "../api/paging-styles.js";
import { numberedPageCounts, trustedTotal } from "../api/paging.js";
import { RESOURCE_LIST, resourceNamed } from "../resources/index.js";
import type { AnyResource } from "../resources/resource.js";
import { type StoreContext, currentRoute } from "./context.js";
import { MAX_DETAILS } from "./details.js";
import { toFailure } from "./failure.js";
import { listRequester } from "./list-request.js";
import type { FilterKeyHelp } from "../query/filter.js";
import type { Grammar } from "../query/grammar.js";
import { childKey, childrenOf, listRefOf, routeListKey } from "./item-children.js";
import type { AppViewState, ExplorerCore, ListState, Route, Row } from "./types.js";

/**
 * Every list the explorer shows, of any resource, by its key (resourceKey: the resource's name and its
 * path's parameters): the filter line (its grammar loaded when first used: written by hand where the
 * definition has one, else derived from the list's documented parameters; none: the line narrows the
 * rows loaded), debounced, the request a key press makes stale aborted and a late answer never
 * overwriting a newer one; numbered pages flipped with n/p; walks (a cursor, `meta.next`, a log id)
 * loading more below as the cursor nears the end, or, in a list its definition reads as a chat (a
 * conversation's messages), older rows above as the cursor nears the top. Nothing here names a resource:
 * the definitions say all.
 */
export interface ListActions {
  /** Sets the filter line as typed; a valid one is sent after a short pause, an invalid one never. */
  setFilter(list: string, line: string): void;
  /** Sends the current filter now, from page 1. */
  reload(list: string): void;
  goToPage(list: string, page: number): void;
  nextPage(list: string): void;
  prevPage(list: string): void;
  /** A walk: adds the next step's rows (below; a chat's older ones above). */
  loadMore(list: string): void;
  select(list: string, index: number): void;
  /** Sends a filter still waiting out its pause now (Enter on the filter line). */
  submitFilter(list: string): void;
  /** Loads a list not loaded yet (`failed`: or whose last request failed): opening it, or showing it below an item. */
  ensureList(list: string, failed?: "retry"): void;
  /** Asks a list again: after a failure, what failed (the page or the step of the walk); else the page shown. */
  refreshList(list: string): void;
}

/**
 * Most rows a walk keeps: beyond it, the first rows had are dropped as more load (counted in `dropped`):
 * the top ones, or a chat's newest, at the bottom (r loads them again). Why: every step is added, and
 * walking a cursor across 100,000 groups held them all (~45 MB, the soak found); 5,000 rows is 50 pages
 * of scrolling, far more than a screen, and a few MB.
 */
export const MAX_LIST_ROWS = 5_000;

/** How near the end a walk's cursor comes (a chat's: the top) before the next step loads. */
const NEAR_END = 10;

/**
 * A chat's rows oldest first: by their id when every id is a number (the service's ids count up, and a
 * page going older comes newest first); ids that are not numbers keep the order they came in.
 */
export function oldestFirst(rows: readonly Row[], idField: string): Row[] {
  const ids = rows.map((row) => Number(row[idField]));
  if (!ids.every(Number.isFinite)) return [...rows];
  return rows.map((row, i) => ({ row, id: ids[i]! })).sort((a, b) => a.id - b.id).map((r) => r.row);
}

/**
 * A walk's rows after one more step: below what it had (a chat's first step: the cursor on the newest, at
 * the bottom; its later ones above, the cursor staying on the row it was on), bounded (MAX_LIST_ROWS).
 */
function walkedRows(before: ListState, fresh: readonly Row[], append: boolean, chat: boolean): Pick<ListState, "items" | "dropped" | "selected"> {
  let dropped = append ? before.dropped ?? 0 : 0;
  if (chat) {
    const older = append ? fresh.length : 0;
    let items = append ? [...fresh, ...before.items] : [...fresh];
    const cut = Math.max(0, items.length - MAX_LIST_ROWS);
    if (cut > 0) items = items.slice(0, MAX_LIST_ROWS);
    const selected = append ? before.selected + older : items.length - 1;
    return { items, dropped: dropped + cut, selected: Math.max(0, Math.min(selected, items.length - 1)) };
  }
  let items = append ? [...before.items, ...fresh] : [...fresh];
  let selected = append ? before.selected : 0;
  if (items.length > MAX_LIST_ROWS) {
    const cut = items.length - MAX_LIST_ROWS;
    items = items.slice(cut);
    dropped += cut;
    selected = Math.max(0, selected - cut);
  }
  return { items, dropped, selected };
}

export function emptyList(): ListState {
  return { filter: "", tokens: [], errors: [], params: {}, items: [], page: 1, hasMore: false, loading: false, selected: 0 };
}

/** The list of the route in view, by its key; undefined on a screen that is no list. */
export function listInView(state: Pick<ExplorerCore, "views" | "activeKey">): string | undefined {
  const route = currentRoute(state);
  return route.view === "resource" ? routeListKey(route) : undefined;
}

/** The lists a route shows: a list's own, an item's sections' below it. */
export function listsShownBy(route: Route): string[] {
  if (route.view === "resource") return [routeListKey(route)];
  if (route.view !== "resource-item") return [];
  const item = resourceNamed(route.name);
  return item ? childrenOf(item).filter((child) => !child.single).map((child) => childKey(item, child, route.params)) : [];
}

/**
 * An app's lists with `added` among them, bounded: those of a path's parameters (a group's members, a
 * webhook's triggers) that the stack does not show are kept up to MAX_DETAILS, the oldest going first.
 * Why: each item opened loads the lists below it, and a long session kept every one (as it kept every
 * item before MAX_DETAILS). A list of no parameters (the app's groups) stays: there is one per resource at most.
 */
function boundedLists(lists: AppViewState["lists"], nav: readonly Route[], added: string): AppViewState["lists"] {
  const shown = new Set(nav.flatMap(listsShownBy));
  const others = Object.keys(lists).filter((key) => key.includes("/") && key !== added && !shown.has(key));
  for (const key of others.slice(0, Math.max(0, others.length - MAX_DETAILS))) delete lists[key];
  return lists;
}

/** Each list's grammar once loaded (none: the service documents no filter), by resource name. */
const grammars = new Map<string, Grammar | undefined>();

/** A list's grammar when loaded already (`grammar` undefined: it has none); undefined while it is not. */
export const loadedGrammar = (resource: AnyResource): { grammar: Grammar | undefined } | undefined =>
  grammars.has(resource.name) ? { grammar: grammars.get(resource.name) } : undefined;

/**
 * A list's filter grammar, loaded the first time a filter is typed (start-up does not pay for it): its
 * definition's, written by hand, else derived from its documented parameters; undefined when it has none.
 */
export async function grammarFor(resource: AnyResource): Promise<Grammar | undefined> {
  if (!grammars.has(resource.name)) grammars.set(resource.name, await (await import("../resources/filter-grammar.js")).grammarOf(resource));
  return grammars.get(resource.name);
}

type FilterHelp = Array<{ list: string; keys: ReadonlyArray<FilterKeyHelp> }>;

/** The lists' filter keys, each list once: lists that share a grammar (the app's, a group's and a 1:1's messages) by the first. */
function filterHelpOf(lists: FilterHelp): FilterHelp {
  return lists.filter((l, i) => l.keys.length > 0 && lists.findIndex((other) => other.keys === l.keys) === i);
}

/** Every list's filter keys, its grammar loaded (a list that documents no filter has none): what help lists. */
export async function listFilterHelp(): Promise<FilterHelp> {
  return filterHelpOf(await Promise.all(RESOURCE_LIST.filter((r) => r.list).map(async (r) => ({ list: r.name, keys: (await grammarFor(r))?.keys ?? [] }))));
}

/**
 * The same at once, when every list's grammar is loaded already; else undefined. Why: help opened after the
 * grammars loaded showed its last line short of the filter keys until a turn later, so that a key typed with
 * `?` (`?G`) landed elsewhere than typed a moment later (test/tui/input/order.test.ts).
 */
export function loadedFilterHelp(): FilterHelp | undefined {
  const lists: FilterHelp = [];
  for (const resource of RESOURCE_LIST.filter((r) => r.list)) {
    const loaded = loadedGrammar(resource);
    if (!loaded) return undefined;
    lists.push({ list: resource.name, keys: loaded.grammar?.keys ?? [] });
  }
  return filterHelpOf(lists);
}

export function listActions(ctx: StoreContext<ListActions>, management: ManagementTarget | undefined): ListActions {
  /** Walks in progress, by slot: a cursor's pager remembers what it had. */
  const pagers = new Map<string, Pager>();
  /** The parameters each list's filter line has asked for (waiting for the pause, or sent), as JSON. */
  const asked = new Map<string, string>();
  /** Lines typed before their list's grammar had loaded, by slot; and those whose Enter came meanwhile. */
  const parsing = new Map<string, Pick<ListState, "loading" | "awaiting">>();
  const submitted = new Set<string>();
  const listOf = (appKey: string, key: string): ListState | undefined => ctx.get().views[appKey]?.lists[key];
  const setList = (appKey: string, key: string, patch: Partial<ListState>) =>
    ctx.updateView(appKey, (v) => {
      const lists = { ...v.lists, [key]: { ...emptyList(), ...v.lists[key], ...patch } };
      return { ...v, lists: Object.hasOwn(v.lists, key) ? lists : boundedLists(lists, v.nav, key) };
    });
  const active = () => ctx.get().activeKey;
  const lists = listRequester(ctx, management);

  /**
   * Asks one page (append: the next step of a walk, added below) and puts its rows in the list. `query` is
   * what the page asks: the first page's, a numbered page's, or the walk's next.
   */
  async function fetchPage(appKey: string, key: string, query: Record<string, string>, append: boolean): Promise<void> {
    const ref = listRefOf(key);
    if (!ref) return;
    const slot = `${appKey}/${key}`;
    const request = ctx.slots.begin(slot);
    try {
      if (!append) pagers.set(slot, lists.pagerOf(ref.resource, query));
      const pager = pagers.get(slot)!;
      const sent = append ? query : { ...pager.first };
      // The first page by number is asked as the user's filter says it, without a `page=1` they did not write.
      if (!append && query.page === undefined && sent.page === "1") delete sent.page;
      setList(appKey, key, { loading: true, ...(append ? {} : { awaiting: true }), request: lists.requestLine(appKey, ref, sent) });
      const answer = await lists.ask(appKey, ref, pager, sent, request.signal);
      // A newer request was made meanwhile: this answer is stale.
      if (!request.isCurrent()) return;
      const before = listOf(appKey, key) ?? emptyList();
      // (A walk's later steps leave `asked` at its first: what live mode asks again.)
      const done = { loading: false, awaiting: false, error: undefined, retry: undefined, ...(append ? {} : { asked: sent }) };
      if (answer.walk) {
        const chat = ref.resource.list!.chat === true;
        const rows = walkedRows(before, chat ? oldestFirst(answer.items, ref.resource.idField) : answer.items, append, chat);
        const total = append ? before.total : trustedTotal(answer.pagination?.total, rows.items.length);
        setList(appKey, key, { ...done, ...rows, walk: true, chat, numbered: false, next: answer.next, hasMore: answer.next !== undefined, page: 1, totalPages: undefined, total });
      } else {
        const page = answer.pagination?.current_page ?? Number(sent.page ?? 1);
        // Counts the service sends are shown only when believable (api/paging.ts: total 0 beside 5 rows is not).
        const counts = numberedPageCounts(answer.pagination, page, Number(sent.perPage), answer.items.length);
        const hasMore = answer.numbered && (counts.more ?? answer.next !== undefined);
        setList(appKey, key, { ...done, items: answer.items, dropped: 0, walk: false, numbered: answer.numbered, next: undefined, page, total: counts.total, totalPages: counts.lastPage, hasMore, selected: 0 });
      }
      if (active() === appKey) ctx.get().setLastError(undefined);
    } catch (error) {
      if (!request.isCurrent()) return;
      const failure = toFailure(error);
      // A fresh query that failed leaves the previous answer's rows on screen, but no more is loaded
      // after them: that would append this query's rows to another query's (found by the faults suite).
      setList(appKey, key, { loading: false, awaiting: false, error: failure, retry: { query, append }, ...(append ? {} : { hasMore: false, next: undefined }) });
      // The header's error is the screen in front's: a list left before its answer failed keeps its failure in place.
      if (active() === appKey && listsShownBy(currentRoute(ctx.get())).includes(key)) ctx.get().setLastError(failure);
    } finally {
      request.finish();
    }
  }

  // `appKey` is the app the request is for: a filter's pause may end after the user switched to another app.
  const send = (key: string, page?: number, appKey = active()) => {
    const ref = listRefOf(key);
    const list = listOf(appKey, key);
    if (!ref || (list && list.errors.length > 0)) return;
    const query = lists.queryOf(ref, list?.params ?? {});
    if (page !== undefined) query.page = String(page);
    void fetchPage(appKey, key, query, false);
  };

  return {
    setFilter(key, line) {
      const appKey = active();
      const slot = `${appKey}/${key}`;
      const ref = listRefOf(key);
      if (!ref) return;
      setList(appKey, key, { filter: line, selected: 0 });
      // `was`: what loading said before the grammar was waited for, said again when the line sends nothing.
      const apply = (grammar: Grammar | undefined, was: Pick<ListState, "loading" | "awaiting"> = { loading: listOf(appKey, key)?.loading ?? false, awaiting: listOf(appKey, key)?.awaiting }) => {
        // A later key press has changed the line: its own parse is the one that counts.
        if (listOf(appKey, key)?.filter !== line) return;
        parsing.delete(slot);
        if (!grammar) {
          submitted.delete(slot);
          return setList(appKey, key, { narrowing: true, tokens: [], errors: [], ...was });
        }
        const parsed = grammar.parse(line);
        const wanted = JSON.stringify(parsed.params);
        // A key press that leaves the parameters as they are asked (a space, a word's order) neither aborts
        // the request on its way (or waiting for the pause) nor sends another: only the marks change.
        if (parsed.errors.length === 0 && asked.get(slot) === wanted) {
          submitted.delete(slot);
          return setList(appKey, key, { tokens: parsed.tokens, errors: [], ...was });
        }
        asked.delete(slot);
        clearTimeout(ctx.timers.get(slot));
        ctx.timers.delete(slot);
        // The request this key press makes stale is aborted at once, not when the pause ends.
        ctx.slots.cancel(slot);
        const valid = parsed.errors.length === 0;
        const before = listOf(appKey, key);
        // Waiting out the pause counts as loading: the rows shown are not this filter's yet.
        setList(appKey, key, { tokens: parsed.tokens, errors: parsed.errors, params: valid ? parsed.params : before?.params ?? {}, loading: valid, awaiting: valid, retry: undefined });
        if (!valid) return void submitted.delete(slot);
        asked.set(slot, wanted);
        // Enter came while the grammar loaded: the typing is over, no pause to wait out.
        if (submitted.delete(slot)) return send(key, undefined, appKey);
        ctx.timers.set(slot, setTimeout(() => {
          ctx.timers.delete(slot);
          // Its own app's: switching apps during the pause once sent the other app's filter and left this list loading.
          send(key, undefined, appKey);
        }, ctx.debounceMs));
      };
      // Once loaded, a key press is parsed at once: the marks follow the typing with no wait.
      if (grammars.has(ref.resource.name)) return apply(grammars.get(ref.resource.name));
      // Until then the rows shown are not this line's: keys that act on rows wait, as they wait out the pause.
      // (What loading said before the first of the lines typed meanwhile: the others found it set by this.)
      const was = parsing.get(slot) ?? { loading: listOf(appKey, key)?.loading ?? false, awaiting: listOf(appKey, key)?.awaiting };
      parsing.set(slot, was);
      setList(appKey, key, { loading: true, awaiting: true });
      void grammarFor(ref.resource).then((grammar) => apply(grammar, was));
    },

    submitFilter(key) {
      const slot = `${active()}/${key}`;
      if (parsing.has(slot)) return void submitted.add(slot);
      if (!ctx.timers.has(slot)) return;
      // Enter ends the typing: no reason to wait out the pause.
      clearTimeout(ctx.timers.get(slot));
      ctx.timers.delete(slot);
      send(key);
    },

    reload(key) {
      send(key);
    },

    ensureList(key, failed) {
      const known = listOf(active(), key);
      if (!known || (known.items.length === 0 && !known.loading && known.errors.length === 0 && known.request === undefined) || (failed && known.error)) send(key);
    },

    goToPage(key, page) {
      const list = listOf(active(), key);
      if (!list) return;
      if (list.walk) return ctx.get().notify("this list is walked, not numbered: scroll (or n) loads more");
      const last = list.totalPages ?? page;
      send(key, Math.max(1, Math.min(page, Math.max(1, last))));
    },

    nextPage(key) {
      const list = listOf(active(), key);
      if (!list) return;
      if (list.walk) return ctx.get().loadMore(key);
      if (!list.hasMore) return ctx.get().notify("this is the last page");
      send(key, list.page + 1);
    },

    prevPage(key) {
      const list = listOf(active(), key);
      if (!list) return;
      if (list.walk || list.page <= 1) return ctx.get().notify(list.chat ? "older rows load above as you scroll up (or n)" : list.walk ? "the rows before are above: scroll up" : "this is the first page");
      send(key, list.page - 1);
    },

    loadMore(key) {
      const appKey = active();
      const list = listOf(appKey, key);
      if (!list?.walk || !list.hasMore || list.loading || !list.next) return;
      void fetchPage(appKey, key, list.next, true);
    },

    select(key, index) {
      const appKey = active();
      const list = listOf(appKey, key);
      if (!list) return;
      const selected = Math.max(0, Math.min(index, list.items.length - 1));
      if (selected !== list.selected) setList(appKey, key, { selected });
      // A walk loads more as the selection nears the end (a chat's: the top); numbered pages wait for n.
      const nearEnd = list.chat ? selected < NEAR_END : selected >= list.items.length - NEAR_END;
      if (list.walk && list.hasMore && nearEnd) ctx.get().loadMore(key);
    },

    refreshList(key) {
      const appKey = active();
      const list = listOf(appKey, key);
      // After a failure, r asks again what failed: `n` to page 3 that met a 429 retries page 3, not the page 2 still shown.
      if (list?.error && list.retry && list.errors.length === 0) return void fetchPage(appKey, key, list.retry.query, list.retry.append);
      send(key, list && !list.walk ? list.page : undefined);
    },
  };
}
