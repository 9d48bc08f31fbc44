import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";
import { type Params, type WireMessage, ids, walkMessages } from "./message-walk.js";

interface WireConversation {
  conversationId: string; conversationType: "user" | "group"; unreadMessageCount: number | string; unreadMentionsCount: number;
  lastReadMessageId?: string; lastMessage: WireMessage; conversationWith: Record<string, any>; updatedAt: number; tags?: string[];
}

let fx: EmulatorFixture;
/** App 0's messages before any test sent one, oldest first. */
let seeded: WireMessage[];
/** The users of app 0. */
let uids: string[];

const walk = (path: string, params: Params = {}, headers: Record<string, string> = {}) => walkMessages(fx, path, params, headers);
const post = (body: unknown, onBehalfOf: string) => fx.send("POST", `${fx.base("api")}/messages`, { apikey: fx.app().fullAccessKey, onBehalfOf }, body);
const text = (receiver: string, receiverType: string, words: string) => ({ receiver, receiverType, type: "text", data: { text: words } });

async function conversations(uid: string, params: Params = {}): Promise<{ data: WireConversation[]; meta: { pagination: Record<string, number> } }> {
  const reply = await fx.chat("/conversations", { perPage: 1000, ...params }, { onBehalfOf: uid });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}
const conversationOf = async (uid: string, id: string) => (await conversations(uid)).data.find((c) => c.conversationId === id);

/** The uids and guids a user takes part with, as the other lists tell it. */
async function joinedGuids(uid: string): Promise<Set<string>> {
  const groups = await fx.chat("/groups", { perPage: 1000, hasJoined: true }, { onBehalfOf: uid });
  return new Set(groups.body.data.map((g: { guid: string }) => g.guid));
}

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 40, calls: 5, users: 40, messages: 2000 } });
  seeded = await walk("/messages");
  uids = (await fx.chat("/users", { perPage: 1000 })).body.data.map((u: { uid: string }) => u.uid);
});
afterAll(() => fx.close());

