import { prepareCall, urlWithQuery } from "../api/api-call.js";
import { maskAnswerSecrets } from "../api/answer-secrets.js";
import type { ManagementTarget } from "../api/apps.js";
import { resourceNamed } from "../resources/index.js";
import { type AnyResource, itemRequests, mergedItem } from "../resources/resource.js";
import { isApiError, isNotFound } from "../api/errors.js";
import { type StoreContext, activeView, currentRoute, sameRoute } from "./context.js";
import { failedInto } from "./failure.js";
import { detailKey, detailOf, hasDetail, resourceKey, withDetail } from "./details.js";
import { type ItemChild, childKey, childrenOf, listKey, shownChildOf } from "./item-children.js";
import type { AppViewState, ResourceItemState, Route, Row } from "./types.js";

/**
 * One item of any resource (src/resources/), read as its command reads it (the endpoint catalogue's
 * host and credentials), secrets masked unless shown on purpose (v), with the list of a sub-resource
 * below it; and opening a resource's list (list-actions.ts reads it). Nothing here names a resource:
 * the definitions say everything.
 */
export interface ResourceActions {
  /**
   * Opens a resource's list, its path's parameters given (the children of item `w1`: ["w1"]); `as`: asked
   * as that user, whoever is acted for (a 1:1's messages, as one of its two).
   */
  openResource(name: string, params: readonly string[], as?: string): void;
  /**
   * Opens what the first of `choices` whose item has the id opens (`:msgs <id>`: a group's messages, else
   * a 1:1 with a user): at once for an item this app has shown (its screen, a row of its list); else each
   * is asked of the service in turn, by its item's path, and an id none has is said so.
   */
  openFirstFound(id: string, choices: ReadonlyArray<{ name: string; open(): void }>): void;
  /**
   * Opens one item: its list's parameters, then its id. One its definition finds in every known app (a
   * call) opens in the app that has it, the explorer switching to that app (and saying so).
   */
  openResourceItem(name: string, params: readonly string[]): void;
  /** Asks for the item in view again (r). */
  reloadResource(): void;
  /** Moves the selection of the list below the item in view (its sub-resource's). */
  selectChildRow(index: number): void;
  /** Moves the selection among the rows its screen draws of the item in view itself (a call's participants and recordings). */
  selectItemRow(index: number): void;
  /** Shows the item's next (1) or previous (-1) section below its fields (tab: a message's thread, then its reactions). */
  stepResourceChild(step: 1 | -1): void;
  /** v: asks whether to show the secrets masked in the item in view, naming them. */
  askReveal(): void;
  /** Reads the item in view again and shows it with its secrets whole (the reveal box confirmed). */
  revealResourceItem(): void;
}

/** What an item uses of the lists: the list of its sub-resource below it. */
interface ResourceNeeds {
  ensureList(list: string, failed?: "retry"): void;
  reload(list: string): void;
  select(list: string, index: number): void;
}

/** An app's view without an item: neither on its stack nor in its cache. */
function withoutItem(view: AppViewState, key: string, route: Route): AppViewState {
  const { [detailKey("resource", key)]: _gone, ...details } = view.details;
  return { ...view, details, nav: view.nav.filter((r) => !sameRoute(r, route)) };
}

