import { routeDetail } from "./details.js";
import { listRefOf, routeListKey } from "./item-children.js";
import { emptyList, listsShownBy } from "./list-actions.js";
import type { AppViewState, ListState, Route } from "./types.js";

/**
 * What the store does for each kind of thing, as tables the compiler checks: a route or a cache added
 * without its entry does not compile (the lines' tables are ui-actions.ts's) (before, each was a chain of ifs that a new one slipped past:
 * `r` on a new screen did nothing, a new per-app cache kept another user's answers).
 */

type RouteOf<V extends Route["view"]> = Extract<Route, { view: V }>;

/** What asks for what a route shows: the store's loaders of each thing. */
interface Loaders {
  refreshList(list: string): void;
  reloadResource(): void;
}

/** Nothing to ask again: the screen holds nothing of the service's, or asks with keys of its own (said where). */
const nothing = () => {};

/** What `r` (and coming back to a list made stale) asks again for each route. */
export const ROUTE_LOADS: { [V in Route["view"]]: (state: Loaders, route: RouteOf<V>) => void } = {
  resource: (state, route) => state.refreshList(routeListKey(route)),
  "resource-item": (state) => state.reloadResource(),
  // A recording is shown from its item's answer (a call's): the item is asked again.
  recording: (state) => state.reloadResource(),
  // These screens' own r: :stats computes again, :api asks its path again, :trace traces again, :journal reads it again.
  stats: nothing,
  health: nothing,
  api: nothing,
  trace: nothing,
  journal: nothing,
  // The events come as they are posted: there is nothing to ask for.
  listen: nothing,
  // What the explorer keeps itself.
  apps: nothing,
  log: nothing,
  help: nothing,
  resources: nothing,
  welcome: nothing,
};

/** Asks again for what the route shows. */
export const loadRoute = (state: Loaders, route: Route): void => (ROUTE_LOADS[route.view] as (state: Loaders, route: Route) => void)(state, route);

/** A list made stale: its filter kept, its rows gone (loaded again when shown). */
const staleList = (list: ListState): ListState => ({ ...emptyList(), filter: list.filter, tokens: list.tokens, errors: list.errors, params: list.params, narrowing: list.narrowing });

/** A list asked as a user of its own, whole (the change aborts what is under way and stops live mode's timers). */
const ownUsers = (key: string, list: ListState) => listRefOf(key)?.as !== undefined && !list.loading && !list.live;

/**
 * What each of an app's caches becomes when the user acted for changes: every answer may depend on them
 * (hasJoined, scope, the calls one sees), so every cache says what it keeps. A list asked as a user of its
 * own (a 1:1's messages) is that user's, whoever is acted for: it stays.
 */
export const ON_USER_CHANGE: { [K in keyof AppViewState]-?: (value: AppViewState[K]) => AppViewState[K] } = {
  lists: (lists) => Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, ownUsers(key, list) ? list : staleList(list)])),
  details: () => ({}),
  stats: () => undefined,
  // Asked for nobody: the app's, whoever is acted for.
  health: (health) => health,
  apis: () => undefined,
  nav: (nav) => nav,
};

/**
 * What each of an app's caches becomes after a write to it (the service may have acted): the screen in
 * front is asked again at once (refresh), and everything else answers as it did before the write, so it
 * goes: the other lists keep their filters and lose their rows, the items not in front are
 * dropped, and each is asked again when shown (a thread a message was sent to, a group's members after a
 * kick seen from its members' list).
 */
export const ON_WRITE: { [K in keyof AppViewState]-?: (value: AppViewState[K], view: AppViewState) => AppViewState[K] } = {
  lists: (lists, view) => {
    const shown = new Set(view.nav.length > 0 ? listsShownBy(view.nav[view.nav.length - 1]!) : []);
    return Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, shown.has(key) ? list : staleList(list)]));
  },
  details: (details, view) => {
    const shown = view.nav.length > 0 ? routeDetail(view.nav[view.nav.length - 1]!) : undefined;
    return shown !== undefined && Object.hasOwn(details, shown) ? { [shown]: details[shown] } : {};
  },
  // The call figures are the calls' (no write changes a call); an :api answer may be what was written.
  stats: (stats) => stats,
  // What it counted may be what was written (a webhook turned off): kept as read, r computes again.
  health: (health) => health,
  apis: () => undefined,
  nav: (nav) => nav,
};

/** An app's view after a write to it. */
export function viewAfterWrite(view: AppViewState): AppViewState {
  const next = {} as Record<keyof AppViewState, unknown>;
  for (const key of Object.keys(ON_WRITE) as Array<keyof AppViewState>) next[key] = (ON_WRITE[key] as (value: unknown, view: AppViewState) => unknown)(view[key], view);
  return next as AppViewState;
}

/** An app's view after the user acted for changed. */
export function viewForAnotherUser(view: AppViewState): AppViewState {
  const next = {} as Record<keyof AppViewState, unknown>;
  for (const key of Object.keys(ON_USER_CHANGE) as Array<keyof AppViewState>) next[key] = (ON_USER_CHANGE[key] as (value: unknown) => unknown)(view[key]);
  return next as AppViewState;
}
