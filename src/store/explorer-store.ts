import { createStore, type StoreApi } from "zustand/vanilla";
import { AppClient } from "../api/client.js";
import type { Http } from "../api/http.js";
import { type DetailActions, detailActions } from "./detail-actions.js";
import { type ListActions, emptyList, listActions } from "./list-actions.js";
import { RequestLog } from "./request-log.js";
import type { AppRef, AppViewState, Failure, ListState, LogEntry, Route } from "./types.js";

/**
 * The explorer's state and actions, apart from any rendering: the store never
 * imports ink, and everything it fetches goes through src/api. Each app keeps
 * its own views (filters, results, position, navigation stack), so switching
 * apps and back finds everything as it was, and answers never mix.
 */

export interface ExplorerOptions {
  http: Http;
  apps: AppRef[];
  activeKey?: string;
  user?: string;
  /** Wait after the last key press before a filter is sent. */
  debounceMs?: number;
  /** The first view of every app. */
  root?: "groups" | "calls";
}

export interface ExplorerState extends ListActions, DetailActions {
  apps: AppRef[];
  activeKey: string;
  /** The user requests act for (onBehalfOf), if any. */
  user?: string;
  views: Record<string, AppViewState>;
  inflight: number;
  lastError?: Failure;
  log: LogEntry[];
  /** A passing message: "copied", "no recording here", … */
  notice?: string;

  switchApp(key: string): void;
  switchRegion(region: string): void;
  setUser(uid: string | undefined): void;
  navigate(route: Route): void;
  /** Pops the navigation stack; never below the root view. */
  back(): void;
  /** Replaces the stack with a root view. */
  openRoot(view: "groups" | "calls"): void;
  notify(text: string | undefined): void;
  setLastError(failure: Failure | undefined): void;
  dispose(): void;
}

export type ExplorerStore = StoreApi<ExplorerState>;

/** Internals the action modules share. */
export interface StoreContext {
  http: Http;
  debounceMs: number;
  get: () => ExplorerState;
  set: (partial: Partial<ExplorerState>) => void;
  /** Immutable update of one app's views. */
  updateView: (key: string, update: (view: AppViewState) => AppViewState) => void;
  /** A client for the app, acting for the current user. */
  clientFor: (key: string) => AppClient;
  abortAll: () => void;
  controllers: Map<string, AbortController>;
  timers: Map<string, NodeJS.Timeout>;
}

/** A list view whose list was never loaded (or was made stale): showing it must load it. */
function needsLoad(view: AppViewState): boolean {
  const route = view.nav[view.nav.length - 1];
  if (route?.view !== "groups" && route?.view !== "calls") return false;
  const list = view[route.view];
  return list.items.length === 0 && !list.loading && !list.error && list.errors.length === 0 && list.request === undefined;
}

function freshView(root: Route): AppViewState {
  return { groups: emptyList(), calls: emptyList(), callDetails: {}, groupDetails: {}, nav: [root] };
}

export function currentRoute(state: ExplorerState): Route {
  const nav = state.views[state.activeKey]?.nav ?? [];
  return nav[nav.length - 1] ?? { view: "groups" };
}

export function activeView(state: ExplorerState): AppViewState {
  return state.views[state.activeKey]!;
}

export function activeApp(state: ExplorerState): AppRef | undefined {
  return state.apps.find((a) => a.key === state.activeKey);
}

