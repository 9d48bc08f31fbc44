import { type Conversation, conversationListSchema } from "./chat-schemas.js";
import type { AppClient, Query } from "./client.js";
import type { Page } from "./paging.js";

/** GET /conversations: a page of the conversations of the user the client acts for (a user's section; the list is its definition's). */
export async function listConversations(client: AppClient, query: Query, signal?: AbortSignal): Promise<Page<Conversation>> {
  const { value } = await client.get("chat", "/conversations", query, conversationListSchema, signal);
  return { items: value.data, pagination: value.meta?.pagination };
}
