import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedMessages, flaggedMessages } from "../../src/emulator/data/moderation.js";
import type { App } from "../../src/emulator/data/model.js";
import { WEBHOOK_TRIGGERS } from "../../src/emulator/data/webhooks.js";
import { WEBHOOK_TRIGGERS as CLIENT_TRIGGERS } from "../../src/writes/webhooks.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * The emulator's writes on webhooks, their triggers and moderators' reviews
 * answer with the documented errors, and the reads after a write show it: a
 * webhook made, changed, deleted; triggers only from the documented list; a
 * blocked message's review with either documented credentials; a flagged one
 * moved to the reviewed list.
 */

let fx: EmulatorFixture;
let app: App;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 1, users: 30, messages: 3000 } });
  app = fx.emulator.world.apps[0]!;
});
afterAll(() => fx?.close());

const management = () => ({ key: fx.info.management.key, secret: fx.info.management.secret });
const hooks = () => `${fx.info.managementUrl}/apps/${app.appId}/webhooks`;
const manage = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) => fx.send(method, `${hooks()}${path}`, management(), body);
const review = (list: "blocked" | "flagged", id: string, body: unknown, headers: Record<string, string> = { apikey: fx.app().fullAccessKey }) =>
  fx.send("PATCH", `${fx.base("api")}/moderation/${list}-messages/${id}`, headers, body);

describe("webhooks", () => {
  it("create, read back, update, delete: an id taken, a URL not HTTPS and an unknown webhook answered as documented", async () => {
    const made = await manage("POST", "", { id: "ccx-test", name: "ccx test", webhookURL: "https://hooks.example.com/ccx", useBasicAuth: true, username: "u", password: "pw-secret-1" });
    expect(made.status).toBe(200);
    // The exports' example: a top-level array, without the credentials.
    expect(made.body).toEqual([{ data: expect.objectContaining({ id: "ccx-test", name: "ccx test", enabled: true }) }]);
    expect(made.text).not.toContain("pw-secret-1");
    expect((await manage("GET", "/ccx-test")).body.data[0].data).toMatchObject({ webhookURL: "https://hooks.example.com/ccx", useBasicAuth: true, username: "u", password: "pw-secret-1" });
    expect((await manage("GET", "?perPage=100")).body.data.map((w: { id: string }) => w.id)).toContain("ccx-test");
    const taken = await manage("POST", "", { id: "ccx-test", name: "again", webhookURL: "https://hooks.example.com/x" });
    expect(taken.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", details: { id: [expect.stringContaining("exists already")] } });
    const plain = await manage("POST", "", { id: "ccx-plain", name: "plain", webhookURL: "http://hooks.example.com/x" });
    expect(plain.body.error.details.webhookURL).toEqual(["The webhookURL must be an HTTPS URL."]);
    const updated = await manage("PUT", "/ccx-test", { name: "renamed", enabled: false });
    expect(updated.body.data[0].data).toMatchObject({ name: "renamed", enabled: false });
    expect((await manage("GET", "/ccx-test")).body.data[0].data).toMatchObject({ name: "renamed", enabled: false, webhookURL: "https://hooks.example.com/ccx" });
    expect((await manage("DELETE", "/ccx-test")).body.data).toEqual({ success: true, message: "Deleted Webhook successfully." });
    const gone = await manage("GET", "/ccx-test");
    expect([gone.status, gone.body.error.code]).toEqual([404, "ERR_WEBHOOK_NOT_FOUND"]);
    expect((await manage("PUT", "/ccx-test", { name: "x" })).body.error.code).toBe("ERR_WEBHOOK_NOT_FOUND");
  });

  it("triggers: added and removed, read back in the list; one not documented refused, nothing changed", async () => {
    const webhook = app.webhooks[0]!;
    const missing = WEBHOOK_TRIGGERS.map((t) => t.id).find((id) => !webhook.triggers.includes(id))!;
    const added = await manage("POST", `/${webhook.id}/triggers`, { triggerIds: [missing] });
    expect(added.body.data[missing]).toEqual({ success: true, message: "Triggers has been added successfully." });
    const listed = async () => (await manage("GET", `/${webhook.id}/triggers`)).body.data.map((t: { id: string }) => t.id);
    expect(await listed()).toContain(missing);
    expect((await manage("DELETE", `/${webhook.id}/triggers`, { triggerIds: [missing] })).body.data.success).toBe(true);
    expect(await listed()).not.toContain(missing);
    const before = await listed();
    const unknown = await manage("POST", `/${webhook.id}/triggers`, { triggerIds: [missing, "message_sent"] });
    expect(unknown.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", details: { triggerIds: [expect.stringContaining("Not a trigger: message_sent")] } });
    expect(await listed()).toEqual(before);
    expect((await manage("POST", "/no-such-hook/triggers", { triggerIds: [missing] })).body.error.code).toBe("ERR_WEBHOOK_NOT_FOUND");
  });

  it("ccx's list of documented triggers is the emulator's", () => {
    expect([...CLIENT_TRIGGERS]).toEqual(WEBHOOK_TRIGGERS.map((t) => t.id));
  });
});

describe("moderators' reviews", () => {
  it("a blocked message approved with the API key, then rejected with the management headers: the blocked list shows each", async () => {
    const id = String(blockedMessages(app)[0]!.index + 1);
    const statusIn = async () => {
      const list = await fx.send("GET", `${fx.base("api")}/moderation/blocked-messages`, { ...management(), appId: app.appId });
      return list.body.data.find((b: { message: { id: string } }) => b.message.id === id).message.data.moderation.status;
    };
    expect(await statusIn()).toBe("disapproved");
    expect((await review("blocked", id, { status: "approved" })).body.data).toEqual({ success: true, message: `Message with ID ${id} has been reviewed successfully.` });
    expect(await statusIn()).toBe("approved");
    expect((await review("blocked", id, { status: "rejected", reviewed: true }, { ...management(), appId: app.appId })).status).toBe(200);
    expect(await statusIn()).toBe("rejected");
    const wrong = await review("blocked", id, { status: "disapproved" });
    expect(wrong.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", details: { status: ["The status must be one of approved, rejected."] } });
    const notBlocked = await review("blocked", "999999", { status: "approved" });
    expect([notBlocked.status, notBlocked.body.error.code]).toEqual([404, "ERR_MESSAGE_ID_NOT_FOUND"]);
  });

  it("a flagged message reviewed leaves the flagged list for the reviewed one, with its status", async () => {
    const pending = flaggedMessages(app, false)[0]!;
    const id = String(pending.index + 1);
    expect((await review("flagged", id, { status: "disapproved" })).status).toBe(200);
    const flagged = await fx.chat("/moderation/flagged-messages");
    expect(flagged.body.data.map((f: { messageId: string }) => f.messageId)).not.toContain(id);
    const reviewed = await fx.chat("/moderation/reviewed-messages");
    expect(reviewed.body.data.find((f: { messageId: string }) => f.messageId === id)).toMatchObject({ status: "disapproved" });
    const blocked = String(blockedMessages(app)[1]!.index + 1);
    expect((await review("flagged", blocked, { status: "approved" })).body.error.code).toBe("ERR_MESSAGE_ID_NOT_FOUND");
  });
});
