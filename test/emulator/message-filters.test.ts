import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";
import { type Params, type WireMessage, ids, walkMessages } from "./message-walk.js";

/**
 * The message lists' documented filters that need more than the message itself (who is mentioned,
 * who blocked whom, what was read or delivered), count=true, a documented parameter the emulator
 * does not implement, and call messages as the export's example has them.
 */

interface WireConversation { conversationId: string; conversationType: string; unreadMessageCount: string; conversationWith: { uid?: string; guid?: string } }
type Entity = { entity: Record<string, any>; entityType: string };

const SIZES = { apps: 1, groups: 50, calls: 5, users: 50, messages: 2500 };
let fx: EmulatorFixture;
/** Every message of the app, oldest first. */
let all: WireMessage[];
let uids: string[];

const walk = (path: string, params: Params = {}, headers: Record<string, string> = {}) => walkMessages(fx, path, params, headers);
const as = (uid: string) => ({ onBehalfOf: uid });
const mentions = (m: WireMessage, uid: string) => m.mentionedUsers?.some((u) => u.uid === uid) ?? false;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: SIZES });
  all = await walk("/messages");
  uids = (await fx.chat("/users", { perPage: 1000 })).body.data.map((u: { uid: string }) => u.uid);
});
afterAll(() => fx.close());

