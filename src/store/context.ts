import type { AppClient } from "../api/client.js";
import type { Http } from "../api/http.js";
import { HOME_LISTS } from "../resources/index.js";
import type { RequestSlots } from "./request-slots.js";
import type { AppRef, AppViewState, ExplorerCore, Route } from "./types.js";

/**
 * What the store's action modules share, and the selectors every layer
 * reads the state with. Apart from explorer-store.ts, so that the action
 * modules need nothing from it, not even its types: a slice's context reads
 * the store's own state and actions, and the narrow services it names
 * (`Needs`: its own actions, and those of others it calls).
 */
export interface StoreContext<Needs = unknown> {
  http: Http;
  debounceMs: number;
  get: () => ExplorerCore & Needs;
  set: (partial: Partial<ExplorerCore & Needs>) => void;
  /** Immutable update of one app's views. */
  updateView: (key: string, update: (view: AppViewState) => AppViewState) => void;
  /** A client for the app, acting for the current user, or for `as` when given (null: for nobody). */
  clientFor: (key: string, as?: string | null) => AppClient;
  /** One request at a time per slot; stale answers are known and dropped. */
  slots: RequestSlots;
  /** Filters waiting out their pause, by slot. */
  timers: Map<string, NodeJS.Timeout>;
  /** Calls `listener` after every change of the state, until the function returned is called. */
  subscribe: (listener: () => void) => () => void;
}

/** What the selectors read of the state. */
type Viewed = Pick<ExplorerCore, "views" | "activeKey">;

/** Whether two routes name the same screen (the same view, resource and parameters). */
export const sameRoute = (a: Route, b: Route): boolean => JSON.stringify(a) === JSON.stringify(b);

export function currentRoute(state: Viewed): Route {
  const nav = state.views[state.activeKey]?.nav ?? [];
  return nav[nav.length - 1] ?? { view: "resource", name: HOME_LISTS[0]!, params: [] };
}

export function activeView(state: Viewed): AppViewState {
  return state.views[state.activeKey]!;
}

export function activeApp(state: Pick<ExplorerCore, "apps" | "activeKey">): AppRef | undefined {
  return state.apps.find((a) => a.key === state.activeKey);
}
