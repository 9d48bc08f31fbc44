import { type AppClient, type Query, encodePathSegment } from "./client.js";
import { ApiError, CLIENT_CODES } from "./errors.js";
import { type CursorPage, rawItems } from "./paging.js";
import { type Group, groupDetailSchema, groupListSchema } from "./schemas.js";

export interface GroupPage extends CursorPage<Group> {
  /** The items as the server sent them (every field kept), for --json. */
  raw: unknown[];
}

/** One page of GET /groups with the given query parameters (already in the API's names). */
export async function listGroups(client: AppClient, query: Query, signal?: AbortSignal): Promise<GroupPage> {
  const { value, raw } = await client.get("chat", "/groups", query, groupListSchema, signal);
  return { items: value.data, pagination: value.meta?.pagination, cursor: value.cursor, raw: rawItems(raw) };
}

export interface GroupDetail {
  group: Group;
  raw: unknown;
}

/** GET /groups/{guid}: every field, unknown ones too. */
export async function getGroup(client: AppClient, guid: string, signal?: AbortSignal): Promise<GroupDetail> {
  const { value, raw } = await client.get("chat", `/groups/${encodePathSegment(guid)}`, {}, groupDetailSchema, signal);
  if (value.data === undefined) throw new ApiError(CLIENT_CODES.notFound, `the service answered an empty group for ${guid}: it has no such group`);
  return { group: value.data, raw: (raw as { data: unknown }).data };
}
