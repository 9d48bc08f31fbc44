import type { ManagementTarget } from "../api/apps.js";
import { isApiError } from "../api/errors.js";
import { numberedPageCounts } from "../api/paging.js";
import type { AnyResource } from "../resources/resource.js";
import type { StoreContext } from "./context.js";
import { toFailure } from "./failure.js";
import { listRefOf } from "./item-children.js";
import { MAX_LIST_ROWS, listInView, oldestFirst } from "./list-actions.js";
import { listRequester } from "./list-request.js";
import type { ListState, LiveState, Row } from "./types.js";

/**
 * Live mode (w): a list follows the service. It asks again for the page it
 * shows once an interval (5 s by default, never under 2 s), one request at a
 * time and none while it is not on screen; rows that came or changed are
 * marked for a few seconds; a 429 doubles the wait (up to a minute), which
 * halves back on each clean answer. Keys never wait for a live answer: its
 * rows are the same query's. A chat (a conversation's messages) asks its
 * newest page again, and what came is added at the bottom, the older rows
 * walked kept.
 */
export interface LiveActions {
  /** Seconds between a live list's requests. */
  liveInterval: number;
  /** A tick each second while a list is live: marks fade and ongoing calls' durations move without requests. */
  clock: number;
  toggleLive(list: string): void;
  /** `:interval <seconds>`: at least the floor; live lists take it from their next request. */
  setLiveInterval(seconds: number): void;
}

export const LIVE = {
  defaultSeconds: 5,
  floorSeconds: 2,
  /** A row stays marked new or changed this long. */
  markMs: 4_000,
  slowestMs: 60_000,
};

const CLOCK = "live:clock";
const timerOf = (key: string, kind: string) => `live:${key}/${kind}`;

/** What live mode compares of a row: what its definition says, else the whole row. */
const liveKeyOf = (resource: AnyResource) => (item: Row) => (resource.live ? resource.live(item) : JSON.stringify(item));
const idOf = (resource: AnyResource) => (item: Row) => String(item[resource.idField] ?? "");

