/**
 * The kinds of list ccx browses, one entry each: where a list comes from
 * (path, schema, paging), its filter grammar, what the explorer asks by
 * default, and how an item is named. The store, the explorer and the
 * one-shot commands all read this table; a kind without an entry does not
 * compile (`Record<ListKind, …>`).
 */
import {
  type FilterKeyHelp,
  type ParsedFilter,
  CALL_FILTER_KEYS,
  CONVERSATION_FILTER_KEYS,
  GROUP_FILTER_KEYS,
  USER_FILTER_KEYS,
  parseCallFilter,
  parseConversationFilter,
  parseGroupFilter,
  parseUserFilter,
} from "../query/index.js";
import { type CallPage, callPages, listCalls } from "./calls.js";
import type { Conversation, User } from "./chat-schemas.js";
import type { AppClient, Query } from "./client.js";
import { conversationPages, listConversations } from "./conversations.js";
import { GROUP_CURSOR_ITEM, type GroupPage, groupPages, listGroups } from "./groups.js";
import type { CursorPage } from "./paging.js";
import type { Call, Group } from "./schemas.js";
import { listUsers, userPages } from "./users.js";

export interface ListPage<Item> extends CursorPage<Item> {
  /** The items as the server sent them (every field kept), for --json. */
  raw: unknown[];
}

export interface ListKindSpec<Item> {
  /** The plural noun people read: "groups". */
  noun: string;
  /** GET path, on the kind's API. */
  path: string;
  /** Items the explorer asks for a page. */
  perPage: number;
  filterKeys: ReadonlyArray<FilterKeyHelp>;
  parse(line: string): ParsedFilter;
  /** The query the explorer sends for a filter's parameters. */
  explorerQuery(params: Record<string, string>): Record<string, string>;
  /** One page. */
  list(client: AppClient, query: Query, signal?: AbortSignal): Promise<ListPage<Item>>;
  /** Every page from the query's own (page number, or cursor in cursor mode). */
  pages(client: AppClient, query: Query, signal?: AbortSignal): AsyncGenerator<ListPage<Item>>;
  /** The id an item is known by (what y copies and Enter opens). */
  idOf(item: Item): string;
  /** Kinds with cursor paging: how the walk knows an item and where it stands (api/cursor.ts). */
  cursorItem?: { idOf: (item: Item) => string; timeOf: (item: Item) => unknown };
  /** What, changed, makes live mode mark an item "changed" (a call's status, not its ticking minutes). */
  liveKey(item: Item): string;
}

export interface ListItems {
  groups: Group;
  calls: Call;
  users: User;
  conversations: Conversation;
}

export type ListKind = keyof ListItems;

export const LIST_KINDS: { [K in ListKind]: ListKindSpec<ListItems[K]> } = {
  groups: {
    noun: "groups",
    path: "/groups",
    perPage: 100,
    filterKeys: GROUP_FILTER_KEYS,
    parse: parseGroupFilter,
    // Groups always ask for their tags: the list shows them.
    explorerQuery: (params) => ({ perPage: "100", ...params, withTags: params.withTags ?? "true" }),
    list: listGroups,
    pages: (client, query, signal) => groupPages(client, query, signal) as AsyncGenerator<GroupPage>,
    idOf: (g) => g.guid,
    cursorItem: GROUP_CURSOR_ITEM,
    liveKey: (g) => `${g.updatedAt}|${g.membersCount}|${g.name}`,
  },
  calls: {
    noun: "calls",
    path: "/calls",
    perPage: 50,
    filterKeys: CALL_FILTER_KEYS,
    parse: parseCallFilter,
    explorerQuery: (params) => ({ perPage: "50", ...params }),
    list: listCalls,
    pages: (client, query, signal) => callPages(client, query, signal) as AsyncGenerator<CallPage>,
    idOf: (c) => c.sessionId,
    liveKey: (c) => `${c.status}|${c.endedAt}|${c.participants?.length}|${c.recordings?.length}`,
  },
  users: {
    noun: "users",
    path: "/users",
    perPage: 100,
    filterKeys: USER_FILTER_KEYS,
    parse: parseUserFilter,
    // Users always ask for their tags: the list shows them.
    explorerQuery: (params) => ({ perPage: "100", ...params, withTags: params.withTags ?? "true" }),
    list: listUsers,
    pages: userPages,
    idOf: (u) => u.uid,
    liveKey: (u) => `${u.status}|${u.updatedAt}`,
  },
  conversations: {
    noun: "conversations",
    path: "/conversations",
    perPage: 50,
    filterKeys: CONVERSATION_FILTER_KEYS,
    parse: parseConversationFilter,
    explorerQuery: (params) => ({ perPage: "50", ...params }),
    list: listConversations,
    pages: conversationPages,
    idOf: (c) => c.conversationId,
    liveKey: (c) => `${c.updatedAt}|${c.unreadMessageCount}`,
  },
};

export const LIST_KIND_NAMES = Object.keys(LIST_KINDS) as ListKind[];

export function isListKind(view: string): view is ListKind {
  return Object.hasOwn(LIST_KINDS, view);
}
