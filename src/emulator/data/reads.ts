import { isMember } from "./members.js";
import type { Conversation } from "./message-store.js";
import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * Read positions are derived, not stored: each user stopped reading each
 * conversation somewhere among its generated messages (about half read to the
 * end, the others trail by up to 24), and anything the user wrote since counts
 * as read. So a message sent through the API raises the receivers' unread
 * counts and not the sender's, with nothing to update. A conversation marked
 * read, unread or delivered (`app.changes.reads`, `delivered`) moves the
 * position from there.
 */

const READ = 0x72656164;
const DELIVERED = 0x64656c76;

function seededReadIndex(app: App, conversation: Conversation, user: number): number {
  const n = conversation.seeded;
  if (n === 0) return -1;
  const roll = mix32(hash32(app.appId), app.seed, user, conversation.index, READ);
  const behind = roll % 100 < 45 ? 0 : 1 + ((roll >>> 8) % Math.min(n, 24));
  return n - 1 - behind >= 0 ? conversation.messages[n - 1 - behind]! : -1;
}

/** The index of the last message of the conversation the user has read, or -1. */
export function lastReadIndex(app: App, conversation: Conversation, user: number): number {
  const seeded = app.changes.reads.get(user)?.get(conversation.index) ?? seededReadIndex(app, conversation, user);
  const { messages } = conversation;
  // Writing to a conversation reads it: the user's own newest message is read, and all before it.
  for (let p = messages.length - 1; p >= 0 && messages[p]! > seeded; p--) {
    if (app.messages.sender[messages[p]!] === user) return messages[p]!;
  }
  return seeded;
}

/**
 * The index of the last message of the conversation delivered to the user, or -1. Delivery runs ahead
 * of reading: of the messages after the user's read position, the newest 0 to 3 (from the seed) have not
 * reached a device yet; what the user read, or wrote, was delivered.
 */
export function lastDeliveredIndex(app: App, conversation: Conversation, user: number): number {
  const read = lastReadIndex(app, conversation, user);
  const { messages } = conversation;
  let unread = 0;
  for (let p = messages.length - 1; p >= 0 && messages[p]! > read; p--) unread++;
  const pending = Math.min(unread, mix32(hash32(app.appId), app.seed, user, conversation.index, DELIVERED) % 4);
  const derived = pending === unread ? read : messages[messages.length - 1 - pending]!;
  return Math.max(derived, app.changes.delivered.get(user)?.get(conversation.index) ?? -1);
}

export interface Unread {
  messages: number;
  /** Unread messages that mention the user. */
  mentions: number;
  lastRead: number;
}

export function unreadIn(app: App, conversation: Conversation, user: number): Unread {
  const lastRead = lastReadIndex(app, conversation, user);
  let messages = 0;
  let mentions = 0;
  // Nothing after lastRead is the user's own (see lastReadIndex).
  for (let p = conversation.messages.length - 1; p >= 0 && conversation.messages[p]! > lastRead; p--) {
    messages++;
    if (app.messages.mention[conversation.messages[p]!] === user) mentions++;
  }
  return { messages, mentions, lastRead };
}

/** Whether the user takes part in the conversation: one of its two users, or a member of its group. */
export function takesPart(app: App, conversation: Conversation, user: number): boolean {
  return conversation.group >= 0 ? isMember(app, app.groups[conversation.group]!, user) : conversation.userA === user || conversation.userB === user;
}
