import { describe, expect, it } from "vitest";
import { prepareCall, shownHeaders } from "../../src/api/api-call.js";
import { maskAnswerSecrets } from "../../src/api/answer-secrets.js";
import { ENDPOINTS, findEndpoint, operationCounts } from "../../src/api/endpoints.js";

const app = { appId: "app1", region: "eu" as const, apiKey: "k".repeat(40), chatUrl: "https://{appId}.api-{region}.example.test/v3", callsUrl: "https://{appId}.call-{region}.example.test/v3" };
const management = { url: "https://mgmt.example.test", key: "mkey", secret: "msecret" };

describe("the endpoint catalogue", () => {
  it("holds every group the exports document, each path once, every list with its paging", () => {
    const groups = new Set(ENDPOINTS.map((e) => e.group));
    for (const group of ["API Keys", "Users", "Groups", "Messages", "Conversations", "Auth Tokens", "Group Members", "Banned Users", "Friends", "Blocked Users", "Roles",
      "Restrict Features", "RBAC", "Metrics", "Notifications", "Moderation", "Calls", "App", "Extensions", "Team Management", "Settings", "Webhooks", "Tenants"]) {
      expect(groups, group).toContain(group);
    }
    const keys = ENDPOINTS.map((e) => `${e.host} ${e.auth} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const paged = (q: string) => ["page", "perPage", "limit", "logId"].includes(q);
    for (const e of ENDPOINTS) if (e.methods.includes("GET") && e.query?.some(paged)) expect(e.paging, e.path).toBeDefined();
    const { operations, reads } = operationCounts();
    expect(operations).toBeGreaterThan(180);
    expect(reads).toBeGreaterThan(80);
  });

  it("finds a path's operation: a literal segment outranks a parameter, the method breaks ties", () => {
    expect(findEndpoint("/users/alice")?.path).toBe("/users/{uid}");
    expect(findEndpoint("/users/alice/messages")?.path).toBe("/users/{uid}/messages");
    expect(findEndpoint("/moderation/flagged-messages")?.path).toBe("/moderation/flagged-messages");
    expect(findEndpoint("/apps/{appId}/webhooks/w1/triggers")?.path).toBe("/apps/{appId}/webhooks/{webhookId}/triggers");
    expect(findEndpoint("/messages/12/reactions/👍", "POST")?.path).toBe("/messages/{id}/reactions/{reaction}");
    expect(findEndpoint("/nothing/here")).toBeUndefined();
  });

  it("gives a call the host and headers of its path: apikey, management, moderation's three", () => {
    const chat = prepareCall({ method: "GET", path: "/users?perPage=5", query: { page: "2" } }, { app: { ...app, onBehalfOf: "alice" }, readOnly: false });
    expect(chat).toMatchObject({ host: "chat", url: "https://app1.api-eu.example.test/v3/users", query: { perPage: "5", page: "2" }, headers: { apikey: app.apiKey, onBehalfOf: "alice" } });
    const calls = prepareCall({ method: "GET", path: "/calls/v1.eu.app1.x", query: {} }, { app, readOnly: false });
    expect(calls.url).toBe("https://app1.call-eu.example.test/v3/calls/v1.eu.app1.x");
    const hooks = prepareCall({ method: "GET", path: "/apps/{appId}/webhooks", query: {} }, { app, management, readOnly: false });
    expect(hooks).toMatchObject({ host: "management", url: "https://mgmt.example.test/apps/app1/webhooks", headers: { key: "mkey", secret: "msecret" } });
    const rules = prepareCall({ method: "GET", path: "/moderation/rules", query: {} }, { app, management, readOnly: false });
    expect(rules).toMatchObject({ host: "chat", url: "https://app1.api-eu.example.test/v3/moderation/rules", headers: { key: "mkey", secret: "msecret", appId: "app1" } });
    expect(prepareCall({ method: "GET", path: "/stats", host: "calls", query: {} }, { app, readOnly: false }).url).toBe("https://app1.call-eu.example.test/v3/stats");
    expect(() => prepareCall({ method: "GET", path: "/apps", query: {} }, { app, readOnly: false })).toThrow(/CCX_MANAGEMENT_KEY/);
    expect(() => prepareCall({ method: "GET", path: "/users", query: {} }, { readOnly: false })).toThrow(/--app-id/);
  });
});

describe("the credentials a call carries beyond the catalogue's first form", () => {
  const credentials = { app, management, readOnly: false };

  it("POST /tenants: HTTP Basic with the management key and secret, and no key or secret header", () => {
    const call = prepareCall({ method: "POST", path: "/tenants", query: {} }, credentials);
    expect(call).toMatchObject({ host: "management", url: "https://mgmt.example.test/tenants", headers: { authorization: `Basic ${Buffer.from("mkey:msecret").toString("base64")}` } });
    expect(Object.keys(call.headers)).toEqual(["authorization"]);
    expect(() => prepareCall({ method: "POST", path: "/tenants", query: {} }, { app, readOnly: false })).toThrow(/as HTTP Basic's user and password/);
  });

  it("a blocked message's review: the API key by default, the management key, secret and appId with --auth management", () => {
    const byKey = prepareCall({ method: "PATCH", path: "/moderation/blocked-messages/12", query: {} }, credentials);
    expect(byKey).toMatchObject({ host: "chat", headers: { apikey: app.apiKey }, endpoint: { path: "/moderation/blocked-messages/{id}" } });
    const bySecret = prepareCall({ method: "PATCH", path: "/moderation/blocked-messages/12", query: {}, auth: "management" }, credentials);
    expect(bySecret).toMatchObject({ host: "chat", headers: { key: "mkey", secret: "msecret", appId: "app1" }, endpoint: { path: "/moderation/blocked-messages/{messageId}" } });
    expect(() => prepareCall({ method: "GET", path: "/apps", query: {}, auth: "apikey" }, credentials)).toThrow(/drop --auth apikey/);
  });

  it("headers of the user's are added; one naming a credential ccx sets replaces it only when asked", () => {
    const hooks = prepareCall({ method: "GET", path: "/apps/{appId}/webhooks", query: {}, headers: { "X-Webhook-Version": "2" } }, credentials);
    expect(hooks.headers).toEqual({ key: "mkey", secret: "msecret", "X-Webhook-Version": "2" });
    expect(() => prepareCall({ method: "GET", path: "/users", query: {}, headers: { APIKEY: "other" } }, credentials)).toThrow(/-H apikey would replace the credentials/);
    const replaced = prepareCall({ method: "GET", path: "/users", query: {}, headers: { APIKEY: "other" }, replaceCredentials: true }, credentials);
    expect(replaced.headers).toEqual({ APIKEY: "other" });
    // A credential ccx does not set on that path is no replacement.
    expect(prepareCall({ method: "GET", path: "/users", query: {}, headers: { Authorization: "Bearer t" } }, credentials).headers).toMatchObject({ apikey: app.apiKey, Authorization: "Bearer t" });
  });

  it("reaches every documented operation with the credentials the exports give it: none left that ccx api cannot send", () => {
    const sent = { apikey: ["apikey"], management: ["key", "secret"], moderation: ["appId", "key", "secret"], basic: ["authorization"] } as const;
    const unreachable: string[] = [];
    let operations = 0;
    for (const endpoint of ENDPOINTS) {
      for (const method of endpoint.methods) {
        operations++;
        const path = endpoint.path.replace(/\{(\w+)\}/g, (whole, name: string) => (name === "appId" ? whole : `x-${name}`));
        // The form the catalogue lists second for a template (the review with the management key) is asked for by name.
        const auth = findEndpoint(path, method) === endpoint ? undefined : endpoint.auth === "apikey" ? "apikey" : "management";
        const call = prepareCall({ method, path, query: {}, auth }, { app: { ...app, onBehalfOf: "alice" }, management, readOnly: false });
        const credentials = Object.keys(call.headers).filter((name) => name !== "onBehalfOf").sort();
        if (call.endpoint !== endpoint || call.host !== endpoint.host || credentials.join() !== sent[endpoint.auth].join()) unreachable.push(`${method} ${endpoint.path}`);
      }
    }
    expect(unreachable).toEqual([]);
    expect(operations).toBeGreaterThan(180);
  });

  it("shows a secret header's value masked, every other as given", () => {
    expect(shownHeaders({ apikey: "0123456789abcdef", "X-Api-Key": "fedcba9876543210", Authorization: "Basic bWtleTptc2VjcmV0", "X-Webhook-Version": "2" }))
      .toEqual(["apikey: …cdef", "X-Api-Key: …3210", "Authorization: …cmV0", "X-Webhook-Version: 2"]);
  });
});

describe("secrets in answers", () => {
  it("masks keys, tokens and passwords wherever they sit, and names where", () => {
    const answer = { data: [{ uid: "a", authToken: "a_0123456789abcdef", name: "Al" }], hook: { basicAuth: { username: "u", password: "hunter22" } }, apiKeys: { "0123456789abcdefXYZ1": { apiKey: "0123456789abcdefXYZ1", scope: "fullAccess" } } };
    const { value, paths } = maskAnswerSecrets(answer);
    const text = JSON.stringify(value);
    for (const secret of ["a_0123456789abcdef", "hunter22", "0123456789abcdefXYZ1"]) expect(text).not.toContain(secret);
    expect(value.data[0]!.name).toBe("Al");
    expect(paths).toEqual(["data[0].authToken", "hook.basicAuth.password", "apiKeys.<key>", "apiKeys.<key>.apiKey"]);
    expect(maskAnswerSecrets({ data: { key: "feature-key", uid: "x" } }).paths).toEqual([]);
  });
});
