import { prepareCall, urlWithQuery } from "../api/api-call.js";
import { maskAnswerSecrets } from "../api/answer-secrets.js";
import type { ManagementTarget } from "../api/apps.js";
import { type Pager, pagerFor } from "../api/paging-styles.js";
import { findInTree, treeLines } from "../text/json-tree.js";
import { type StoreContext, currentRoute } from "./context.js";
import { toFailure } from "./failure.js";
import type { ApiViewState } from "./types.js";

/**
 * The :api screen: any documented GET of the active app (or of the
 * management API) as a tree, read by the request module as `ccx api` reads
 * it (src/api/api-call.ts): the host and headers from the endpoint catalogue,
 * secrets masked, a documented list paged with n by its paging style.
 */
export interface ApiActions {
  /** Opens the answer of a path (`/users/alice`, `/groups?perPage=5`), asking for it unless it is known. */
  openApi(path: string): void;
  /** Asks for its first page again (r). */
  reloadApi(): void;
  /** The next page of a documented list (n). */
  nextApiPage(): void;
  /** Folds or unfolds the node at `nodePath` (Enter). */
  toggleApiFold(nodePath: string): void;
  /** Moves to the next node whose key or value holds `text`, unfolding what hides it (/). */
  searchApi(text: string): void;
}

/** The name of the :api cursor of a path, in the ui's cursors. */
export const apiCursorName = (path: string) => `api:${path}`;

/** How many answers an app keeps (the oldest asked is dropped). */
const MAX_KEPT = 10;

/** What the :api screen uses of the others: the cursor of its tree. */
interface ApiNeeds {
  setCursor(name: string, index: number): void;
}

export function apiActions(ctx: StoreContext<ApiNeeds>, management: ManagementTarget | undefined): ApiActions {
  /** The pager of each path's walk, by app and path: cursor styles keep their state in it. */
  const pagers = new Map<string, Pager>();
  const slotOf = (key: string, path: string) => `${key}/api/${path}`;
  const routePath = () => {
    const route = currentRoute(ctx.get());
    return route.view === "api" ? route.path : undefined;
  };
  const setApi = (key: string, path: string, patch: Partial<ApiViewState>) =>
    ctx.updateView(key, (v) => {
      const known = v.apis?.[path] ?? { path, loading: false, toggled: [], page: 1 };
      const apis = { ...v.apis, [path]: { ...known, ...patch } };
      const paths = Object.keys(apis);
      if (paths.length > MAX_KEPT) delete apis[paths[0]!];
      return { ...v, apis };
    });

  /** Asks for a page of the path: the first (`query` undefined), or the one a pager gave. */
  const load = (path: string, query: Record<string, string> | undefined) => {
    const state = ctx.get();
    const key = state.activeKey;
    let call;
    try {
      call = prepareCall({ method: "GET", path, query: {} }, { app: ctx.clientFor(key).target, management, readOnly: true });
    } catch (error) {
      return setApi(key, path, { loading: false, error: toFailure(error) });
    }
    const first = query === undefined;
    const style = call.endpoint?.paging;
    if (first) {
      pagers.delete(slotOf(key, path));
      if (style) pagers.set(slotOf(key, path), pagerFor(style, call.query, call.endpoint?.query));
    }
    const pager = pagers.get(slotOf(key, path));
    const asked = query ?? pager?.first ?? call.query;
    const url = urlWithQuery(call.url, asked);
    const request = ctx.slots.begin(slotOf(key, path));
    setApi(key, path, { loading: true, error: undefined, request: `GET ${url}` });
    ctx.http.send({ method: "GET", url, headers: call.headers, signal: request.signal }).then(
      (response) => {
        if (!request.isCurrent()) return;
        const next = pager?.step(asked, response.json).next;
        const shown = maskAnswerSecrets(response.json);
        const page = first ? 1 : (ctx.get().views[key]?.apis?.[path]?.page ?? 1) + 1;
        setApi(key, path, { loading: false, body: shown.value, masked: shown.paths, next, paged: style !== undefined && style !== "none", page });
        if (first) ctx.get().setCursor(apiCursorName(path), 0);
      },
      (error: unknown) => {
        if (request.isCurrent()) setApi(key, path, { loading: false, error: toFailure(error) });
      },
    ).finally(request.finish);
  };

  return {
    openApi(path) {
      const trimmed = path.trim();
      const state = ctx.get();
      state.navigate({ view: "api", path: trimmed });
      const known = state.views[state.activeKey]?.apis?.[trimmed];
      if (!known || known.error) load(trimmed, undefined);
    },

    reloadApi() {
      const path = routePath();
      if (path !== undefined) load(path, undefined);
    },

    nextApiPage() {
      const path = routePath();
      const next = path === undefined ? undefined : ctx.get().views[ctx.get().activeKey]?.apis?.[path]?.next;
      if (path !== undefined && next) load(path, next);
    },

    toggleApiFold(nodePath) {
      const path = routePath();
      const key = ctx.get().activeKey;
      const api = path === undefined ? undefined : ctx.get().views[key]?.apis?.[path];
      if (!api || path === undefined) return;
      const toggled = api.toggled.includes(nodePath) ? api.toggled.filter((p) => p !== nodePath) : [...api.toggled, nodePath];
      setApi(key, path, { toggled });
    },

    searchApi(text) {
      const state = ctx.get();
      const path = routePath();
      const api = path === undefined ? undefined : state.views[state.activeKey]?.apis?.[path];
      if (!api || path === undefined || api.body === undefined) return;
      const lines = treeLines(api.body, new Set(api.toggled));
      const from = lines[state.ui.cursors[apiCursorName(path)] ?? 0]?.path;
      const found = findInTree(api.body, new Set(api.toggled), text, from);
      if (!found) return state.notify(`nothing holds "${text.trim()}"`);
      const toggled = [...api.toggled.filter((p) => !found.unfold.includes(p)), ...found.unfold.filter((p) => !api.toggled.includes(p))];
      setApi(state.activeKey, path, { toggled });
      const index = treeLines(api.body, new Set(toggled)).findIndex((l) => l.path === found.path);
      ctx.get().setCursor(apiCursorName(path), Math.max(0, index));
      ctx.get().notify(undefined);
    },
  };
}
