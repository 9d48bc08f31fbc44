import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

interface WireGroup {
  guid: string;
  name: string;
  type: string;
  membersCount: number;
  createdAt: number;
  updatedAt: number;
  conversationId: string;
  tags?: string[];
  hasJoined?: boolean;
  scope?: string;
  joinedAt?: number;
}

let fx: EmulatorFixture;
/** Every group of app 0, as the list answers with withTags=true. */
let all: WireGroup[];

async function list(params: Record<string, string | number | boolean>, headers: Record<string, string> = {}) {
  const reply = await fx.chat("/groups", params, headers);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { data: WireGroup[]; meta: { pagination: Record<string, number>; cursor: { updatedAt: number; affix: string } } };
}

/** Every page of a query, in order. */
async function listAll(params: Record<string, string | number | boolean>, headers: Record<string, string> = {}) {
  const groups: WireGroup[] = [];
  for (let page = 1; ; page++) {
    const body = await list({ ...params, perPage: 1000, page }, headers);
    groups.push(...body.data);
    if (page >= body.meta.pagination.total_pages!) return groups;
  }
}

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 2, groups: 1500, calls: 10, users: 90 } });
  all = await listAll({ withTags: true, sortBy: "guid" });
});
afterAll(() => fx.close());

describe("GET /groups envelope", () => {
  it("answers data with meta.pagination and meta.cursor, 100 a page by default", async () => {
    const body = await list({});
    expect(body.data).toHaveLength(100);
    expect(body.meta.pagination).toEqual({ total: 1500, count: 100, per_page: 100, current_page: 1, total_pages: 15 });
    expect(body.meta.cursor).toEqual({ updatedAt: expect.any(Number), affix: "append" });
  });

  it("sends the documented fields, conversationId derived from the guid, no nulls", () => {
    expect(all).toHaveLength(1500);
    for (const g of all) {
      expect(g).toMatchObject({ guid: expect.any(String), name: expect.any(String), membersCount: expect.any(Number), createdAt: expect.any(Number), updatedAt: expect.any(Number), owner: expect.any(String) });
      expect(g.conversationId).toBe(`group_${g.guid}`);
      expect(["public", "private", "protected"]).toContain(g.type);
      expect(Object.values(g)).not.toContain(null);
      expect(g.updatedAt).toBeGreaterThanOrEqual(g.createdAt);
      expect(g).not.toHaveProperty("hasJoined");
      expect(g).not.toHaveProperty("scope");
    }
    expect(new Set(all.map((g) => g.guid)).size).toBe(all.length);
  });

  it("carries varied and hostile names: CJK, right-to-left, emoji, escape sequences, controls", () => {
    const names = all.map((g) => g.name);
    expect(names.some((n) => /[\u4e00-\u9fff]/.test(n))).toBe(true);
    expect(names.some((n) => /[\u0590-\u06ff]/.test(n))).toBe(true);
    expect(names.some((n) => /\p{Extended_Pictographic}/u.test(n))).toBe(true);
    expect(names.some((n) => n.includes("\u001b["))).toBe(true);
    expect(names.some((n) => /[\u0000-\u0008\u007f-\u009f]/.test(n))).toBe(true);
    expect(new Set(all.map((g) => g.type))).toEqual(new Set(["public", "private", "protected"]));
  });
});

describe("paging by page number", () => {
  it("pages add up to the whole list, once each, with consistent arithmetic", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await list({ perPage: 400, page, sortBy: "guid" });
      expect(body.meta.pagination).toEqual({ total: 1500, count: page < 4 ? 400 : 300, per_page: 400, current_page: page, total_pages: 4 });
      seen.push(...body.data.map((g) => g.guid));
    }
    expect(seen).toEqual(all.map((g) => g.guid));
  });

  it("answers an empty page past the end", async () => {
    const body = await list({ perPage: 1000, page: 3 });
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toMatchObject({ total: 1500, count: 0, current_page: 3, total_pages: 2 });
  });

  it.each([["0"], ["1001"], ["ten"], ["-5"]])("refuses perPage=%s with ERR_BAD_REQUEST naming it", async (perPage) => {
    const reply = await fx.chat("/groups", { perPage });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe("ERR_BAD_REQUEST");
    expect(Object.keys(reply.body.error.details)).toEqual(["perPage"]);
  });

  it("accepts the maximum, 1000", async () => {
    expect((await list({ perPage: 1000 })).data).toHaveLength(1000);
  });
});

describe("sorting", () => {
  const asc = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

  it("defaults to newest first", async () => {
    const created = (await listAll({})).map((g) => g.createdAt);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it.each([
    ["name", (g: WireGroup) => g.name.toLowerCase()],
    ["guid", (g: WireGroup) => g.guid],
    ["createdAt", (g: WireGroup) => g.createdAt],
  ] as Array<[string, (g: WireGroup) => string | number]>)("sorts by %s both ways", async (sortBy, key) => {
    const up = (await listAll({ sortBy })).map(key);
    const down = (await listAll({ sortBy, sortOrder: "desc" })).map(key);
    expect(up).toEqual([...up].sort(asc));
    expect(down).toEqual([...down].sort((a, b) => asc(b, a)));
  });

  it("refuses an unknown sort field or order", async () => {
    const reply = await fx.chat("/groups", { sortBy: "members", sortOrder: "up" });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.error.details).sort()).toEqual(["sortBy", "sortOrder"]);
  });
});