export function resourceActions(ctx: StoreContext<ResourceNeeds & ResourceActions>, management: ManagementTarget | undefined): ResourceActions {
  const view = () => ctx.get().views[ctx.get().activeKey]!;
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

  /**
   * Reads one item; `reveal`: its secrets kept whole (v, confirmed), else masked and where said. One its
   * definition finds in every known app (a call by its session id: the active app first, on behalf of
   * nobody) and found in another is shown there: the explorer switches to that app, so that what the item
   * leads to (a participant's user) is asked of the app that has it, under its name.
   */
  const loadItem = (resource: AnyResource, params: readonly string[], reveal = false) => {
    const { activeKey: appKey, apps } = ctx.get();
    const key = resourceKey(resource.name, params);
    const id = params.at(-1) ?? "";
    const request = ctx.slots.begin(`${appKey}/resource-item/${key}`);
    // Secrets shown whole are not left on the screen while the item is read again.
    setItem(appKey, key, { loading: true, error: undefined, ...(itemOf(key)?.revealed ? { item: undefined, revealed: false } : {}) });
    const find = resource.detail?.find;
    const ordered = [...apps.filter((a) => a.key === appKey), ...apps.filter((a) => a.key !== appKey)];
    // A request that cannot be made (no management key) fails like one the service refused.
    Promise.resolve().then((): Promise<{ item: unknown; app?: unknown }> => (find
      ? find(ctx.http, id, ordered, request.signal)
      : sendAll(itemRequests(resource, params), request.signal).then((bodies) => ({ item: mergedItem(resource, bodies, id), app: undefined })))).then(
      ({ item, app }) => {
        if (!request.isCurrent()) return;
        const shown = maskAnswerSecrets(item as Row);
        const patch = reveal ? { loading: false, item: item as Row, masked: shown.paths, revealed: true } : { loading: false, item: shown.value, masked: shown.paths };
        const there = ordered.find((a) => a === app);
        if (!there || there.key === appKey) return setItem(appKey, key, patch);
        // The app it was asked from keeps it neither on its stack nor in its cache.
        const route: Route = { view: "resource-item", name: resource.name, params: [...params] };
        const shownHere = ctx.get().activeKey === appKey && sameRoute(currentRoute(ctx.get()), route);
        ctx.updateView(appKey, (v) => withoutItem(v, key, route));
        if (!shownHere) return;
        ctx.updateView(there.key, (v) => ({ ...withDetail(v, "resource", key, { loading: false }, patch), nav: [...v.nav.filter((r) => !sameRoute(r, route)), route] }));
        ctx.get().notify(`switched to ${there.label} · ${there.region}: it has this ${resource.singular}`);
        ctx.get().switchApp(there.key);
      },
      failedInto(ctx, request, (failure) => setItem(appKey, key, { loading: false, error: failure })),
    ).finally(request.finish);
    // The section shown below its fields is asked again with it.
    if (!reveal) showChild(resource, params, shownChildOf(resource, itemOf(key)), "again");
  };

  /** Loads a section below an item: its list, or its one item (a user's preferences); `again`: even when loaded. */
  function showChild(parent: AnyResource, params: readonly string[], child: ItemChild | undefined, again?: "again"): void {
    if (!child) return;
    if (!child.single) return again ? ctx.get().reload(childKey(parent, child, params)) : ctx.get().ensureList(childKey(parent, child, params));
    const known = itemOf(resourceKey(child.resource.name, params));
    if (again || !known || known.error) loadItem(child.resource, params);
  }

  /** The item in view (or the item whose recording is in view): its resource, parameters and state. */
  const itemInView = () => {
    const route = currentRoute(ctx.get());
    if (route.view !== "resource-item" && route.view !== "recording") return undefined;
    const params = route.params;
    const resource = resourceNamed(route.name);
    return resource && { resource, params, state: itemOf(resourceKey(resource.name, params)) };
  };

  return {
    openResource(name, params, as) {
      const resource = resourceNamed(name);
      if (!resource?.list) return ctx.get().notify(`no list of ${name}`);
      ctx.get().navigate({ view: "resource", name: resource.name, params: [...params], ...(as === undefined ? {} : { as }) });
      ctx.get().ensureList(listKey(resource.name, params, as), "retry");
    },

    openFirstFound(id, choices) {
      const found = choices.map((choice) => ({ ...choice, resource: resourceNamed(choice.name)! })).filter((c) => c.resource?.detail);
      const shown = activeView(ctx.get());
      const known = found.find(({ resource }) =>
        hasDetail(shown, "resource", resourceKey(resource.name, [id])) || (shown.lists[resource.name]?.items ?? []).some((row) => String(row[resource.idField]) === id));
      if (known) return known.open();
      const appKey = ctx.get().activeKey;
      const request = ctx.slots.begin(`${appKey}/first-found`);
      const nav = shown.nav;
      const kinds = found.map((c) => c.resource.singular);
      ctx.get().notify(`looking up ${id}: ${kinds.map((k) => `a ${k}`).join(" or ")}?`);
      // On behalf of nobody: whether the id exists is the question, not what the user acted for may see.
      const target = ctx.clientFor(appKey, null).target;
      const exists = async (resource: AnyResource) => {
        const [first] = itemRequests(resource, [id]);
        const call = prepareCall({ method: "GET", path: first!.path, query: first!.query }, { app: target, management, readOnly: true });
        return ctx.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers, signal: request.signal }).then(() => true, (error: unknown) => {
          if (isApiError(error) && isNotFound(error.code)) return false;
          throw error;
        });
      };
      (async () => {
        for (const choice of found) if (await exists(choice.resource)) return choice;
        return undefined;
      })().then(
        (choice) => {
          // Moved elsewhere meanwhile: the answer is not opened over what is in view now.
          if (!request.isCurrent() || ctx.get().activeKey !== appKey || activeView(ctx.get()).nav !== nav) return;
          ctx.get().notify(undefined);
          if (choice) choice.open();
          else ctx.get().notify(`no ${kinds.join(" or ")} has the id ${id} in this app`);
        },
        failedInto(ctx, request, (failure) => ctx.get().notify(`${failure.code}: ${failure.message}`)),
      ).finally(request.finish);
    },

    openResourceItem(name, params) {
      const resource = resourceNamed(name);
      if (!resource?.detail) return ctx.get().notify(`no item view of ${name}`);
      ctx.get().navigate({ view: "resource-item", name: resource.name, params: [...params] });
      const known = itemOf(resourceKey(resource.name, params));
      // Secrets shown whole stay on the screen they were asked on: opened again, the item is read masked.
      if (!known || known.error || known.revealed) loadItem(resource, params);
    },

    reloadResource() {
      const shown = itemInView();
      if (shown) loadItem(shown.resource, shown.params);
    },

    selectChildRow(index) {
      const shown = itemInView();
      // An item's rows are the list of the sub-resource shown below it.
      const child = shown && shownChildOf(shown.resource, shown.state);
      if (child && !child.single) ctx.get().select(childKey(shown.resource, child, shown.params), index);
    },

    selectItemRow(index) {
      const shown = itemInView();
      if (shown?.state) setItem(ctx.get().activeKey, resourceKey(shown.resource.name, shown.params), { selected: Math.max(0, index) });
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

    stepResourceChild(step) {
      const shown = itemInView();
      const children = childrenOf(shown?.resource);
      if (!shown || children.length < 2) return;
      const child = ((shown.state?.child ?? 0) + step + children.length) % children.length;
      setItem(ctx.get().activeKey, resourceKey(shown.resource.name, shown.params), { child });
      showChild(shown.resource, shown.params, children[child]);
    },
  };
}
