import { createStore, type StoreApi } from "zustand/vanilla";
import type { ManagementTarget } from "../api/apps.js";
import { AppClient } from "../api/client.js";
import type { Http } from "../api/http.js";
import { type StoreContext, activeApp, activeView, currentRoute, sameRoute } from "./context.js";
import { routeDetail } from "./details.js";
import { routeListKey } from "./item-children.js";
import { type ApiActions, apiActions } from "./api-actions.js";
import { type ResourceActions, resourceActions } from "./resource-actions.js";
import { type IdentifyActions, identifyActions } from "./identify.js";
import { type ViewActions, viewActions } from "./view-actions.js";
import { type DownloadActions, downloadActions } from "./download-actions.js";
import { type ListActions, listActions, listInView } from "./list-actions.js";
import { type ListenActions, listenActions } from "./listen-actions.js";
import { loadRoute, viewForAnotherUser } from "./tables.js";
import { LIVE, type LiveActions, liveActions } from "./live-actions.js";
import { HOME_LISTS } from "../resources/index.js";
import { RequestLog } from "./request-log.js";
import { RequestSlots } from "./request-slots.js";
import { type StatsActions, statsActions } from "./stats-actions.js";
import { type HealthActions, healthActions } from "./health-actions.js";
import { type TraceActions, traceActions } from "./trace-actions.js";
import { type VerbActions, verbActions } from "./verb-actions.js";
import { type VerbFormActions, verbFormActions } from "./verb-form-actions.js";
import { journalPath } from "../writes/journal.js";
import type { AppRef, AppViewState, ExplorerCore, Route } from "./types.js";
import { type UiActions, initialUi, uiActions } from "./ui-actions.js";
import { type WriteActions, writeActions } from "./write-actions.js";

export { activeApp, activeView, currentRoute } from "./context.js";
export { detailOf, resourceKey } from "./details.js";
export { marksHere } from "./ui-actions.js";

/** Whether the view shown is still waiting for an answer: a request in flight, its list, or what it opened (the call asked for). */
export function waitingForAnswer(state: ExplorerState): boolean {
  const view = activeView(state);
  const list = listInView(state);
  const shown = routeDetail(currentRoute(state));
  return state.inflight > 0 || (list !== undefined && view.lists[list]?.loading === true) || (shown !== undefined && view.details[shown]?.loading === true);
}

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
  /** The list every app opens on (a resource's name, the first of HOME_LISTS unless said); "welcome" when no app is known. */
  root?: string;
  /** The CA file requests trust, for the curl commands the request log copies. */
  caFile?: string;
  /** The management API's credentials, for :api on its paths. */
  management?: ManagementTarget;
  /**
   * What the command line said at start that stays true while ccx runs (the demo's `source …/env` line):
   * the first frame's footer says it, and help and :apps keep it, since a notice goes at the first key.
   */
  note?: string;
  /** Where the journal of writes is (src/writes/journal.ts): `ccx`'s own, so that `ccx undo` and :journal agree. */
  journal?: string;
}

/** The whole store: its own state and actions (ExplorerCore), and every slice's. */
export interface ExplorerState extends ExplorerCore, ListActions, LiveActions, WriteActions, DownloadActions, StatsActions, HealthActions, ApiActions, ResourceActions, IdentifyActions, ViewActions, TraceActions, VerbActions, VerbFormActions, UiActions, ListenActions {}

export type ExplorerStore = StoreApi<ExplorerState>;

/**
 * A view whose list was never loaded or was made stale (another user acted for, a write), or whose item
 * was dropped meanwhile: showing it must load it.
 */
function needsLoad(view: AppViewState): boolean {
  const route = view.nav[view.nav.length - 1];
  if (!route) return false;
  if (route.view !== "resource") {
    const detail = routeDetail(route);
    return detail !== undefined && !Object.hasOwn(view.details, detail);
  }
  const list = view.lists[routeListKey(route)];
  return !list || (list.items.length === 0 && !list.loading && !list.error && list.errors.length === 0 && list.request === undefined);
}

const freshView = (root: Route): AppViewState => ({ lists: {}, details: {}, nav: [root] });

