import { resourceNamed } from "../resources/index.js";
import { type AnyResource, type ChildRelation, childRelation, narrowsBeyondPath } from "../resources/resource.js";
import { resourceKey } from "./details.js";
import type { ResourceItemState } from "./types.js";

/**
 * What an item shows below its fields, one at a time, as its definition's `children` say: lists of the
 * resources reached from it, or a resource's one item. Nothing here names a resource.
 */
export interface ItemChild {
  resource: AnyResource;
  /** How it is narrowed to the item: its path's parameter, a query parameter, the user acted for. */
  relation: ChildRelation;
  /** The section's title: "groups joined", or the resource's name. */
  title: string;
  /** It shows one item (a user's preferences), not a list. */
  single: boolean;
}

/** The sections of an item of `resource`, in the order its definition names them; none where they open apart (a call's: T). */
export const childrenOf = (resource: AnyResource | undefined): ItemChild[] =>
  resource?.detail?.childrenApart ? [] : (resource?.children ?? []).map(childRelation).flatMap((relation) => {
    const child = resourceNamed(relation.name);
    if (!child || (!child.list && !child.detail)) return [];
    return [{ resource: child, relation, title: relation.title ?? child.name, single: !child.list }];
  });

/** The section shown below an item: the one tab chose, the first at the start. */
export const shownChildOf = (resource: AnyResource | undefined, item: ResourceItemState | undefined): ItemChild | undefined => {
  const children = childrenOf(resource);
  return children[(item?.child ?? 0) % Math.max(1, children.length)];
};

/**
 * Where a section's rows are kept, by the item's parameters: the key its own screen uses (`:triggers w1`
 * shows the same list), or, for a list narrowed beyond its path (a user's calls), that key and its
 * parent's name after `@` (which resourceKey's encoding never writes), so the list knows how it is asked.
 */
export function childKey(parent: AnyResource, child: ItemChild, params: readonly string[]): string {
  const key = resourceKey(child.resource.name, params);
  return narrowsBeyondPath(child.relation) ? `${key}@${encodeURIComponent(parent.name)}` : key;
}

/** A list as its key names it: its resource, its parameters and, below an item, how it is narrowed to it. */
export interface ListRef {
  resource: AnyResource;
  params: string[];
  below?: ChildRelation;
  /** Asked as this user, whoever is acted for (a 1:1 conversation, asked as one of its two). */
  as?: string;
}

/**
 * The key of a list asked as a user of its own (a 1:1's messages): its key and that user after `#`
 * (which resourceKey's encoding never writes), so that whom it is asked as is part of what it is.
 */
export const listKey = (name: string, params: readonly string[], as?: string): string =>
  as === undefined ? resourceKey(name, params) : `${resourceKey(name, params)}#${encodeURIComponent(as)}`;

/** The key of the list a list's route shows. */
export const routeListKey = (route: { name: string; params: readonly string[]; as?: string }): string => listKey(route.name, route.params, route.as);

/** The resource and parameters of a list's key; undefined for a key that names no list. */
export function listRefOf(key: string): ListRef | undefined {
  const [named = "", as] = key.split("#");
  const [path = "", parentName] = named.split("@");
  const [name = "", ...params] = path.split("/").map(decodeURIComponent);
  const resource = resourceNamed(name);
  if (!resource?.list) return undefined;
  const asked = as === undefined ? {} : { as: decodeURIComponent(as) };
  if (parentName === undefined) return { resource, params, ...asked };
  const below = childrenOf(resourceNamed(decodeURIComponent(parentName))).find((c) => c.resource === resource)?.relation;
  return below ? { resource, params, below, ...asked } : undefined;
}
