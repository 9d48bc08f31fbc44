import * as v from "valibot";
import { answer, emptyDetail, int, lenientPaging, listOf, map, oneOf, opt, tolerantObject, uidOrEntity } from "./schemas.js";

/**
 * Shapes of the chat side's answers (docs/service.md: users, messages,
 * conversations, auth tokens), read as tolerantly as groups and calls: an item
 * needs only its id, any other field it cannot read is kept as sent and marked.
 */

/** A message id: a string elsewhere, a number in the per-user cursor (docs/service.md); read as a string. */
const messageId = v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.number(), v.integer(), v.transform(String))]);

export const userSchema = tolerantObject("uid", {
  uid: v.string(),
  name: opt(v.string()),
  avatar: opt(v.string()),
  link: opt(v.string()),
  role: opt(v.string()),
  status: opt(v.string()),
  metadata: opt(map),
  tags: opt(v.array(v.string())),
  createdAt: opt(int),
  updatedAt: opt(int),
  lastActiveAt: opt(int),
  deactivatedAt: opt(int),
  conversationId: opt(v.string()),
  blockedByMe: opt(v.boolean()),
  blockedByMeAt: opt(int),
  hasBlockedMe: opt(v.boolean()),
  blockedAt: opt(int),
  // Members, banned users: a user plus where they stand in the group.
  scope: opt(v.string()),
  joinedAt: opt(int),
});
export type User = v.InferOutput<typeof userSchema>;

export const userListSchema = answer(v.looseObject({
  data: listOf(userSchema),
  meta: opt(v.looseObject({ pagination: lenientPaging })),
}));

export const userDetailSchema = answer(v.looseObject({ data: v.optional(v.union([oneOf(userSchema), emptyDetail])) }));

export const messageSchema = tolerantObject("id", {
  id: messageId,
  conversationId: opt(v.string()),
  sender: opt(uidOrEntity),
  receiver: opt(uidOrEntity),
  receiverType: opt(v.string()),
  category: opt(v.string()),
  type: opt(v.string()),
  data: opt(map),
  sentAt: opt(int),
  updatedAt: opt(int),
  editedAt: opt(int),
  editedBy: opt(uidOrEntity),
  deletedAt: opt(int),
  deletedBy: opt(uidOrEntity),
  parentId: opt(messageId),
  replyCount: opt(int),
  tags: opt(v.array(v.string())),
});
export type Message = v.InferOutput<typeof messageSchema>;

/**
 * Message lists page by id and time: `meta.current`/`meta.next` (the app's and a group's
 * messages), `meta.pagination` and `meta.cursor` (the per-user path). ccx derives its cursor
 * from the items as the SDK does (cursor.ts), so each is read only when it can be.
 */
const lenient = <S extends v.GenericSchema>(schema: S) => v.fallback(opt(schema), undefined);
export const messageListSchema = answer(v.looseObject({
  data: listOf(messageSchema),
  meta: opt(v.looseObject({
    pagination: lenientPaging,
    current: lenient(v.looseObject({ limit: opt(int), count: opt(int) })),
    next: lenient(v.looseObject({ affix: opt(v.string()), sentAt: opt(int), id: opt(messageId) })),
    cursor: lenient(v.looseObject({ id: opt(messageId), affix: opt(v.string()) })),
  })),
}));

/** The other side of a conversation: a user or a group, read as its id. */
const conversationWith = v.pipe(
  v.union([v.looseObject({ uid: v.string() }), v.looseObject({ guid: v.string() })]),
  v.transform((entity): { id: string; name?: string } & Record<string, unknown> => ({
    ...entity,
    id: String("uid" in entity ? entity.uid : (entity as { guid: string }).guid),
    name: typeof entity.name === "string" ? entity.name : undefined,
  })),
);

export const conversationSchema = tolerantObject("conversationId", {
  conversationId: v.string(),
  conversationType: opt(v.string()),
  // A string in the documented examples, an integer in their table: read either.
  unreadMessageCount: opt(int),
  unreadMentionsCount: opt(int),
  lastReadMessageId: opt(messageId),
  lastMessage: opt(messageSchema),
  conversationWith: opt(conversationWith),
  updatedAt: opt(int),
  tags: opt(v.array(v.string())),
});
export type Conversation = v.InferOutput<typeof conversationSchema>;

export const conversationListSchema = answer(v.looseObject({
  data: listOf(conversationSchema),
  meta: opt(v.looseObject({ pagination: lenientPaging })),
}));