export function createExplorerStore(options: ExplorerOptions): ExplorerStore {
  const root: Route = { view: options.root ?? "groups" };
  const controllers = new Map<string, AbortController>();
  const timers = new Map<string, NodeJS.Timeout>();
  const log = new RequestLog(200);

  return createStore<ExplorerState>()((set, get) => {
    const ctx: StoreContext = {
      http: options.http,
      debounceMs: options.debounceMs ?? 150,
      get,
      set,
      controllers,
      timers,
      updateView: (key, update) => {
        const views = get().views;
        set({ views: { ...views, [key]: update(views[key] ?? freshView(root)) } });
      },
      clientFor: (key) => {
        const app = get().apps.find((a) => a.key === key);
        if (!app) throw new Error(`no app ${key}`);
        const user = get().user;
        return new AppClient(options.http, { ...app.target(), onBehalfOf: user });
      },
      abortAll: () => {
        for (const c of controllers.values()) c.abort();
        for (const t of timers.values()) clearTimeout(t);
        controllers.clear();
        timers.clear();
      },
    };

    const unsubscribe = options.http.onEvent((event) => {
      const { inflight } = get();
      // The header's last error stands until a request succeeds; the view keeps its own in place.
      const succeeded = event.phase === "end" && !event.code && (event.status ?? 0) >= 200 && (event.status ?? 0) < 400;
      set({
        log: log.record(event),
        inflight: Math.max(0, inflight + (event.phase === "start" ? 1 : -1)),
        ...(succeeded ? { lastError: undefined } : {}),
      });
    });

    const activeKey = options.activeKey ?? options.apps[0]?.key ?? "";
    return {
      apps: options.apps,
      activeKey,
      user: options.user,
      views: { [activeKey]: freshView(root) },
      inflight: 0,
      log: [],
      ...listActions(ctx),
      ...detailActions(ctx),

      switchApp(key) {
        if (!get().apps.some((a) => a.key === key)) return;
        const known = get().views[key];
        set({ activeKey: key, views: known ? get().views : { ...get().views, [key]: freshView(root) }, lastError: undefined });
        if (!known || needsLoad(known)) get().refresh();
      },

      switchRegion(region) {
        const current = activeApp(get());
        const there = get().apps.find((a) => a.region === region);
        if (there) return get().switchApp(there.key);
        if (!current) return;
        // No known app in that region: ask for the same app there (it may answer ERR_APP_NOT_FOUND).
        const probe: AppRef = { ...current, key: `${current.appId}:${region}`, region, target: () => ({ ...current.target(), region: region as "us" }) };
        set({ apps: [...get().apps, probe] });
        get().switchApp(probe.key);
      },

      setUser(uid) {
        const user = uid?.trim() || undefined;
        if (user === get().user) return;
        // Answers depend on the user (hasJoined, scope, calls seen): every app's lists are stale. They
        // keep their filters and lose their rows, and load again when shown. (Before, the requests
        // aborted here left their lists loading for good, and the other lists showed another user's rows.)
        ctx.abortAll();
        const stale = <L extends ListState<unknown>>(l: L): L => ({ ...emptyList(), filter: l.filter, tokens: l.tokens, errors: l.errors, params: l.params, generation: l.generation + 1 }) as L;
        const views = Object.fromEntries(Object.entries(get().views).map(([k, v]) => [k, { ...v, groups: stale(v.groups), calls: stale(v.calls), callDetails: {}, groupDetails: {} }]));
        set({ user, views });
        get().refresh();
      },

      navigate(route) {
        ctx.updateView(get().activeKey, (v) => ({ ...v, nav: [...v.nav, route] }));
      },

      back() {
        ctx.updateView(get().activeKey, (v) => (v.nav.length > 1 ? { ...v, nav: v.nav.slice(0, -1) } : v));
        // Back on a list made stale meanwhile (another user acted for): it loads again.
        if (needsLoad(activeView(get()))) get().refresh();
      },

      openRoot(view) {
        ctx.updateView(get().activeKey, (v) => ({ ...v, nav: [{ view }] }));
        const list = activeView(get())[view];
        if (list.items.length === 0 && !list.loading && list.errors.length === 0) get().reload(view);
      },

      notify(text) {
        set({ notice: text });
      },

      setLastError(failure) {
        set({ lastError: failure });
      },

      dispose() {
        ctx.abortAll();
        unsubscribe();
      },
    };
  });
}
