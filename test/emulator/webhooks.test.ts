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
