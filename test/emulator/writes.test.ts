import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

interface WireUser { uid: string; name: string; status: string; role: string; createdAt: number; updatedAt: number }
interface WireGroup { guid: string; owner: string; membersCount: number; hasJoined?: boolean; scope?: string; joinedAt?: number }
interface WireMember extends WireUser { scope: string; joinedAt: number }

let fx: EmulatorFixture;
/** App 0 takes the writes; app 1 is only read, so its users stay as generated. */
let users1: WireUser[];
let groups1: WireGroup[];

const api = (path: string, index = 0) => `${fx.base("api", index)}${path}`;
const full = (index = 0) => ({ apikey: fx.app(index).fullAccessKey });
const post = (path: string, body: unknown, headers: Record<string, string> = {}, index = 0) =>
  fx.send("POST", api(path, index), { ...full(index), ...headers }, body);

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 2, groups: 40, calls: 5, users: 45 } });
  users1 = (await fx.chat("/users", { perPage: 1000 }, {}, 1)).body.data;
  groups1 = (await fx.chat("/groups", { perPage: 1000, withTags: true }, {}, 1)).body.data;
});
afterAll(() => fx.close());

describe("POST /users", () => {
  it("creates a user that can then be read and found", async () => {
    const before = (await fx.chat("/users", { perPage: 1 })).body.meta.pagination.total as number;
    const reply = await post("/users", { uid: "new-user_1", name: "New User", metadata: { team: "qa" } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({ uid: "new-user_1", name: "New User", metadata: { team: "qa" }, createdAt: expect.any(Number) });
    expect(Object.values(reply.body.data)).not.toContain(null);
    expect((await fx.chat("/users/new-user_1")).body).toEqual({ data: reply.body.data });
    expect((await fx.chat("/users", { perPage: 1 })).body.meta.pagination.total).toBe(before + 1);
    expect((await fx.chat("/users", { searchKey: "new-user_1" })).body.data.map((u: WireUser) => u.uid)).toEqual(["new-user_1"]);
    // Another app does not have it.
    expectServiceError(await fx.chat("/users/new-user_1", {}, {}, 1), 404, "ERR_UID_NOT_FOUND");
  });

  it("a uid that exists → 409 ERR_UID_ALREADY_EXISTS", async () => {
    expect((await post("/users", { uid: "dup", name: "First" })).status).toBe(200);
    expectServiceError(await post("/users", { uid: "dup", name: "Second" }), 409, "ERR_UID_ALREADY_EXISTS");
    expect((await fx.chat("/users/dup")).body.data.name).toBe("First");
    const seeded = users1[0]!.uid;
    expectServiceError(await post("/users", { uid: seeded, name: "Clash" }, {}, 1), 409, "ERR_UID_ALREADY_EXISTS");
  });

  it("an invalid body → 400 with details per field", async () => {
    const bad = expectServiceError(await post("/users", { uid: "has space", name: "" }), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(bad.details!).sort()).toEqual(["name", "uid"]);
    const empty = expectServiceError(await post("/users", {}), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(empty.details!).sort()).toEqual(["name", "uid"]);
    const json = expectServiceError(await post("/users", "{\"uid\": \"x\","), 400, "ERR_BAD_REQUEST");
    expect(json.details).toHaveProperty("body");
    expectServiceError(await post("/users", { uid: "ok-uid", name: "Ok", avatar: "not a url" }), 400, "ERR_BAD_REQUEST");
    expectServiceError(await fx.chat("/users/ok-uid"), 404, "ERR_UID_NOT_FOUND");
  });
});

describe("POST /users/{uid}/auth_tokens", () => {
  it("returns {data: {uid, authToken, createdAt}}, a fresh token each time", async () => {
    const uid = users1[3]!.uid;
    const first = await post(`/users/${uid}/auth_tokens`, {}, {}, 1);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ data: { uid, authToken: expect.any(String), createdAt: expect.any(Number) } });
    expect(first.body.data.authToken.length).toBeGreaterThan(16);
    expect(Math.abs(first.body.data.createdAt - Date.now() / 1000)).toBeLessThan(60);
    const second = await post(`/users/${uid}/auth_tokens`, { force: true }, {}, 1);
    expect(second.status).toBe(200);
    expect(second.body.data.authToken).not.toBe(first.body.data.authToken);
  });

  it("unknown uid → 404 ERR_UID_NOT_FOUND; a bad force → 400", async () => {
    expectServiceError(await post("/users/nobody-here/auth_tokens", {}), 404, "ERR_UID_NOT_FOUND");
    const error = expectServiceError(await post(`/users/${users1[0]!.uid}/auth_tokens`, { force: "yes" }, {}, 1), 400, "ERR_BAD_REQUEST");
    expect(error.details).toHaveProperty("force");
  });
});

