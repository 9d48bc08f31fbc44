import { nowSeconds } from "../query/time.js";
import type { StoreContext } from "./context.js";
import { toFailure } from "./failure.js";
import type { StatsState } from "./types.js";

/**
 * The :stats screen: call analytics over the calls list's current filter (the
 * default window when it names no time), computed by streaming every page
 * through the same aggregator as `ccx stats`, with the service's message
 * metrics (`ccx stats --messages`) beside. One computation per app at a time;
 * a newer one, Esc, or quitting aborts it.
 */
export interface StatsActions {
  /** Opens the stats screen; computes unless it has figures for the calls filter as it stands. */
  openStats(): void;
  /** Computes again from the first page (r). */
  computeStats(): void;
  /** Aborts a computation under way, keeping what is shown. */
  stopStats(): void;
}

const slotOf = (key: string) => `${key}/stats`;
const sameParams = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, value]) => b[k] === value);

export function statsActions(ctx: StoreContext<StatsActions>): StatsActions {
  const statsOf = (key: string) => ctx.get().views[key]?.stats;
  const setStats = (key: string, patch: Partial<StatsState>) =>
    ctx.updateView(key, (v) => ({ ...v, stats: { params: {}, filter: "", loading: false, progress: { calls: 0 }, ...v.stats, ...patch } }));

  return {
    openStats() {
      const state = ctx.get();
      const key = state.activeKey;
      state.navigate({ view: "stats" });
      const known = statsOf(key);
      const params = state.views[key]!.lists.calls?.params ?? {};
      if (!known || known.stopped || known.error || !sameParams(known.params, params)) ctx.get().computeStats();
    },

    computeStats() {
      const key = ctx.get().activeKey;
      const params = ctx.get().views[key]!.lists.calls?.params ?? {};
      const now = nowSeconds(undefined);
      const request = ctx.slots.begin(slotOf(key));
      setStats(key, { params, loading: true, progress: { calls: 0 }, report: undefined, messages: undefined, error: undefined, stopped: false });
      const onPage = (progress: StatsState["progress"]) => {
        if (request.isCurrent()) setStats(key, { progress });
      };
      const client = ctx.clientFor(key);
      // The reports' modules (and the calls' grammar the filter is written with) load with the first :stats, not at start-up.
      Promise.all([import("../api/stats.js"), import("../api/message-stats.js")]).then(([{ callStatsReport, statsWindow }, { messageMetrics }]) => {
        const window = statsWindow(params, now);
        if (request.isCurrent()) setStats(key, { filter: window.line });
        return Promise.all([callStatsReport(client, window, now, { onPage, signal: request.signal }), messageMetrics(client, request.signal)]);
      }).then(
        ([report, messages]) => {
          if (request.isCurrent()) setStats(key, { loading: false, report, messages });
        },
        (error: unknown) => {
          if (request.isCurrent()) setStats(key, { loading: false, error: toFailure(error) });
        },
      ).finally(request.finish);
    },

    stopStats() {
      const key = ctx.get().activeKey;
      if (!statsOf(key)?.loading) return;
      ctx.slots.cancel(slotOf(key));
      setStats(key, { loading: false, stopped: true });
    },
  };
}
