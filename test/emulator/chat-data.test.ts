import { describe, expect, it } from "vitest";
import { bannedFrom, blockedBy } from "../../src/emulator/data/blocks.js";
import { generateWorld } from "../../src/emulator/data/generate.js";
import { isMember } from "../../src/emulator/data/members.js";
import { KIND, KINDS } from "../../src/emulator/data/message-store.js";
import { DEFAULT_NOW } from "../../src/emulator/options.js";

const sizes = { apps: 2, groups: 120, calls: 20, users: 60, messages: 4000 };
const DAY = 86_400;

describe("seeded messages", () => {
  it("are a pure function of the seed and the sizes", () => {
    const a = generateWorld(7, sizes, DEFAULT_NOW).apps[1]!;
    const b = generateWorld(7, sizes, DEFAULT_NOW).apps[1]!;
    expect(b.messages).toEqual(a.messages);
    const other = generateWorld(8, sizes, DEFAULT_NOW).apps[1]!;
    expect(other.messages.text.slice(0, 50)).not.toEqual(a.messages.text.slice(0, 50));
  });

  it("leave groups, users and calls as they were", () => {
    const a = generateWorld(7, sizes, DEFAULT_NOW).apps[0]!;
    const b = generateWorld(7, { ...sizes, messages: 10 }, DEFAULT_NOW).apps[0]!;
    expect(b.groups).toEqual(a.groups);
    expect(b.users).toEqual(a.users);
    expect(b.calls).toEqual(a.calls);
  });

  it("are sent one after another over the 120 days before the clock, and edited or deleted after", () => {
    const store = generateWorld(3, sizes, DEFAULT_NOW).apps[0]!.messages;
    expect(store.count).toBe(4000);
    for (let i = 0; i < store.count; i++) {
      expect(store.sentAt[i]).toBeGreaterThanOrEqual(DEFAULT_NOW - 120 * DAY);
      expect(store.sentAt[i]).toBeLessThan(DEFAULT_NOW);
      if (i > 0) expect(store.sentAt[i]).toBeGreaterThan(store.sentAt[i - 1]!);
      for (const at of [store.editedAt[i]!, store.deletedAt[i]!]) if (at > 0) expect(at > store.sentAt[i]! && at <= DEFAULT_NOW).toBe(true);
    }
  });

  it("come from members in groups and from one of the two users otherwise", () => {
    const app = generateWorld(4, sizes, DEFAULT_NOW).apps[1]!;
    const store = app.messages;
    const kinds = new Set<number>();
    for (let i = 0; i < store.count; i++) {
      const c = store.conversations[store.conversation[i]!]!;
      if (c.group >= 0) expect(isMember(app, app.groups[c.group]!, store.sender[i]!)).toBe(true);
      else expect([c.userA, c.userB]).toContain(store.sender[i]);
      if (c.group < 0) expect(store.kind[i]).not.toBe(KIND.groupMember);
      kinds.add(store.kind[i]!);
    }
    // Every seeded kind appears, and every conversation is one of the store's, in order.
    expect(kinds.size).toBe(KINDS.length);
    for (const c of store.conversations) {
      expect(c.messages.length).toBeGreaterThan(0);
      expect(c.seeded).toBe(c.messages.length);
      expect(c.messages.every((m, k) => store.conversation[m] === c.index && (k === 0 || m > c.messages[k - 1]!))).toBe(true);
    }
  });

  it("hold threads whose reply counts add up, within one conversation", () => {
    const store = generateWorld(5, sizes, DEFAULT_NOW).apps[0]!.messages;
    const replies = new Map<number, number>();
    for (let i = 0; i < store.count; i++) {
      const parent = store.parent[i]!;
      if (parent < 0) continue;
      expect(parent).toBeLessThan(i);
      expect(store.conversation[parent]).toBe(store.conversation[i]);
      replies.set(parent, (replies.get(parent) ?? 0) + 1);
    }
    expect(replies.size).toBeGreaterThan(10);
    for (let i = 0; i < store.count; i++) expect(store.replyCount[i]).toBe(replies.get(i) ?? 0);
  });

  it("generates 100,000 messages for an app", () => {
    const app = generateWorld(1, { apps: 1, groups: 2000, calls: 0, users: 500, messages: 100_000 }, DEFAULT_NOW).apps[0]!;
    const store = app.messages;
    expect(store.count).toBe(100_000);
    expect(store.conversations.reduce((n, c) => n + c.messages.length, 0)).toBe(100_000);
    let increasing = true;
    for (let i = 1; i < store.count; i++) increasing &&= store.sentAt[i]! > store.sentAt[i - 1]!;
    expect(increasing).toBe(true);
  });
});

describe("bans and blocks", () => {
  const app = generateWorld(6, sizes, DEFAULT_NOW).apps[0]!;

  it("ban only non-members, from some groups", () => {
    const banning = app.groups.filter((g) => bannedFrom(app, g).length > 0);
    expect(banning.length).toBeGreaterThan(10);
    for (const g of banning) for (const u of bannedFrom(app, g)) expect(isMember(app, g, u)).toBe(false);
  });

  it("block other active users, from some users", () => {
    const blocking = app.users.slice(0, app.seededUsers).map((_, u) => u).filter((u) => blockedBy(app, u).length > 0);
    expect(blocking.length).toBeGreaterThan(5);
    for (const u of blocking) {
      for (const b of blockedBy(app, u)) {
        expect(b.userIndex).not.toBe(u);
        expect(b.userIndex).toBeLessThan(app.seededUsers);
      }
    }
    // Deactivated users come after the active ones and block nobody.
    expect(app.users.length).toBeGreaterThan(app.seededUsers);
    for (let u = app.seededUsers; u < app.users.length; u++) {
      expect(app.users[u]!.deactivatedAt).toEqual(expect.any(Number));
      expect(blockedBy(app, u)).toEqual([]);
    }
  });
});