describe("filters of the message lists", () => {
  it("mentionedUids keeps the messages mentioning any of the uids", async () => {
    const [a, b] = [...new Set(all.flatMap((m) => m.mentionedUsers?.map((u) => u.uid) ?? []))];
    const got = await walk("/messages", { mentionedUids: `${a},${b}` });
    expect(got.length).toBeGreaterThan(0);
    expect(ids(got)).toEqual(ids(all.filter((m) => mentions(m, a!) || mentions(m, b!))));
  });

  it("myMentionsOnly keeps, in a group's list, the messages mentioning the onBehalfOf user", async () => {
    const mentioned = all.find((m) => m.receiverType === "group" && m.mentionedUsers !== undefined)!;
    const uid = mentioned.mentionedUsers![0]!.uid;
    const got = await walk(`/groups/${mentioned.receiver}/messages`, { myMentionsOnly: true }, as(uid));
    expect(ids(got)).toEqual(ids(all.filter((m) => m.conversationId === mentioned.conversationId && mentions(m, uid))));
  });

  it("hideMessagesFromBlockedUsers leaves out what the users the onBehalfOf user blocked sent", async () => {
    let checked = 0;
    for (const uid of uids) {
      const blocked = new Set(((await fx.chat(`/users/${uid}/blockedusers`)).body.data as Array<{ uid: string }>).map((u) => u.uid));
      if (blocked.size === 0) continue;
      const seen = await walk("/messages", {}, as(uid));
      if (!seen.some((m) => blocked.has(m.sender))) continue;
      expect(ids(await walk("/messages", { hideMessagesFromBlockedUsers: true }, as(uid)))).toEqual(ids(seen.filter((m) => !blocked.has(m.sender))));
      expect(ids(await walk("/messages", { hideMessagesFromBlockedUsers: false }, as(uid)))).toEqual(ids(seen));
      if (++checked === 3) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("undelivered: the newest of what the user has not read, in each conversation", async () => {
    let delivered = 0;
    let undelivered = 0;
    for (const uid of uids.slice(0, 10)) {
      const unread = await walk("/messages", { unread: true }, as(uid));
      const pending = await walk("/messages", { undelivered: true }, as(uid));
      for (const id of new Set(unread.map((m) => m.conversationId))) {
        const mine = ids(unread.filter((m) => m.conversationId === id));
        const late = ids(pending.filter((m) => m.conversationId === id));
        expect(late, `${uid} ${id}`).toEqual(mine.slice(mine.length - late.length));
        delivered += mine.length - late.length;
        undelivered += late.length;
      }
      expect(pending.every((m) => m.sender !== uid)).toBe(true);
    }
    expect(delivered).toBeGreaterThan(0);
    expect(undelivered).toBeGreaterThan(0);
  });

  it.each(["unread", "undelivered", "myMentionsOnly", "hideMessagesFromBlockedUsers", "count"])("%s=true without onBehalfOf → 400 naming onBehalfOf", async (name) => {
    const error = expectServiceError(await fx.chat("/messages", { [name]: true }), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(error.details!)).toEqual(["onBehalfOf"]);
  });
});

describe("count=true", () => {
  it("with unread=true answers each conversation's unread count, keyed by the other side, as the conversations list counts them", async () => {
    for (const uid of ["alice", "bob"]) {
      const reply = await fx.chat("/messages", { count: true, unread: true }, as(uid));
      expect(reply.status, reply.text).toBe(200);
      const conversations = (await fx.chat("/conversations", { perPage: 1000 }, as(uid))).body.data as WireConversation[];
      const unread = conversations.filter((c) => c.unreadMessageCount !== "0");
      const expected = { users: {} as Record<string, number>, groups: {} as Record<string, number> };
      for (const c of unread) {
        if (c.conversationType === "group") expected.groups[c.conversationWith.guid!] = Number(c.unreadMessageCount);
        else expected.users[c.conversationWith.uid!] = Number(c.unreadMessageCount);
      }
      expect(reply.body).toEqual({ data: expected });
      expect(unread.length).toBeGreaterThan(0);
    }
  });

  it("on a group's list counts what matches there alone", async () => {
    const group = all.find((m) => m.receiverType === "group")!;
    const reply = await fx.chat(`/groups/${group.receiver}/messages`, { count: true, category: "message" }, as(group.sender));
    expect(reply.body).toEqual({ data: { users: {}, groups: { [group.receiver]: all.filter((m) => m.conversationId === group.conversationId && m.category === "message").length } } });
  });
});

describe("a documented parameter the emulator does not implement", () => {
  it.each(["mentionsWithTagInfo", "mentionsWithBlockedInfo"])("%s answers ERR_BAD_REQUEST naming it, never the list as if it had not been asked", async (name) => {
    for (const path of ["/messages", `/groups/${all.find((m) => m.receiverType === "group")!.receiver}/messages`]) {
      const error = expectServiceError(await fx.chat(path, { [name]: true }, as("alice")), 400, "ERR_BAD_REQUEST");
      expect(error.details).toEqual({ [name]: [`The ${name} parameter is documented, but this emulator does not implement it: leave it out.`] });
    }
  });
});

describe("call messages", () => {
  it("carry by, on and for, the call's own data with both parties, its wsChannel, and startedAt once answered, as the export's example", () => {
    const calls = all.filter((m) => m.category === "call");
    expect(calls.length).toBeGreaterThan(10);
    for (const m of calls) {
      const { by, on, for: to } = m.data.entities as Record<string, Entity>;
      expect(by).toEqual(m.data.entities.sender);
      expect(to).toEqual(m.data.entities.receiver);
      expect(on!.entityType).toBe("call");
      const call = on!.entity;
      expect(call).toMatchObject({
        type: m.type, sender: m.sender, receiver: m.receiver, receiverType: m.receiverType, conversationId: m.conversationId,
        status: m.data.action, initiatedAt: expect.any(Number), data: { entities: { sender: by, receiver: to } },
      });
      expect(call.sessionid).toMatch(/^v1\./);
      expect(call.wsChannel).toEqual({ secret: expect.stringMatching(/^[0-9a-f]{40}$/), service: `${fx.app().appId}.call`, identity: `[${fx.app().appId}]${call.sessionid}` });
      if (call.status === "ended") expect(call.startedAt).toBe(call.joinedAt);
      else expect(call).not.toHaveProperty("startedAt");
    }
    expect(calls.some((m) => m.data.entities.on!.entity.startedAt !== undefined)).toBe(true);
    expect(calls.some((m) => m.receiverType === "group" && (m.data.entities as Record<string, Entity>).for!.entityType === "group")).toBe(true);
  });
});
