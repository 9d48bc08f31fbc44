import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

interface WireUser {
  uid: string; name: string; role: string; status: string; tags?: string[]; deactivatedAt?: number; conversationId?: string; updatedAt: number;
  blockedByMe?: boolean; blockedByMeAt?: number; hasBlockedMe?: boolean; blockedAt?: number;
}
type Params = Record<string, string | number | boolean>;

const SIZES = { apps: 1, groups: 80, calls: 5, users: 90, messages: 300 };
let fx: EmulatorFixture;
/** Every user, deactivated ones too, with tags. */
let everyone: WireUser[];

async function users(params: Params = {}, headers: Record<string, string> = {}): Promise<{ data: WireUser[]; meta: { pagination: Record<string, number> } }> {
  const reply = await fx.chat("/users", { perPage: 1000, ...params }, headers);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}
const uidsOf = (us: WireUser[]) => us.map((u) => u.uid);

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: SIZES });
  everyone = (await users({ withDeactivated: true, withTags: true })).data;
});
afterAll(() => fx.close());

describe("GET /users, the notes' parameters", () => {
  it("hides deactivated users unless withDeactivated or onlyDeactivated", async () => {
    const deactivated = everyone.filter((u) => u.deactivatedAt !== undefined);
    expect(deactivated.length).toBeGreaterThan(0);
    const active = (await users()).data;
    expect(active).toHaveLength(SIZES.users);
    expect(uidsOf(active)).toEqual(uidsOf(everyone.filter((u) => u.deactivatedAt === undefined)));
    expect(uidsOf((await users({ onlyDeactivated: true })).data)).toEqual(uidsOf(deactivated));
    for (const u of deactivated) expect((await fx.chat(`/users/${u.uid}`)).body.data.deactivatedAt).toBe(u.deactivatedAt);
  });

  it("sends tags only with withTags=true, as the groups list does; GET /users/{uid} always", async () => {
    const tagged = everyone.find((u) => u.tags !== undefined)!;
    expect(tagged).toBeDefined();
    expect((await users()).data.some((u) => u.tags !== undefined)).toBe(false);
    expect((await fx.chat(`/users/${tagged.uid}`)).body.data.tags).toEqual(tagged.tags);
    const tag = tagged.tags![0]!;
    expect(uidsOf((await users({ tags: tag })).data)).toEqual(uidsOf(everyone.filter((u) => u.deactivatedAt === undefined && u.tags?.includes(tag))));
  });

  it("searchIn narrows searchKey to the name or the uid", async () => {
    const key = "ali";
    const match = (u: WireUser, field: "uid" | "name") => u[field].toLowerCase().includes(key);
    const active = everyone.filter((u) => u.deactivatedAt === undefined);
    expect(uidsOf((await users({ searchKey: key, searchIn: "uid" })).data)).toEqual(uidsOf(active.filter((u) => match(u, "uid"))));
    expect(uidsOf((await users({ searchKey: key, searchIn: "name" })).data)).toEqual(uidsOf(active.filter((u) => match(u, "name"))));
    expect(uidsOf((await users({ searchKey: key, searchIn: "name,uid" })).data)).toEqual(uidsOf(active.filter((u) => match(u, "uid") || match(u, "name"))));
    const error = expectServiceError(await fx.chat("/users", { searchIn: "email" }), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(error.details!)).toEqual(["searchIn"]);
  });

  it("role and roles", async () => {
    const active = everyone.filter((u) => u.deactivatedAt === undefined);
    expect(uidsOf((await users({ role: "agent" })).data)).toEqual(uidsOf(active.filter((u) => u.role === "agent")));
    const both = (await users({ roles: "agent,premium" })).data;
    expect(uidsOf(both)).toEqual(uidsOf(active.filter((u) => ["agent", "premium"].includes(u.role))));
    expect(new Set(both.map((u) => u.role))).toEqual(new Set(["agent", "premium"]));
  });

  it("count=true answers the numbers without the rows", async () => {
    const body = (await fx.chat("/users", { count: true, status: "available", perPage: 10 })).body;
    expect(body.data).toEqual([]);
    const available = everyone.filter((u) => u.deactivatedAt === undefined && u.status === "available").length;
    expect(body.meta.pagination).toEqual({ total: available, count: 0, per_page: 10, current_page: 1, total_pages: Math.ceil(available / 10) });
  });

  it.each([[{ onlyDeactivated: "yes" }, "onlyDeactivated"], [{ withDeactivated: 2 }, "withDeactivated"], [{ count: "all" }, "count"], [{ withTags: "on" }, "withTags"]] as Array<[Params, string]>)(
    "refuses %j naming %s", async (params, field) => {
      const error = expectServiceError(await fx.chat("/users", params), 400, "ERR_BAD_REQUEST");
      expect(Object.keys(error.details!)).toEqual([field]);
    });

  it("with onBehalfOf every other user carries conversationId and how the two stand on blocking", async () => {
    const me = "alice";
    const seen = (await users({}, { onBehalfOf: me })).data;
    const self = seen.find((u) => u.uid === me)!;
    expect(self).not.toHaveProperty("conversationId");
    expect(self).not.toHaveProperty("blockedByMe");
    const blocked = new Map(((await fx.chat(`/users/${me}/blockedusers`)).body.data as WireUser[]).map((u) => [u.uid, u]));
    for (const u of seen.filter((x) => x.uid !== me)) {
      expect(u.conversationId).toBe([me, u.uid].sort().join("_user_"));
      expect(u.blockedByMe).toBe(blocked.has(u.uid));
      if (u.blockedByMe) expect(u).toMatchObject({ blockedByMeAt: blocked.get(u.uid)!.blockedByMeAt, blockedAt: blocked.get(u.uid)!.blockedByMeAt });
      else expect(u).not.toHaveProperty("blockedByMeAt");
      const theirs = ((await fx.chat(`/users/${u.uid}/blockedusers`)).body.data as WireUser[]).find((x) => x.uid === me);
      expect(u.hasBlockedMe).toBe(theirs !== undefined);
      if (theirs && !u.blockedByMe) expect(u.blockedAt).toBe(theirs.blockedByMeAt);
      if (!theirs && !u.blockedByMe) expect(u).not.toHaveProperty("blockedAt");
    }
  });
});

