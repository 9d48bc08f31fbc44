import { type Message, messageListSchema } from "./chat-schemas.js";
import { type AppClient, type Query, encodePathSegment } from "./client.js";
import type { CursorState } from "./cursor.js";
import { findEndpoint } from "./endpoints.js";
import { type Page, rawItems } from "./paging.js";
import { endpointPager, pageQuery, typedPages } from "./paging-styles.js";

/**
 * Messages: the app's, a group's, or the 1:1 conversation between the
 * acting user (onBehalfOf) and another. They page by id, as the official SDK
 * pages them: ccx keeps its direction (older by default, as a chat scrolls
 * back) and asks for the next page from the smallest (or largest) id it has;
 * the server's `meta.next`/`meta.cursor` are not followed (cursor.ts).
 */

export type MessageScope = { kind: "app" } | { kind: "group"; guid: string } | { kind: "user"; uid: string };

function messagesPath(scope: MessageScope): string {
  if (scope.kind === "group") return `/groups/${encodePathSegment(scope.guid)}/messages`;
  if (scope.kind === "user") return `/users/${encodePathSegment(scope.uid)}/messages`;
  return "/messages";
}

export interface MessagePage extends Page<Message> {
  /** The items as the server sent them (every field kept), for --json. */
  raw: unknown[];
}

/** ccx's page size, always sent (the service's own default is 10), and the service's most (docs/service.md). */
export const MESSAGE_LIMIT = { default: 100, max: 1000 };

/** The per-user path takes its page size as `perPage`, the others as `limit` (docs/service.md). */
function sized(scope: MessageScope, query: Query): Query {
  if (scope.kind !== "user" || query.limit === undefined) return query;
  const { limit, ...rest } = query;
  return { ...rest, perPage: limit };
}

/** One page of messages, the query in the API's names (`limit`, `id` and `affix` for the cursor, filters). */
export async function listMessages(client: AppClient, scope: MessageScope, query: Query, signal?: AbortSignal): Promise<MessagePage> {
  const { value, raw } = await client.get("chat", messagesPath(scope), sized(scope, query), messageListSchema, signal);
  return { items: value.data, pagination: value.meta?.pagination, raw: rawItems(raw) };
}

/**
 * Every page from the query's cursor (`id` and `affix`: older by default, from the newest), each with
 * only the messages not had before, walked by the paging its path documents (the message id cursor,
 * paging-styles.ts); it ends on a short, empty or nothing-new page. One page at a time in memory.
 */
export function messagePages(client: AppClient, scope: MessageScope, query: Query, signal?: AbortSignal): AsyncGenerator<MessagePage & { walk?: CursorState }> {
  const path = messagesPath(scope);
  const asked = pageQuery({ ...query, limit: query.limit ?? MESSAGE_LIMIT.default });
  return typedPages(endpointPager(findEndpoint(path, "GET"), asked), (cursor) => listMessages(client, scope, cursor, signal));
}

/** The most a text message's data may hold: the service takes 10 KB of UTF-8 (its docs' constraints). */
export const MAX_TEXT_BYTES = 10 * 1024;

/** What is wrong with a text for a message, before anything is sent; undefined when it may go. */
export function textProblem(text: string): string | undefined {
  if (text.trim() === "") return "the text is empty: nothing to send";
  const bytes = Buffer.byteLength(JSON.stringify({ text }), "utf8");
  if (bytes > MAX_TEXT_BYTES) return `the text takes ${bytes} bytes, over the service's ${MAX_TEXT_BYTES} for a message's data`;
  return undefined;
}

