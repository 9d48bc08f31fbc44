import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_TRIGGERS } from "../../src/emulator/data/webhooks.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/** The management API's webhooks and triggers, as the exports answer them (management-apis.json). */

let fx: EmulatorFixture;
beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 2, groups: 3, calls: 2, users: 5, messages: 0 } });
});
afterAll(() => fx?.close());

const headers = () => ({ key: fx.info.management.key, secret: fx.info.management.secret });
const get = (path: string, h: Record<string, string> = headers()) => fx.send("GET", `${fx.info.managementUrl}${path}`, h);

describe("webhooks", () => {
  it("lists an app's webhooks by page (10 by default), without their credentials; searchKey finds by name", async () => {
    const app = fx.app(1);
    const hooks = fx.emulator.world.apps[1]!.webhooks;
    const list = await get(`/apps/${app.appId}/webhooks`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual(hooks.map((w) => w.id));
    expect(list.body.meta.pagination).toMatchObject({ total: hooks.length, per_page: 10, current_page: 1 });
    expect(Object.keys(list.body.data[0]).sort()).toEqual(["createdAt", "enabled", "id", "name", "updatedAt", "webhookURL"]);
    const found = await get(`/apps/${app.appId}/webhooks?searchKey=${encodeURIComponent(hooks[0]!.name)}`);
    expect(found.body.data.map((w: { id: string }) => w.id)).toContain(hooks[0]!.id);
  });

  it("answers one webhook as data: [ {data: {…}} ], credentials in clear", async () => {
    const hook = fx.emulator.world.apps[0]!.webhooks.find((w) => w.password)!;
    const one = await get(`/apps/${fx.app().appId}/webhooks/${hook.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0].data).toMatchObject({ id: hook.id, useBasicAuth: true, username: hook.username, password: hook.password });
  });

  it("lists a webhook's triggers, each one of the documented triggers", async () => {
    const hook = fx.emulator.world.apps[0]!.webhooks[0]!;
    const triggers = await get(`/apps/${fx.app().appId}/webhooks/${hook.id}/triggers`);
    expect(triggers.body.data.map((t: { id: string }) => t.id)).toEqual(hook.triggers);
    const documented = new Set(WEBHOOK_TRIGGERS.map((t) => t.id));
    for (const app of fx.emulator.world.apps) for (const w of app.webhooks) expect(w.triggers.every((t) => documented.has(t))).toBe(true);
  });

  it("an unknown webhook or app is a 404 with the service's code; the management credentials are required", async () => {
    expect((await get(`/apps/${fx.app().appId}/webhooks/wh-none`)).body.error.code).toBe("ERR_WEBHOOK_NOT_FOUND");
    expect((await get("/apps/nope/webhooks")).body.error.code).toBe("ERR_APP_NOT_FOUND");
    expect((await get(`/apps/${fx.app().appId}/webhooks`, {})).body.error.code).toBe("AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS");
  });
});

describe("X-Webhook-Version", () => {
  it("2 reaches the current webhooks, kept apart from the legacy ones the header's absence reaches; the same id may be in both", async () => {
    const appId = fx.app(1).appId;
    const legacy = fx.emulator.world.apps[1]!.webhooks;
    const v2 = { ...headers(), "X-Webhook-Version": "2" };
    expect((await get(`/apps/${appId}/webhooks`, v2)).body.data).toEqual([]);
    const id = legacy[0]!.id;
    const made = await fx.send("POST", `${fx.info.managementUrl}/apps/${appId}/webhooks`, v2, { id, name: "current", webhookURL: "https://hooks.example.com/current" });
    expect(made.status).toBe(200);
    expect((await get(`/apps/${appId}/webhooks/${id}`, v2)).body.data[0].data.name).toBe("current");
    expect((await get(`/apps/${appId}/webhooks/${id}`)).body.data[0].data.name).toBe(legacy[0]!.name);
    const triggers = await fx.send("POST", `${fx.info.managementUrl}/apps/${appId}/webhooks/${id}/triggers`, v2, { triggerIds: ["group_created"] });
    expect(triggers.status).toBe(200);
    expect((await get(`/apps/${appId}/webhooks/${id}/triggers`, v2)).body.data.map((t: { id: string }) => t.id)).toEqual(["group_created"]);
    expect(fx.emulator.world.apps[1]!.currentWebhooks.map((w) => w.id)).toEqual([id]);
    const gone = await fx.send("DELETE", `${fx.info.managementUrl}/apps/${appId}/webhooks/${id}`, v2);
    expect(gone.status).toBe(200);
    expect((await get(`/apps/${appId}/webhooks/${id}`, v2)).body.error.code).toBe("ERR_WEBHOOK_NOT_FOUND");
    expect(legacy.map((w) => w.id)).toContain(id);
  });
});

describe("POST /tenants", () => {
  const basic = (key: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}` });
  const tenant = { name: "Tess", email: "tess@example.com", password: "pw-1", appName: "Tess's app", appRegion: "in" };
  const post = (h: Record<string, string>, body: unknown) => fx.send("POST", `${fx.info.managementUrl}/tenants`, h, body);

  it("takes HTTP Basic alone, checks the documented body, and answers as the example", async () => {
    const { key, secret } = fx.info.management;
    expect((await post(headers(), tenant)).body.error.code).toBe("AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS");
    expect((await post(basic(key, "wrong"), tenant)).status).toBe(401);
    const bad = await post(basic(key, secret), { ...tenant, email: "no", appRegion: "mars" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details).sort()).toEqual(["appRegion", "email"]);
    const made = await post(basic(key, secret), tenant);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: "Tess", email: "tess@example.com", app: { name: "Tess's app", region: "in", plan: "Build", appId: expect.any(String), apiKey: expect.any(String), authKey: expect.any(String) } });
    expect(made.body.data.password).toBeUndefined();
    expect((await post(basic(key, secret), tenant)).body.error.details.email).toBeDefined();
  });
});
