import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

let fx: EmulatorFixture;
const APPS = 28;

beforeAll(async () => {
  // More apps than one management page holds (25), each small.
  fx = await emulatorFixture({ sizes: { apps: APPS, groups: 20, calls: 20, users: 30 } });
});
afterAll(() => fx.close());

const get = (url: string, headers: Record<string, string> = {}) => fx.send("GET", url, headers);
const post = (url: string, headers: Record<string, string>, body?: unknown) => fx.send("POST", url, headers, body);
const firstUid = async () => (await fx.chat("/users", { perPage: 1 })).body.data[0].uid as string;

describe("the apikey header", () => {
  it("is accepted whatever the case of its name", async () => {
    for (const name of ["apikey", "APIKEY", "ApiKey", "apiKey"]) {
      const reply = await get(`${fx.base("api")}/groups`, { [name]: fx.app().fullAccessKey });
      expect(reply.status, `${name}: ${reply.text}`).toBe(200);
      expect(Array.isArray(reply.body.data)).toBe(true);
    }
    const calls = await get(`${fx.base("call")}/calls`, { APIKEY: fx.app().fullAccessKey });
    expect(calls.status, calls.text).toBe(200);
  });

  it("missing or empty → 401 AUTH_ERR_EMPTY_APIKEY", async () => {
    expectServiceError(await get(`${fx.base("api")}/groups`), 401, "AUTH_ERR_EMPTY_APIKEY");
    expectServiceError(await get(`${fx.base("api")}/groups`, { apikey: "" }), 401, "AUTH_ERR_EMPTY_APIKEY");
    expectServiceError(await get(`${fx.base("call")}/calls`), 401, "AUTH_ERR_EMPTY_APIKEY", "calls-api");
    expectServiceError(await post(`${fx.base("api")}/users`, {}, { uid: "nokey", name: "No Key" }), 401, "AUTH_ERR_EMPTY_APIKEY");
  });

  it("unknown → 401 AUTH_ERR_APIKEY_NOT_FOUND", async () => {
    const bogus = "0".repeat(40);
    expectServiceError(await get(`${fx.base("api")}/groups`, { apikey: bogus }), 401, "AUTH_ERR_APIKEY_NOT_FOUND");
    expectServiceError(await get(`${fx.base("call")}/calls`, { apikey: bogus }), 401, "AUTH_ERR_APIKEY_NOT_FOUND", "calls-api");
    // A key differing only in case is a different key.
    const upper = fx.app().fullAccessKey.toUpperCase();
    expect(upper).not.toBe(fx.app().fullAccessKey);
    expectServiceError(await get(`${fx.base("api")}/groups`, { apikey: upper }), 401, "AUTH_ERR_APIKEY_NOT_FOUND");
  });

  it("a key of another app is not found", async () => {
    for (const key of [fx.app(1).fullAccessKey, fx.app(1).authOnlyKey, fx.app(2).fullAccessKey]) {
      expectServiceError(await get(`${fx.base("api", 0)}/groups`, { apikey: key }), 401, "AUTH_ERR_APIKEY_NOT_FOUND");
      expectServiceError(await get(`${fx.base("call", 0)}/calls`, { apikey: key }), 401, "AUTH_ERR_APIKEY_NOT_FOUND", "calls-api");
    }
    // Each app's own key works on its own API.
    expect((await fx.chat("/groups", {}, {}, 1)).status).toBe(200);
    expect((await fx.calls("/calls", {}, {}, 2)).status).toBe(200);
  });
});

