import { isSecretField } from "../api/secret-names.js";
import { resourceNamed } from "../resources/index.js";
import { type StoreContext, activeApp, currentRoute } from "./context.js";
import { listKey } from "./item-children.js";
import { type SharedView, ViewStringError, decodeView, encodeView } from "./view-string.js";

export interface ViewActions {
  /**
   * The view in front as a string to share (view-string.ts): the app, the list, its filter line and
   * `at`, the row under the cursor's id (left out when its id is a secret: an API key, an auth token). A ViewStringError
   * when the screen is no list of an app.
   */
  shareView(at?: string): string;
  /**
   * Opens the view a string names: its app switched to, its list, its filter typed (and sent), and the
   * cursor put on its row once the rows are in (said when that row is not among them). What is wrong
   * with the string, or an app this profile does not know, is said in the status line; false then.
   */
  openView(text: string): boolean;
}

/** The few actions of the other slices a view's opening calls. */
interface Needs {
  setFilter(list: string, line: string): void;
  submitFilter(list: string): void;
  select(list: string, index: number): void;
  openResource(name: string, params: readonly string[], as?: string): void;
  switchApp(key: string): void;
}

export function viewActions(ctx: StoreContext<Needs>): ViewActions {
  return {
    shareView(at) {
      const state = ctx.get();
      const app = activeApp(state);
      const route = currentRoute(state);
      if (!app || route.view !== "resource") throw new ViewStringError("only a list's view can be shared: open a list (tab, :groups, :calls…) first");
      const list = state.views[state.activeKey]?.lists[listKey(route.name, route.params, route.as)];
      const view: SharedView = { region: app.region, appId: app.appId, resource: route.name, params: [...route.params], filter: list?.filter.trim() ?? "" };
      // A row known by a secret (an API key, an auth token) is shared without its cursor: never a key in a view.
      const idField = resourceNamed(route.name)?.idField;
      if (at && idField && !isSecretField(idField)) view.at = at;
      // Whom the rows are asked as (the list's own user, else the one acted for): the same rows for whoever opens it.
      const as = route.as ?? state.user;
      if (as !== undefined) view.as = as;
      return encodeView(view);
    },

    openView(text) {
      let view: SharedView;
      try {
        view = decodeView(text);
      } catch (error) {
        ctx.get().notify((error as Error).message);
        return false;
      }
      const app = ctx.get().apps.find((a) => a.appId === view.appId && a.region === view.region);
      if (!app) {
        ctx.get().notify(`the view is of app ${view.appId} in region ${view.region}, which this profile does not know (:apps lists those it does)`);
        return false;
      }
      const resource = resourceNamed(view.resource);
      if (!resource?.list) {
        ctx.get().notify(`the view names a list ccx does not have: ${view.resource}`);
        return false;
      }
      if (app.key !== ctx.get().activeKey) ctx.get().switchApp(app.key);
      ctx.get().openResource(resource.name, view.params, view.as);
      const key = listKey(resource.name, view.params, view.as);
      ctx.get().setFilter(key, view.filter);
      ctx.get().submitFilter(key);
      if (view.at !== undefined) cursorTo(ctx, app.key, key, resource.idField, view.at, view.filter);
      ctx.get().notify(`opened the view shared: ${resource.name}${view.filter ? ` · ${view.filter}` : ""} in ${app.label} · ${app.region}`);
      return true;
    },
  };
}

/**
 * Once the list's rows for the filter are in, the cursor on the row whose id is `at` (or the line says
 * it is not there). For the filter: its line parsed (its grammar loads on first use) and the answer
 * shown asked with its parameters; an answer to the list unfiltered, on its way before, is not it.
 */
function cursorTo(ctx: StoreContext<Needs>, appKey: string, key: string, idField: string, at: string, filter: string): void {
  const settle = () => {
    const list = ctx.get().views[appKey]?.lists[key];
    if (!list || list.loading || list.awaiting) return false;
    const parsed = !filter.trim() || list.tokens.length > 0 || list.narrowing;
    if (!parsed || !Object.entries(list.params).every(([k, v]) => list.asked?.[k] === v)) return false;
    const index = list.items.findIndex((row) => String(row[idField] ?? "") === at);
    if (ctx.get().activeKey === appKey && index >= 0) ctx.get().select(key, index);
    else if (index < 0 && !list.error) ctx.get().notify(`the row shared (${at}) is not among the rows loaded now`);
    return true;
  };
  if (settle()) return;
  const unsubscribe = ctx.subscribe(() => {
    if (settle()) unsubscribe();
  });
}
