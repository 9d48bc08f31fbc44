import { badInput } from "../api/errors.js";
import { textProblem } from "../api/messages.js";
import { formatTime } from "../text/format.js";
import { type DocumentedWrite, type VerbInput, type VerbKey, type WriteItem, type WriteVerb, actingUser, arg, dataOf, documentedRead, documentedWrite, eachOf, fieldOf, isTrue } from "./verb.js";

/**
 * The writes on one message (chat-apis.json, Messages): a text message sent
 * (undone by deleting it, by the id its answer gives), as a user, as a reply
 * in a thread or as a bot; its text edited, the message deleted, a reaction
 * added or removed. An edit reads the message
 * first, for the text it had; a reaction, whether the user had reacted so.
 */

const asOf = (item: WriteItem) => actingUser(item.input, undefined);
/** `/messages/{id}`, as the user acted for when one is given. */
const oneMessage = (item: WriteItem, method: "PUT" | "DELETE", body: unknown): DocumentedWrite => {
  const as = asOf(item);
  return documentedWrite(method, "/messages/{id}", { id: arg(item, "id") }, { body, ...(as === undefined ? {} : { as }) });
};
/** The message as the user acted for sees it: its text, and which reactions are theirs (reactedByMe). */
const messageBefore = (item: WriteItem) => documentedRead("/messages/{id}", { id: arg(item, "id") }, { as: asOf(item) });
const edit = (item: WriteItem, text: string) => oneMessage(item, "PUT", { data: { text } });

/** The lists of a conversation's messages (the explorer's threads): the app's, a group's, a 1:1's. */
const THREADS = ["messages", "group-messages", "user-messages"] as const;

export const messageEdit: WriteVerb = {
  noun: "message", verb: "edit",
  description: "change a message's text, as its sender with --as UID (undo: the text it had)",
  args: [{ name: "id", description: "the message's id" }],
  flags: [{ flag: "text", value: "text", description: "its new text", required: true, field: "data.text" }],
  items: (input) => [{ label: String(input.args.id), input }],
  request: (item) => edit(item, String(item.input.flags.text)),
  // Its text, in the form, as the sender: only they may edit it.
  keys: THREADS.map((on) => ({ on, key: "e", footer: "edit", form: true, input: ({ row }) => ({ args: { id: fieldOf(row, "id") }, flags: { as: fieldOf(row, "sender") || undefined } }) })),
  before: (item) => messageBefore(item),
  inverse: (item, before) => {
    const had = (dataOf(before)?.data as { text?: unknown } | undefined)?.text;
    return typeof had === "string" && had !== item.input.flags.text ? edit(item, had) : undefined;
  },
  check: (item) => `ccx message ${arg(item, "id")}`,
};

export const messageDelete: WriteVerb = {
  noun: "message", verb: "delete",
  description: "delete messages (--permanent: for good), as --as UID if given; the id (or, for several, their count) is typed back first",
  args: [{ name: "id", description: "the messages' ids", variadic: true }],
  flags: [{ flag: "permanent", description: "delete them for good: no trace left in the conversation" }],
  items: (input) => eachOf(input, "id"),
  selectable: "messages",
  request: (item) => oneMessage(item, "DELETE", { permanent: item.input.flags.permanent === true }),
  keys: THREADS.map((on) => ({ on, key: "D", footer: "delete", input: ({ row }) => ({ args: { id: [fieldOf(row, "id")] }, flags: {} }) })),
  irreversible: "a deleted message cannot be brought back",
  destructive: () => true,
  check: (item) => `ccx message ${arg(item, "id")}`,
};

const reactionItem = (input: VerbInput): WriteItem[] => [{ label: `${String(input.args.id)} ${String(input.args.reaction)} (${actingUser(input, "reacts")})`, input }];
const reaction = (item: WriteItem, method: "POST" | "DELETE"): DocumentedWrite =>
  documentedWrite(method, "/messages/{id}/reactions/{reaction}", { id: arg(item, "id"), reaction: arg(item, "reaction") }, { as: asOf(item)! });
