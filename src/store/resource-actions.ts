import { prepareCall, urlWithQuery } from "../api/api-call.js";
import { maskAnswerSecrets, shownUrl } from "../api/answer-secrets.js";
import type { ManagementTarget } from "../api/apps.js";
import { type Pager, endpointPager } from "../api/paging-styles.js";
import { trustedTotal } from "../api/paging.js";
import { resourceNamed } from "../resources/index.js";
import { type AnyResource, actedForRefusal, endpointOf, listBody, listRequests, itemRequests, mergedItem, readItems, sourcedItems } from "../resources/resource.js";
import { type StoreContext, currentRoute } from "./context.js";
import { toFailure } from "./failure.js";
import { detailOf, resourceKey, withDetail } from "./details.js";
import type { ResourceItemState, ResourceListState } from "./types.js";

/**
 * The screens of the resources made from a definition (src/resources/): a
 * list and one item, for any of them, read as their commands read them (the
 * endpoint catalogue's host, credentials and paging), secrets masked. Nothing
 * here names a resource: the definitions say everything.
 */
export interface ResourceActions {
  /** Opens a resource's list, its path's parameters given (the children of item `w1`: ["w1"]). */
  openResource(name: string, params: readonly string[]): void;
  /** Opens one item: its list's parameters, then its id. */
  openResourceItem(name: string, params: readonly string[]): void;
  /** The next page of the list in view, added below its rows (n). */
  moreResource(): void;
  /** Asks for the list or item in view again (r). */
  reloadResource(): void;
  /**
   * The `/` line of the list in view, as typed: parsed by the grammar derived from the list's documented
   * query parameters (loaded on first use) and sent after a short pause, never while a token is wrong;
   * a list that documents none narrows its rows loaded instead.
   */
  setResourceFilter(line: string): void;
  /** Sends a filter still waiting out its pause now (Enter on the filter line). */
  submitResourceFilter(): void;
  /** f: the filter form of the list in view, one field a key of its grammar (loaded first); said when it documents none. */
  openResourceForm(): void;
  /** Moves the list's (or the item's children's) selection. */
  selectResourceRow(index: number): void;
  /** Shows the item's next sub-resource below its fields (tab: a message's thread, then its reactions). */
  nextResourceChild(): void;
  /** v: asks whether to show the secrets masked in the item in view, naming them. */
  askReveal(): void;
  /** Reads the item in view again and shows it with its secrets whole (the reveal box confirmed). */
  revealResourceItem(): void;
}

/** The sub-resources of an item that have a list, in the order its definition names them. */
export const childrenOf = (resource: AnyResource | undefined): AnyResource[] =>
  (resource?.children ?? []).map(resourceNamed).filter((c): c is AnyResource => Boolean(c?.list));

/** The sub-resource shown below an item: the one tab chose, the first at the start. */
export const shownChildOf = (resource: AnyResource | undefined, item: ResourceItemState | undefined): AnyResource | undefined => {
  const children = childrenOf(resource);
  return children[(item?.child ?? 0) % Math.max(1, children.length)];
};


/** How many rows a list keeps as n adds pages: beyond, --all on the command line is the tool. */
export const MAX_RESOURCE_ROWS = 5000;

/** The derived grammars, loaded the first time a filter is typed: start-up does not pay for them. */
let grammars: Promise<typeof import("../resources/filter-grammar.js")> | undefined;

