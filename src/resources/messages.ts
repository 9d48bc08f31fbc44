import * as v from "valibot";
import { messageSchema } from "../api/chat-schemas.js";
import { idText, int, opt, tolerantObject, uidOrEntity } from "../api/schemas.js";
import { formatAge, formatTime } from "../text/format.js";
import { messageSummary } from "../text/message.js";
import type { Resource, ResourceColumn } from "./resource.js";

type Message = v.InferOutput<typeof messageSchema>;

/** A message's columns, in a thread as in any list of messages. */
const MESSAGE_COLUMNS: ReadonlyArray<ResourceColumn<Message>> = [
  { header: "id", field: "id", get: (m) => m.id, min: 6 },
  { header: "sent", field: "sentAt", get: (m) => (m.sentAt === undefined ? "" : formatTime(m.sentAt)), min: 16 },
  { header: "sender", field: "sender", get: (m) => m.sender ?? "", min: 8, max: 24 },
  { header: "type", field: "type", get: (m) => m.type ?? "", min: 6 },
  { header: "message", get: (m) => messageSummary(m), min: 16, grows: true },
];

/**
 * A conversation's messages as a chat shows them (the thread of the explorer): who sent what when, the
 * id last; a narrow screen gives the time as an age.
 */
const CHAT_COLUMNS: ReadonlyArray<ResourceColumn<Message>> = [
  { header: "sent", field: "sentAt", get: (m) => (m.sentAt === undefined ? "" : formatTime(m.sentAt)), narrow: { get: (m) => (m.sentAt === undefined ? "" : formatAge(m.sentAt)), min: 8 }, min: 16 },
  { header: "sender", field: "sender", get: (m) => m.sender ?? "", min: 8, max: 14 },
  { header: "type", field: "type", get: (m) => m.type ?? m.category ?? "", min: 7 },
  { header: "message", field: "data", get: (m) => messageSummary(m), min: 16, grows: true },
  { header: "id", field: "id", get: (m) => m.id, min: 7, align: "right" },
];

/**
 * What a list of a conversation's messages shares: read as a chat (oldest at the top, the cursor on the
 * newest, older ones loading above), its filter grammar written by hand (src/query/messages.ts), a page
 * of 50 (the service's default is 10), and `ccx messages` as its command (written by hand: `--group`,
 * `--user` choose the read).
 */
const chatList = {
  chat: true,
  // `ccx messages`' filters as flags (its command is written by hand; they are the grammar's keys).
  flags: [
    { flag: "search", key: "", description: "text the messages contain (searchKey)" },
    { flag: "category", key: "category", description: "message, action, call or custom; a comma list for several" },
    { flag: "type", key: "type", description: "text, image, video, audio, file or a custom type; a comma list for several" },
    { flag: "sender", key: "sender", description: "messages sent by this uid" },
    { flag: "receiver-type", key: "receiver", description: "user or group" },
    { flag: "attachments", key: "attachments", description: "yes, no, or attachment types such as image,video (hasAttachments, attachmentTypes)" },
    { flag: "mentions", key: "mentions", description: "yes or no (hasMentions)" },
    { flag: "mentioned", key: "mentioned", description: "messages that mention any of these uids, comma-separated (mentionedUids)" },
    { flag: "links", key: "links", description: "yes or no (hasLinks)" },
    { flag: "reactions", key: "reactions", description: "yes or no (hasReactions)" },
    { flag: "sent", key: "sent", description: "sent: >=2024-01-01, >=1d (the last day), A..B (fromTimestamp, toTimestamp)" },
    { flag: "deleted", key: "deleted", description: "hide or only (hideDeleted, onlyDeleted)" },
    { flag: "hide-replies", key: "replies", switch: "hide", description: "leave out replies in threads (hideReplies)" },
    { flag: "tags", key: "tag", description: "messages with any of these tags, comma-separated" },
    { flag: "with-tags", key: "withtags", switch: "true", description: "include each message's tags (withTags)" },
    { flag: "unread", key: "unread", switch: "true", description: "only messages the --as user has not read" },
    { flag: "conversation", key: "conversation", description: "messages of this conversation id (conversationId)" },
  ],
  grammar: async () => (await import("../query/messages.js")).MESSAGE_GRAMMAR,
  always: { limit: "50" },
} as const;

