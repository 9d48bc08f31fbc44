import { type DocumentedWrite, type WriteItem, type WriteVerb, arg, documentedRead, documentedWrite, eachOf, fieldOf } from "./verb.js";

/**
 * Friendships (chat-apis.json, Friends): added with `accepted`, removed with
 * `friends`, both ways at once as the service keeps them. Each reads first
 * whether the two were friends, so that its undo changes only what it did.
 */

const FRIENDS = "/users/{uid}/friends";
const add = (uid: string, friend: string): DocumentedWrite => documentedWrite("POST", FRIENDS, { uid }, { body: { accepted: [friend] } });
const remove = (uid: string, friend: string): DocumentedWrite => documentedWrite("DELETE", FRIENDS, { uid }, { body: { friends: [friend] } });
const pairsOf = (input: Parameters<WriteVerb["items"]>[0]) => eachOf(input, "friend", (friend) => `${String(input.args.uid)}↔${friend}`);

/** The user's friends whose uid or name holds the friend's uid (the list's searchKey): the friend among them or not. */
const friendsBefore = (item: WriteItem) => documentedRead(FRIENDS, { uid: arg(item, "uid") }, { query: { searchKey: arg(item, "friend"), perPage: "1000" } });
const friends = (item: WriteItem, before: unknown) => {
  const list = (before as { data?: unknown } | null)?.data;
  return Array.isArray(list) && list.some((u) => (u as { uid?: unknown } | null)?.uid === arg(item, "friend"));
};

export const friendAdd: WriteVerb = {
  noun: "friend", verb: "add",
  description: "make users friends of a user, both ways (undo: remove them)",
  args: [{ name: "uid", description: "the user" }, { name: "friend", description: "their new friends", variadic: true }],
  items: pairsOf,
  request: (item) => add(arg(item, "uid"), arg(item, "friend")),
  keys: [{ on: "friends", key: "+", footer: "add", asks: { label: "add friends (uids): ", into: { arg: "friend", several: true } }, input: ({ params }) => ({ args: { uid: params[0] ?? "" }, flags: {} }) }],
  before: friendsBefore,
  inverse: (item, before) => (friends(item, before) ? undefined : remove(arg(item, "uid"), arg(item, "friend"))),
  check: (item) => `ccx friends ${arg(item, "uid")}`,
};

export const friendRemove: WriteVerb = {
  noun: "friend", verb: "remove",
  description: "end friendships of a user, both ways (undo: add them back)",
  args: [{ name: "uid", description: "the user" }, { name: "friend", description: "the friends to remove", variadic: true }],
  items: pairsOf,
  request: (item) => remove(arg(item, "uid"), arg(item, "friend")),
  keys: [{ on: "friends", key: "-", footer: "remove", input: ({ params, row }) => ({ args: { uid: params[0] ?? "", friend: [fieldOf(row, "uid")] }, flags: {} }) }],
  before: friendsBefore,
  inverse: (item, before) => (friends(item, before) ? add(arg(item, "uid"), arg(item, "friend")) : undefined),
  check: (item) => `ccx friends ${arg(item, "uid")}`,
};