describe("the authOnly key", () => {
  const authOnly = () => ({ apikey: fx.app().authOnlyKey });

  it("is refused with 403 AUTH_ERR_NO_ACCESS on reads and on messages", async () => {
    expectServiceError(await get(`${fx.base("api")}/groups`, authOnly()), 403, "AUTH_ERR_NO_ACCESS");
    expectServiceError(await get(`${fx.base("api")}/users`, authOnly()), 403, "AUTH_ERR_NO_ACCESS");
    expectServiceError(await get(`${fx.base("api")}/apikeys`, authOnly()), 403, "AUTH_ERR_NO_ACCESS");
    expectServiceError(await get(`${fx.base("call")}/calls`, authOnly()), 403, "AUTH_ERR_NO_ACCESS", "calls-api");
    const uid = await firstUid();
    expectServiceError(
      await post(`${fx.base("api")}/messages`, { ...authOnly(), onBehalfOf: uid }, { receiver: uid, receiverType: "user", type: "text", data: { text: "hi" } }),
      403, "AUTH_ERR_NO_ACCESS");
  });

  it("may create users and auth tokens", async () => {
    const created = await post(`${fx.base("api")}/users`, authOnly(), { uid: "authonly-made", name: "Made With Auth Key" });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data).toMatchObject({ uid: "authonly-made", name: "Made With Auth Key" });
    const token = await post(`${fx.base("api")}/users/authonly-made/auth_tokens`, authOnly(), {});
    expect(token.status, token.text).toBe(200);
    expect(token.body.data).toMatchObject({ uid: "authonly-made", authToken: expect.any(String), createdAt: expect.any(Number) });
    // The user really exists for the fullAccess key afterwards.
    expect((await fx.chat("/users/authonly-made")).body.data.uid).toBe("authonly-made");
  });
});

describe("app, region, user and path resolution", () => {
  it("an app asked under a region it does not live in → 404 ERR_APP_NOT_FOUND", async () => {
    const app = fx.app(0);
    expect(app.region).toBe("us");
    for (const region of ["eu", "in"]) {
      expectServiceError(await get(`${fx.base("api", 0, region)}/groups`, { apikey: app.fullAccessKey }), 404, "ERR_APP_NOT_FOUND");
      expectServiceError(await get(`${fx.base("call", 0, region)}/calls`, { apikey: app.fullAccessKey }), 404, "ERR_APP_NOT_FOUND", "calls-api");
    }
    const unknown = `${fx.info.url}/ffffffffffffff.api-us/v3/groups`;
    expectServiceError(await get(unknown, { apikey: app.fullAccessKey }), 404, "ERR_APP_NOT_FOUND");
    // The same app under its own region, filled into the advertised template, answers.
    const url = fx.info.chatUrl.replace("{appId}", fx.app(1).appId).replace("{region}", fx.app(1).region);
    expect((await get(`${url}/groups`, { apikey: fx.app(1).fullAccessKey })).status).toBe(200);
  });

  it("onBehalfOf naming an unknown uid → 404 ERR_UID_NOT_FOUND", async () => {
    expectServiceError(await fx.chat("/groups", {}, { onBehalfOf: "no-such-user" }), 404, "ERR_UID_NOT_FOUND");
    expectServiceError(await fx.calls("/calls", {}, { ONBEHALFOF: "no-such-user" }), 404, "ERR_UID_NOT_FOUND", "calls-api");
    expect((await fx.chat("/groups", {}, { onBehalfOf: await firstUid() })).status).toBe(200);
  });

  it("an unknown path → 404 ERR_API_NOT_FOUND", async () => {
    expectServiceError(await fx.chat("/nothing-here"), 404, "ERR_API_NOT_FOUND");
    expectServiceError(await fx.chat("/groups/a/b/c"), 404, "ERR_API_NOT_FOUND");
    expectServiceError(await fx.calls("/groups"), 404, "ERR_API_NOT_FOUND", "calls-api");
    expectServiceError(await get(`${fx.info.url}/${fx.app().appId}.api-us/v2/groups`, { apikey: fx.app().fullAccessKey }), 404, "ERR_API_NOT_FOUND");
    expectServiceError(await get(`${fx.info.url}/elsewhere`), 404, "ERR_API_NOT_FOUND");
    expectServiceError(await post(`${fx.base("api")}/groups/x/members/y/z`, { apikey: fx.app().fullAccessKey }, {}), 404, "ERR_API_NOT_FOUND");
  });

  it("validation errors carry details naming the field", async () => {
    const error = expectServiceError(await fx.chat("/groups", { perPage: 0 }), 400, "ERR_BAD_REQUEST");
    expect(Object.keys(error.details!)).toEqual(["perPage"]);
    const calls = expectServiceError(await fx.calls("/calls", { perPage: "x" }), 400, "ERR_BAD_REQUEST", "calls-api");
    expect(calls.details).toHaveProperty("perPage");
  });
});