describe("GET /conversations", () => {
  it("without onBehalfOf answers the app's view: every user's conversations, by uid, each as that user's own list has it", async () => {
    const reply = await fx.chat("/conversations", { perPage: 1000 });
    expect(reply.status, reply.text).toBe(200);
    const rows = reply.body.data as WireConversation[];
    const expected: WireConversation[] = [];
    for (const uid of [...uids].sort()) expected.push(...(await conversations(uid)).data);
    expect(rows).toEqual(expected);
    expect(reply.body.meta.pagination).toMatchObject({ total: expected.length, count: expected.length });
    // A 1:1 conversation comes once for each side, each seeing the other.
    const pair = rows.find((c) => c.conversationType === "user")!;
    expect(rows.filter((c) => c.conversationId === pair.conversationId).map((c) => c.conversationWith.uid).sort()).toEqual(pair.conversationId.split("_user_"));
  });

  it("lists the user's groups with messages and 1:1 peers, newest first, each with its newest message", async () => {
    const joined = await joinedGuids("alice");
    const mine = seeded.filter((m) => (m.receiverType === "group" ? joined.has(m.receiver) : m.conversationId.split("_user_").includes("alice")));
    const { data, meta } = await conversations("alice");
    expect(new Set(data.map((c) => c.conversationId))).toEqual(new Set(mine.map((m) => m.conversationId)));
    expect(meta.pagination).toMatchObject({ total: data.length, count: data.length, current_page: 1 });
    for (let i = 1; i < data.length; i++) expect(data[i]!.updatedAt).toBeLessThanOrEqual(data[i - 1]!.updatedAt);
    for (const c of data) {
      const newest = mine.filter((m) => m.conversationId === c.conversationId).pop()!;
      expect(c.lastMessage).toEqual(newest);
      expect(c.updatedAt).toBe(newest.updatedAt);
      if (c.conversationType === "group") expect(c.conversationWith).toMatchObject({ guid: newest.receiver, hasJoined: true, conversationId: c.conversationId });
      else expect(c.conversationWith.uid).toBe(c.conversationId.split("_user_").find((u) => u !== "alice"));
      expect(c).not.toHaveProperty("tags");
    }
    expect(data.some((c) => c.conversationType === "user") && data.some((c) => c.conversationType === "group")).toBe(true);
  });

  it("counts unread messages after lastReadMessageId, not the user's own, and mentions among them; unread=true on the messages agrees", async () => {
    for (const uid of ["alice", "bob", "carol"]) {
      const { data } = await conversations(uid);
      const unread = await walk("/messages", { unread: true }, { onBehalfOf: uid });
      let total = 0;
      for (const c of data) {
        const after = Number(c.lastReadMessageId ?? 0);
        const expected = seeded.filter((m) => m.conversationId === c.conversationId && Number(m.id) > after);
        expect(expected.every((m) => m.sender !== uid), c.conversationId).toBe(true);
        expect(c.unreadMessageCount).toBe(String(expected.length));
        expect(c.unreadMentionsCount).toBe(expected.filter((m) => m.mentionedUsers?.some((u) => u.uid === uid)).length);
        expect(ids(unread.filter((m) => m.conversationId === c.conversationId))).toEqual(ids(expected));
        total += expected.length;
      }
      expect(unread).toHaveLength(total);
      expect(data.some((c) => c.unreadMessageCount === "0") && data.some((c) => Number(c.unreadMessageCount) > 0)).toBe(true);
    }
  });

  it("filters by conversationType, searchKey (the other side's name), unread", async () => {
    const { data } = await conversations("alice");
    for (const type of ["user", "group"]) {
      expect((await conversations("alice", { conversationType: type })).data).toEqual(data.filter((c) => c.conversationType === type));
    }
    const name = (c: WireConversation) => String(c.conversationWith.name).toLowerCase();
    const key = name(data[0]!).slice(1, 4);
    const found = (await conversations("alice", { searchKey: key.toUpperCase() })).data;
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(data.filter((c) => name(c).includes(key)));
    expect((await conversations("alice", { unread: true })).data).toEqual(data.filter((c) => Number(c.unreadMessageCount) > 0));
  });

  it("tags, withTags, userTags and groupTags; the other side's tags only with withUserAndGroupTags", async () => {
    let checked = 0;
    for (const uid of uids.slice(0, 12)) {
      const tagged = (await conversations(uid, { withTags: true, withUserAndGroupTags: true })).data;
      expect((await conversations(uid, { withTags: true })).data.some((c) => c.conversationWith.tags !== undefined)).toBe(false);
      expect((await conversations(uid, { withUserAndGroupTags: true })).data.some((c) => c.tags !== undefined)).toBe(false);
      for (const tag of new Set(tagged.flatMap((c) => c.tags ?? []))) {
        expect((await conversations(uid, { tags: tag, withTags: true, withUserAndGroupTags: true })).data).toEqual(tagged.filter((c) => c.tags?.includes(tag)));
        checked++;
      }
      for (const [param, type] of [["userTags", "user"], ["groupTags", "group"]] as const) {
        for (const tag of new Set(tagged.filter((c) => c.conversationType === type).flatMap((c) => c.conversationWith.tags ?? []))) {
          const got = (await conversations(uid, { [param]: tag, withTags: true, withUserAndGroupTags: true })).data;
          expect(got).toEqual(tagged.filter((c) => c.conversationType === type && c.conversationWith.tags?.includes(tag)));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("pages with perPage and page", async () => {
    const { data } = await conversations("alice");
    const pages: WireConversation[] = [];
    const total = Math.ceil(data.length / 3);
    for (let page = 1; page <= total; page++) {
      const body = await conversations("alice", { perPage: 3, page });
      expect(body.meta.pagination).toEqual({ total: data.length, count: body.data.length, per_page: 3, current_page: page, total_pages: total });
      pages.push(...body.data);
    }
    expect(pages).toEqual(data);
  });

  it.each([[{ conversationType: "channel" }, "conversationType"], [{ unread: "maybe" }, "unread"], [{ perPage: 0 }, "perPage"]] as Array<[Params, string]>)(
    "refuses %j with ERR_BAD_REQUEST naming %s", async (params, field) => {
      const error = expectServiceError(await fx.chat("/conversations", params, { onBehalfOf: "alice" }), 400, "ERR_BAD_REQUEST");
      expect(Object.keys(error.details!)).toEqual([field]);
    });
});

describe("POST /messages into the chat world", () => {
  it("a message to a new peer: a new id after the seeded ones, in every list, a conversation on both sides with the receiver's unread count up", async () => {
    const peers = new Set((await conversations("alice", { conversationType: "user" })).data.map((c) => c.conversationWith.uid));
    const peer = uids.find((u) => u !== "alice" && !peers.has(u))!;
    const newest = Number((await fx.chat("/messages", { limit: 1 })).body.data[0].id);
    const sent = await post(text(peer, "user", "First words"), "alice");
    expect(sent.status, sent.text).toBe(200);
    const message = sent.body.data as WireMessage;
    expect(message.id).toBe(String(newest + 1));
    expect(message.conversationId).toBe(["alice", peer].sort().join("_user_"));
    expect((await fx.chat("/messages", { limit: 1, withTags: true })).body.data).toEqual([message]);
    expect((await fx.chat(`/users/${peer}/messages`, { withTags: true }, { onBehalfOf: "alice" })).body.data).toEqual([message]);
    expect((await fx.chat("/users/alice/messages", { withTags: true }, { onBehalfOf: peer })).body.data).toEqual([message]);
    expect((await fx.chat("/messages", { conversationId: message.conversationId, withTags: true })).body.data).toEqual([message]);

    const mine = (await conversations("alice")).data[0]!;
    expect(mine).toMatchObject({ conversationId: message.conversationId, conversationType: "user", unreadMessageCount: "0", lastReadMessageId: message.id });
    expect(mine.lastMessage.id).toBe(message.id);
    const theirs = (await conversations(peer)).data[0]!;
    expect(theirs).toMatchObject({ conversationId: message.conversationId, unreadMessageCount: "1", conversationWith: { uid: "alice" } });
    expect(theirs).not.toHaveProperty("lastReadMessageId");

    const again = (await post(text(peer, "user", "Are you there?"), "alice")).body.data as WireMessage;
    expect(again.id).toBe(String(newest + 2));
    expect(again.sentAt).toBeGreaterThanOrEqual(message.sentAt);
    expect((await conversationOf(peer, message.conversationId))!.unreadMessageCount).toBe("2");
    // Answering reads the conversation.
    await post(text("alice", "user", "Yes!"), peer);
    expect((await conversationOf(peer, message.conversationId))!.unreadMessageCount).toBe("0");
    expect((await conversationOf("alice", message.conversationId))!.unreadMessageCount).toBe("1");
  });

  it("a message to a group: in the group's list, every member's unread count up but the sender's", async () => {
    const joined = (await conversations("alice", { conversationType: "group" })).data[0]!;
    const guid = joined.conversationWith.guid as string;
    const members = (await fx.chat(`/groups/${guid}/members`, { perPage: 1000 })).body.data.map((m: { uid: string }) => m.uid) as string[];
    const others = members.filter((u) => u !== "alice").slice(0, 3);
    const before = await Promise.all(others.map(async (u) => Number((await conversationOf(u, joined.conversationId))!.unreadMessageCount)));
    const sent = await post(text(guid, "group", "Hello, group"), "alice");
    expect(sent.status, sent.text).toBe(200);
    const message = sent.body.data as WireMessage;
    expect(message).toMatchObject({ conversationId: `group_${guid}`, receiverType: "group", receiver: guid, sender: "alice" });
    const groupList = (await fx.chat(`/groups/${guid}/messages`, { limit: 1, withTags: true })).body.data;
    expect(groupList).toEqual([message]);
    expect((await conversationOf("alice", joined.conversationId))).toMatchObject({ unreadMessageCount: "0", lastMessage: { id: message.id } });
    for (const [k, uid] of others.entries()) {
      const seen = (await conversationOf(uid, joined.conversationId))!;
      expect(seen.unreadMessageCount, uid).toBe(String(before[k]! + 1));
      expect(seen.lastMessage.id).toBe(message.id);
    }
  });

  it("a group the sender is not a member of → 404 ERR_NOT_A_MEMBER", async () => {
    const joined = await joinedGuids("alice");
    const all = (await fx.chat("/groups", { perPage: 1000 })).body.data.map((g: { guid: string }) => g.guid) as string[];
    const outside = all.find((g) => !joined.has(g))!;
    expectServiceError(await post(text(outside, "group", "let me in"), "alice"), 404, "ERR_NOT_A_MEMBER");
    expect((await fx.chat(`/groups/${outside}/messages`, { limit: 1000 })).body.data.some((m: WireMessage) => m.data.text === "let me in")).toBe(false);
  });

  it("refuses an empty text, a text over 65,000 characters, a message to oneself, an unknown category", async () => {
    for (const words of ["", "   \n"]) {
      const error = expectServiceError(await post(text("bob", "user", words), "alice"), 400, "ERR_BAD_REQUEST");
      expect(Object.keys(error.details!)).toEqual(["data.text"]);
    }
    const long = expectServiceError(await post(text("bob", "user", "a".repeat(65_001)), "alice"), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(long.details!)).toEqual(["data.text"]);
    // Characters, not UTF-16 units: 65,000 emoji fit.
    expect((await post(text("bob", "user", "😀".repeat(65_000)), "alice")).status).toBe(200);
    expect((await post(text("bob", "user", "a".repeat(65_000)), "alice")).status).toBe(200);
    const self = expectServiceError(await post(text("alice", "user", "note to self"), "alice"), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(self.details!)).toEqual(["receiver"]);
    const category = expectServiceError(await post({ ...text("bob", "user", "hi"), category: "action" }, "alice"), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(category.details!)).toEqual(["category"]);
  });

  it("what a sent message carries is found by the filters: attachments, links, mentions, tags, custom kinds", async () => {
    const image = { receiver: "bob", receiverType: "user", type: "image", data: { attachments: [{ name: "cat.png", extension: "png", mimeType: "image/png", size: 10, url: "https://x.example/cat.png" }] } };
    const sent = [
      (await post(image, "alice")).body.data as WireMessage,
      (await post(text("bob", "user", "see https://example.com/zqlink"), "alice")).body.data as WireMessage,
      (await post(text("bob", "user", "<@uid:bob> zqmention"), "alice")).body.data as WireMessage,
      (await post({ ...text("bob", "user", "zqtagged"), tags: ["zq-tag"] }, "alice")).body.data as WireMessage,
      (await post({ receiver: "bob", receiverType: "user", category: "custom", type: "location", data: { customData: { latitude: 1, longitude: 2 } } }, "alice")).body.data as WireMessage,
    ];
    const last = async (params: Params) => ids(await walk("/messages", { ...params, fromTimestamp: sent[0]!.sentAt }, { onBehalfOf: "alice" }));
    expect(await last({ hasAttachments: true, attachmentTypes: "image" })).toEqual([sent[0]!.id]);
    expect(await last({ hasLinks: true })).toEqual([sent[1]!.id]);
    expect(sent[2]!.mentionedUsers?.map((u) => u.uid)).toEqual(["bob"]);
    expect(await last({ hasMentions: true })).toEqual([sent[2]!.id]);
    expect(await last({ tags: "zq-tag" })).toEqual([sent[3]!.id]);
    expect(sent[3]!.tags).toEqual(["zq-tag"]);
    expect(await last({ category: "custom" })).toEqual([sent[4]!.id]);
    expect(sent[4]).toMatchObject({ category: "custom", type: "location", data: { customData: { latitude: 1, longitude: 2 } } });
  });
});

describe("variants", () => {
  it("unread-count-number: unreadMessageCount as a number, the same count as the default's string", async () => {
    const numbers = await emulatorFixture({ sizes: { apps: 1, groups: 40, calls: 5, users: 40, messages: 2000 }, variants: new Set(["unread-count-number"]) });
    try {
      const sent = (await numbers.chat("/conversations", { perPage: 1000 }, { onBehalfOf: "carol" })).body.data as WireConversation[];
      const plain = (await conversations("carol")).data;
      expect(sent.map((c) => c.unreadMessageCount)).toEqual(plain.map((c) => Number(c.unreadMessageCount)));
      expect(sent.some((c) => Number(c.unreadMessageCount) > 0) && sent.every((c) => typeof c.unreadMessageCount === "number")).toBe(true);
    } finally {
      await numbers.close();
    }
  });

  it("docs: unreadMessageCount as a string, null for what a message lacks, the 1:1 cursor id as a number, total and per_page kept", async () => {
    const docs = await emulatorFixture({ sizes: { apps: 1, groups: 40, calls: 5, users: 40, messages: 2000 }, variants: new Set(["docs"]) });
    try {
      const { data, meta } = (await docs.chat("/conversations", { perPage: 1000 }, { onBehalfOf: "alice" })).body;
      for (const c of data as WireConversation[]) expect(c.unreadMessageCount).toMatch(/^\d+$/);
      expect(meta.pagination).toMatchObject({ total: data.length, per_page: 1000 });
      const messages = (await docs.chat("/messages", { limit: 1000 })).body.data as WireMessage[];
      expect(messages.some((m) => m.editedAt === null && m.deletedAt === null)).toBe(true);
      expect(messages.some((m) => m.editedAt === undefined)).toBe(true);
      const peer = (await docs.chat("/users/bob/messages", { perPage: 5 }, { onBehalfOf: "alice" })).body;
      expect(peer.meta.cursor).toEqual({ id: Number(peer.data[0].id), affix: "prepend" });
    } finally {
      await docs.close();
    }
  });
});
