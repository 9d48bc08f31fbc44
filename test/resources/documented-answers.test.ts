import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type HostileServer, hostileServer } from "../support/hostile-server.js";
import { runInProcess } from "../support/run-in-process.js";
import { registerSecrets } from "../support/secrets.js";

/**
 * Issue 27's documented answers, read whole: each command against a fixture server answering as the
 * docs' own examples do (not the emulator's default), and what a user sees of it: `data` as one object
 * where a list is expected (GET /apps) and a list of one where an object is (a user), a detail with no
 * `data` wrapper (the push extension's `{"settings": …}`), several items where the docs show one (chat
 * widgets), and an empty answer as `none` on the terminal and `[]` with --json.
 */

const KEY = "docsfixture0123456789abcdef0123456789abcd";
const SECRET = "docsfixturesecret0123456789abcdef01234567";
registerSecrets(KEY, SECRET);

/** What the fixture answers, by path (without the query): chat paths under /chat, management ones under /mgmt. */
let answers: Record<string, unknown> = {};
let server: HostileServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await hostileServer({
    docs: (_req, res: ServerResponse, rest) => {
      const body = answers[rest.split("?")[0]!];
      res.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify(body ?? { error: { code: "ERR_API_NOT_FOUND", message: `no answer for ${rest}` } }));
    },
  });
  env = {
    CCX_APP_ID: "docs", CCX_REGION: "us", CCX_API_KEY: KEY, CCX_CA_FILE: server.caFile,
    CCX_CHAT_URL: `${server.url}/{appId}/chat`, CCX_CALLS_URL: `${server.url}/{appId}/calls`, CCX_MANAGEMENT_URL: `${server.url}/docs/mgmt`,
    CCX_MANAGEMENT_KEY: KEY, CCX_MANAGEMENT_SECRET: SECRET, COLUMNS: "160",
  };
});
afterAll(() => server?.close());
beforeEach(() => {
  answers = {};
});

const ccx = async (...args: string[]) => {
  const run = await runInProcess(args, env);
  expect(run.code, run.stderr).toBe(0);
  return run;
};

describe("the documented answers, read whole", () => {
  it("GET /apps as its example gives it, data one object and no meta: ccx apps lists the app, no warning", async () => {
    answers["/mgmt/apps"] = { data: { id: "a1b2c3", name: "Support desk", plan: "pro", state: "active", owner: 42, region: "eu", apiKeys: {} } };
    const run = await ccx("apps");
    expect(run.stdout).toMatch(/^\s+Support desk\s+a1b2c3\s+eu\s+management\b/m);
    expect(run.stderr).not.toMatch(/warning/);
  });

  it("a user answered as a list of one where the docs show an object: shown as the user", async () => {
    answers["/chat/users/niaj"] = { data: [{ uid: "niaj", name: "Niaj Sato", status: "offline", createdAt: 1700000000 }] };
    const run = await ccx("user", "niaj");
    expect(run.stdout).toMatch(/Niaj Sato/);
  });

  it("the push extension's settings as documented, without a data wrapper: shown, not 'not found'", async () => {
    answers["/mgmt/apps/docs/extensions/push-notification/v1/settings"] = { settings: { fcmCredentials: { project_id: "demo-push" }, includeMessageObject: true } };
    // The credentials are masked leaf by leaf, unless revealed.
    expect(JSON.parse((await ccx("extensions", "push-notification", "--json")).stdout)).toMatchObject({ fcmCredentials: { project_id: "…push" }, includeMessageObject: true });
    expect(JSON.parse((await ccx("extensions", "push-notification", "--json", "--reveal")).stdout)).toMatchObject({ fcmCredentials: { project_id: "demo-push" }, includeMessageObject: true });
    expect((await ccx("extensions", "push-notification")).stdout).toMatch(/includeMessageObject\s+true/);
  });

  it("several chat widgets where the docs show one: every one of them, on the terminal and with --json", async () => {
    answers["/mgmt/apps/docs/extensions/widget/v2/settings"] = {
      data: { statusCode: 200, success: true, responseTime: 12, body: { data: [{ configuration: { theme: "dark" }, widgetId: "w-sales" }, { configuration: { theme: "light" }, widgetId: "w-support" }] } },
    };
    const json = JSON.parse((await ccx("extensions", "widget", "--json")).stdout);
    expect(json.map((w: { widgetId: string }) => w.widgetId)).toEqual(["w-sales", "w-support"]);
    const text = (await ccx("extensions", "widget")).stdout;
    expect(text).toMatch(/^1 of 2$/m);
    expect(text).toMatch(/w-sales/);
    expect(text).toMatch(/^2 of 2$/m);
    expect(text).toMatch(/w-support/);
  });

  it("an empty answer: none for people, [] with --json (a list, and the providers' seven reads)", async () => {
    answers["/chat/roles"] = { data: [], meta: { pagination: { total: 0, count: 0, per_page: 25, current_page: 1, total_pages: 0 } } };
    const roles = await ccx("roles");
    expect(roles.stdout).toBe("");
    expect(roles.stderr).toMatch(/^none\b/m);
    expect((await ccx("roles", "--json")).stdout.trim()).toBe("[]");
    answers["/chat/groups"] = { data: [], meta: { pagination: { total: 0, count: 0, per_page: 100, current_page: 1, total_pages: 0 } } };
    const groups = await ccx("groups");
    expect(groups.stdout).toBe("");
    expect(groups.stderr).toMatch(/^none\b/m);
    expect((await ccx("groups", "--json")).stdout.trim()).toBe("[]");
    // The app's settings, a map answered as PHP's empty array: no fields, none.
    answers["/mgmt/apps/docs/settings"] = { data: [] };
    const settings = await ccx("settings");
    expect(settings.stdout.trim()).toBe("none");
    expect(JSON.parse((await ccx("settings", "--json")).stdout)).toEqual({});
    for (const path of ["push/v1/providers/fcm", "push/v1/providers/apns", "push/v1/providers/custom"]) answers[`/chat/notifications/${path}`] = { data: { pushProviders: [] } };
    for (const path of ["sms/v1/providers/twilio", "sms/v1/providers/custom", "email/v1/providers/sendgrid", "email/v1/providers/custom"]) answers[`/chat/notifications/${path}`] = { data: [] };
    const providers = await ccx("notifications", "providers");
    expect(providers.stdout).toBe("");
    expect(providers.stderr).toMatch(/^none$/m);
    expect((await ccx("notifications", "providers", "--json")).stdout.trim()).toBe("[]");
  });
});
