import * as v from "valibot";
import { messageSchema } from "../api/chat-schemas.js";
import { idText, int, opt, tolerantObject, uidOrEntity } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
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

/** One message (GET /messages/{id}): every field, its thread and reactions reached from it. */
export const message: Resource<Message> = {
  name: "messages",
  singular: "message",
  description: "one message: who sent it to whom, what, when; its thread, reactions and notification log lines",
  idField: "id",
  schema: messageSchema,
  detail: { path: "/messages/{id}", first: ["id", "sender", "receiver", "receiverType", "category", "type", "data", "sentAt", "editedAt", "deletedAt", "parentId", "replyCount", "reactions", "conversationId"] },
  // Its notification log lines are the log narrowed to it (messageId).
  children: ["thread", "reactions", { name: "notification-logs", param: "messageId" }],
  columns: MESSAGE_COLUMNS,
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
