import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type VerbInput, type VerbKey, type WriteItem, type WriteVerb, actingUser, commaList, dataOf, documentedRead, documentedWrite, fieldOf } from "./verb.js";

/**
 * A conversation's receipts as one user gives them (chat-apis.json,
 * Conversations; onBehalfOf required): read, unread, delivered. Read and
 * unread read the conversation first (its lastReadMessageId and unread
 * count), so that each undoes the other to where the user had read. The
 * user's own tags on a conversation set (PUT, undone to the tags read
 * before), and the conversation deleted for them (DELETE; by its id, the
 * deprecated `/conversations/{conversationId}`, with --id).
 */


/** The conversation named: with a user (--user) or a group's (--group), one of them. */
function conversationOf(input: VerbInput): { kind: "users" | "groups"; id: string } {
  const { user, group } = input.flags;
  if ((typeof user === "string") === (typeof group === "string")) throw badInput("say which conversation: --user UID or --group GUID (one of them); nothing was sent");
  return typeof user === "string" ? { kind: "users", id: user } : { kind: "groups", id: String(group) };
}

/** The conversation's template and its parameter: `/users/{uid}/conversation` or `/groups/{guid}/conversation`. */
const conversationAt = (item: WriteItem, under = ""): [string, Record<string, string>] => {
  const { kind, id } = conversationOf(item.input);
  return kind === "users" ? [`/users/{uid}/conversation${under}`, { uid: id }] : [`/groups/{guid}/conversation${under}`, { guid: id }];
};
const asOf = (item: WriteItem) => actingUser(item.input, "gives the receipt")!;

/** The message given with --message: an id, digits. */
function messageIdOf(input: VerbInput): number | undefined {
  const given = input.flags.message;
  if (given === undefined) return undefined;
  if (typeof given !== "string" || !/^\d+$/.test(given)) throw badInput("--message takes a message's id (digits); nothing was sent");
  return Number(given);
}

const receipt = (item: WriteItem, method: "POST" | "DELETE", what: "read" | "delivered", messageId: number | undefined): DocumentedWrite =>
  documentedWrite(method, ...conversationAt(item, `/${what}`), { as: asOf(item), ...(messageId === undefined ? {} : { body: { messageId } }) });

/** The one item of a conversation's write, the acting user required (`who` says what they do). */
const itemsBy = (who: string) => (input: VerbInput): WriteItem[] => {
  const as = actingUser(input, who);
  const { kind, id } = conversationOf(input);
  messageIdOf(input);
  return [{ label: `${as}→${kind === "users" ? "user" : "group"}:${id}`, input }];
};
const itemsOf = itemsBy("gives the receipt");

/** Where the user had read to, and how many were unread, as the conversation's GET answers (an array of one). */
function readState(before: unknown): { lastRead?: number; unread: number } {
  const conversation = dataOf(before);
  const lastRead = Number(conversation?.lastReadMessageId);
  return { lastRead: Number.isInteger(lastRead) && lastRead > 0 ? lastRead : undefined, unread: Number(conversation?.unreadMessageCount ?? 0) };
}

const FLAGS = [
  { flag: "user", value: "uid", description: "the conversation with this user" },
  { flag: "group", value: "guid", description: "the conversation of this group" },
] as const;
/** How to see the conversation; said of an undo too, whose item has no flags: never throws. */
const check = (item: WriteItem) => {
  const { user, group } = item.input.flags;
  const as = actingUser(item.input, undefined);
  return `ccx conversation${as ? ` --as ${as}` : ""}${typeof user === "string" ? ` --user ${user}` : typeof group === "string" ? ` --group ${group}` : ""}`;
};

/** The conversation of a row of `:conversations` (as the user acted for sees them): with a user, or a group's. */
function rowConversation({ row, as }: Parameters<VerbKey["input"]>[0]): VerbInput | string {
  if (!as) return "whose read? u chooses the user to act for";
  const other = row?.conversationWith as { id?: unknown; uid?: unknown; guid?: unknown } | undefined;
  const id = String(other?.id ?? other?.uid ?? other?.guid ?? "");
  if (!id) return "this conversation does not say with whom";
  // The type names the side; without it, a guid says a group's.
  const group = row?.conversationType === "group" || (row?.conversationType === undefined && other?.guid !== undefined);
  return { args: {}, flags: { as, [group ? "group" : "user"]: id } };
}

/**
 * A thread's conversation (`params`: a group's guid; a 1:1's uid and the user it is asked as), read up to
 * the message under the cursor.
 */
const threadConversation = (kind: "group" | "user") => ({ params, row, as }: Parameters<VerbKey["input"]>[0]): VerbInput | string => {
  const [id, acting = as] = params;
  if (!acting) return "whose read? u chooses the user to act for";
  const message = fieldOf(row, "id");
  return { args: {}, flags: { as: acting, [kind]: id, ...(message ? { message } : {}) } };
};

