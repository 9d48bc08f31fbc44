/**
 * The kinds of list ccx browses, one entry each: its resource's definition
 * (src/resources/: name, path, page size, id, columns), how its pages are
 * read, its filter grammar, what the explorer asks by default, and what live
 * mode watches. The store, the explorer and the
 * one-shot commands all read this table; a kind without an entry does not
 * compile (`Record<ListKind, …>`).
 */
import {
  type FilterKeyHelp,
  type ParsedFilter,
  CALL_FILTER_KEYS,
  GROUP_FILTER_KEYS,
  USER_FILTER_KEYS,
  parseCallFilter,
  parseGroupFilter,
  parseUserFilter,
} from "../query/index.js";
import { listCalls } from "../api/calls.js";
import type { User } from "../api/chat-schemas.js";
import type { AppClient, Query } from "../api/client.js";
import type { CursorState } from "../api/cursor.js";
import { findEndpoint } from "../api/endpoints.js";
import { endpointPager, pageQuery, typedPages } from "../api/paging-styles.js";
import { GROUP_CURSOR_ITEM, listGroups } from "../api/groups.js";
import type { CursorPage } from "../api/paging.js";
import type { Call, Group } from "../api/schemas.js";
import { listUsers } from "../api/users.js";
import { calls } from "./calls.js";
import { groups } from "./groups.js";
import type { Resource } from "./resource.js";
import { users } from "./users.js";

export interface ListPage<Item> extends CursorPage<Item> {
  /** The items as the server sent them (every field kept), for --json. */
  raw: unknown[];
}

export interface ListKindSpec<Item extends Record<string, unknown>> {
  /** Its definition, which the four below come from. */
  resource: Resource<Item>;
  /** The plural noun people read: "groups". */
  noun: string;
  /** GET path, on the kind's API. */
  path: string;
  /** Items the explorer asks for a page. */
  perPage: number;
  /** The id an item is known by (what y copies and Enter opens). */
  idOf(item: Item): string;
  filterKeys: ReadonlyArray<FilterKeyHelp>;
  parse(line: string): ParsedFilter;
  /** The query the explorer sends for a filter's parameters. */
  explorerQuery(params: Record<string, string>): Record<string, string>;
  /** One page. */
  list(client: AppClient, query: Query, signal?: AbortSignal): Promise<ListPage<Item>>;
  /**
   * Every page from the query's own, walked by the paging its path documents (the endpoint catalogue:
   * page numbers, or the `updatedAt` cursor when the query starts one): the strategies of
   * `ccx api --paginate` and the resources' lists.
   */
  pages(client: AppClient, query: Query, signal?: AbortSignal): AsyncGenerator<ListPage<Item> & { walk?: CursorState }>;
  /** Kinds with cursor paging: how the walk knows an item and where it stands (api/cursor.ts). */
  cursorItem?: { idOf: (item: Item) => string; timeOf: (item: Item) => unknown };
  /** What, changed, makes live mode mark an item "changed" (a call's status, not its ticking minutes). */
  liveKey(item: Item): string;
}

/** A kind's entry: its name, path, page size, id and paging from its definition and the catalogue, the rest as given. */
function listKind<Item extends Record<string, unknown>>(resource: Resource<Item>, rest: Omit<ListKindSpec<Item>, "resource" | "noun" | "path" | "perPage" | "idOf" | "pages">): ListKindSpec<Item> {
  const list = resource.list!;
  const endpoint = findEndpoint(list.path, "GET");
  return {
    resource, noun: resource.name, path: list.path, perPage: list.perPage!.default, idOf: (item) => String(item[resource.idField]),
    pages: (client, query, signal) => typedPages(endpointPager(endpoint, pageQuery(query)), (asked) => rest.list(client, asked, signal)),
    ...rest,
  };
}

/** The explorer's query: a page of the definition's size unless the filter says otherwise. */
const pageOf = <Item extends Record<string, unknown>>(resource: Resource<Item>, params: Record<string, string>) => ({ perPage: String(resource.list!.perPage!.default), ...params });

export interface ListItems {
  groups: Group;
  calls: Call;
  users: User;
}

export type ListKind = keyof ListItems;

export const LIST_KINDS: { [K in ListKind]: ListKindSpec<ListItems[K]> } = {
  groups: listKind(groups, {
    filterKeys: GROUP_FILTER_KEYS,
    parse: parseGroupFilter,
    // Groups always ask for their tags: the list shows them.
    explorerQuery: (params) => ({ ...pageOf(groups, params), withTags: params.withTags ?? "true" }),
    list: listGroups,
    cursorItem: GROUP_CURSOR_ITEM,
    liveKey: (g) => `${g.updatedAt}|${g.membersCount}|${g.name}`,
  }),
  calls: listKind(calls, {
    filterKeys: CALL_FILTER_KEYS,
    parse: parseCallFilter,
    explorerQuery: (params) => pageOf(calls, params),
    list: listCalls,
    liveKey: (c) => `${c.status}|${c.endedAt}|${c.participants?.length}|${c.recordings?.length}`,
  }),
  users: listKind(users, {
    filterKeys: USER_FILTER_KEYS,
    parse: parseUserFilter,
    // Users always ask for their tags: the list shows them.
    explorerQuery: (params) => ({ ...pageOf(users, params), withTags: params.withTags ?? "true" }),
    list: listUsers,
    liveKey: (u) => `${u.status}|${u.updatedAt}`,
  }),
};

export const LIST_KIND_NAMES = Object.keys(LIST_KINDS) as ListKind[];

export function isListKind(view: string): view is ListKind {
  return Object.hasOwn(LIST_KINDS, view);
}