describe("GET /users/{uid}/blockedusers", () => {
  it("lists the users blocked, oldest block first, pages, and is 404 for an unknown uid", async () => {
    const blockers: Array<[string, WireUser[]]> = [];
    for (const u of everyone) {
      const data = (await fx.chat(`/users/${u.uid}/blockedusers`)).body.data as WireUser[];
      if (data.length > 0) blockers.push([u.uid, data]);
    }
    expect(blockers.length).toBeGreaterThan(5);
    for (const [uid, data] of blockers) {
      expect(data.every((b) => b.uid !== uid && b.blockedByMe === true && typeof b.blockedByMeAt === "number")).toBe(true);
      for (let i = 1; i < data.length; i++) expect(data[i]!.blockedByMeAt!).toBeGreaterThanOrEqual(data[i - 1]!.blockedByMeAt!);
    }
    const [uid, data] = blockers.sort((a, b) => b[1].length - a[1].length)[0]!;
    const page2 = (await fx.chat(`/users/${uid}/blockedusers`, { perPage: 1, page: 2 })).body;
    expect(page2.data).toEqual([data[1]]);
    expect(page2.meta.pagination).toEqual({ total: data.length, count: 1, per_page: 1, current_page: 2, total_pages: data.length });
    expectServiceError(await fx.chat("/users/nobody-here/blockedusers"), 404, "ERR_UID_NOT_FOUND");
    expectServiceError(await fx.chat(`/users/${uid}/blockedusers`, { perPage: 1001 }), 400, "ERR_BAD_REQUEST");
  });
});

describe("GET /groups/{guid}/bannedusers", () => {
  it("lists a few non-members of some groups, pages, and is 404 for an unknown guid", async () => {
    const groups = (await fx.chat("/groups", { perPage: 1000 })).body.data as Array<{ guid: string }>;
    let banning = 0;
    for (const { guid } of groups) {
      const body = (await fx.chat(`/groups/${guid}/bannedusers`)).body;
      if (body.data.length === 0) continue;
      banning++;
      const members = new Set(((await fx.chat(`/groups/${guid}/members`, { perPage: 1000 })).body.data as WireUser[]).map((m) => m.uid));
      for (const u of body.data as WireUser[]) {
        expect(members.has(u.uid)).toBe(false);
        expect(everyone.find((x) => x.uid === u.uid)).toMatchObject({ uid: u.uid, name: u.name });
      }
      expect(body.meta.pagination).toMatchObject({ total: body.data.length, count: body.data.length, current_page: 1 });
      if (body.data.length > 1) expect((await fx.chat(`/groups/${guid}/bannedusers`, { perPage: 1, page: 2 })).body.data).toEqual([body.data[1]]);
    }
    expect(banning).toBeGreaterThan(5);
    expectServiceError(await fx.chat("/groups/no-such-group/bannedusers"), 404, "ERR_GUID_NOT_FOUND");
  });
});

describe("the cursor each list's documented example carries, and members' status", () => {
  it("GET /users: the page's last updatedAt as a top-level cursor, nothing in meta", async () => {
    const body = (await fx.chat("/users", { perPage: 7, page: 2 })).body;
    expect(body.cursor).toEqual({ updatedAt: body.data[6].updatedAt, affix: "append" });
    expect(body.meta).not.toHaveProperty("cursor");
  });

  it("GET /groups/{guid}/members: a top-level cursor too; status keeps the members with that status", async () => {
    const guid = (await fx.chat("/groups", { perPage: 1000, "membersCount[gte]": 10 })).body.data[0].guid as string;
    const members = (await fx.chat(`/groups/${guid}/members`, { perPage: 1000 })).body;
    expect(members.cursor).toEqual({ updatedAt: members.data.at(-1).updatedAt, affix: "append" });
    const statuses = new Set((members.data as WireUser[]).map((m) => m.status));
    expect(statuses).toEqual(new Set(["available", "offline"]));
    for (const status of statuses) {
      const kept = (await fx.chat(`/groups/${guid}/members`, { perPage: 1000, status })).body.data as WireUser[];
      expect(uidsOf(kept)).toEqual(uidsOf((members.data as WireUser[]).filter((m) => m.status === status)));
    }
    const error = expectServiceError(await fx.chat(`/groups/${guid}/members`, { status: "away" }), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(error.details!)).toEqual(["status"]);
  });

  it("GET /users/{uid}/blockedusers and /friends: the cursor in meta", async () => {
    let checked = 0;
    for (const kind of ["blockedusers", "friends"]) {
      for (const uid of uidsOf(everyone)) {
        const body = (await fx.chat(`/users/${uid}/${kind}`)).body;
        if (body.data.length === 0) continue;
        expect(body.meta.cursor, kind).toEqual({ updatedAt: body.data.at(-1).updatedAt, affix: "append" });
        expect(body).not.toHaveProperty("cursor");
        checked++;
        break;
      }
    }
    expect(checked).toBe(2);
  });
});
