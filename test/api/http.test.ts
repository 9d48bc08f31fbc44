import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppClient, type AppTarget } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { Http, type RequestEvent } from "../../src/api/http.js";
import { groupListSchema } from "../../src/api/schemas.js";
import { json, recordingServer } from "../support/recording-server.js";

type Server = Awaited<ReturnType<typeof recordingServer>>;

const KEY = "f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0";
const page = { data: [{ guid: "g1", name: "One" }], meta: { pagination: { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 } } };

let answers: Array<(res: import("node:http").ServerResponse) => void> = [];
let server: Server;
let http: Http;

function target(overrides: Partial<AppTarget> = {}): AppTarget {
  return { appId: "app1", region: "eu", apiKey: KEY, chatUrl: `${server.url}/{appId}/{region}/chat`, callsUrl: `${server.url}/{appId}/{region}/calls`, ...overrides };
}

beforeAll(async () => {
  server = await recordingServer((_req, res, index) => (answers[index] ?? ((r) => json(r, 200, page)))(res));
});
afterAll(() => server.close());
afterEach(async () => {
  await http?.close();
  server.requests.length = 0;
  answers = [];
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the request module", () => {
  it("sends apikey, onBehalfOf, accept and a user-agent naming ccx, to the URL the template makes", async () => {
    http = new Http({ caFile: server.caFile, userAgent: "ccx/9.9.9" });
    const client = new AppClient(http, target({ onBehalfOf: "alice" }));
    const answer = await client.get("chat", "/groups", { perPage: 5, searchKey: "a b" }, groupListSchema);
    expect(answer.value.data[0]!.guid).toBe("g1");
    const [sent] = server.requests;
    expect(sent!.url).toBe("/app1/eu/chat/groups?perPage=5&searchKey=a+b");
    expect(sent!.headers).toMatchObject({ apikey: KEY, onbehalfof: "alice", accept: "application/json", "user-agent": "ccx/9.9.9" });
  });

  it("reuses one connection for several requests", async () => {
    http = new Http({ caFile: server.caFile });
    const client = new AppClient(http, target());
    for (let i = 0; i < 3; i++) await client.get("chat", "/groups", {}, groupListSchema);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.clientPort)).size).toBe(1);
  });

  it("a user id HTTP cannot carry in a header fails at once as bad input, sending nothing", async () => {
    http = new Http({ caFile: server.caFile, backoffMs: 5 });
    const client = new AppClient(http, target({ onBehalfOf: "alice\r\nX-Injected: 1" }));
    const error = await client.get("chat", "/groups", {}, groupListSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "CCX_BAD_HEADER", extra: { retries: 0 } });
    expect(server.requests).toHaveLength(0);
  });

  it("refuses http:// before anything is sent", async () => {
    http = new Http({ caFile: server.caFile });
    expect(() => new AppClient(http, target({ chatUrl: "http://127.0.0.1:1/{appId}" }))).toThrow(/refusing http:/);
    expect(server.requests).toHaveLength(0);
  });

  it("does not trust a server whose CA it was not given", async () => {
    http = new Http({ retries: 0 });
    const error = await failure(new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema));
    expect(error.code).toBe("CCX_NETWORK_ERROR");
    expect(error.message).toMatch(/certificate|self.signed|issuer/i);
  });

  it("retries a 429 after the Retry-After it was given, then succeeds", async () => {
    answers = [(res) => json(res, 429, { error: { code: "ERR_TOO_MANY_REQUESTS", message: "slow down" } }, { "retry-after": "1" })];
    http = new Http({ caFile: server.caFile });
    const events: RequestEvent[] = [];
    http.onEvent((e) => events.push(e));
    const started = performance.now();
    await new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ phase: "end", status: 200, retries: 1 });
  });

  it("retries 5xx a bounded number of times, then fails clearly with the service's code", async () => {
    answers = Array.from({ length: 10 }, () => (res) => json(res, 503, { error: { code: "ERR_INTERNAL_SERVER_ERROR", message: "down", devMessage: "try later" } }));
    http = new Http({ caFile: server.caFile, retries: 2, backoffMs: 5 });
    const error = await failure(new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({ code: "ERR_INTERNAL_SERVER_ERROR", message: "down" });
    expect(error.extra).toMatchObject({ status: 503, devMessage: "try later", retries: 2 });
  });

  it("does not retry a POST", async () => {
    answers = [(res) => json(res, 500, { error: { code: "ERR_INTERNAL_SERVER_ERROR", message: "x" } })];
    http = new Http({ caFile: server.caFile, backoffMs: 5 });
    await failure(http.send({ method: "POST", url: `${server.url}/x`, headers: {}, body: { a: 1 } }));
    expect(server.requests).toHaveLength(1);
  });

  it("a 429 without Retry-After waits for the window's reset (X-Rate-Limit-Reset, UNIX seconds), then succeeds", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    answers = [(res) => json(res, 429, { error: { code: "ERR_TOO_MANY_REQUESTS", message: "slow down" } }, { "x-rate-limit-reset": String(reset), "x-rate-limit-remaining": "0" })];
    http = new Http({ caFile: server.caFile });
    const events: RequestEvent[] = [];
    http.onEvent((e) => events.push(e));
    const response = await new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema);
    expect(response.value.data).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    // The second attempt was not sent before the reset the service named.
    expect(server.requests[1]!.at).toBeGreaterThanOrEqual(reset * 1000 - 5);
    expect(events.at(-1)).toMatchObject({ phase: "end", status: 200, retries: 1 });
  });

  it.each([
    ["X-Rate-Limit-*", { "x-rate-limit-limit": "600", "x-rate-limit-remaining": "599", "x-rate-limit-reset": "1900000000" }],
    ["X-RateLimit-*", { "x-ratelimit-limit": "600", "x-ratelimit-remaining": "599", "x-ratelimit-reset": "1900000000" }],
    ["X-Rate-Limit (the limit without -Limit)", { "x-rate-limit": "600", "x-rate-limit-remaining": "599", "x-rate-limit-reset": "1900000000" }],
  ])("reads the quota from %s on every answer, and the request event carries it", async (_name, headers) => {
    answers = [(res) => json(res, 200, page, headers)];
    http = new Http({ caFile: server.caFile });
    const events: RequestEvent[] = [];
    http.onEvent((e) => events.push(e));
    await new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema);
    expect(events.at(-1)!.rateLimit).toEqual({ limit: 600, remaining: 599, reset: 1900000000 });
  });

  it("a 404 whose body is not the service's error is not found (CCX_NOT_FOUND), the body named", async () => {
    answers = [(res) => json(res, 404, {})];
    http = new Http({ caFile: server.caFile });
    const error = await failure(new AppClient(http, target()).get("chat", "/groups/x", {}, groupListSchema));
    expect(error.code).toBe("CCX_NOT_FOUND");
    expect(error.message).toBe("HTTP 404 with a body that is not the service's error: {}");
    expect(server.requests).toHaveLength(1);
  });

  it("gives up at once when Retry-After asks for longer than it will wait", async () => {
    answers = [(res) => json(res, 429, { error: { code: "ERR_TOO_MANY_REQUESTS", message: "later" } }, { "retry-after": "3600" })];
    http = new Http({ caFile: server.caFile });
    const error = await failure(new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema));
    expect(error.code).toBe("ERR_TOO_MANY_REQUESTS");
    expect(error.extra.retryAfter).toBe(3600);
    expect(error.message).toBe("later (the service asked to wait 3600 s, longer than ccx waits: 30 s)");
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ["an HTML error page", (res: import("node:http").ServerResponse) => { res.writeHead(502, { "content-type": "text/html" }); res.end("<html><h1>502 Bad Gateway</h1></html>"); }, "CCX_HTTP_ERROR", /HTTP 502.*Bad Gateway/],
    ["an HTML 200", (res: import("node:http").ServerResponse) => { res.writeHead(200); res.end("<html>login</html>"); }, "CCX_NOT_JSON", /HTML page/],
    ["an empty 200", (res: import("node:http").ServerResponse) => { res.writeHead(200); res.end(); }, "CCX_NOT_JSON", /empty body/],
    ["truncated JSON", (res: import("node:http").ServerResponse) => { res.writeHead(200); res.end('{"data": [{"gu'); }, "CCX_NOT_JSON", /not JSON/],
    ["JSON of the wrong shape", (res: import("node:http").ServerResponse) => json(res, 200, { data: [{ name: 5 }] }), "CCX_UNEXPECTED_RESPONSE", /data\[0\]\.guid/],
    ["a redirect elsewhere", (res: import("node:http").ServerResponse) => { res.writeHead(302, { location: "http://evil.example/steal" }); res.end(); }, "CCX_REDIRECT_REFUSED", /does not follow/],
  ])("turns %s into a clear error", async (_what, answer, code, message) => {
    answers = Array.from({ length: 5 }, () => answer);
    http = new Http({ caFile: server.caFile, retries: 1, backoffMs: 5 });
    const error = await failure(new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it("never follows a redirect, so the key goes nowhere else", async () => {
    answers = [(res) => { res.writeHead(301, { location: `${server.url}/elsewhere` }); res.end(); }];
    http = new Http({ caFile: server.caFile });
    await failure(new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema));
    expect(server.requests.map((r) => r.url)).toEqual(["/app1/eu/chat/groups"]);
  });

  it("times out a server that never answers, and can be cancelled", async () => {
    answers = Array.from({ length: 5 }, () => () => undefined);
    http = new Http({ caFile: server.caFile, timeoutMs: 300, retries: 0 });
    const timedOut = await failure(new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema));
    expect(timedOut.code).toBe("CCX_TIMEOUT");
    const controller = new AbortController();
    const pending = new AppClient(http, target()).get("chat", "/groups", {}, groupListSchema, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe("CCX_ABORTED");
  });

  it("emits start and end events without the key in them", async () => {
    http = new Http({ caFile: server.caFile });
    const events: RequestEvent[] = [];
    http.onEvent((e) => events.push(e));
    await new AppClient(http, target()).get("chat", "/groups", { page: 2 }, groupListSchema);
    expect(events.map((e) => e.phase)).toEqual(["start", "end"]);
    expect(events[1]).toMatchObject({ method: "GET", status: 200, retries: 0, url: expect.stringContaining("/groups?page=2") });
    expect(events[1]!.bytes).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });
});

