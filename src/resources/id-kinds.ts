import { SESSION_ID } from "../api/session-id.js";
import { calls } from "./calls.js";
import { conversationById } from "./conversations.js";
import { groups } from "./groups.js";
import { message } from "./messages.js";
import { type AnyResource, erased } from "./resource.js";
import { users } from "./users.js";

/**
 * What one id may name, whatever its kind: a user (uid), a group (guid), a message (its number), a
 * conversation (`group_<guid>`, `<uidA>_user_<uidB>`), a call (`v1.<region>.<appId>.…`); for each, the
 * item whose read says whether it exists. An id pasted alone opens what it names in the app
 * (src/store/identify.ts asks each); `ccx find` asks the same in every known app (find-id.ts). An auth
 * token is none of them: its only documented read, GET /users/{uid}/auth_tokens/{authToken}, needs its uid.
 */
export interface IdKind {
  name: "uid" | "guid" | "messageId" | "conversationId" | "sessionId";
  /** What it names, as a sentence says it: "alice: a user". */
  says: string;
  /** The item to read for an id of this kind, and whom to ask as; none when the id's shape cannot be one. */
  read(id: string): { resource: AnyResource; params: string[]; as?: string } | undefined;
}

/** The two uids of a 1:1's conversation id, `<uidA>_user_<uidB>` (the service sorts them). */
export function oneToOneOf(id: string): [string, string] | undefined {
  const at = id.indexOf("_user_");
  return at > 0 && at + 6 < id.length ? [id.slice(0, at), id.slice(at + 6)] : undefined;
}

const GROUP_CONVERSATION = "group_";

export const ID_KINDS: readonly IdKind[] = [
  { name: "uid", says: "a user", read: (id) => ({ resource: erased(users), params: [id] }) },
  { name: "guid", says: "a group", read: (id) => ({ resource: erased(groups), params: [id] }) },
  { name: "messageId", says: "a message", read: (id) => (/^\d+$/.test(id) ? { resource: erased(message), params: [id] } : undefined) },
  {
    name: "conversationId", says: "a conversation",
    // A group's conversation is its group's; a 1:1's is read by its id, as one of its two (the service needs one).
    read: (id) => {
      if (id.startsWith(GROUP_CONVERSATION) && id.length > GROUP_CONVERSATION.length) return { resource: erased(groups), params: [id.slice(GROUP_CONVERSATION.length)] };
      const pair = oneToOneOf(id);
      return pair && { resource: erased(conversationById), params: [id], as: pair[0] };
    },
  },
  // Only an id of a session id's shape (`v1.<region>.<appId>.<id>`) is asked of the calls API.
  { name: "sessionId", says: "a call", read: (id) => (SESSION_ID.exec(id)?.[0] === id ? { resource: erased(calls), params: [id] } : undefined) },
];

/** What may be an id: one word of letters, digits, `_ . @ + -`, as uids and guids are. */
export const ID_SHAPE = /^[\p{L}\p{N}_.@+-]{1,100}$/u;
