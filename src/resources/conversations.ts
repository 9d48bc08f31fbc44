import { type Conversation, conversationSchema } from "../api/chat-schemas.js";
import { formatAge, formatTime } from "../text/format.js";
import { messageSummary } from "../text/message.js";
import { groupMessages, userMessages } from "./messages.js";
import type { ListOpening, Resource } from "./resource.js";

/** The messages a conversation of `as` opens: the group's, or the 1:1 with the other user, asked as `as`. */
export function conversationThread(c: Conversation, as: string | undefined): ListOpening | undefined {
  const other = c.conversationWith?.id;
  if (!other) return undefined;
  if (c.conversationType === "group") return { name: groupMessages.name, params: [other] };
  return as ? { name: userMessages.name, params: [other], as } : undefined;
}

/**
 * The conversations of the user acted for (GET /conversations with onBehalfOf): `ccx conversations --as
 * UID` and the explorer's `:conversations`, made from this definition; its filter grammar is written by
 * hand (src/query/conversations.ts), and Enter opens a conversation's thread.
 */
export const conversations: Resource<Conversation> = {
  name: "conversations",
  singular: "conversation",
  aliases: ["convs"],
  description: "the conversations of the user acted for: with whom, how many unread, the last message",
  idField: "conversationId",
  schema: conversationSchema,
  list: {
    path: "/conversations",
    perPage: { default: 50, max: 1000 },
    flags: [
      { flag: "search", param: "searchKey", description: "keyword in the other side's name" },
      { flag: "type", param: "conversationType", description: "user or group" },
      { flag: "unread", param: "unread", description: "only conversations with unread messages", switch: true },
      { flag: "tags", param: "tags", description: "conversations with any of these tags, comma-separated" },
      { flag: "with-tags", param: "withTags", description: "include each conversation's tags", switch: true },
      { flag: "with-user-and-group-tags", param: "withUserAndGroupTags", description: "include the tags of the user or group each is with", switch: true },
      { flag: "user-tags", param: "userTags", description: "1:1 conversations with users having any of these tags" },
      { flag: "group-tags", param: "groupTags", description: "group conversations of groups having any of these tags" },
    ],
    grammar: async () => (await import("../query/conversations.js")).CONVERSATION_GRAMMAR,
  },
  live: (c) => `${c.updatedAt}|${c.unreadMessageCount}`,
  actedFor: true,
  wideAt: 110,
  columns: [
    { header: "with", field: "conversationWith", get: (c) => c.conversationWith?.name ?? c.conversationWith?.id ?? "", min: 8, max: 28, grows: 2 },
    { header: "id", field: "conversationWith", get: (c) => c.conversationWith?.id ?? "", min: 6, max: 28, grows: 1 },
    { header: "unread", field: "unreadMessageCount", get: (c) => c.unreadMessageCount || "", align: "right", min: 6 },
    { header: "last message", field: "lastMessage", get: (c) => (c.lastMessage ? messageSummary(c.lastMessage) : ""), min: 12, grows: 4 },
    { header: "type", field: "conversationType", get: (c) => c.conversationType ?? "", min: 5 },
    { header: "updated", field: "updatedAt", get: (c) => formatTime(c.updatedAt), narrow: { get: (c) => formatAge(c.updatedAt), min: 8 }, min: 16 },
  ],
};

const CONVERSATION_FIRST = ["conversationId", "conversationType", "conversationWith", "unreadMessageCount", "lastMessage", "updatedAt", "tags"] as const;

/**
 * One conversation as the user acted for sees it: with a user (GET /users/{uid}/conversation) or in a
 * group (GET /groups/{guid}/conversation), answered as an array of one. `ccx conversation --as UID
 * (--user UID | --group GUID)` is written by hand: a flag chooses which of the two it reads.
 */
export const userConversation: Resource<Conversation> = {
  ...conversations,
  name: "user-conversation",
  singular: "conversation with a user",
  aliases: [],
  itemFlag: { command: "conversation", flag: "user" },
  description: "one conversation with a user, as the user acted for sees it (unread count, last message)",
  list: undefined,
  detail: { path: "/users/{uid}/conversation", first: CONVERSATION_FIRST },
};

export const groupConversation: Resource<Conversation> = {
  ...userConversation,
  name: "group-conversation",
  singular: "conversation in a group",
  itemFlag: { command: "conversation", flag: "group" },
  description: "one group's conversation, as the user acted for sees it (unread count, last message)",
  detail: { path: "/groups/{guid}/conversation", first: CONVERSATION_FIRST },
};

/** One conversation by its id (GET /conversations/{conversationId}, deprecated by the exports; onBehalfOf required). */
export const conversationById: Resource<Conversation> = {
  ...userConversation,
  name: "conversation-by-id",
  singular: "conversation by id",
  itemFlag: { command: "conversation", flag: "id" },
  description: "one conversation by its id, as the user acted for sees it (the exports deprecate it)",
  detail: { path: "/conversations/{conversationId}", first: CONVERSATION_FIRST },
};