export function liveActions(ctx: StoreContext<LiveActions>, management: ManagementTarget | undefined): Omit<LiveActions, "liveInterval" | "clock"> {
  const lists = listRequester(ctx, management);
  const listOf = (key: string, kind: string) => ctx.get().views[key]?.lists[kind];
  const setLive = (key: string, kind: string, patch: Partial<ListState>) =>
    ctx.updateView(key, (v) => ({ ...v, lists: { ...v.lists, [kind]: { ...v.lists[kind]!, ...patch } } }));
  const anyLive = () => Object.values(ctx.get().views).some((v) => Object.values(v.lists).some((l) => l.live));

  /** The one-second tick, running while any list is live. */
  function syncClock(): void {
    const running = ctx.timers.has(CLOCK);
    if (anyLive() && !running) ctx.timers.set(CLOCK, setInterval(() => ctx.set({ clock: Date.now() }), 1000));
    if (!anyLive() && running) {
      clearInterval(ctx.timers.get(CLOCK));
      ctx.timers.delete(CLOCK);
    }
  }

  function schedule(key: string, kind: string): void {
    const live = listOf(key, kind)?.live;
    if (!live) return;
    clearTimeout(ctx.timers.get(timerOf(key, kind)));
    const wait = Math.max(ctx.get().liveInterval * 1000, live.slowedMs ?? 0);
    ctx.timers.set(timerOf(key, kind), setTimeout(() => void poll(key, kind), wait));
  }

  async function poll(key: string, kind: string): Promise<void> {
    ctx.timers.delete(timerOf(key, kind));
    const state = ctx.get();
    const list = listOf(key, kind);
    const ref = listRefOf(kind);
    if (!list?.live || !ref) return;
    // Off screen, mid-request or with a filter that does not parse: nothing is asked this time.
    const shown = state.activeKey === key && listInView(state) === kind && !state.ui.form;
    if (!shown || list.loading || list.errors.length > 0) return schedule(key, kind);
    // The page shown, asked again as it was.
    const query = list.asked ?? lists.queryOf(ref, list.params);
    const request = ctx.slots.begin(`${key}/${kind}`);
    const logged = state.log.length === 0 ? 0 : state.log[state.log.length - 1]!.id;
    try {
      const page = await lists.ask(key, ref, lists.pagerOf(ref.resource, query), query, request.signal);
      if (!request.isCurrent()) return;
      const before = listOf(key, kind)!;
      const now = Date.now();
      const id = idOf(ref.resource);
      const marks = markChanges(before, page.items, id, liveKeyOf(ref.resource), now);
      const items = before.chat ? followedChat(before.items, page.items, id, ref.resource.idField) : page.items;
      const selectedId = before.items[before.selected] && id(before.items[before.selected]!);
      const kept = selectedId === undefined ? -1 : items.findIndex((item) => id(item) === selectedId);
      // A chat's cursor on the newest follows what comes.
      const newest = before.chat && before.selected >= before.items.length - 1;
      const slowed = sawRateLimit(logged) ? slowDown(before.live!) : speedUp(before.live!);
      const counts = numberedPageCounts(page.pagination, before.page, Number(query.perPage), page.items.length);
      setLive(key, kind, {
        items,
        total: before.chat ? before.total : counts.total ?? before.total,
        totalPages: counts.lastPage ?? before.totalPages,
        // The cursor stays on its row where the row still is.
        selected: newest ? items.length - 1 : kept >= 0 ? kept : Math.min(before.selected, Math.max(0, items.length - 1)),
        error: undefined,
        live: { ...before.live!, marks, polls: before.live!.polls + 1, slowedMs: slowed },
      });
    } catch (error) {
      if (!request.isCurrent()) return;
      const before = listOf(key, kind)!;
      const limited = sawRateLimit(logged) || (isApiError(error) && error.status === 429);
      // The rows stay; the failure is said under them, and the next request comes all the same.
      setLive(key, kind, { error: toFailure(error), live: { ...before.live!, slowedMs: limited ? slowDown(before.live!) : before.live!.slowedMs } });
    } finally {
      request.finish();
    }
    schedule(key, kind);
  }

  /** Whether the request log has a 429 after entry `since`: the transport may have retried it into an answer. */
  const sawRateLimit = (since: number) => ctx.get().log.some((e) => e.id > since && e.status === 429);
  const slowDown = (live: LiveState) => Math.min(LIVE.slowestMs, 2 * Math.max(live.slowedMs ?? 0, ctx.get().liveInterval * 1000));
  const speedUp = (live: LiveState) => (live.slowedMs === undefined || live.slowedMs / 2 <= ctx.get().liveInterval * 1000 ? undefined : live.slowedMs / 2);

  return {
    toggleLive(kind) {
      const key = ctx.get().activeKey;
      const list = listOf(key, kind);
      const noun = listRefOf(kind)?.resource.name ?? kind;
      if (!list) return;
      if (list.live) {
        clearTimeout(ctx.timers.get(timerOf(key, kind)));
        ctx.timers.delete(timerOf(key, kind));
        setLive(key, kind, { live: undefined });
        ctx.get().notify(`live off: ${noun} no longer followed`);
      } else {
        if (list.walk && !list.chat) return ctx.get().notify(list.params.updatedAt !== undefined ? "live follows pages: take after:/before: out of the filter first" : `live follows pages: ${noun} are walked, not paged`);
        setLive(key, kind, { live: { marks: {}, polls: 0 } });
        ctx.get().notify(`live: ${noun} asked again every ${ctx.get().liveInterval} s (w stops, :interval changes it)`);
        schedule(key, kind);
      }
      syncClock();
    },

    setLiveInterval(seconds) {
      if (!Number.isFinite(seconds) || seconds < LIVE.floorSeconds) return ctx.get().notify(`the interval is at least ${LIVE.floorSeconds} s`);
      ctx.set({ liveInterval: seconds });
      ctx.get().notify(`live lists ask every ${seconds} s`);
      for (const [key, view] of Object.entries(ctx.get().views)) {
        for (const [kind, list] of Object.entries(view.lists)) if (list.live) schedule(key, kind);
      }
    },
  };
}

/**
 * A chat's rows after its newest page was asked again: those it had (the changed ones as they are now),
 * then those that came, oldest first; bounded as its walk is, the oldest going.
 */
function followedChat(had: readonly Row[], newest: readonly Row[], idOf: (item: Row) => string, idField: string): Row[] {
  const now = new Map(newest.map((item) => [idOf(item), item]));
  const rows = had.map((item) => now.get(idOf(item)) ?? item);
  const known = new Set(had.map(idOf));
  const came = oldestFirst(newest.filter((item) => !known.has(idOf(item))), idField);
  return [...rows, ...came].slice(-MAX_LIST_ROWS);
}

/** The rows new since the last answer, or whose live key changed; earlier marks kept until they fade. */
function markChanges(before: ListState, items: readonly Row[], idOf: (item: Row) => string, liveKey: (item: Row) => string, now: number): LiveState["marks"] {
  const known = new Map(before.items.map((item) => [idOf(item), liveKey(item)]));
  const marks: LiveState["marks"] = {};
  for (const [id, mark] of Object.entries(before.live?.marks ?? {})) if (now - mark.at < LIVE.markMs) marks[id] = mark;
  // The first answer of a list that had no rows marks nothing: everything would be "new".
  if (before.items.length === 0) return marks;
  for (const item of items) {
    const id = idOf(item);
    const was = known.get(id);
    if (was === undefined) marks[id] = { kind: "new", at: now };
    else if (was !== liveKey(item)) marks[id] = { kind: "changed", at: now };
  }
  return marks;
}
