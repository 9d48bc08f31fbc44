import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeChain } from "../support/cert-chains.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runCcx } from "../support/run-ccx.js";
import { scratchDir } from "../support/scratch.js";
import { recordOutput } from "../support/secrets.js";

/**
 * `ccx webhooks listen` against the emulator: a message sent with `ccx send`
 * arrives with its documented body and is forwarded to a local handler (its
 * status shown); wrong Basic credentials are refused; `--create` registers a
 * temporary webhook and removes it after SIGINT and after SIGTERM.
 */

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
let fx: EmulatorFixture;
let handler: Server;
let handlerUrl: string;
const handled: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let cert: string;
let key: string;
let state: string;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 3, calls: 2, users: 5, messages: 4 } });
  const dir = scratchDir("ccx-listen-");
  const chain = await makeChain();
  cert = join(dir, "cert.pem");
  key = join(dir, "key.pem");
  writeFileSync(cert, chain.chainPem);
  writeFileSync(key, chain.keyPem);
  state = join(dir, "state");
  handler = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c)).on("end", () => {
      handled.push({ headers: req.headers, body });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => handler.listen(0, "127.0.0.1", resolve));
  handlerUrl = `http://127.0.0.1:${(handler.address() as { port: number }).port}/handler`;
});
afterAll(async () => {
  await fx?.close();
  await new Promise((resolve) => handler?.close(resolve));
});

const env = () => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", XDG_CONFIG_HOME: "/nonexistent-ccx-config", ...fx.cliEnv({ management: true, state }) });
const management = () => ({ key: fx.info.management.key, secret: fx.info.management.secret });
const hooks = () => `${fx.info.managementUrl}/apps/${fx.app().appId}/webhooks`;

interface Listening { child: ChildProcess; url: string; out: () => string; err: () => string; closed: Promise<number | null> }

