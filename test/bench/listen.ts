/**
 * Issue 31's measure of `ccx webhooks listen`: the events a `--live` emulator posts (its calls'
 * call_initiated, call_started, call_ended, the world run 300 times faster) and a burst of 500
 * messages sent through the API (after_message), received by the built `ccx webhooks listen --json`
 * over HTTPS: events shown per second, and none lost (the lines it printed = the posts the emulator
 * counts as answered). The first figure is bound by how fast the world makes events; the burst's is
 * how fast a message sent becomes an event shown, sending 8 at a time.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { startEmulator } from "../../src/emulator/index.js";
import { makeChain } from "../support/cert-chains.js";
import type { Figure } from "./emulator-groups.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
const MESSAGES = 500;
const SECONDS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchListen(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "ccx-bench-listen-"));
  const chain = await makeChain();
  writeFileSync(join(dir, "cert.pem"), chain.chainPem);
  writeFileSync(join(dir, "key.pem"), chain.keyPem);
  const emulator = await startEmulator({ sizes: { apps: 1, groups: 20, calls: 20, users: 50, messages: 0 }, live: true, liveSpeed: 300, log: () => {} });
  const { info } = emulator;
  const app = info.apps[0]!;
  const agent = new Agent({ connect: { ca: readFileSync(info.caFile, "utf8") } });
  const send = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const res = await request(url, { method: method as "POST", dispatcher: agent, headers: { "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    await res.body.text();
    return res.statusCode;
  };
  const listener = spawn(process.execPath, [BIN, "webhooks", "listen", "--port", "0", "--cert", join(dir, "cert.pem"), "--key", join(dir, "key.pem"), "--json"], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  listener.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  listener.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  const shown = () => stdout.split("\n").filter(Boolean).length;
  try {
    while (!/listening on (\S+);/.test(stderr)) await sleep(20);
    const url = /listening on (https:\/\/[^\s;,]+)/.exec(stderr)![1]!;
    const management = { key: info.management.key, secret: info.management.secret };
    const hooks = `${info.managementUrl}/apps/${app.appId}/webhooks`;
    await send("POST", hooks, management, { id: "bench-listen", name: "bench", webhookURL: `${url}/events` });
    await send("POST", `${hooks}/bench-listen/triggers`, management, { triggerIds: ["after_message", "call_initiated", "call_started", "call_ended"] });
    const started = Date.now();
    const users = emulator.world.apps[0]!.users;
    // The burst: 500 messages, 8 at a time, while the live calls go on.
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < MESSAGES) {
        const i = next++;
        await send("POST", `${info.url}/${app.appId}.api-${app.region}/v3/messages`, { apikey: app.fullAccessKey, onBehalfOf: users[i % 20]!.uid },
          { receiver: users[20 + (i % 20)]!.uid, receiverType: "user", category: "message", type: "text", data: { text: `burst ${i}` } });
      }
    }));
    await sleep(Math.max(0, SECONDS * 1000 - (Date.now() - started)));
    // No new events once the webhook is gone: everything posted must then show.
    await send("DELETE", `${hooks}/bench-listen`, management);
    while (emulator.webhookEvents().queued > 0) await sleep(20);
    const posted = emulator.webhookEvents();
    const deadline = Date.now() + 10_000;
    while (shown() < posted.sent && Date.now() < deadline) await sleep(20);
    const lines = stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { receivedAt: string; trigger: string });
    const times = lines.map((l) => Date.parse(l.receivedAt));
    const span = (Math.max(...times) - Math.min(...times)) / 1000;
    const messages = lines.filter((l) => l.trigger === "after_message").length;
    const burstTimes = lines.filter((l) => l.trigger === "after_message").map((l) => Date.parse(l.receivedAt));
    const burstSpan = (Math.max(...burstTimes) - Math.min(...burstTimes)) / 1000;
    return [
      {
        what: `webhooks listen: events shown per second (${lines.length} in ${span.toFixed(1)} s: ${messages} after_message, ${lines.length - messages} call events, --live ×300)`,
        value: Math.round(lines.length / span), unit: "events/s", budget: "every event shown", ok: lines.length === posted.sent && posted.failed === 0,
      },
      { what: `webhooks listen: the burst's after_message events shown per second (${messages} in ${burstSpan.toFixed(2)} s, sent 8 at a time)`, value: Math.round(messages / burstSpan), unit: "events/s" },
      { what: "webhooks listen: events the emulator posted, less those shown (lost)", value: posted.sent + posted.failed - lines.length, unit: "events", budget: "0", ok: posted.sent + posted.failed === lines.length },
    ];
  } finally {
    listener.kill("SIGINT");
    await new Promise((resolve) => listener.once("close", resolve));
    await agent.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