export function createExplorerStore(options: ExplorerOptions): ExplorerStore {
  const root: Route = options.root === "welcome" ? { view: "welcome" } : { view: "resource", name: options.root ?? HOME_LISTS[0]!, params: [] };
  const slots = new RequestSlots();
  const timers = new Map<string, NodeJS.Timeout>();
  const log = new RequestLog(200);

  return createStore<ExplorerState>()((set, get, api) => {
    const ctx: StoreContext<ExplorerState> = {
      http: options.http,
      debounceMs: options.debounceMs ?? 150,
      get,
      set,
      slots,
      timers,
      subscribe: (listener) => api.subscribe(listener),
      updateView: (key, update) => {
        const views = get().views;
        set({ views: { ...views, [key]: update(views[key] ?? freshView(root)) } });
      },
      clientFor: (key, as) => {
        const app = get().apps.find((a) => a.key === key);
        if (!app) throw new Error(`no app ${key}`);
        const user = as === undefined ? get().user : as ?? undefined;
        return new AppClient(options.http, { ...app.target(), onBehalfOf: user });
      },
    };
    const abortAll = () => {
      slots.cancelAll();
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    };
    /**
     * The filter line and the form belong to a list: leaving it (help, a call, :app) closes them. The
     * header's last error belongs to the screen it came from (`from`, the route on top before the move):
     * once that screen is left it goes, as k9s's does; a failure on the new screen says its own.
     */
    const afterMove = (from: Route) => {
      const { ui } = get();
      const route = currentRoute(get());
      if (get().lastError && !sameRoute(route, from)) set({ lastError: undefined });
      const list = route.view === "resource" ? routeListKey(route) : undefined;
      // Each belongs to a list, or to none (the command bar).
      const belongs = (on: { list?: string }) => on.list === undefined || on.list === list;
      const promptStays = !ui.prompt || belongs(ui.prompt);
      const formStays = !ui.form || belongs(ui.form);
      // A move made from elsewhere (a command, Enter in the pane) gives the keys back to the view;
      // marks belong to the screen they were made on.
      if (!promptStays || !formStays || ui.focus !== "main" || ui.marks) {
        set({ ui: { ...ui, prompt: promptStays ? ui.prompt : undefined, form: formStays ? ui.form : undefined, focus: "main", marks: undefined } });
      }
    };

    const unsubscribe = options.http.onEvent((event) => {
      const { inflight } = get();
      // The header's last error stands until a request succeeds or its screen is left; the view keeps its own in place.
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
      caFile: options.caFile,
      note: options.note,
      ui: initialUi(),
      liveInterval: LIVE.defaultSeconds,
      clock: Date.now(),
      ...listActions(ctx, options.management),
      ...liveActions(ctx, options.management),
      ...writeActions(ctx),
      ...downloadActions(ctx),
      ...statsActions(ctx),
      ...healthActions(ctx, options.management),
      ...apiActions(ctx, options.management),
      ...resourceActions(ctx, options.management),
      ...identifyActions(ctx, options.management),
      ...viewActions(ctx),
      ...traceActions(ctx, options.management),
      ...verbActions(ctx, { management: options.management, journal: options.journal ?? journalPath(process.env) }),
      ...verbFormActions(ctx),
      ...uiActions(ctx),
      ...listenActions(ctx),

      switchApp(key) {
        if (!get().apps.some((a) => a.key === key)) return;
        const known = get().views[key];
        set({ activeKey: key, views: known ? get().views : { ...get().views, [key]: freshView(root) }, lastError: undefined });
        afterMove(currentRoute(get()));
        if (!known || needsLoad(known)) get().refresh();
      },

      switchRegion(region) {
        const current = activeApp(get());
        const there = get().apps.find((a) => a.region === region);
        if (there) return get().switchApp(there.key);
        if (!current) return;
        // No known app in that region: ask for the same app there (it may answer ERR_APP_NOT_FOUND).
        const probe: AppRef = { ...current, key: `${current.appId}:${region}`, region, target: () => ({ ...current.target(), region }) };
        set({ apps: [...get().apps, probe] });
        get().switchApp(probe.key);
      },

      setUser(uid) {
        const user = uid?.trim() || undefined;
        if (user === get().user) return;
        // Answers depend on the user (hasJoined, scope, calls seen): every app's lists are stale. They
        // keep their filters and lose their rows, and load again when shown. (Before, the requests
        // aborted here left their lists loading for good, and the other lists showed another user's rows.)
        abortAll();
        const views = Object.fromEntries(Object.entries(get().views).map(([k, v]) => [k, viewForAnotherUser(v)]));
        set({ user, views });
        get().refresh();
      },

      navigate(route) {
        const from = currentRoute(get());
        // A screen is on the stack once: opening the one on top again does nothing, and opening one
        // deeper goes back to it (L on the log, ? on help, :log twice piled up "log › log › help › help").
        ctx.updateView(get().activeKey, (v) => {
          const at = v.nav.findIndex((r) => sameRoute(r, route));
          return { ...v, nav: at >= 0 ? v.nav.slice(0, at + 1) : [...v.nav, route] };
        });
        afterMove(from);
      },

      back() {
        const from = currentRoute(get());
        ctx.updateView(get().activeKey, (v) => (v.nav.length > 1 ? { ...v, nav: v.nav.slice(0, -1) } : v));
        afterMove(from);
        // Back on a list made stale meanwhile (another user acted for, a write), or an item dropped: it loads again.
        if (needsLoad(activeView(get()))) get().refresh();
      },

      refresh() {
        loadRoute(get(), currentRoute(get()));
      },

      openRoot(name) {
        const from = currentRoute(get());
        ctx.updateView(get().activeKey, (v) => ({ ...v, nav: [{ view: "resource", name, params: [] }] }));
        afterMove(from);
        get().ensureList(name);
      },

      notify(text) {
        set({ notice: text });
      },

      setLastError(failure) {
        set({ lastError: failure });
      },

      dispose() {
        abortAll();
        get().cancelDownloads();
        void get().stopWrites();
        void get().stopListening();
        unsubscribe();
      },
    };
  });
}
