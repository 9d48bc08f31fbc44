import type { HealthLine } from "../api/health-lines.js";
import type { ManagementTarget } from "../api/apps.js";
import { parseTime, nowSeconds } from "../query/time.js";
import type { StoreContext } from "./context.js";
import { toFailure } from "./failure.js";
import { listKey } from "./item-children.js";
import type { HealthState } from "./types.js";
import type { ListActions } from "./list-actions.js";
import type { ResourceActions } from "./resource-actions.js";

/**
 * The :health screen: `ccx health`'s report over the last hour (or the time
 * `:health <since>` names), as its lines; Enter on a line opens the list it
 * counts with its filter typed, so that the list shows the rows counted.
 * One computation per app at a time; a newer one, or quitting, aborts it.
 */
export interface HealthActions {
  /** Opens the health screen over the window since `since` (an age, a date; default 1h): computed afresh. */
  openHealth(since?: string): void;
  /** Computes again over the same window's length, to now (r). */
  computeHealth(): void;
  /** Opens the list a line counts, its filter typed (a list that documents none: its rows narrowed by the line's text). */
  openHealthLine(line: HealthLine): void;
}

const slotOf = (key: string) => `${key}/health`;
const DEFAULT_SINCE = "1h";

export function healthActions(ctx: StoreContext<HealthActions & Pick<ListActions, "setFilter" | "submitFilter"> & Pick<ResourceActions, "openResource">>, management: ManagementTarget | undefined): HealthActions {
  const setHealth = (key: string, patch: Partial<HealthState>) =>
    ctx.updateView(key, (v) => ({ ...v, health: { sinceText: DEFAULT_SINCE, loading: false, ...v.health, ...patch } }));

  return {
    openHealth(since) {
      const state = ctx.get();
      const text = since?.trim() || DEFAULT_SINCE;
      if (typeof parseTime(text, nowSeconds(undefined)) === "string") return state.notify(`:health ${text}: not a time (1h, 30m, 2d, 2024-01-01)`);
      setHealth(state.activeKey, { sinceText: text });
      state.navigate({ view: "health" });
      ctx.get().computeHealth();
    },

    computeHealth() {
      const key = ctx.get().activeKey;
      const sinceText = ctx.get().views[key]?.health?.sinceText ?? DEFAULT_SINCE;
      const since = parseTime(sinceText, nowSeconds(undefined));
      if (typeof since === "string") return;
      const request = ctx.slots.begin(slotOf(key));
      setHealth(key, { loading: true, report: undefined, error: undefined });
      const client = ctx.clientFor(key, null);
      // Loaded with the first :health, not at start-up.
      Promise.resolve()
        .then(async () => {
          const [{ appHealth }, { healthLines }] = await Promise.all([import("../api/health.js"), import("../api/health-lines.js")]);
          const report = await appHealth({ http: ctx.http, app: client.target, management }, since.seconds, request.signal);
          return { report, lines: healthLines(report) };
        })
        .then(
          ({ report, lines }) => {
            if (request.isCurrent()) setHealth(key, { loading: false, report, lines });
          },
          (error: unknown) => {
            if (request.isCurrent()) setHealth(key, { loading: false, error: toFailure(error) });
          },
        )
        .finally(request.finish);
    },

    openHealthLine(line) {
      const opens = line.opens;
      if (!opens) return;
      const state = ctx.get();
      const key = listKey(opens.resource, []);
      if (opens.filter !== undefined) {
        // The filter sends the one request: opening the list first would ask for its unfiltered rows too.
        state.navigate({ view: "resource", name: opens.resource, params: [] });
        state.setFilter(key, opens.filter);
      } else {
        // A list that documents no filter: its rows asked as it opens, then narrowed by the line's text (none: any narrowing typed before is cleared).
        state.openResource(opens.resource, []);
        state.setFilter(key, opens.narrow ?? "");
      }
      state.submitFilter(key);
    },
  };
}
