import { type Conversation, conversationListSchema } from "./chat-schemas.js";
import type { AppClient, Query } from "./client.js";
import { ApiError, CLIENT_CODES } from "./errors.js";
import { type Page, rawItems } from "./paging.js";

/** GET /conversations: the conversations of the acting user (onBehalfOf), paged by number. */

export interface ConversationPage extends Page<Conversation> {
  /** The items as the server sent them (every field kept), for --json. */
  raw: unknown[];
}

export async function listConversations(client: AppClient, query: Query, signal?: AbortSignal): Promise<ConversationPage> {
  // ccx lists a user's conversations. Without a user the service answers the app's view, each conversation
  // once per user taking part and none saying whose it is (`ccx api /conversations` shows it as sent).
  if (!client.target.onBehalfOf) throw new ApiError(CLIENT_CODES.badInput, "conversations are a user's: name the user with --as (onBehalfOf), or u in the explorer");
  const { value, raw } = await client.get("chat", "/conversations", query, conversationListSchema, signal);
  return { items: value.data, pagination: value.meta?.pagination, raw: rawItems(raw) };
}

