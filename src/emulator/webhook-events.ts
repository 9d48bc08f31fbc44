import { Agent, request } from "node:https";
import type { App, Call } from "./data/model.js";
import type { Webhook } from "./data/webhooks.js";

/**
 * The events the emulator posts to its apps' webhooks, as the service's
 * documentation gives their bodies: `{trigger, data, appId, region, webhook}`
 * (the webhook's id), and `type` beside `data` for a call's session events.
 * Sources: the legacy events, https://www.cometchat.com/docs/webhooks/webhooks-legacy-events
 * (after_message: `data` is the message as the API gives it; message_delivery_receipt and
 * message_read_receipt: `data{messageId, receiptType, deliveredAt, receiverType}`, the read one's time
 * taken to be `readAt`, its example cut short there); the calls' ringing events,
 * https://www.cometchat.com/docs/calls/webhooks-ringing (call_initiated: `data.call` the call's
 * action message; call_started: `data{created_at, sessionId}`, `type: "call"`). call_ended's own
 * body was not found there: it is sent in call_started's shape, with `ended_at`.
 *
 * Each is posted to every enabled webhook that has its trigger, with the
 * webhook's Basic credentials when it uses them, after the answer that caused
 * it (never slowing it), a few at a time. Only to this machine (localhost,
 * 127.0.0.1, ::1): the seeded webhooks point at hooks.example.com, and an
 * emulator never reaches the internet; a local receiver's self-signed
 * certificate is taken, as a developer's tunnel-less receiver has one.
 */

/** Posts under way at once: enough for a burst, few enough not to starve the API's own answers. */
const AT_ONCE = 8;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export interface WebhookEventCounts {
  /** Posted and answered (any status). */
  sent: number;
  /** Posted and never answered (refused connection, reset, timeout). */
  failed: number;
  /** Waiting to be posted. */
  queued: number;
}

interface Delivery {
  url: URL;
  body: string;
  authorization?: string;
}

export class WebhookEvents {
  private readonly agent = new Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: AT_ONCE });
  private readonly queue: Delivery[] = [];
  private running = 0;
  private readonly counts = { sent: 0, failed: 0 };

  constructor(private readonly log: (line: string) => void) {}

  /** How many events were posted so far, and how many wait. */
  count(): WebhookEventCounts {
    return { ...this.counts, queued: this.queue.length + this.running };
  }

  /** A message was sent: after_message, `data` the message as the API answers it. */
  messageSent(app: App, message: unknown): void {
    this.fire(app, "after_message", message);
  }

  /**
   * A conversation marked delivered or read (as the onBehalfOf user): the receipt of the message it names,
   * `data{messageId, receiptType, deliveredAt | readAt, receiverType}` with `chatAPIVersion` beside it.
   */
  receipt(app: App, receiptType: "delivered" | "read", messageId: string, receiverType: "user" | "group", at: number): void {
    this.fire(app, receiptType === "delivered" ? "message_delivery_receipt" : "message_read_receipt",
      { messageId, receiptType, [receiptType === "delivered" ? "deliveredAt" : "readAt"]: at, receiverType }, { chatAPIVersion: "3.0" });
  }

  /** A live call changed: initiated, started (answered) or ended. */
  callInitiated(app: App, call: Call): void {
    this.fire(app, "call_initiated", {
      call: {
        sender: call.initiator, receiverType: call.receiverType, receiver: call.receiver, category: "call", type: call.type,
        data: {
          action: "initiated",
          entities: { on: { entity: { sessionid: call.sessionId, status: "initiated", type: call.type, initiatedAt: call.initiatedAt }, entityType: "call" } },
        },
        sentAt: call.initiatedAt, updatedAt: call.initiatedAt,
      },
    });
  }

  callStarted(app: App, call: Call, at: number): void {
    this.fire(app, "call_started", { created_at: at, sessionId: call.sessionId }, { type: "call" });
  }

  callEnded(app: App, call: Call, at: number): void {
    this.fire(app, "call_ended", { ended_at: at, sessionId: call.sessionId }, { type: "call" });
  }

  /** Closes the kept connections (the emulator's close). */
  close(): void {
    this.queue.length = 0;
    this.agent.destroy();
  }

  private fire(app: App, trigger: string, data: unknown, beside: Record<string, unknown> = {}): void {
    for (const webhook of [...app.webhooks, ...app.currentWebhooks]) {
      if (!webhook.enabled || !webhook.triggers.includes(trigger)) continue;
      const url = localUrl(webhook.webhookURL);
      if (!url) continue;
      const body = JSON.stringify({ trigger, data, ...beside, appId: app.appId, region: app.region, webhook: webhook.id });
      this.queue.push({ url, body, ...authorizationOf(webhook) });
    }
    // After the answer that caused it: the request's handler returns first.
    if (this.queue.length > 0) setImmediate(() => this.pump());
  }

  private pump(): void {
    while (this.running < AT_ONCE && this.queue.length > 0) {
      const delivery = this.queue.shift()!;
      this.running++;
      void this.post(delivery).then((answered) => {
        this.running--;
        if (answered) this.counts.sent++;
        else this.counts.failed++;
        this.pump();
      });
    }
  }

  private post({ url, body, authorization }: Delivery): Promise<boolean> {
    return new Promise((resolve) => {
      const req = request(url, {
        method: "POST", agent: this.agent, timeout: 10_000,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...(authorization ? { authorization } : {}) },
      }, (res) => {
        res.resume();
        res.once("end", () => resolve(true));
        res.once("error", () => resolve(true));
      });
      req.once("timeout", () => req.destroy(new Error("timed out")));
      req.once("error", (error) => {
        this.log(`emulator: webhook ${url.origin}${url.pathname}: ${error.message}`);
        resolve(false);
      });
      req.end(body);
    });
  }
}

function localUrl(address: string): URL | undefined {
  try {
    const url = new URL(address);
    return url.protocol === "https:" && LOOPBACK.has(url.hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}

const authorizationOf = (webhook: Webhook): { authorization?: string } =>
  webhook.useBasicAuth && webhook.username !== undefined
    ? { authorization: `Basic ${Buffer.from(`${webhook.username}:${webhook.password ?? ""}`).toString("base64")}` }
    : {};
