import { type User, userDetailSchema, userListSchema } from "./chat-schemas.js";
import { type AppClient, type Query, encodePathSegment } from "./client.js";
import { ApiError, CLIENT_CODES } from "./errors.js";
import { findEndpoint } from "./endpoints.js";
import { type Page, rawItems } from "./paging.js";
import { endpointPager, pageQuery, typedPages } from "./paging-styles.js";

/** Users, and the lists of users hanging off a user or a group (blocked, banned, members). */

export interface UserPage extends Page<User> {
  /** The items as the server sent them (every field kept), for --json. */
  raw: unknown[];
}

/** One page of any list of users at `path` (GET /users, /users/{uid}/blockedusers, /groups/{guid}/bannedusers, …). */
export async function listUsersAt(client: AppClient, path: string, query: Query, signal?: AbortSignal): Promise<UserPage> {
  const { value, raw } = await client.get("chat", path, query, userListSchema, signal);
  return { items: value.data, pagination: value.meta?.pagination, raw: rawItems(raw) };
}

export const listUsers = (client: AppClient, query: Query, signal?: AbortSignal) => listUsersAt(client, "/users", query, signal);

/** Every page of GET /users from the query's own, walked by its documented paging (a bulk write's --query). */
export const userPages = (client: AppClient, query: Query, signal?: AbortSignal) =>
  typedPages(endpointPager(findEndpoint("/users", "GET"), pageQuery(query)), (asked) => listUsers(client, asked, signal));

export interface UserDetail {
  user: User;
  raw: unknown;
}

/** GET /users/{uid}: every field, unknown ones too. */
export async function getUser(client: AppClient, uid: string, signal?: AbortSignal): Promise<UserDetail> {
  const { value, raw } = await client.get("chat", `/users/${encodePathSegment(uid)}`, {}, userDetailSchema, signal);
  if (value.data === undefined) throw new ApiError(CLIENT_CODES.notFound, `the service answered an empty user for ${uid}: it has no such user`);
  return { user: value.data, raw: (raw as { data: unknown }).data };
}