async function until(check: () => boolean, what: string, said: () => string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${said()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `ccx webhooks listen --port 0 …`, once it says where it listens. */
async function listen(args: string[], extraEnv: Record<string, string> = {}): Promise<Listening> {
  const child = spawn(process.execPath, [BIN, "webhooks", "listen", "--port", "0", ...args], { env: { ...env(), ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  child.stderr!.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  const closed = new Promise<number | null>((resolve) => child.once("close", (code) => {
    recordOutput(`ccx webhooks listen ${args.join(" ")} (stdout)`, stdout);
    recordOutput(`ccx webhooks listen ${args.join(" ")} (stderr)`, stderr);
    resolve(code);
  }));
  await until(() => /listening on (\S+)/.test(stderr) || child.exitCode !== null, "listening", () => stderr);
  return { child, url: /listening on (https?:\/\/[^\s,;]+)/.exec(stderr)?.[1] ?? "", out: () => stdout, err: () => stderr, closed };
}

async function webhookTo(id: string, url: string, basic?: { username: string; password: string }): Promise<void> {
  expect((await fx.send("POST", hooks(), management(), { id, name: id, webhookURL: url, ...(basic ? { useBasicAuth: true, ...basic } : {}) })).status).toBe(200);
  expect((await fx.send("POST", `${hooks()}/${id}/triggers`, management(), { triggerIds: ["after_message"] })).status).toBe(200);
}
const removeWebhook = (id: string) => fx.send("DELETE", `${hooks()}/${id}`, management());
const webhookIds = async (): Promise<string[]> => (await fx.send("GET", `${hooks()}?perPage=100`, management())).body.data.map((w: { id: string }) => w.id);

const users = () => fx.emulator.world.apps[0]!.users;
const send = (text: string) => runCcx(["send", "--as", users()[0]!.uid, "--to", users()[1]!.uid, "--text", text, "--yes", "--json"], env());

describe("ccx webhooks listen", () => {
  it("shows a message sent with ccx send as its documented after_message body (--json, one a line), forwarded to the handler with its status", async () => {
    const l = await listen(["--cert", cert, "--key", key, "--user", "hooks", "--password", "s3cret", "--forward-to", handlerUrl, "--json"]);
    await webhookTo("listen-json", `${l.url}/events`, { username: "hooks", password: "s3cret" });
    try {
      const sent = await send("did my webhook fire?");
      expect(sent.code, sent.stderr).toBe(0);
      const message = JSON.parse(sent.stdout)[0].answer.data;
      await until(() => l.out().split("\n").filter(Boolean).length >= 1, "the event", l.err);
      const [line, ...more] = l.out().split("\n").filter(Boolean);
      expect(more).toEqual([]);
      const event = JSON.parse(line!);
      expect(event).toMatchObject({ seq: 1, trigger: "after_message", names: { kind: "message", id: String(message.id) }, accepted: true, forwarded: { status: 202 } });
      expect(event.delayMs).toEqual(expect.any(Number));
      expect(event.body).toEqual({ trigger: "after_message", data: message, appId: fx.app().appId, region: fx.app().region, webhook: "listen-json" });
      // The handler got the same body and the service's headers.
      expect(JSON.parse(handled.at(-1)!.body)).toEqual(event.body);
      expect(handled.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from("hooks:s3cret").toString("base64")}`);
    } finally {
      await removeWebhook("listen-json");
      l.child.kill("SIGINT");
    }
    expect(await l.closed).toBe(130);
  }, 30_000);

  it("answers wrong Basic credentials 401 and shows the event refused, never forwarded (text)", async () => {
    const l = await listen(["--cert", cert, "--key", key, "--user", "hooks", "--password", "right", "--forward-to", handlerUrl]);
    await webhookTo("listen-wrong", `${l.url}/events`, { username: "hooks", password: "wrong" });
    const forwardedBefore = handled.length;
    try {
      expect((await send("refused?")).code).toBe(0);
      await until(() => l.out().includes("refused"), "the refusal", l.err);
      expect(l.out()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} {2}refused \(401: wrong Basic credentials\) {2}after_message\n$/);
      expect(handled.length).toBe(forwardedBefore);
    } finally {
      await removeWebhook("listen-wrong");
      l.child.kill("SIGINT");
    }
    expect(await l.closed).toBe(130);
  }, 30_000);

  it("shows what it cannot read as it came: a body that is not JSON, a trigger it does not know, the current webhooks' message_sent", async () => {
    const l = await listen(["--json"]);
    const post = async (body: string) => (await fetch(`${l.url}/events`, { method: "POST", headers: { "content-type": "application/json" }, body })).status;
    try {
      expect(await post("not json at all")).toBe(200);
      expect(await post(JSON.stringify({ trigger: "something_new", data: [1, { odd: null }] }))).toBe(200);
      expect(await post(JSON.stringify({ trigger: "message_sent", data: { message: { id: "77", sentAt: 1 } }, appId: "a", region: "us", webhook: "w" }))).toBe(200);
      expect((await fetch(`${l.url}/events`)).status).toBe(405);
      await until(() => l.out().split("\n").filter(Boolean).length >= 3, "three events", l.err);
      const events = l.out().split("\n").filter(Boolean).map((line) => JSON.parse(line));
      expect(events.map((e) => [e.seq, e.trigger, e.names ?? null, e.accepted])).toEqual([
        [1, "", null, true], [2, "something_new", null, true], [3, "message_sent", { kind: "message", id: "77" }, true],
      ]);
      expect(events[0].body).toBe("not json at all");
      expect(events[1].body).toEqual({ trigger: "something_new", data: [1, { odd: null }] });
      expect(events[2].delayMs).toBeGreaterThan(0);
    } finally {
      l.child.kill("SIGINT");
    }
    expect(await l.closed).toBe(130);
    expect(l.err()).toContain("stopped: 3 events received");
  }, 30_000);

  it.each(["SIGINT", "SIGTERM"] as const)("--create registers a temporary webhook (journaled) that is gone after %s", async (signal) => {
    const before = await webhookIds();
    const l = await listen(["--cert", cert, "--key", key, "--create", "--yes", "--url", "https://127.0.0.1:9/placeholder", "--triggers", "after_message,call_ended", "--user", "hooks", "--password", "pw-in-no-journal"]);
    await until(() => l.err().includes("temporary webhook"), "the temporary webhook", l.err);
    const made = (await webhookIds()).filter((id) => !before.includes(id));
    expect(made).toHaveLength(1);
    // Made with the receiver's Basic credentials, so that the service's posts are accepted.
    expect((await fx.send("GET", `${hooks()}/${made[0]}`, management())).body.data[0].data).toMatchObject({ webhookURL: "https://127.0.0.1:9/placeholder", useBasicAuth: true, username: "hooks" });
    const triggers = await fx.send("GET", `${hooks()}/${made[0]}/triggers`, management());
    expect(triggers.body.data.map((t: { id: string }) => t.id)).toEqual(["after_message", "call_ended"]);
    l.child.kill(signal);
    expect(await l.closed).toBe(130);
    expect(l.err()).toContain(`removed the temporary webhook ${made[0]}`);
    expect(await webhookIds()).toEqual(before);
    const journal = await runCcx(["journal", "--json", "--limit", "3"], env());
    expect(JSON.parse(journal.stdout).map((e: { verb: string; outcome: string }) => `${e.verb} ${e.outcome}`)).toEqual(["webhook delete done", "webhook create done", "webhook create done"]);
    expect(readFileSync(join(state, "ccx", "journal.ndjson"), "utf8")).not.toContain("pw-in-no-journal");
  }, 30_000);

  it("says so when the temporary webhook could not be removed (gone already), with the command that removes it", async () => {
    const before = await webhookIds();
    const l = await listen(["--create", "--yes", "--url", "https://127.0.0.1:9/placeholder"]);
    await until(() => l.err().includes("temporary webhook"), "the temporary webhook", l.err);
    const [made] = (await webhookIds()).filter((id) => !before.includes(id));
    await removeWebhook(made!);
    l.child.kill("SIGTERM");
    expect(await l.closed).toBe(130);
    expect(l.err()).toContain(`could not remove the temporary webhook ${made} (ERR_WEBHOOK_NOT_FOUND`);
    expect(l.err()).toContain(`remove it with ccx webhook delete ${made}`);
  }, 30_000);

  it("ends with the service's refusal when the webhook cannot be made (not HTTPS), leaving none behind", async () => {
    const before = await webhookIds();
    const l = await listen(["--create", "--yes", "--url", "http://127.0.0.1:9/plain"]);
    // The service's ERR_BAD_REQUEST: bad input, exit 2 (docs/commands.md).
    expect(await l.closed).toBe(2);
    expect(l.err()).toContain("the temporary webhook was not made");
    expect(l.err()).not.toContain("removed the temporary webhook");
    expect(await webhookIds()).toEqual(before);
  }, 30_000);

  it.each([
    [["--cert", "c.pem"], "--cert and --key go together"],
    [["--user", "hooks"], "--user and --password (or CCX_WEBHOOK_PASSWORD) go together"],
    [["--forward-to", "localhost:3000"], "--forward-to takes your handler's http:// or https:// URL"],
    [["--url", "https://example.com/x"], "--url, --triggers and --dry-run are --create's"],
    [["--dry-run"], "--url, --triggers and --dry-run are --create's"],
    [["--create"], "--create needs --url"],
    [["--create", "--url", "https://127.0.0.1:9/x"], "--create writes a webhook, and there is no terminal to ask on: add --yes"],
  ])("%j is bad usage (exit 2), said before anything listens", async (args, said) => {
    const run = await runCcx(["webhooks", "listen", "--port", "0", ...args], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(said);
    expect(run.stderr).not.toContain("listening on");
  });

  it("--create --dry-run prints its requests as curl, the Basic password as a variable, and sends nothing, listens to nothing", async () => {
    const before = await webhookIds();
    const run = await runCcx(["webhooks", "listen", "--port", "0", "--create", "--dry-run", "--url", "https://127.0.0.1:9/x", "--user", "hooks", "--password", "s3cret-pass"], env());
    expect(run.code, run.stderr).toBe(0);
    const curls = run.stdout.trim().split("\n");
    expect(curls[0]).toMatch(/^curl -X POST '.*\/webhooks'/);
    expect(curls.at(-1)).toMatch(/^curl -X DELETE '.*\/webhooks\/ccx-listen-[0-9a-f]{8}'/);
    expect(run.stdout).not.toContain("s3cret-pass");
    expect(run.stderr).toContain("nothing sent, nothing listened to");
    expect(run.stderr).not.toContain("listening on");
    expect(await webhookIds()).toEqual(before);
  });

  it("refuses --create in read-only mode before anything is sent or listened to", async () => {
    const before = await webhookIds();
    const run = await runCcx(["webhooks", "listen", "--port", "0", "--create", "--yes", "--url", "https://127.0.0.1:9/x", "--read-only"], env());
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("read-only mode");
    expect(run.stderr).not.toContain("listening on");
    expect(await webhookIds()).toEqual(before);
  });
});