export const conversationRead: WriteVerb = {
  noun: "conversation", verb: "read",
  description: "mark a conversation read for the user of --as UID, to its end or --message ID (undo: unread from where they had read)",
  args: [],
  flags: [...FLAGS, { flag: "message", value: "id", description: "read up to this message" }],
  items: itemsOf,
  request: (item) => receipt(item, "POST", "read", messageIdOf(item.input)),
  keys: [
    { on: "conversations", key: "R", footer: "read", input: rowConversation },
    { on: "group-messages", key: "R", footer: "read to here", input: threadConversation("group") },
    { on: "user-messages", key: "R", footer: "read to here", input: threadConversation("user") },
    { on: "messages", key: "R", footer: "read to here", input: () => "the app's messages are of no one conversation: open a group's or a user's" },
  ],
  before: (item) => documentedRead(...conversationAt(item), { as: asOf(item) }),
  inverse: (item, before) => {
    const { lastRead, unread } = readState(before);
    // Nothing unread: nothing changed. Nothing read at all: no message to mark unread after.
    return unread > 0 && lastRead !== undefined ? receipt(item, "DELETE", "read", lastRead) : undefined;
  },
  check,
};

export const conversationUnread: WriteVerb = {
  noun: "conversation", verb: "unread",
  description: "mark a conversation unread for the user of --as UID: after --message ID, else its last message (undo: read to where they had)",
  args: [],
  flags: [...FLAGS, { flag: "message", value: "id", description: "the messages after this one become unread" }],
  items: itemsOf,
  request: (item) => receipt(item, "DELETE", "read", messageIdOf(item.input)),
  before: (item) => documentedRead(...conversationAt(item), { as: asOf(item) }),
  inverse: (item, before) => {
    const { lastRead } = readState(before);
    return lastRead === undefined ? undefined : receipt(item, "POST", "read", lastRead);
  },
  check,
};

export const conversationDelivered: WriteVerb = {
  noun: "conversation", verb: "delivered",
  description: "mark a conversation delivered to the user of --as UID, to its end or --message ID (cannot be undone)",
  args: [],
  flags: [...FLAGS, { flag: "message", value: "id", description: "delivered up to this message" }],
  items: itemsOf,
  request: (item) => receipt(item, "POST", "delivered", messageIdOf(item.input)),
  irreversible: "a delivery receipt cannot be taken back",
  check,
};

/** The tags the user had on the conversation, as its GET answers them. */
const tagsIn = (before: unknown): string[] | undefined => {
  const tags = dataOf(before)?.tags;
  return dataOf(before) === undefined ? undefined : Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
};
const tagged = (item: WriteItem, tags: string[]): DocumentedWrite => documentedWrite("PUT", ...conversationAt(item), { as: asOf(item), body: { tags } });

export const conversationUpdate: WriteVerb = {
  noun: "conversation", verb: "update",
  description: "set the user of --as UID's own tags on a conversation, --tags a,b (none: an empty list) (undo: the tags they had)",
  args: [],
  flags: [...FLAGS, { flag: "tags", value: "a,b", description: "the tags, all of them: those not named are taken off", required: true }],
  items: itemsBy("tags it"),
  request: (item) => tagged(item, commaList(item.input.flags.tags)),
  before: (item) => documentedRead(...conversationAt(item), { as: asOf(item) }),
  inverse: (item, before) => {
    const had = tagsIn(before);
    return had && had.join(",") !== commaList(item.input.flags.tags).join(",") ? tagged(item, had) : undefined;
  },
  check,
};

/** The conversation a delete names: --id (the deprecated path), else --user or --group. */
const deleted = (item: WriteItem): DocumentedWrite => {
  const { id } = item.input.flags;
  return typeof id === "string"
    ? documentedWrite("DELETE", "/conversations/{conversationId}", { conversationId: id }, { as: asOf(item) })
    : documentedWrite("DELETE", ...conversationAt(item), { as: asOf(item) });
};

export const conversationDelete: WriteVerb = {
  noun: "conversation", verb: "delete",
  description: "delete a conversation for the user of --as UID: gone from their conversations until its next message; typed back first (cannot be undone)",
  args: [],
  flags: [...FLAGS, { flag: "id", value: "conversationId", description: "the conversation by its id (group_<guid>, <uid>_user_<uid>), the deprecated path" }],
  items: (input) => {
    if (typeof input.flags.id !== "string") return itemsBy("deletes it")(input);
    if (typeof input.flags.user === "string" || typeof input.flags.group === "string") throw badInput("name the conversation once: --id, or --user or --group; nothing was sent");
    return [{ label: `${actingUser(input, "deletes it")}→${input.flags.id}`, input }];
  },
  request: deleted,
  keys: [{ on: "conversations", key: "D", footer: "delete", input: (at) => (at.as ? rowConversation(at) : "whose conversation? u chooses the user to act for") }],
  irreversible: "no documented request brings a deleted conversation back: its next message does",
  destructive: () => true,
  check,
};