const react = (item: WriteItem) => reaction(item, "POST");
const unreact = (item: WriteItem) => reaction(item, "DELETE");
const reacted = (item: WriteItem, before: unknown) => {
  const reactions = dataOf(before)?.reactions;
  return Array.isArray(reactions) && reactions.some((r) => (r as { reaction?: unknown; reactedByMe?: unknown } | null)?.reaction === arg(item, "reaction") && isTrue((r as { reactedByMe?: unknown }).reactedByMe));
};
const reactionArgs = [{ name: "id", description: "the message's id" }, { name: "reaction", description: "the reaction: an emoji, or a word" }] as const;

export const reactAdd: WriteVerb = {
  verb: "react",
  description: "react to a message, as the user of --as UID (undo: unreact)",
  args: reactionArgs,
  items: reactionItem,
  request: react,
  keys: ([...THREADS, "reactions"] as const).map((on) => ({
    on, key: "+" as const, footer: "react", asks: { label: "react with: ", into: { arg: "reaction" } },
    input: ({ params, row, as }: Parameters<VerbKey["input"]>[0]) => {
      if (!as) return "who reacts? u chooses the user to act for";
      if (on !== "reactions" && !row) return "no message selected";
      return { args: { id: on !== "reactions" ? fieldOf(row, "id") : params[0] ?? "" }, flags: { as } };
    },
  })),
  before: messageBefore,
  inverse: (item, before) => (reacted(item, before) ? undefined : unreact(item)),
  check: (item) => `ccx reactions ${arg(item, "id")}`,
};

export const reactRemove: WriteVerb = {
  verb: "unreact",
  description: "take back a reaction to a message, as the user of --as UID (undo: react)",
  args: reactionArgs,
  items: reactionItem,
  request: unreact,
  // The reaction under the cursor, taken back as the user who made it.
  keys: [{ on: "reactions", key: "-", footer: "unreact", input: ({ params, row }) => ({ args: { id: params[0] ?? "", reaction: fieldOf(row, "reaction") }, flags: { as: fieldOf(row, "uid") } }) }],
  before: messageBefore,
  inverse: (item, before) => (reacted(item, before) ? react(item) : undefined),
  check: (item) => `ccx reactions ${arg(item, "id")}`,
};

/** The text a test message sent from the explorer starts with, for the user to keep or change. */
export const TEST_MESSAGE = "test message from ccx";

/** The receiver of a send: --to UID or --group GUID, one of them. */
function receiverOf(input: VerbInput): { receiver: string; receiverType: "user" | "group" } {
  const { to, group } = input.flags;
  if ((typeof to === "string") === (typeof group === "string")) throw badInput("give the receiver: --to UID or --group GUID (one of them); nothing was sent");
  return typeof to === "string" ? { receiver: to, receiverType: "user" } : { receiver: String(group), receiverType: "group" };
}

/** The documented body of a text message to the receiver given, its text checked first. */
function textMessage(input: VerbInput) {
  const { receiver, receiverType } = receiverOf(input);
  const problem = textProblem(String(input.flags.text ?? ""));
  if (problem) throw badInput(`${problem}; nothing was sent`);
  return { receiver, receiverType, category: "message", type: "text", data: { text: String(input.flags.text) } };
}
const sendLabel = (input: VerbInput, sender: string) => {
  const { receiver, receiverType } = textMessage(input);
  return `${receiverType} ${receiver} (as ${sender})`;
};

/** A message sent: the line said, with its id, and its undo, deleting it by that id (as the user it was sent as, if one). */
function sentAnswer(item: WriteItem, answer: unknown, who: string) {
  const message = dataOf(answer);
  const id = message?.id;
  if (typeof id !== "string" && typeof id !== "number") return {};
  const { receiver, receiverType } = receiverOf(item.input);
  const at = typeof message?.sentAt === "number" ? ` at ${formatTime(message.sentAt)}` : "";
  return {
    said: `sent message ${id} ${who} to ${receiverType} ${receiver}${at}`,
    inverse: oneMessage({ ...item, input: { args: { id: String(id) }, flags: item.input.flags } }, "DELETE", { permanent: false }),
  };
}

const RECEIVER_FLAGS = [
  { flag: "to", value: "uid", description: "to this user" },
  { flag: "group", value: "guid", description: "to this group (the sender must be a member)" },
  { flag: "text", value: "text", description: "the text", required: true },
] as const;

