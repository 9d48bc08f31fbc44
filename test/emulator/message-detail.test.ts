import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/** One message, its thread and its reactions, as chat-apis.json answers them (its contradictions kept). */

let fx: EmulatorFixture;
let all: Array<Record<string, any>>;
beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 6, calls: 2, users: 10, messages: 1200 } });
  all = [];
  for (let id: string | undefined; ; ) {
    const page = await fx.chat("/messages", { limit: 1000, ...(id ? { id, affix: "prepend" } : {}) });
    all.push(...page.body.data);
    if (page.body.data.length < 1000) break;
    id = page.body.data[0].id;
  }
});
afterAll(() => fx?.close());

describe("GET /messages/{id}, /thread, /reactions", () => {
  it("answers one message as the lists do; an unknown id is ERR_MESSAGE_ID_NOT_FOUND", async () => {
    const m = all[7]!;
    expect((await fx.chat(`/messages/${m.id}`)).body.data).toEqual(m);
    const missing = await fx.chat("/messages/99999999");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("ERR_MESSAGE_ID_NOT_FOUND");
  });

  it("a thread: its replies oldest first, meta.current and meta.next{affix, sentAt, id} though it takes perPage", async () => {
    const parent = all.find((m) => (m.replyCount ?? 0) >= 2)!;
    const replies = all.filter((m) => m.parentId === parent.id).sort((a, b) => Number(a.id) - Number(b.id));
    const first = await fx.chat(`/messages/${parent.id}/thread`, { perPage: 1 });
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual([replies[0]!.id]);
    expect(first.body.meta).toEqual({ current: { limit: 1, count: 1 }, next: { affix: "append", sentAt: replies[0]!.sentAt, id: replies[0]!.id } });
    expect(replies.length).toBe(parent.replyCount);
    // page, its documented input, is the page it names, not the first again.
    const second = await fx.chat(`/messages/${parent.id}/thread`, { perPage: 1, page: 2 });
    expect(second.body.data.map((m: { id: string }) => m.id)).toEqual([replies[1]!.id]);
  });

  it("reactions: as many as the message's counts say, meta.next{affix, id} with no sentAt, one emoji's alone", async () => {
    const m = all.find((x) => (x.reactions?.length ?? 0) >= 2)!;
    const counted = (m.reactions as Array<{ count: number }>).reduce((n, r) => n + r.count, 0);
    const page = await fx.chat(`/messages/${m.id}/reactions`, { limit: 100 });
    expect(page.body.data).toHaveLength(counted);
    expect(Object.keys(page.body.meta.next).sort()).toEqual(["affix", "id"]);
    expect(page.body.data[0]).toMatchObject({ messageId: m.id, reactedBy: { uid: page.body.data[0].uid } });
    const emoji = m.reactions[0].reaction as string;
    const one = await fx.chat(`/messages/${m.id}/reactions/${encodeURIComponent(emoji)}`, { limit: 100 });
    expect(one.body.data.every((r: { reaction: string }) => r.reaction === emoji)).toBe(true);
    expect(one.body.data).toHaveLength(m.reactions[0].count);
  });
});
