import type { AppClient, Query } from "./client.js";
import { type CursorPage, pagesByCursor, pagesByNumber } from "./paging.js";
import { type Group, groupListSchema } from "./schemas.js";

export interface GroupPage extends CursorPage<Group> {
  /** The items as the server sent them (every field kept), for --json. */
  raw: unknown[];
}

/** One page of GET /groups with the given query parameters (already in the API's names). */
export async function listGroups(client: AppClient, query: Query, signal?: AbortSignal): Promise<GroupPage> {
  const { value, raw } = await client.get("chat", "/groups", query, groupListSchema, signal);
  return { items: value.data, pagination: value.meta?.pagination, cursor: value.cursor, raw: (raw as { data: unknown[] }).data };
}

/**
 * Every page of a groups query: by the updatedAt cursor when the query has one
 * (cursor mode), else by page number.
 */
export function groupPages(client: AppClient, query: Query, signal?: AbortSignal): AsyncGenerator<GroupPage> {
  if (query.updatedAt !== undefined) {
    const start = { updatedAt: Number(query.updatedAt), affix: query.affix === "prepend" ? "prepend" as const : "append" as const };
    return pagesByCursor((cursor) => listGroups(client, { ...query, ...cursor, page: undefined }, signal), start) as AsyncGenerator<GroupPage>;
  }
  const first = query.page === undefined ? 1 : Number(query.page);
  return pagesByNumber((page) => listGroups(client, { ...query, page }, signal), first) as AsyncGenerator<GroupPage>;
}