/**
 * The app's messages (GET /messages), and one message (GET /messages/{id}): every field, its thread and
 * reactions reached from it. Its list is `ccx messages`' first read (`:msgs` on a list in the explorer).
 */
export const message: Resource<Message> = {
  name: "messages",
  singular: "message",
  description: "the app's messages, or one message: who sent it to whom, what, when; its thread, reactions and notification log lines",
  idField: "id",
  schema: messageSchema,
  list: { path: "/messages", ...chatList },
  listFlag: { command: "messages" },
  detail: { path: "/messages/{id}", first: ["id", "sender", "receiver", "receiverType", "category", "type", "data", "sentAt", "editedAt", "deletedAt", "parentId", "replyCount", "reactions", "conversationId"] },
  // Its notification log lines are the log narrowed to it (messageId).
  children: ["thread", "reactions", { name: "notification-logs", param: "messageId" }],
  wideAt: 110,
  columns: CHAT_COLUMNS,
};

/** A group's messages (GET /groups/{guid}/messages): `ccx messages --group`, `:msgs <guid>`, M on a group. */
export const groupMessages: Resource<Message> = {
  name: "group-messages",
  singular: "message of a group",
  description: "a group's messages, as a chat shows them",
  idField: "id",
  schema: messageSchema,
  // Its path documents two filters more than GET /messages (undelivered:, mymentions:).
  list: { path: "/groups/{guid}/messages", ...chatList, grammar: async () => (await import("../query/messages.js")).CONVERSATION_MESSAGE_GRAMMAR },
  listFlag: { command: "messages", flag: "group" },
  wideAt: 110,
  columns: CHAT_COLUMNS,
};

/**
 * The 1:1 conversation of two users (GET /users/{uid}/messages asked as the other: onBehalfOf), which
 * takes its page size as `perPage`: `ccx messages --as A --user B`, `:msgs <uid>`, M on a user. The
 * explorer asks it as the user it was opened for, whoever is acted for since.
 */
export const userMessages: Resource<Message> = {
  ...groupMessages,
  name: "user-messages",
  singular: "message of a 1:1",
  description: "the 1:1 conversation of the user acted for with another, as a chat shows it",
  list: { ...groupMessages.list!, path: "/users/{uid}/messages", always: { perPage: "50" } },
  listFlag: { command: "messages", flag: "user" },
  actedFor: true,
};

/** A message's thread: its replies (GET /messages/{id}/thread: page inputs, a cursor answer). */
export const thread: Resource<Message> = {
  name: "thread",
  singular: "reply",
  description: "the replies in a message's thread, oldest first",
  idField: "id",
  schema: messageSchema,
  list: { path: "/messages/{id}/thread", perPage: { default: 100, max: 1000 } },
  columns: MESSAGE_COLUMNS,
};

const reactionSchema = tolerantObject("id", {
  id: idText,
  messageId: opt(idText),
  reaction: opt(v.string()),
  uid: opt(uidOrEntity),
  reactedAt: opt(int),
});
type Reaction = v.InferOutput<typeof reactionSchema>;

/** Who reacted to a message with what (GET /messages/{id}/reactions, or one reaction's). */
export const reactions: Resource<Reaction> = {
  name: "reactions",
  singular: "reaction",
  description: "who reacted to a message, with what and when",
  idField: "id",
  schema: reactionSchema,
  list: { path: "/messages/{id}/reactions", narrowed: { flag: "reaction", path: "/messages/{id}/reactions/{reaction}", description: "only this reaction (an emoji)" } },
  columns: [
    { header: "reaction", field: "reaction", get: (r) => r.reaction ?? "", min: 8 },
    { header: "uid", field: "uid", get: (r) => r.uid ?? "", min: 8, max: 32 },
    { header: "reacted", field: "reactedAt", get: (r) => (r.reactedAt === undefined ? "" : formatTime(r.reactedAt)), min: 16 },
    { header: "id", field: "id", get: (r) => r.id, min: 4, grows: true },
  ],
};