describe("the statuses option", () => {
  it("changes the HTTP status of a code, and of that code only", async () => {
    const other = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 5, users: 5 }, statuses: { AUTH_ERR_APIKEY_NOT_FOUND: 404, AUTH_ERR_EMPTY_APIKEY: 403 } });
    try {
      expectServiceError(await other.send("GET", `${other.base("api")}/groups`, { apikey: "nope" }), 404, "AUTH_ERR_APIKEY_NOT_FOUND");
      expectServiceError(await other.send("GET", `${other.base("call")}/calls`, {}), 403, "AUTH_ERR_EMPTY_APIKEY", "calls-api");
      expectServiceError(await other.chat("/groups", {}, { onBehalfOf: "nobody" }), 404, "ERR_UID_NOT_FOUND");
      expectServiceError(await other.chat("/groups", { perPage: -1 }), 400, "ERR_BAD_REQUEST");
    } finally {
      await other.close();
    }
  });
});

describe("management API", () => {
  const apps = (params = "", headers: Record<string, string> = { key: fx.info.management.key, secret: fx.info.management.secret }) =>
    get(`${fx.info.managementUrl}/apps${params}`, headers);
  const basic = (key: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}` });

  it("accepts the key and secret headers, and HTTP Basic auth", async () => {
    const { key, secret } = fx.info.management;
    const byHeaders = await apps();
    expect(byHeaders.status, byHeaders.text).toBe(200);
    const byBasic = await apps("", basic(key, secret));
    expect(byBasic.status, byBasic.text).toBe(200);
    expect(byBasic.body).toEqual(byHeaders.body);
    expect((await apps("", { KEY: key, Secret: secret })).status).toBe(200);
  });

  it("wrong or missing credentials → 401 AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS", async () => {
    const { key, secret } = fx.info.management;
    const code = "AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS";
    const attempts: Array<Record<string, string>> = [{}, { key }, { secret }, { key, secret: `${secret}x` }, { key: "mgmt_other", secret },
      basic(key, "wrong"), basic("", ""), { apikey: fx.app().fullAccessKey }];
    for (const headers of attempts) {
      expectServiceError(await apps("", headers), 401, code, "management-api");
    }
    expectServiceError(await get(`${fx.info.managementUrl}/nothing`, {}), 401, code, "management-api");
    expectServiceError(await get(`${fx.info.managementUrl}/nothing`, { key, secret }), 404, "ERR_API_NOT_FOUND", "management-api");
  });

  it("describes every app as info does, with its keys keyed by the key", async () => {
    const all = [...(await apps("?perPage=1000")).body.data];
    expect(all).toHaveLength(APPS);
    expect(all.map((a: { id: string }) => a.id)).toEqual(fx.info.apps.map((a) => a.appId));
    for (const [i, app] of all.entries()) {
      const expected = fx.info.apps[i]!;
      expect(Object.keys(app).sort()).toEqual(["accessKey", "apiKeys", "appOwner", "appRegion", "createdAt", "id", "name", "owner", "plan", "region", "state"]);
      expect(app).toMatchObject({ id: expected.appId, name: expected.name, region: expected.region, plan: expect.any(String), state: expect.any(String), createdAt: expect.any(Number) });
      expect(Object.keys(app.appOwner).sort()).toEqual(["email", "id", "name"]);
      expect(app.appRegion).toEqual({ id: expect.any(String), name: expect.any(String), description: expect.any(String) });
      expect(Object.keys(app.apiKeys).sort()).toEqual([expected.fullAccessKey, expected.authOnlyKey].sort());
      expect(app.apiKeys[expected.fullAccessKey]).toEqual({ apiKey: expected.fullAccessKey, name: expect.any(String), scope: "fullAccess", createdBy: expect.any(String) });
      expect(app.apiKeys[expected.authOnlyKey]).toEqual({ apiKey: expected.authOnlyKey, name: expect.any(String), scope: "authOnly", createdBy: expect.any(String) });
    }
    expect(new Set(all.map((a: { region: string }) => a.region))).toEqual(new Set(["us", "eu", "in"]));
  });

  it("pages 25 apps by default", async () => {
    const first = await apps();
    expect(first.body.data).toHaveLength(25);
    expect(first.body.meta.pagination).toEqual({ total: APPS, count: 25, per_page: 25, current_page: 1, total_pages: 2 });
    const second = await apps("?page=2");
    expect(second.body.meta.pagination).toEqual({ total: APPS, count: APPS - 25, per_page: 25, current_page: 2, total_pages: 2 });
    const ids = [...first.body.data, ...second.body.data].map((a: { id: string }) => a.id);
    expect(ids).toEqual(fx.info.apps.map((a) => a.appId));
    const small = await apps("?perPage=10&page=3");
    expect(small.body.data.map((a: { id: string }) => a.id)).toEqual(ids.slice(20, 28));
    expect((await apps("?page=4")).body.data).toEqual([]);
    expectServiceError(await apps("?perPage=1001"), 400, "ERR_BAD_REQUEST", "management-api");
  });

  it("searchKey finds apps by name (any case) or by appId", async () => {
    const byName = await apps("?searchKey=GLOBEX&perPage=1000");
    const expected = fx.info.apps.filter((a) => a.name.toLowerCase().includes("globex"));
    expect(expected.length).toBeGreaterThan(1);
    expect(byName.body.data.map((a: { id: string }) => a.id)).toEqual(expected.map((a) => a.appId));
    expect(byName.body.meta.pagination.total).toBe(expected.length);
    const target = fx.info.apps[17]!;
    expect((await apps(`?searchKey=${target.appId}`)).body.data.map((a: { id: string }) => a.id)).toEqual([target.appId]);
    expect((await apps("?searchKey=zzz-no-such-app")).body).toMatchObject({ data: [], meta: { pagination: { total: 0, count: 0 } } });
  });
});

describe("GET /apikeys on the chat API", () => {
  it("lists both keys of the app", async () => {
    for (const index of [0, 5]) {
      const app = fx.app(index);
      const reply = await fx.chat("/apikeys", {}, {}, index);
      expect(reply.status, reply.text).toBe(200);
      const keys = reply.body.data as Array<Record<string, unknown>>;
      expect(keys).toHaveLength(2);
      for (const k of keys) expect(k).toEqual({ apiKey: expect.any(String), name: expect.any(String), scope: expect.any(String), createdAt: expect.any(Number) });
      expect(Object.fromEntries(keys.map((k) => [k.scope, k.apiKey]))).toEqual({ fullAccess: app.fullAccessKey, authOnly: app.authOnlyKey });
    }
  });

  it("filters by scope", async () => {
    expect((await fx.chat("/apikeys", { scope: "authOnly" })).body.data.map((k: { apiKey: string }) => k.apiKey)).toEqual([fx.app().authOnlyKey]);
    expect((await fx.chat("/apikeys", { scope: "fullAccess" })).body.data.map((k: { apiKey: string }) => k.apiKey)).toEqual([fx.app().fullAccessKey]);
    const error = expectServiceError(await fx.chat("/apikeys", { scope: "admin" }), 400, "ERR_BAD_REQUEST");
    expect(error.details).toHaveProperty("scope");
  });
});