describe("cursor paging (updatedAt + affix)", () => {
  async function walk(start: number, affix: "append" | "prepend", perPage: number, extra: Record<string, string | number> = {}) {
    const seen: WireGroup[] = [];
    let cursor = { updatedAt: start, affix };
    for (let step = 0; step < 10_000; step++) {
      const body = await list({ ...extra, updatedAt: cursor.updatedAt, affix: cursor.affix, perPage });
      if (body.data.length === 0) {
        expect(body.meta.cursor).toEqual(cursor);
        return seen;
      }
      seen.push(...body.data);
      cursor = body.meta.cursor as typeof cursor;
      expect(cursor.updatedAt).toBe(body.data[body.data.length - 1]!.updatedAt);
    }
    throw new Error("the cursor never reached the end");
  }

  it("append from the beginning visits every group exactly once, oldest update first", async () => {
    const seen = await walk(0, "append", 97);
    expect(seen.map((g) => g.guid).sort()).toEqual(all.map((g) => g.guid));
    const times = seen.map((g) => g.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("prepend from the future visits every group exactly once, newest update first", async () => {
    const seen = await walk(4_000_000_000, "prepend", 250);
    expect(seen.map((g) => g.guid).sort()).toEqual(all.map((g) => g.guid));
    const times = seen.map((g) => g.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("returns only groups after (or before) the instant, and combines with filters", async () => {
    const middle = [...all].sort((a, b) => a.updatedAt - b.updatedAt)[700]!.updatedAt;
    const after = await walk(middle, "append", 300, { type: "private" });
    const expected = all.filter((g) => g.updatedAt > middle && g.type === "private");
    expect(after.map((g) => g.guid).sort()).toEqual(expected.map((g) => g.guid).sort());
    const before = (await list({ updatedAt: middle, affix: "prepend", perPage: 1000 })).data;
    expect(before.every((g) => g.updatedAt < middle)).toBe(true);
    expect(before).toHaveLength(all.filter((g) => g.updatedAt < middle).length);
  });

  it("treats updatedAt without affix as append", async () => {
    const body = await list({ updatedAt: 0, perPage: 5 });
    expect(body.meta.cursor.affix).toBe("append");
    expect(body.meta.pagination.total).toBe(1500);
  });
});

describe("tags", () => {
  it("sends tags only with withTags=true, and only for groups that have them", async () => {
    const plain = await listAll({ sortBy: "guid" });
    expect(plain.some((g) => "tags" in g)).toBe(false);
    expect(all.some((g) => g.tags && g.tags.length > 0)).toBe(true);
    expect(all.some((g) => !("tags" in g))).toBe(true);
  });

  it("tags=a,b keeps the groups having any of them", async () => {
    const found = await listAll({ tags: "vip,beta", withTags: true });
    const expected = all.filter((g) => g.tags?.some((t) => t === "vip" || t === "beta"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((g) => g.guid).sort()).toEqual(expected.map((g) => g.guid).sort());
  });
});

describe("membership (onBehalfOf, hasJoined)", () => {
  const alice = { onBehalfOf: "alice" };

  it("adds hasJoined to every group, scope and joinedAt to joined ones", async () => {
    const groups = await listAll({}, alice);
    expect(groups).toHaveLength(1500);
    for (const g of groups) {
      expect(typeof g.hasJoined).toBe("boolean");
      if (g.hasJoined) {
        expect(["admin", "moderator", "participant"]).toContain(g.scope);
        expect(g.joinedAt).toBeGreaterThanOrEqual(g.createdAt);
      } else {
        expect(g).not.toHaveProperty("scope");
        expect(g).not.toHaveProperty("joinedAt");
      }
    }
  });

  it("hasJoined=true keeps exactly the user's groups, and agrees with the members list", async () => {
    const everything = await listAll({}, alice);
    const joined = await listAll({ hasJoined: true }, alice);
    expect(joined.length).toBeGreaterThan(0);
    expect(joined.map((g) => g.guid).sort()).toEqual(everything.filter((g) => g.hasJoined).map((g) => g.guid).sort());
    for (const g of joined.slice(0, 5)) {
      const members = await fx.chat(`/groups/${encodeURIComponent(g.guid)}/members`, { perPage: 1000 });
      const me = members.body.data.find((m: { uid: string }) => m.uid === "alice");
      expect(me).toMatchObject({ scope: g.scope, joinedAt: g.joinedAt });
    }
  });

  it("hasJoined=false removes the filter, and without onBehalfOf hasJoined is ignored", async () => {
    expect((await list({ hasJoined: false, perPage: 1 }, alice)).meta.pagination.total).toBe(1500);
    const anonymous = await list({ hasJoined: true, perPage: 5 });
    expect(anonymous.meta.pagination.total).toBe(1500);
    expect(anonymous.data[0]).not.toHaveProperty("hasJoined");
  });
});

describe("filters, each checked against every group returned", () => {
  const guids = (groups: WireGroup[]) => groups.map((g) => g.guid).sort();

  async function expectFilter(params: Record<string, string | number | boolean>, keep: (g: WireGroup) => boolean) {
    const found = await listAll({ ...params, withTags: true });
    const expected = all.filter(keep);
    expect(found.length, `nothing matched ${JSON.stringify(params)}: pick a better case`).toBeGreaterThan(0);
    expect(guids(found)).toEqual(guids(expected));
  }

  it("searchKey looks in name and guid, case-insensitively", async () => {
    await expectFilter({ searchKey: "TEAM" }, (g) => g.name.toLowerCase().includes("team") || g.guid.includes("team"));
  });

  it("searchIn narrows the search to name or guid", async () => {
    await expectFilter({ searchKey: "grp", searchIn: "guid" }, (g) => g.guid.includes("grp"));
    await expectFilter({ searchKey: "crew", searchIn: "name" }, (g) => g.name.toLowerCase().includes("crew"));
    await expectFilter({ searchKey: "1", searchIn: "name,guid" }, (g) => g.name.includes("1") || g.guid.includes("1"));
  });

  it("type, types, and password as a name for protected", async () => {
    await expectFilter({ type: "public" }, (g) => g.type === "public");
    await expectFilter({ type: "password" }, (g) => g.type === "protected");
    await expectFilter({ types: "private,protected" }, (g) => g.type !== "public");
  });

  it("guid and guids", async () => {
    const [a, b, c] = all;
    await expectFilter({ guid: a!.guid }, (g) => g.guid === a!.guid);
    await expectFilter({ guids: `${b!.guid},${c!.guid}` }, (g) => g.guid === b!.guid || g.guid === c!.guid);
  });

  it("createdAt[from] and [to], both inclusive", async () => {
    const sorted = [...all].sort((x, y) => x.createdAt - y.createdAt);
    const from = sorted[300]!.createdAt;
    const to = sorted[900]!.createdAt;
    await expectFilter({ "createdAt[from]": from }, (g) => g.createdAt >= from);
    await expectFilter({ "createdAt[to]": to }, (g) => g.createdAt <= to);
    await expectFilter({ "createdAt[from]": from, "createdAt[to]": to }, (g) => g.createdAt >= from && g.createdAt <= to);
  });

  it("updatedAt[from] and [to] leave out groups never updated", async () => {
    expect(all.some((g) => g.updatedAt === g.createdAt)).toBe(true);
    const sorted = [...all].sort((x, y) => x.updatedAt - y.updatedAt);
    const from = sorted[500]!.updatedAt;
    const to = sorted[1200]!.updatedAt;
    const updated = (g: WireGroup) => g.updatedAt !== g.createdAt;
    await expectFilter({ "updatedAt[from]": from }, (g) => updated(g) && g.updatedAt >= from);
    await expectFilter({ "updatedAt[to]": to }, (g) => updated(g) && g.updatedAt <= to);
    await expectFilter({ "updatedAt[from]": 0 }, updated);
  });

  it("membersCount with gte, lte, eq, gt, lt, and ranges", async () => {
    await expectFilter({ "membersCount[gte]": 40 }, (g) => g.membersCount >= 40);
    await expectFilter({ "membersCount[lte]": 3 }, (g) => g.membersCount <= 3);
    await expectFilter({ "membersCount[eq]": 1 }, (g) => g.membersCount === 1);
    await expectFilter({ "membersCount[gt]": 50 }, (g) => g.membersCount > 50);
    await expectFilter({ "membersCount[lt]": 2 }, (g) => g.membersCount < 2);
    await expectFilter({ "membersCount[gte]": 10, "membersCount[lte]": 50 }, (g) => g.membersCount >= 10 && g.membersCount <= 50);
    await expectFilter({ "membersCount[gt]": 5, "membersCount[lt]": 9 }, (g) => g.membersCount > 5 && g.membersCount < 9);
  });

  it.each([
    [{ "membersCount[gte]": "ten" }, "membersCount[gte]"],
    [{ "membersCount[between]": "1" }, "membersCount[between]"],
    [{ "createdAt[from]": "yesterday" }, "createdAt[from]"],
    [{ updatedAt: "soon" }, "updatedAt"],
    [{ affix: "middle" }, "affix"],
    [{ withTags: "maybe" }, "withTags"],
    [{ type: "secret" }, "type"],
    [{ types: "public,hidden" }, "types"],
    [{ searchIn: "email" }, "searchIn"],
    [{ page: "first" }, "page"],
  ])("refuses %j with ERR_BAD_REQUEST naming %s", async (params, name) => {
    const reply = await fx.chat("/groups", params);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", source: "chat-api" });
    expect(Object.keys(reply.body.error.details)).toEqual([name]);
    expect(reply.body.error.devMessage).toContain(name);
  });
});
