import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";
import { type Params, type WireMessage, ids, walkMessages } from "./message-walk.js";

interface ListBody { data: WireMessage[]; meta: { current: { limit: number; count: number }; next: { affix: string; sentAt?: number; id?: string } } }

const SIZES = { apps: 2, groups: 60, calls: 5, users: 50, messages: 2500 };
let fx: EmulatorFixture;
/** Every message of app 0, oldest first, with tags. */
let all: WireMessage[];

async function list(path: string, params: Params = {}, headers: Record<string, string> = {}): Promise<ListBody> {
  const reply = await fx.chat(path, params, headers);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

const walk = (path: string, params: Params = {}, headers: Record<string, string> = {}) => walkMessages(fx, path, params, headers);

/** The filtered list is exactly the reference messages that match, in order, and not empty. */
async function expectFilter(params: Params, keep: (m: WireMessage) => boolean) {
  const got = await walk("/messages", { ...params, withTags: true });
  expect(ids(got), JSON.stringify(params)).toEqual(ids(all.filter(keep)));
  expect(got.length, JSON.stringify(params)).toBeGreaterThan(0);
}

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: SIZES });
  all = await walk("/messages", { withTags: true });
});
afterAll(() => fx.close());

describe("GET /messages", () => {
  it("lists every message of the app once, ids counting up from 1, sentAt growing with them", () => {
    expect(ids(all)).toEqual(Array.from({ length: SIZES.messages }, (_, i) => String(i + 1)));
    for (let i = 1; i < all.length; i++) expect(all[i]!.sentAt).toBeGreaterThan(all[i - 1]!.sentAt);
  });

  it("answers the newest 10 without a limit or a cursor (the exports' default), oldest first, with meta.current and meta.next", async () => {
    const body = await list("/messages", { withTags: true });
    expect(body.data).toEqual(all.slice(-10));
    expect(body.meta).toEqual({ current: { limit: 10, count: 10 }, next: { affix: "prepend", sentAt: body.data[0]!.sentAt, id: body.data[0]!.id } });
  });

  it("sends the documented fields: entities for sender and receiver, attachments, actions, calls; no nulls", () => {
    const kinds = new Set(all.map((m) => `${m.category}/${m.type}`));
    for (const kind of ["message/text", "message/image", "message/file", "message/audio", "message/video", "action/groupMember", "call/audio", "call/video", "custom/location", "custom/poll"]) {
      expect(kinds).toContain(kind);
    }
    for (const m of all) {
      expect(JSON.stringify(m)).not.toContain("null");
      expect(m.data.entities.sender!.entity.uid).toBe(m.sender);
      expect(m.data.entities.receiver!.entityType).toBe(m.receiverType);
      expect(m.data.entities.receiver!.entity[m.receiverType === "group" ? "guid" : "uid"]).toBe(m.receiver);
      expect(m.updatedAt).toBeGreaterThanOrEqual(m.sentAt);
      if (m.receiverType === "group") expect(m.conversationId).toBe(`group_${m.receiver}`);
      else expect(m.conversationId).toBe([m.sender, m.receiver].sort().join("_user_"));
      if (m.deletedAt !== undefined) {
        expect(m).toMatchObject({ deletedAt: expect.any(Number), deletedBy: expect.any(String) });
        expect(Object.keys(m.data)).toEqual(["entities"]);
        continue;
      }
      if (m.category === "message" && m.type === "text") expect(m.data.text).toEqual(expect.any(String));
      if (m.category === "message" && m.type !== "text") {
        expect(m.data.attachments).toEqual([{ name: expect.any(String), extension: expect.any(String), mimeType: expect.any(String), size: expect.any(Number), url: expect.stringMatching(/^https:\/\//) }]);
      }
      if (m.category === "action") expect(m.receiverType).toBe("group");
      if (m.category === "call") expect((m.data.entities.on!.entity as { sessionid: string }).sessionid).toMatch(/^v1\./);
    }
    expect(all.some((m) => m.editedAt !== undefined && m.editedBy === m.sender)).toBe(true);
    expect(all.some((m) => m.deletedAt !== undefined)).toBe(true);
  });

  it("threads: replies carry parentId, parents the number of replies", () => {
    const replies = all.filter((m) => m.parentId !== undefined);
    expect(replies.length).toBeGreaterThan(5);
    const byId = new Map(all.map((m) => [m.id, m]));
    for (const parent of new Set(replies.map((m) => m.parentId!))) {
      expect(byId.get(parent)!.replyCount).toBe(replies.filter((m) => m.parentId === parent).length);
      expect(byId.get(parent)!.conversationId).toBe(replies.find((m) => m.parentId === parent)!.conversationId);
    }
  });
});

describe("filters", () => {
  const text = (m: WireMessage) => m.data.text ?? "";
  const attached = (m: WireMessage) => (m.data.attachments?.length ?? 0) > 0;

  it.each([
    ["searchKey, in any case", { searchKey: "STANDUP" }, (m: WireMessage) => text(m).toLowerCase().includes("standup")],
    ["searchKey in another script", { searchKey: "了解" }, (m: WireMessage) => text(m).includes("了解")],
    ["category", { category: "action" }, (m: WireMessage) => m.category === "action"],
    ["categories", { categories: "call,custom" }, (m: WireMessage) => ["call", "custom"].includes(m.category)],
    ["type", { type: "image" }, (m: WireMessage) => m.type === "image"],
    ["types", { types: "audio,video" }, (m: WireMessage) => ["audio", "video"].includes(m.type)],
    ["receiverType=group", { receiverType: "group" }, (m: WireMessage) => m.receiverType === "group"],
    ["receiverType=user", { receiverType: "user" }, (m: WireMessage) => m.receiverType === "user"],
    ["hasAttachments=true", { hasAttachments: true }, attached],
    ["hasAttachments=false", { hasAttachments: false }, (m: WireMessage) => !attached(m)],
    ["attachmentTypes", { attachmentTypes: "image,file" }, (m: WireMessage) => attached(m) && ["image", "file"].includes(m.type)],
    ["hasMentions=true", { hasMentions: true }, (m: WireMessage) => (m.mentionedUsers?.length ?? 0) > 0],
    ["hasMentions=false", { hasMentions: false }, (m: WireMessage) => m.mentionedUsers === undefined],
    ["hasLinks=true", { hasLinks: true }, (m: WireMessage) => /https?:\/\//.test(text(m))],
    ["hasLinks=false", { hasLinks: false }, (m: WireMessage) => !/https?:\/\//.test(text(m))],
    ["hasReactions=true", { hasReactions: true }, (m: WireMessage) => (m.reactions?.length ?? 0) > 0],
    ["hasReactions=false", { hasReactions: false }, (m: WireMessage) => m.reactions === undefined],
    ["hideDeleted", { hideDeleted: true }, (m: WireMessage) => m.deletedAt === undefined],
    ["onlyDeleted", { onlyDeleted: true }, (m: WireMessage) => m.deletedAt !== undefined],
    ["hideReplies", { hideReplies: true }, (m: WireMessage) => m.parentId === undefined],
    ["tags", { tags: "important,faq" }, (m: WireMessage) => (m.tags ?? []).some((t) => ["important", "faq"].includes(t))],
    ["several at once", { category: "message", hasAttachments: true, receiverType: "user", hideReplies: true }, (m: WireMessage) => m.category === "message" && attached(m) && m.receiverType === "user"],
  ] as Array<[string, Params, (m: WireMessage) => boolean]>)("%s", async (_name, params, keep) => {
    await expectFilter(params, keep);
  });

  it("sender, one or several", async () => {
    const [a, b] = [all[5]!.sender, all.find((m) => m.sender !== all[5]!.sender)!.sender];
    await expectFilter({ sender: a }, (m) => m.sender === a);
    await expectFilter({ sender: `${a},${b}` }, (m) => [a, b].includes(m.sender));
    expect((await list("/messages", { sender: "nobody-at-all" })).data).toEqual([]);
  });

  it("conversationId, of a group and of two users", async () => {
    for (const id of [all.find((m) => m.receiverType === "group")!.conversationId, all.find((m) => m.receiverType === "user")!.conversationId]) {
      await expectFilter({ conversationId: id }, (m) => m.conversationId === id);
    }
    expect((await list("/messages", { conversationId: "group_nope" })).data).toEqual([]);
  });

  it("fromTimestamp and toTimestamp bound sentAt, both included", async () => {
    const [from, to] = [all[700]!.sentAt, all[900]!.sentAt];
    await expectFilter({ fromTimestamp: from, toTimestamp: to }, (m) => m.sentAt >= from && m.sentAt <= to);
    expect((await walk("/messages", { fromTimestamp: from, toTimestamp: to })).length).toBe(201);
  });

  it("tags are sent only with withTags=true", async () => {
    expect(all.some((m) => m.tags !== undefined)).toBe(true);
    expect((await walk("/messages")).some((m) => m.tags !== undefined)).toBe(false);
  });

  it("with onBehalfOf the app's list is what that user takes part in", async () => {
    const uid = "alice";
    const joined = new Set((await fx.chat("/groups", { perPage: 1000, hasJoined: true }, { onBehalfOf: uid })).body.data.map((g: { guid: string }) => g.guid));
    const mine = (m: WireMessage) => (m.receiverType === "group" ? joined.has(m.receiver) : m.conversationId.split("_user_").includes(uid));
    const got = await walk("/messages", { withTags: true }, { onBehalfOf: uid });
    expect(ids(got)).toEqual(ids(all.filter(mine)));
    expect(got.some((m) => m.receiverType === "group") && got.some((m) => m.receiverType === "user")).toBe(true);
  });

  it.each([
    [{ limit: 0 }, "limit"], [{ limit: 1001 }, "limit"], [{ limit: "ten" }, "limit"], [{ affix: "sideways" }, "affix"], [{ id: -1 }, "id"],
    [{ sentAt: "yesterday" }, "sentAt"], [{ hasAttachments: "maybe" }, "hasAttachments"], [{ category: "note" }, "category"],
    [{ categories: "message,note" }, "categories"], [{ attachmentTypes: "pdf" }, "attachmentTypes"], [{ receiverType: "channel" }, "receiverType"],
    [{ fromTimestamp: "2026-01-01" }, "fromTimestamp"], [{ hideDeleted: true, onlyDeleted: true }, "onlyDeleted"], [{ unread: true }, "onBehalfOf"],
  ] as Array<[Params, string]>)("refuses %j with ERR_BAD_REQUEST naming %s", async (params, field) => {
    const error = expectServiceError(await fx.chat("/messages", params), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(error.details!)).toEqual([field]);
  });
});

describe("paging by id and time", () => {
  const longest = () => {
    const counts = new Map<string, number>();
    for (const m of all) if (m.receiverType === "group") counts.set(m.conversationId, (counts.get(m.conversationId) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };

  /** Walks a list page by page in one direction from a first cursor, deriving each next cursor from the items. */
  async function walkBy(path: string, key: "id" | "sentAt", affix: "append" | "prepend", first: Params, limit: number, headers: Record<string, string> = {}) {
    const seen: WireMessage[] = [];
    let cursor = first;
    for (let pages = 0; pages < 1000; pages++) {
      const reply = await fx.chat(path, { limit, affix, ...cursor }, headers);
      expect(reply.status, reply.text).toBe(200);
      const data = reply.body.data as WireMessage[];
      expect(data.length).toBeLessThanOrEqual(limit);
      for (let i = 1; i < data.length; i++) expect(Number(data[i]!.id)).toBeGreaterThan(Number(data[i - 1]!.id));
      if (data.length === 0) return seen;
      const edge = affix === "append" ? data[data.length - 1]! : data[0]!;
      if (affix === "append") seen.push(...data);
      else seen.unshift(...data);
      cursor = { [key]: key === "id" ? Number(edge.id) : edge.sentAt };
    }
    throw new Error("the walk did not end");
  }

  it("walks a whole group conversation both ways, by id and by sentAt, with no repeats and no gaps", async () => {
    const id = longest();
    const guid = id.slice("group_".length);
    const expected = ids(all.filter((m) => m.conversationId === id));
    expect(expected.length).toBeGreaterThan(50);
    const path = `/groups/${encodeURIComponent(guid)}/messages`;
    expect(ids(await walkBy(path, "id", "prepend", { id: Number(all[all.length - 1]!.id) + 1 }, 7))).toEqual(expected);
    expect(ids(await walkBy(path, "id", "append", { id: 0 }, 7))).toEqual(expected);
    expect(ids(await walkBy(path, "sentAt", "prepend", { sentAt: all[all.length - 1]!.sentAt + 1 }, 11))).toEqual(expected);
    expect(ids(await walkBy(path, "sentAt", "append", { sentAt: 0 }, 11))).toEqual(expected);
  });

  it("meta.next is the page's edge in the direction asked, and following it walks the same", async () => {
    const id = longest();
    const path = `/groups/${encodeURIComponent(id.slice("group_".length))}/messages`;
    const seen: WireMessage[] = [];
    let params: Params = { limit: 13 };
    for (;;) {
      const body = await list(path, params);
      seen.unshift(...body.data);
      expect(body.meta.current).toEqual({ limit: 13, count: body.data.length });
      if (body.data.length === 0) {
        // An empty page sends back the cursor it was given.
        expect(body.meta.next).toEqual({ affix: "prepend", id: params.id, sentAt: params.sentAt });
        break;
      }
      expect(body.meta.next).toEqual({ affix: "prepend", id: body.data[0]!.id, sentAt: body.data[0]!.sentAt });
      params = { limit: 13, affix: body.meta.next.affix, id: body.meta.next.id!, sentAt: body.meta.next.sentAt! };
    }
    expect(ids(seen)).toEqual(ids(all.filter((m) => m.conversationId === id)));
    const up = await list(path, { limit: 5, affix: "append", id: 0 });
    expect(up.meta.next).toEqual({ affix: "append", id: up.data[4]!.id, sentAt: up.data[4]!.sentAt });
  });

  it("walks the whole app list with small pages as it is listed whole", async () => {
    expect(ids(await walkBy("/messages", "id", "append", { id: 0 }, 250))).toEqual(ids(all));
  });

  it("the 1:1 path answers meta.pagination and meta.cursor with a numeric id; perPage is its limit", async () => {
    const id = all.find((m) => m.conversationId.startsWith("alice_user_"))!.conversationId;
    const peer = id.split("_user_").find((uid) => uid !== "alice")!;
    const expected = all.filter((m) => m.conversationId === id);
    const path = `/users/${peer}/messages`;
    const first = await fx.chat(path, { perPage: 9, withTags: true }, { onBehalfOf: "alice" });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual(expected.slice(-9));
    expect(first.body.meta).toEqual({
      pagination: { total: expected.length, count: 9, per_page: 9, current_page: 1, total_pages: Math.ceil(expected.length / 9) },
      cursor: { id: Number(expected[expected.length - 9]!.id), affix: "prepend" },
    });
    expect(ids(await walkBy(path, "id", "prepend", { id: 1_000_000 }, 9, { onBehalfOf: "alice" }))).toEqual(ids(expected));
    // The same conversation, seen from the other side.
    expect(ids(await walkBy("/users/alice/messages", "id", "append", { id: 0 }, 9, { onBehalfOf: peer }))).toEqual(ids(expected));
    const filtered = await fx.chat("/users/alice/messages", { perPage: 1000, hideDeleted: true }, { onBehalfOf: peer });
    expect(filtered.body.meta.pagination.total).toBe(expected.filter((m) => m.deletedAt === undefined).length);
    const error = expectServiceError(await fx.chat(path, { perPage: 0 }, { onBehalfOf: "alice" }), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(error.details!)).toEqual(["perPage"]);
  });

  it("a cursor given by both id and sentAt is the position (sentAt, id)", async () => {
    const at = all[1200]!;
    const after = await list("/messages", { affix: "append", id: Number(at.id), sentAt: at.sentAt, limit: 3 });
    expect(ids(after.data)).toEqual(ids(all.slice(1201, 1204)));
    const before = await list("/messages", { affix: "prepend", id: Number(at.id), sentAt: at.sentAt, limit: 3 });
    expect(ids(before.data)).toEqual(ids(all.slice(1197, 1200)));
  });
});

describe("errors of the group and 1:1 paths", () => {
  it("an unknown group → 404 ERR_GUID_NOT_FOUND", async () => {
    expectServiceError(await fx.chat("/groups/no-such-group/messages"), 404, "ERR_GUID_NOT_FOUND");
  });

  it("the 1:1 path needs a known uid (404 ERR_UID_NOT_FOUND)", async () => {
    expectServiceError(await fx.chat("/users/nobody-here/messages", {}, { onBehalfOf: "alice" }), 404, "ERR_UID_NOT_FOUND");
    expectServiceError(await fx.chat("/users/nobody-here/messages"), 404, "ERR_UID_NOT_FOUND");
  });
});

describe("page sizes and onBehalfOf, as the exports document them", () => {
  const oneToOne = (uid: string) => all.filter((m) => m.receiverType === "user" && m.conversationId.split("_user_").includes(uid));

  it("the group path answers the newest 10 without a limit", async () => {
    const id = all.find((m) => m.receiverType === "group")!.conversationId;
    const body = await list(`/groups/${id.slice("group_".length)}/messages`, { withTags: true });
    expect(body.data).toEqual(all.filter((m) => m.conversationId === id).slice(-10));
    expect(body.meta.current).toEqual({ limit: 10, count: 10 });
  });

  it("the 1:1 path with onBehalfOf answers the newest 10 of the two's conversation without a limit", async () => {
    const id = all.find((m) => m.conversationId.startsWith("alice_user_"))!.conversationId;
    const peer = id.split("_user_").find((uid) => uid !== "alice")!;
    const body = (await fx.chat(`/users/${peer}/messages`, { withTags: true }, { onBehalfOf: "alice" })).body;
    const conversation = all.filter((m) => m.conversationId === id);
    expect(conversation.length).toBeGreaterThan(10);
    expect(body.data).toEqual(conversation.slice(-10));
    expect(body.meta.pagination).toMatchObject({ total: conversation.length, per_page: 10 });
  });

  it("the 1:1 path without onBehalfOf answers 200: every 1:1 message the user sent or received, 100 a page (perPage's default)", async () => {
    const expected = oneToOne("alice");
    expect(expected.length).toBeGreaterThan(100);
    const first = await fx.chat("/users/alice/messages", { withTags: true });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual(expected.slice(-100));
    expect(first.body.meta).toEqual({
      pagination: { total: expected.length, count: 100, per_page: 100, current_page: 1, total_pages: Math.ceil(expected.length / 100) },
      cursor: { id: Number(expected[expected.length - 100]!.id), affix: "prepend" },
    });
    expect(ids(await walk("/users/alice/messages", { withTags: true }))).toEqual(ids(expected));
  });
});

describe("the same seed", () => {
  it("gives the same messages, another seed others", async () => {
    const twin = await emulatorFixture({ sizes: SIZES });
    const other = await emulatorFixture({ sizes: SIZES, seed: 2 });
    try {
      const page = async (f: EmulatorFixture) => (await f.chat("/messages", { limit: 1000, withTags: true })).body.data as WireMessage[];
      // The app ids, hence the URLs, are the seed's too.
      expect(await page(twin)).toEqual(all.slice(-1000));
      expect((await page(other)).map((m) => m.data.text)).not.toEqual(all.slice(-1000).map((m) => m.data.text));
    } finally {
      await twin.close();
      await other.close();
    }
  });
});