describe("POST /messages", () => {
  const text = (receiver: string, receiverType = "user", body = "hello") => ({ receiver, receiverType, type: "text", data: { text: body } });

  it("sends a text to a user on behalf of the sender", async () => {
    const [a, b] = [users1[0]!.uid, users1[1]!.uid];
    const reply = await post("/messages", text(b, "user", "hi there"), { onBehalfOf: a }, 1);
    expect(reply.status, reply.text).toBe(200);
    const m = reply.body.data;
    expect(m).toMatchObject({ id: expect.any(String), conversationId: expect.any(String), sender: a, receiver: b, receiverType: "user",
      category: "message", type: "text", data: { text: "hi there" }, sentAt: expect.any(Number) });
    expect(Math.abs(m.sentAt - Date.now() / 1000)).toBeLessThan(60);
    expect(m.conversationId).toContain(a);
    expect(m.conversationId).toContain(b);
    const back = (await post("/messages", text(a, "user", "hi back"), { onBehalfOf: b }, 1)).body.data;
    expect(back.conversationId).toBe(m.conversationId);
    expect(back.id).not.toBe(m.id);
  });

  it("sends to a group the sender belongs to, not to one they do not", async () => {
    const sender = users1[2]!.uid;
    const seen = (await fx.chat("/groups", { perPage: 1000 }, { onBehalfOf: sender }, 1)).body.data as WireGroup[];
    const joined = seen.find((g) => g.hasJoined)!;
    const outside = seen.find((g) => g.hasJoined === false)!;
    expect(joined && outside).toBeTruthy();
    const ok = await post("/messages", text(joined.guid, "group"), { onBehalfOf: sender }, 1);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toMatchObject({ sender, receiver: joined.guid, receiverType: "group", conversationId: `group_${joined.guid}` });
    expectServiceError(await post("/messages", text(outside.guid, "group"), { onBehalfOf: sender }, 1), 404, "ERR_NOT_A_MEMBER");
  });

  it("rejects what cannot be sent", async () => {
    const [a, b] = [users1[0]!.uid, users1[1]!.uid];
    const noSender = expectServiceError(await post("/messages", text(b), {}, 1), 400, "ERR_BAD_REQUEST");
    expect(noSender.details).toHaveProperty("onBehalfOf");
    expectServiceError(await post("/messages", text(b), { onBehalfOf: "ghost" }, 1), 404, "ERR_UID_NOT_FOUND");
    expectServiceError(await post("/messages", text("ghost"), { onBehalfOf: a }, 1), 404, "ERR_UID_NOT_FOUND");
    expectServiceError(await post("/messages", text("no-such-group", "group"), { onBehalfOf: a }, 1), 404, "ERR_GUID_NOT_FOUND");
    // A group's guid is not a user's uid.
    expectServiceError(await post("/messages", text(groups1[0]!.guid, "user"), { onBehalfOf: a }, 1), 404, "ERR_UID_NOT_FOUND");
    const json = expectServiceError(await post("/messages", "{not json", { onBehalfOf: a }, 1), 400, "ERR_BAD_REQUEST");
    expect(json.details).toHaveProperty("body");
    const kind = expectServiceError(await post("/messages", text(b, "channel"), { onBehalfOf: a }, 1), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(kind.details!)).toEqual(["receiverType"]);
    const missing = expectServiceError(await post("/messages", { receiver: b, receiverType: "user", type: "text", data: {} }, { onBehalfOf: a }, 1), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(missing.details!)).toEqual(["data.text"]);
  });
});

describe("GET /users", () => {
  it("pages through every user once", async () => {
    expect(users1).toHaveLength(45);
    const seen: WireUser[] = [];
    for (let page = 1; page <= 7; page++) {
      const body = (await fx.chat("/users", { perPage: 7, page }, {}, 1)).body;
      expect(body.meta.pagination).toEqual({ total: 45, count: page < 7 ? 7 : 3, per_page: 7, current_page: page, total_pages: 7 });
      seen.push(...body.data);
    }
    expect(seen).toEqual(users1);
    expect(new Set(seen.map((u) => u.uid)).size).toBe(45);
    expect((await fx.chat("/users", {}, {}, 1)).body.meta.pagination).toMatchObject({ per_page: 100, count: 45, total_pages: 1 });
    for (const u of users1) {
      expect(u).toMatchObject({ uid: expect.any(String), name: expect.any(String), role: expect.any(String), createdAt: expect.any(Number) });
      expect(["available", "offline"]).toContain(u.status);
    }
  });

  it("searchKey matches uid or name, in any case", async () => {
    const key = users1[5]!.name.slice(0, 3);
    const body = (await fx.chat("/users", { searchKey: key.toUpperCase(), perPage: 1000 }, {}, 1)).body;
    const match = (u: WireUser) => u.uid.toLowerCase().includes(key.toLowerCase()) || u.name.toLowerCase().includes(key.toLowerCase());
    expect(body.data.length).toBeGreaterThan(0);
    for (const u of body.data) expect(match(u), u.uid).toBe(true);
    expect(body.data).toEqual(users1.filter(match));
    expect(body.meta.pagination.total).toBe(body.data.length);
    expect((await fx.chat("/users", { searchKey: "zzqx-none" }, {}, 1)).body.data).toEqual([]);
    expectServiceError(await fx.chat("/users", { perPage: 0 }, {}, 1), 400, "ERR_BAD_REQUEST");
  });

  it("GET /users/{uid} answers {data: user} as the list does with withTags; unknown → 404 ERR_UID_NOT_FOUND", async () => {
    const tagged = (await fx.chat("/users", { perPage: 1000, withTags: true }, {}, 1)).body.data as WireUser[];
    for (const u of [tagged[0]!, tagged[44]!]) expect((await fx.chat(`/users/${encodeURIComponent(u.uid)}`, {}, {}, 1)).body).toEqual({ data: u });
    expectServiceError(await fx.chat("/users/not-a-user", {}, {}, 1), 404, "ERR_UID_NOT_FOUND");
  });
});

