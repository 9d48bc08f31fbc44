import { type IncomingHttpHeaders, type Server } from "node:http";
import { createServer } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { makeChain } from "../support/cert-chains.js";

/**
 * The emulator posts the documented events (trigger, data, appId, region,
 * webhook) to its enabled webhooks that have the trigger, with their Basic
 * credentials, when its world does the thing: a message sent, a live call
 * initiated, answered, ended. The receiver is a local HTTPS server.
 */

interface Received { headers: IncomingHttpHeaders; body: any }

let fx: EmulatorFixture;
let receiver: Server;
let hookUrl: string;
const received: Received[] = [];
let arrived: (() => void) | undefined;

beforeAll(async () => {
  const chain = await makeChain();
  receiver = createServer({ cert: chain.chainPem, key: chain.keyPem }, (req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(text) });
      arrived?.();
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `https://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 3, calls: 2, users: 5, messages: 4 }, live: true, clock: () => 0 });
});
afterAll(async () => {
  await fx?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const management = () => ({ key: fx.info.management.key, secret: fx.info.management.secret });
const hooks = () => `${fx.info.managementUrl}/apps/${fx.app().appId}/webhooks`;

/** Waits until `n` events in all have arrived (the emulator posts after its answer). */
async function events(n: number): Promise<Received[]> {
  while (received.length < n) await new Promise<void>((resolve) => (arrived = resolve));
  return received.slice(0, n);
}

/** Waits until the emulator has nothing left to post, and every post was received. */
async function drained(): Promise<void> {
  while (fx.emulator.webhookEvents().queued > 0 || received.length < fx.emulator.webhookEvents().sent) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function webhook(id: string, triggers: string[], extra: Record<string, unknown> = {}): Promise<void> {
  expect((await fx.send("POST", hooks(), management(), { id, name: id, webhookURL: hookUrl, ...extra })).status).toBe(200);
  expect((await fx.send("POST", `${hooks()}/${id}/triggers`, management(), { triggerIds: triggers })).status).toBe(200);
}

describe("webhook events", () => {
  it("a message sent is posted as after_message, the message as the API answered it, with the webhook's Basic credentials; a disabled one gets nothing", async () => {
    await webhook("listen-test", ["after_message"], { useBasicAuth: true, username: "hooks", password: "s3cret" });
    await webhook("listen-off", ["after_message"], { enabled: false });
    const [sender, receiverUser] = fx.emulator.world.apps[0]!.users;
    const sent = await fx.send("POST", `${fx.base("api")}/messages`, { apikey: fx.app().fullAccessKey, onBehalfOf: sender!.uid },
      { receiver: receiverUser!.uid, receiverType: "user", category: "message", type: "text", data: { text: "did my webhook fire?" } });
    expect(sent.status).toBe(200);
    const [event] = await events(1);
    expect(event!.body).toEqual({ trigger: "after_message", data: sent.body.data, appId: fx.app().appId, region: fx.app().region, webhook: "listen-test" });
    expect(event!.headers.authorization).toBe(`Basic ${Buffer.from("hooks:s3cret").toString("base64")}`);
    expect(event!.headers["content-type"]).toBe("application/json");
    // The seeded webhooks point at hooks.example.com: never posted to (an emulator stays on this machine).
    await fx.send("GET", `${fx.base("api")}/users`, { apikey: fx.app().fullAccessKey });
    expect(fx.emulator.webhookEvents()).toMatchObject({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it("a conversation marked delivered, then read, is posted as the receipts of the message named", async () => {
    await webhook("listen-receipts", ["message_delivery_receipt", "message_read_receipt"]);
    const before = received.length;
    const [sender, reader] = fx.emulator.world.apps[0]!.users;
    const as = { apikey: fx.app().fullAccessKey, onBehalfOf: reader!.uid };
    const sent = await fx.send("POST", `${fx.base("api")}/messages`, { apikey: fx.app().fullAccessKey, onBehalfOf: sender!.uid },
      { receiver: reader!.uid, receiverType: "user", category: "message", type: "text", data: { text: "read me" } });
    const messageId = sent.body.data.id;
    expect((await fx.send("POST", `${fx.base("api")}/users/${sender!.uid}/conversation/delivered`, as, { messageId })).status).toBe(200);
    expect((await fx.send("POST", `${fx.base("api")}/users/${sender!.uid}/conversation/read`, as, { messageId })).status).toBe(200);
    await drained();
    const receipts = received.slice(before).map((e) => e.body).filter((b) => b.webhook === "listen-receipts");
    expect(receipts).toEqual([
      { trigger: "message_delivery_receipt", data: { messageId: String(messageId), receiptType: "delivered", deliveredAt: expect.any(Number), receiverType: "user" }, chatAPIVersion: "3.0", appId: fx.app().appId, region: fx.app().region, webhook: "listen-receipts" },
      { trigger: "message_read_receipt", data: { messageId: String(messageId), receiptType: "read", readAt: expect.any(Number), receiverType: "user" }, chatAPIVersion: "3.0", appId: fx.app().appId, region: fx.app().region, webhook: "listen-receipts" },
    ]);
  });

  it("a live call is posted as call_initiated, then call_started and call_ended in the documented shapes", async () => {
    await webhook("listen-calls", ["call_initiated", "call_started", "call_ended"]);
    const before = received.length;
    // Long enough for several calls to start, be answered and end.
    fx.emulator.live!.advance(600_000);
    const settled = fx.emulator.world.apps[0]!.calls.filter((c) => c.status === "ended" && c.startedAt > fx.emulator.live!.anchor);
    expect(settled.length).toBeGreaterThan(0);
    const call = settled.at(-1)!;
    await drained();
    for (const e of received.slice(before)) expect(e.body).toMatchObject({ appId: fx.app().appId, region: fx.app().region, webhook: "listen-calls" });
    const forCall = received.slice(before).filter((e) => JSON.stringify(e.body.data).includes(call.sessionId)).map((e) => e.body);
    expect(forCall.map((e) => e.trigger)).toEqual(["call_initiated", "call_started", "call_ended"]);
    expect(forCall[0].data.call).toMatchObject({ sender: call.initiator, receiver: call.receiver, category: "call", data: { action: "initiated", entities: { on: { entity: { sessionid: call.sessionId, status: "initiated" }, entityType: "call" } } } });
    expect(forCall[1]).toMatchObject({ data: { sessionId: call.sessionId, created_at: expect.any(Number) }, type: "call" });
    expect(forCall[2]).toMatchObject({ data: { sessionId: call.sessionId, ended_at: call.endedAt }, type: "call" });
  });
});