export function resourceActions(ctx: StoreContext, management: ManagementTarget | undefined): ResourceActions {
  const pagers = new Map<string, Pager>();
  const view = () => ctx.get().views[ctx.get().activeKey]!;
  const setList = (appKey: string, key: string, patch: Partial<ResourceListState>) =>
    ctx.updateView(appKey, (v) => ({ ...v, resourceLists: { ...v.resourceLists, [key]: { loading: false, rows: [], page: 0, selected: 0, ...v.resourceLists?.[key], ...patch } } }));
  const setItem = (appKey: string, key: string, patch: Partial<ResourceItemState>) =>
    ctx.updateView(appKey, (v) => withDetail(v, "resource", key, { loading: false }, patch));
  const itemOf = (key: string) => detailOf(view(), "resource", key);

  /** The request of a path for the active app (or the management API). */
  const callOf = (path: string, query: Record<string, string>) =>
    prepareCall({ method: "GET", path, query }, { app: ctx.clientFor(ctx.get().activeKey).target, management, readOnly: true });

  /** The answers of requests made together (a list's sources, an item and its other reads), in order. */
  const sendAll = (requests: ReadonlyArray<{ path: string; query: Record<string, string> }>, signal: AbortSignal) =>
    Promise.all(requests.map((r) => {
      const call = callOf(r.path, r.query);
      return ctx.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers, signal }).then((response) => response.json);
    }));

  const loadList = (resource: AnyResource, params: readonly string[], more: boolean) => {
    const appKey = ctx.get().activeKey;
    const key = resourceKey(resource.name, params);
    const list = resource.list!;
    const endpoint = endpointOf(list.path);
    const slot = `${appKey}/resource/${key}`;
    const requests = listRequests(list, params);
    if (list.sources) {
      if (more) return;
      const request = ctx.slots.begin(slot);
      setList(appKey, key, { loading: true, error: undefined, request: `GET ${list.sources.map((s) => s.path).join(", ")}` });
      return void Promise.resolve().then(() => sendAll(requests, request.signal)).then(
        (bodies) => {
          if (request.isCurrent()) setList(appKey, key, { loading: false, rows: sourcedItems(list, bodies).map((item) => maskAnswerSecrets(item).value), next: undefined, page: 1, selected: 0 });
        },
        (error: unknown) => {
          if (request.isCurrent()) setList(appKey, key, { loading: false, error: toFailure(error) });
        },
      ).finally(request.finish);
    }
    let call;
    try {
      const refused = actedForRefusal(resource, ctx.clientFor(appKey).target.onBehalfOf);
      if (refused) throw refused;
      const [first] = requests;
      const filtered = view().resourceLists?.[key]?.params;
      call = callOf(first!.path, { ...first!.query, ...(list.perPage ? { perPage: String(list.perPage.default) } : {}), ...filtered });
    } catch (error) {
      return setList(appKey, key, { loading: false, error: toFailure(error) });
    }
    if (!more) pagers.set(slot, endpointPager(endpoint, call.query));
    const pager = pagers.get(slot)!;
    const known = view().resourceLists?.[key];
    const asked = more ? known?.next : pager.first;
    if (!asked) return;
    const request = ctx.slots.begin(slot);
    const url = urlWithQuery(call.url, asked);
    setList(appKey, key, { loading: true, error: undefined, request: `GET ${shownUrl(url)}` });
    ctx.http.send({ method: "GET", url, headers: call.headers, signal: request.signal }).then(
      (response) => {
        if (!request.isCurrent()) return;
        const step = pager.step(asked, listBody(list, response.json));
        // What is no object (a null in the list) has nothing to draw or open.
        const rows = step.items.filter((item) => item !== null && typeof item === "object").map((item) => maskAnswerSecrets(item).value);
        const before = more ? ctx.get().views[appKey]?.resourceLists?.[key] : undefined;
        const all = [...(before?.rows ?? []), ...rows].slice(0, MAX_RESOURCE_ROWS);
        const counted = (response.json as { meta?: { pagination?: { total?: number } } } | null)?.meta?.pagination?.total;
        setList(appKey, key, {
          loading: false, rows: all, next: all.length < MAX_RESOURCE_ROWS ? step.next : undefined, page: (before?.page ?? 0) + 1, selected: more ? before?.selected ?? 0 : 0,
          total: trustedTotal(counted, all.length),
        });
      },
      (error: unknown) => {
        if (request.isCurrent()) setList(appKey, key, { loading: false, error: toFailure(error) });
      },
    ).finally(request.finish);
  };

  /** Reads one item; `reveal`: its secrets kept whole (v, confirmed), else masked and where said. */
  const loadItem = (resource: AnyResource, params: readonly string[], reveal = false) => {
    const appKey = ctx.get().activeKey;
    const key = resourceKey(resource.name, params);
    const slot = `${appKey}/resource-item/${key}`;
    const request = ctx.slots.begin(slot);
    // Secrets shown whole are not left on the screen while the item is read again.
    setItem(appKey, key, { loading: true, error: undefined, ...(itemOf(key)?.revealed ? { item: undefined, revealed: false } : {}) });
    // A request that cannot be made (no management key) fails like one the service refused.
    Promise.resolve().then(() => sendAll(itemRequests(resource, params), request.signal)).then(
      (bodies) => {
        if (!request.isCurrent()) return;
        try {
          const item = mergedItem(resource, bodies, params.at(-1) ?? "");
          const shown = maskAnswerSecrets(item);
          setItem(appKey, key, reveal ? { loading: false, item, masked: shown.paths, revealed: true } : { loading: false, item: shown.value, masked: shown.paths });
        } catch (error) {
          setItem(appKey, key, { loading: false, error: toFailure(error) });
        }
      },
      (error: unknown) => {
        if (request.isCurrent()) setItem(appKey, key, { loading: false, error: toFailure(error) });
      },
    ).finally(request.finish);
    // The list of the sub-resource shown below its fields, keyed by the child's own path parameters.
    const child = shownChildOf(resource, itemOf(key));
    if (child && !reveal) loadList(child, params, false);
  };

  /** The item in view: its resource, parameters and state. */
  const itemInView = () => {
    const route = currentRoute(ctx.get());
    if (route.view !== "resource-item") return undefined;
    const params = (route as { params: string[] }).params;
    const resource = resourceNamed(route.name);
    return resource && { resource, params, state: itemOf(resourceKey(resource.name, params)) };
  };

  /** The list in view: its resource, parameters, key and slot. */
  const listInView = () => {
    const route = currentRoute(ctx.get());
    const resource = route.view === "resource" ? resourceNamed(route.name) : undefined;
    if (!resource?.list) return undefined;
    const params = (route as { params: string[] }).params;
    const key = resourceKey(resource.name, params);
    return { resource, params, key, appKey: ctx.get().activeKey, slot: `${ctx.get().activeKey}/resource/${key}` };
  };

  /** The parameters each list's filter line has asked for (waiting for the pause, or sent), as JSON. */
  const asked = new Map<string, string>();

  return {
    setResourceFilter(line) {
      const shown = listInView();
      if (!shown) return;
      const { resource, params, key, appKey, slot } = shown;
      setList(appKey, key, { filter: line, selected: 0 });
      grammars ??= import("../resources/filter-grammar.js");
      void grammars.then(({ grammarOf }) => grammarOf(resource)).then((grammar) => {
        // A later key press has changed the line: its own parse is the one that counts.
        if (ctx.get().views[appKey]?.resourceLists?.[key]?.filter !== line) return;
        if (!grammar) return setList(appKey, key, { narrowing: true, tokens: [], errors: [] });
        const parsed = grammar.parse(line);
        const wanted = JSON.stringify(parsed.params);
        // A key press that leaves the parameters as they are asked (a space, a word's order) neither aborts
        // the request on its way (or waiting for the pause) nor sends another: only the marks change.
        if (parsed.errors.length === 0 && asked.get(slot) === wanted) return setList(appKey, key, { tokens: parsed.tokens, errors: [] });
        asked.delete(slot);
        clearTimeout(ctx.timers.get(slot));
        ctx.timers.delete(slot);
        // The request this key press makes stale is aborted at once, not when the pause ends.
        ctx.slots.cancel(slot);
        const before = ctx.get().views[appKey]?.resourceLists?.[key];
        const valid = parsed.errors.length === 0;
        setList(appKey, key, { tokens: parsed.tokens, errors: parsed.errors, params: valid ? parsed.params : before?.params, loading: valid });
        if (!valid) return;
        asked.set(slot, wanted);
        ctx.timers.set(slot, setTimeout(() => {
          ctx.timers.delete(slot);
          // Its own app's: the pause may end after a switch to another app.
          if (ctx.get().activeKey === appKey) loadList(resource, params, false);
        }, ctx.debounceMs));
      });
    },

    openResourceForm() {
      const shown = listInView();
      if (!shown) return;
      grammars ??= import("../resources/filter-grammar.js");
      void grammars.then(({ grammarOf }) => grammarOf(shown.resource)).then((grammar) => {
        // Moved on while it loaded: the form belongs to the list it was asked on.
        if (listInView()?.key !== shown.key || ctx.get().activeKey !== shown.appKey) return;
        const keys = grammar?.keys;
        if (!keys) return ctx.get().notify(`the service documents no filter for ${shown.resource.name}: / narrows the rows loaded`);
        const ui = ctx.get().ui;
        ctx.set({ ui: { ...ui, form: { resourceList: shown.key, keys, field: ui.form?.resourceList === shown.key ? ui.form.field : 0 } } });
      });
    },

    submitResourceFilter() {
      const shown = listInView();
      if (!shown || !ctx.timers.has(shown.slot)) return;
      clearTimeout(ctx.timers.get(shown.slot));
      ctx.timers.delete(shown.slot);
      loadList(shown.resource, shown.params, false);
    },

    openResource(name, params) {
      const resource = resourceNamed(name);
      if (!resource?.list) return ctx.get().notify(`no list of ${name}`);
      ctx.get().navigate({ view: "resource", name: resource.name, params: [...params] });
      const known = view().resourceLists?.[resourceKey(resource.name, params)];
      if (!known || known.error) loadList(resource, params, false);
    },

    openResourceItem(name, params) {
      const resource = resourceNamed(name);
      if (!resource?.detail) return ctx.get().notify(`no item view of ${name}`);
      ctx.get().navigate({ view: "resource-item", name: resource.name, params: [...params] });
      const known = itemOf(resourceKey(resource.name, params));
      // Secrets shown whole stay on the screen they were asked on: opened again, the item is read masked.
      if (!known || known.error || known.revealed) loadItem(resource, params);
    },

    moreResource() {
      const route = currentRoute(ctx.get());
      if (route.view !== "resource") return;
      const resource = resourceNamed(route.name);
      if (resource?.list && view().resourceLists?.[resourceKey(resource.name, route.params)]?.next) loadList(resource, route.params, true);
    },

    reloadResource() {
      const route = currentRoute(ctx.get());
      const resource = route.view === "resource" || route.view === "resource-item" ? resourceNamed(route.name) : undefined;
      if (!resource) return;
      if (route.view === "resource") loadList(resource, (route as { params: string[] }).params, false);
      else loadItem(resource, (route as { params: string[] }).params);
    },

    selectResourceRow(index) {
      const route = currentRoute(ctx.get());
      if (route.view !== "resource" && route.view !== "resource-item") return;
      const resource = resourceNamed(route.name);
      // An item's rows are the list of the sub-resource shown below it.
      const listed = route.view === "resource" ? resource : shownChildOf(resource, itemOf(resourceKey(route.name, route.params)));
      if (!listed) return;
      const key = resourceKey(listed.name, route.params);
      const list = view().resourceLists?.[key];
      if (list) setList(ctx.get().activeKey, key, { selected: Math.max(0, Math.min(index, list.rows.length - 1)) });
    },

    askReveal() {
      const shown = itemInView();
      const masked = shown?.state?.masked ?? [];
      if (!shown || masked.length === 0 || shown.state?.revealed) return ctx.get().notify(shown?.state?.revealed ? "its secrets are shown (r masks them again)" : "no secret masked here");
      const names = masked.slice(0, 6).join(", ") + (masked.length > 6 ? `, and ${masked.length - 6} more` : "");
      ctx.set({ ui: { ...ctx.get().ui, dialog: {
        kind: "reveal",
        title: `Show the ${masked.length === 1 ? "secret" : `${masked.length} secrets`} of ${shown.resource.singular} ${shown.params.at(-1) ?? ""} whole?`,
        lines: [names, "anyone who sees this screen sees them; r or leaving masks them again, and Y copies them masked"],
      } } });
    },

    revealResourceItem() {
      const shown = itemInView();
      if (ctx.get().ui.dialog?.kind === "reveal") ctx.set({ ui: { ...ctx.get().ui, dialog: undefined } });
      if (shown) loadItem(shown.resource, shown.params, true);
    },

    nextResourceChild() {
      const route = currentRoute(ctx.get());
      if (route.view !== "resource-item") return;
      const resource = resourceNamed(route.name);
      const children = childrenOf(resource);
      if (children.length < 2) return;
      const key = resourceKey(route.name, route.params);
      const child = ((itemOf(key)?.child ?? 0) + 1) % children.length;
      setItem(ctx.get().activeKey, key, { child });
      const shown = children[child]!;
      if (!view().resourceLists?.[resourceKey(shown.name, route.params)]) loadList(shown, route.params, false);
    },
  };
}

/** The rows of a list, each read by its resource's schema (tolerant: an odd field kept and marked). */
export const resourceRows = (resource: AnyResource, list: ResourceListState | undefined) => (list ? readItems(resource, { data: list.rows }) : []);
