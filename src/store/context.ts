import type { AppClient } from "../api/client.js";
import type { Http } from "../api/http.js";
import { HOME_LISTS } from "../resources/index.js";
import type { ExplorerState } from "./explorer-store.js";
import type { RequestSlots } from "./request-slots.js";
import type { AppRef, AppViewState, Route } from "./types.js";

/**
 * What the store's action modules share, and the selectors every layer
 * reads the state with. Apart from explorer-store.ts, so that the action
 * modules need nothing from it at run time (no import cycle).
 */
export interface StoreContext {
  http: Http;
  debounceMs: number;
  get: () => ExplorerState;
  set: (partial: Partial<ExplorerState>) => void;
  /** Immutable update of one app's views. */
  updateView: (key: string, update: (view: AppViewState) => AppViewState) => void;
  /** A client for the app, acting for the current user, or for `as` when given (null: for nobody). */
  clientFor: (key: string, as?: string | null) => AppClient;
  /** One request at a time per slot; stale answers are known and dropped. */
  slots: RequestSlots;
  /** Filters waiting out their pause, by slot. */
  timers: Map<string, NodeJS.Timeout>;
}

export function currentRoute(state: ExplorerState): Route {
  const nav = state.views[state.activeKey]?.nav ?? [];
  return nav[nav.length - 1] ?? { view: "resource", name: HOME_LISTS[0]!, params: [] };
}

export function activeView(state: ExplorerState): AppViewState {
  return state.views[state.activeKey]!;
}

export function activeApp(state: ExplorerState): AppRef | undefined {
  return state.apps.find((a) => a.key === state.activeKey);
}
