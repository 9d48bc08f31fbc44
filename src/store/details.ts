import type { AppViewState, DetailKey, DetailKind, DetailStates, Route } from "./types.js";

/**
 * The one cache of what the explorer opened (a trace, an item of a resource made
 * from a definition: a call, a group, a user), kept per app by
 * kind and id: `details["resource:webhooks/w1"]`. Which route shows which entry
 * is one table (ROUTE_DETAILS), which a new screen cannot leave out: the
 * entries the navigation stack shows are kept however many others load, and
 * all of them go when the acting user changes (their answers depend on them).
 */

/**
 * Most entries of each kind one app keeps. Why: each opened one was kept for the whole session (a group
 * with a page of 100 members), so a long session grew without end (the soak found it). Those on the
 * navigation stack are always kept; the oldest others go first, and open again with a request.
 */
export const MAX_DETAILS = 20;

export const detailKey = (kind: DetailKind, id: string): DetailKey => `${kind}:${id}`;

/** The id of an item of a resource made from a definition: its name and its path's parameters. */
export const resourceKey = (name: string, params: readonly string[]) => [name, ...params].map(encodeURIComponent).join("/");

/** The entry each route shows, if any: a route without one says so. */
const ROUTE_DETAILS: { [V in Route["view"]]: (route: Extract<Route, { view: V }>) => DetailKey | undefined } = {
  recording: (r) => detailKey("resource", resourceKey(r.name, r.params)),
  apps: () => undefined,
  log: () => undefined,
  stats: () => undefined,
  health: () => undefined,
  help: () => undefined,
  api: () => undefined,
  resource: () => undefined,
  resources: () => undefined,
  "resource-item": (r) => detailKey("resource", resourceKey(r.name, r.params)),
  trace: (r) => detailKey("trace", r.messageId),
  journal: () => undefined,
  listen: () => undefined,
  welcome: () => undefined,
};

export const routeDetail = (route: Route): DetailKey | undefined => (ROUTE_DETAILS[route.view] as (r: Route) => DetailKey | undefined)(route);

/** The entry of `kind` and `id` in an app's view. */
export function detailOf<K extends DetailKind>(view: AppViewState | undefined, kind: K, id: string): DetailStates[K] | undefined {
  return view?.details[detailKey(kind, id)] as DetailStates[K] | undefined;
}

/** Whether the view holds an entry of `kind` and `id`. */
export const hasDetail = (view: AppViewState, kind: DetailKind, id: string): boolean => Object.hasOwn(view.details, detailKey(kind, id));

/**
 * The view with the entry of `kind` and `id` set: `patch` over what was there, over `empty` for a new
 * one; moved last (the keys' order is the order of use), and the oldest of its kind not on the stack
 * dropped past MAX_DETAILS.
 */
export function withDetail<K extends DetailKind>(view: AppViewState, kind: K, id: string, empty: DetailStates[K], patch: Partial<DetailStates[K]>): AppViewState {
  const key = detailKey(kind, id);
  const { [key]: previous, ...others } = view.details;
  const details: AppViewState["details"] = { ...others, [key]: { ...empty, ...previous, ...patch } };
  const onStack = new Set(view.nav.map(routeDetail));
  const ofKind = Object.keys(details).filter((k) => k.startsWith(`${kind}:`));
  let excess = ofKind.length - MAX_DETAILS;
  for (const k of ofKind) {
    if (excess <= 0) break;
    if (k === key || onStack.has(k as DetailKey)) continue;
    delete details[k as DetailKey];
    excess--;
  }
  return { ...view, details };
}

/** The entries of one kind, for a look over all of them (is any loading). */
export const detailsOfKind = <K extends DetailKind>(view: AppViewState, kind: K): Array<DetailStates[K]> =>
  Object.entries(view.details).filter(([k]) => k.startsWith(`${kind}:`)).map(([, entry]) => entry as DetailStates[K]);
