import { type DocumentedWrite, type VerbInput, type VerbKey, type WriteItem, type WriteVerb, actingUser, arg, dataOf, documentedRead, documentedWrite, eachOf, fieldOf, isTrue } from "./verb.js";

/**
 * The writes on one message (chat-apis.json, Messages): its text edited, the
 * message deleted, a reaction added or removed. An edit reads the message
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

export const messageEdit: WriteVerb = {
  noun: "message", verb: "edit",
  description: "change a message's text, as its sender with --as UID (undo: the text it had)",
  args: [{ name: "id", description: "the message's id" }],
  flags: [{ flag: "text", value: "text", description: "its new text", required: true, field: "data.text" }],
  items: (input) => [{ label: String(input.args.id), input }],
  request: (item) => edit(item, String(item.input.flags.text)),
  // Its text, in the form, as the sender: only they may edit it.
  keys: [{ on: "messages", key: "e", footer: "edit", form: true, input: ({ row }) => ({ args: { id: fieldOf(row, "id") }, flags: { as: fieldOf(row, "sender") || undefined } }) }],
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
  keys: [{ on: "messages", key: "D", footer: "delete", input: ({ row }) => ({ args: { id: [fieldOf(row, "id")] }, flags: {} }) }],
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
  keys: (["messages", "reactions"] as const).map((on) => ({
    on, key: "+" as const, footer: "react", asks: { label: "react with: ", into: { arg: "reaction" } },
    input: ({ params, row, as }: Parameters<VerbKey["input"]>[0]) => {
      if (!as) return "who reacts? u chooses the user to act for";
      if (on === "messages" && !row) return "no message selected";
      return { args: { id: on === "messages" ? fieldOf(row, "id") : params[0] ?? "" }, flags: { as } };
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