describe("GET /groups/{guid} and its members", () => {
  const big = () => groups1.filter((g) => g.membersCount >= 10).sort((a, b) => b.membersCount - a.membersCount)[0]!;
  async function members(guid: string, params: Record<string, string | number> = {}) {
    const reply = await fx.chat(`/groups/${encodeURIComponent(guid)}/members`, params, {}, 1);
    expect(reply.status, reply.text).toBe(200);
    return reply.body as { data: WireMember[]; meta: { pagination: Record<string, number> } };
  }

  it("GET /groups/{guid} answers {data: group} as the list shows it", async () => {
    for (const g of groups1.slice(0, 8)) {
      const reply = await fx.chat(`/groups/${encodeURIComponent(g.guid)}`, {}, {}, 1);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toEqual({ data: g });
    }
    expectServiceError(await fx.chat("/groups/no-such-guid", {}, {}, 1), 404, "ERR_GUID_NOT_FOUND");
    expectServiceError(await fx.chat("/groups/no-such-guid/members", {}, {}, 1), 404, "ERR_GUID_NOT_FOUND");
  });

  it("members page; their number is membersCount; the owner is an admin member", async () => {
    const group = big();
    const all: WireMember[] = [];
    const pages = Math.ceil(group.membersCount / 4);
    for (let page = 1; page <= pages; page++) {
      const body = await members(group.guid, { perPage: 4, page });
      expect(body.meta.pagination).toMatchObject({ total: group.membersCount, per_page: 4, current_page: page, total_pages: pages });
      all.push(...body.data);
    }
    expect(all).toHaveLength(group.membersCount);
    expect(new Set(all.map((m) => m.uid)).size).toBe(group.membersCount);
    expect(all.find((m) => m.uid === group.owner)?.scope).toBe("admin");
    for (const m of all) {
      expect(["admin", "moderator", "participant"]).toContain(m.scope);
      expect(m.joinedAt).toEqual(expect.any(Number));
      expect(users1.some((u) => u.uid === m.uid)).toBe(true);
    }
    for (const g of groups1.slice(0, 10)) expect((await members(g.guid)).meta.pagination.total).toBe(g.membersCount);
  });

  it("scopes=admin keeps only admins; members see themselves as joined", async () => {
    const group = big();
    const everyone = (await members(group.guid, { perPage: 1000 })).data;
    const admins = await members(group.guid, { scopes: "admin", perPage: 1000 });
    expect(admins.data.length).toBeGreaterThan(0);
    for (const m of admins.data) expect(m.scope).toBe("admin");
    expect(admins.data.map((m) => m.uid)).toContain(group.owner);
    expect(admins.data).toEqual(everyone.filter((m) => m.scope === "admin"));
    expect(admins.meta.pagination.total).toBe(admins.data.length);
    const two = await members(group.guid, { scopes: "admin,moderator", perPage: 1000 });
    expect(two.data).toEqual(everyone.filter((m) => m.scope !== "participant"));
    const error = expectServiceError(await fx.chat(`/groups/${group.guid}/members`, { scopes: "owner" }, {}, 1), 400, "ERR_BAD_REQUEST");
    expect(error.details).toHaveProperty("scopes");

    const member = everyone[everyone.length - 1]!;
    const view = (await fx.chat(`/groups/${group.guid}`, {}, { onBehalfOf: member.uid }, 1)).body.data as WireGroup;
    expect(view).toMatchObject({ hasJoined: true, scope: member.scope, joinedAt: member.joinedAt });
    const outsider = users1.find((u) => !everyone.some((m) => m.uid === u.uid));
    if (outsider) expect((await fx.chat(`/groups/${group.guid}`, {}, { onBehalfOf: outsider.uid }, 1)).body.data.hasJoined).toBe(false);
  });
});