/** m on a user, a group, or a thread: a message there, as the user acted for (a 1:1 thread's own side). */
const sendKey = (on: "user" | "users" | "group" | (typeof THREADS)[number]): VerbKey => ({
  on, key: "m", footer: "message",
  asks: { label: ({ flags }) => `message as ${String(flags.as)} to ${typeof flags.group === "string" ? `group ${flags.group}` : `user ${String(flags.to)}`}: `, into: { flag: "text" }, initial: TEST_MESSAGE },
  input: ({ params, row, as }) => {
    // A thread's params: a group's [guid], a 1:1's [uid, the side it is asked as]; the app's messages have no receiver.
    if (on === "messages") return "the app's messages have no one to send to: open a group's or a user's";
    if (on === "group-messages") return as ? { args: {}, flags: { group: params[0], as } } : "a message is sent as a user: u chooses whom to act for";
    if (on === "user-messages") return params[1] ? { args: {}, flags: { to: params[0], as: params[1] } } : "a message is sent as a user: u chooses whom to act for";
    if (!as) return "a message is sent as a user: u chooses whom to act for";
    if (!row) return `no ${on === "group" ? "group" : "user"} selected`;
    return on === "group" ? { args: {}, flags: { group: fieldOf(row, "guid"), as } } : { args: {}, flags: { to: fieldOf(row, "uid"), as } };
  },
});

export const messageSend: WriteVerb = {
  verb: "send",
  description: "send a text message as the --as user (POST /messages) to a user (--to) or a group (--group); undo deletes it, by the id its answer gave",
  args: [],
  flags: RECEIVER_FLAGS,
  items: (input) => {
    const { receiver, receiverType } = receiverOf(input);
    const as = actingUser(input, "sends it");
    textMessage(input);
    return [{ label: `${receiverType} ${receiver} (as ${as})`, input }];
  },
  request: (item) => documentedWrite("POST", "/messages", {}, { as: asOf(item)!, body: textMessage(item.input) }),
  answered: (item, answer) => sentAnswer(item, answer, `as ${asOf(item)}`),
  keys: [sendKey("user"), sendKey("users"), sendKey("group"), ...THREADS.map(sendKey)],
  // Said of an item given whole or not (an undo names the verb's check with no input).
  check: (item) => {
    const { to, group } = item.input.flags;
    return typeof group === "string" ? `ccx messages --group ${group}` : `ccx messages --as ${asOf(item) ?? "UID"} --user ${typeof to === "string" ? to : "UID"}`;
  },
};

export const messageReply: WriteVerb = {
  verb: "reply",
  description: "reply in a message's thread (POST /messages/{id}/thread) as the --as user, to its conversation: --to UID or --group GUID; undo deletes the reply",
  args: [{ name: "id", description: "the message replied to" }],
  flags: RECEIVER_FLAGS,
  items: (input) => [{ label: `${String(input.args.id)}: ${sendLabel(input, actingUser(input, "replies")!)}`, input }],
  request: (item) => documentedWrite("POST", "/messages/{id}/thread", { id: arg(item, "id") }, { as: actingUser(item.input, "replies")!, body: textMessage(item.input) }),
  answered: (item, answer) => sentAnswer(item, answer, `as ${asOf(item)} in the thread of ${arg(item, "id")}`),
  check: (item) => `ccx thread ${arg(item, "id")}`,
};

export const botSend: WriteVerb = {
  noun: "bot", verb: "send",
  description: "send a text message as a bot (POST /bots/{uid}/messages) to a user (--to) or a group (--group); undo deletes it",
  args: [{ name: "uid", description: "the bot's uid" }],
  flags: RECEIVER_FLAGS,
  items: (input) => [{ label: sendLabel(input, `bot ${String(input.args.uid)}`), input }],
  request: (item) => documentedWrite("POST", "/bots/{uid}/messages", { uid: arg(item, "uid") }, { body: textMessage(item.input) }),
  // Deleted with the API key alone: the bot is no user ccx acts for.
  answered: (item, answer) => sentAnswer({ ...item, input: { ...item.input, flags: { ...item.input.flags, as: undefined, onBehalfOf: undefined } } }, answer, `as bot ${arg(item, "uid")}`),
  check: (item) => {
    const { to, group } = item.input.flags;
    return typeof group === "string" ? `ccx messages --group ${group}` : `ccx messages --user ${typeof to === "string" ? to : "UID"}`;
  },
};