describe("trust in a CA file (checked by ccx, before the request is sent)", () => {
  async function refusal(certificate: Parameters<typeof recordingServer>[1], caFrom?: Server) {
    const odd = await recordingServer((_req, res) => json(res, 200, page), certificate);
    try {
      const client = new Http({ caFile: (caFrom ?? odd).caFile, retries: 0 });
      const error = await failure(new AppClient(client, target({ chatUrl: `${odd.url}/{appId}` })).get("chat", "/groups", {}, groupListSchema));
      await client.close();
      expect(odd.requests).toHaveLength(0);
      return error;
    } finally {
      await odd.close();
    }
  }

  it("refuses a server whose certificate another CA signed, sending it nothing", async () => {
    const error = await refusal({}, server);
    expect(error.code).toBe("CCX_NETWORK_ERROR");
    expect(error.message).toMatch(/not signed by the CA ccx was told to trust/);
  });

  it("refuses a certificate for another name", async () => {
    const error = await refusal({ hosts: ["api.example.com"] });
    expect(error.message).toMatch(/not for 127\.0\.0\.1/);
  });

  it("refuses an expired certificate", async () => {
    const error = await refusal({ validFromDays: -10, validToDays: -1 });
    expect(error.message).toMatch(/not valid now/);
  });
});
