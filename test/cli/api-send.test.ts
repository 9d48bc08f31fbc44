import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedMessages } from "../../src/emulator/data/moderation.js";
import type { App } from "../../src/emulator/data/model.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { journalEntries } from "../support/journal.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";
import { registerSecrets } from "../support/secrets.js";

/**
 * The operations `ccx api` could not send before issue 30, over HTTPS against
 * the emulator: a header of the user's (-H) reaching the service, and never
 * replacing a credential unasked nor printed when it is a secret; a file
 * uploaded as multipart/form-data (-F), one body a request; HTTP Basic on
 * POST /tenants; a blocked message's review with the management key and
 * secret; and the webhook verbs' --version 2, the current webhooks apart from
 * the legacy ones, undone where they were made.
 */

let fx: EmulatorFixture;
let app: App;
let env: Record<string, string>;
let state: string;
/** Every request the emulator answered, as its log writes them. */
const served: string[] = [];
const HEADER_SECRET = `hdr-${randomBytes(12).toString("hex")}`;
registerSecrets(HEADER_SECRET);

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 1, users: 20, messages: 3000 }, verbose: true, log: (line: string) => served.push(line) });
  app = fx.emulator.world.apps[0]!;
  state = scratchDir("ccx-api-send-");
  env = fx.cliEnv({ state, management: true });
});
afterAll(() => fx?.close());

/** The requests a run made, from the emulator's log. */
async function sentBy(run: () => Promise<unknown>): Promise<string[]> {
  const before = served.length;
  await run();
  return served.slice(before);
}

const V2 = "X-Webhook-Version: 2";
const newHook = (id: string) => JSON.stringify({ id, name: id, webhookURL: `https://hooks.example.com/${id}` });

describe("ccx api -H", () => {
  it("sends the header: X-Webhook-Version: 2 makes and reads a current webhook, which the legacy list does not hold", async () => {
    const made = await runCcx(["api", "-X", "POST", "/apps/{appId}/webhooks", "-H", V2, "-d", newHook("current-1"), "--yes"], env);
    expect(made.code, made.stderr).toBe(0);
    expect(app.currentWebhooks.map((w) => w.id)).toContain("current-1");
    expect(app.webhooks.map((w) => w.id)).not.toContain("current-1");
    const current = await runCcx(["api", "/apps/{appId}/webhooks/current-1", "-H", V2], env);
    expect(JSON.parse(current.stdout).data[0].data.id).toBe("current-1");
    const legacy = await runCcx(["api", "/apps/{appId}/webhooks/current-1"], env);
    expect(legacy.code).toBe(3);
    expect(legacy.stderr).toMatch(/ERR_WEBHOOK_NOT_FOUND/);
  });

  it("refuses a header that would replace a credential ccx sends, nothing sent, unless --replace-credentials says so", async () => {
    let refused: Awaited<ReturnType<typeof runCcx>> | undefined;
    expect(await sentBy(async () => (refused = await runCcx(["api", "/users", "-H", `apikey: ${HEADER_SECRET}`], env)))).toEqual([]);
    expect(refused!.code).toBe(2);
    expect(refused!.stderr).toMatch(/-H apikey would replace the credentials ccx sends for this path: add --replace-credentials/);
    const replaced = await runCcx(["api", "/users", "-H", `apikey: ${HEADER_SECRET}`, "--replace-credentials", "--verbose"], env);
    // The service saw that key, not the configured one: it refuses it.
    expect(replaced.code).toBe(4);
    expect(replaced.stderr).toMatch(/AUTH_ERR_APIKEY_NOT_FOUND/);
  });

  it("never prints a secret header's value: not in --dry-run, --verbose, an error, nor a refusal", async () => {
    const dry = await runCcx(["api", "-X", "POST", "/users", "-H", `X-Api-Key: ${HEADER_SECRET}`, "-H", "X-Trace: t1", "-d", '{"uid":"x","name":"X"}', "--dry-run"], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`header X-Api-Key: …${HEADER_SECRET.slice(-4)}\\n  header X-Trace: t1\\n`));
    const runs = [
      dry,
      await runCcx(["api", "/users", "-H", `X-Api-Key: ${HEADER_SECRET}`, "--verbose"], env),
      await runCcx(["api", "/users/nobody-here", "-H", `Authorization: Bearer ${HEADER_SECRET}`, "--verbose"], env),
      await runCcx(["api", "/users", "-H", `apikey: ${HEADER_SECRET}`, "--replace-credentials", "--verbose"], env),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 3, 4]);
    for (const run of runs) expect(run.stdout + run.stderr).not.toContain(HEADER_SECRET);
  });
});

describe("ccx api -F", () => {
  it("uploads a file as multipart/form-data: the emulator reads it back, and the certificates' query says it is there", async () => {
    const dir = scratchDir("ccx-cert-");
    const file = join(dir, "push.p8");
    const bytes = randomBytes(900);
    writeFileSync(file, bytes);
    const path = "/apps/{appId}/extensions/push-notification/v1";
    const dry = await runCcx(["api", "-X", "POST", `${path}/upload-certificate-p8`, "-F", `certificate=@${file}`, "--dry-run"], env);
    expect(dry.stdout).toMatch(/form: certificate=@push\.p8 \(900 bytes\)/);
    const run = await runCcx(["api", "-X", "POST", `${path}/upload-certificate-p8`, "-F", `certificate=@${file}`, "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data.success).toBe(true);
    expect(app.pushCertificates.p8).toMatchObject({ fileName: "push.p8", bytes: 900, sha256: createHash("sha256").update(bytes).digest("hex") });
    const query = await runCcx(["api", `${path}/query-certificates`], env);
    expect(JSON.parse(query.stdout).data.body).toMatchObject({ certificate_p8: true, certificate_p12: false });
    // A field that is no file part: the documented error, exit 2.
    const text = await runCcx(["api", "-X", "POST", `${path}/upload-certificate-p12`, "-F", "certificate=not-a-file", "--yes"], env);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/ERR_BAD_REQUEST[\s\S]*certificate: The certificate must be a file part/);
  });

  it("refuses -F beside a JSON body (-d or --input), or a file it cannot read, before anything is sent", async () => {
    const dir = scratchDir("ccx-cert-");
    const file = join(dir, "cert.p12");
    writeFileSync(file, "p12");
    writeFileSync(join(dir, "body.json"), "{}");
    const upload = ["api", "-X", "POST", "/apps/{appId}/extensions/push-notification/v1/upload-certificate-p12", "-F", `certificate=@${file}`, "--yes"];
    const runs: Array<Awaited<ReturnType<typeof runCcx>>> = [];
    const sent = await sentBy(async () => {
      runs.push(await runCcx([...upload, "-d", "{}"], env));
      runs.push(await runCcx([...upload, "--input", join(dir, "body.json")], env));
      runs.push(await runCcx(["api", "-X", "POST", "/apps/{appId}/extensions/push-notification/v1/upload-certificate-p12", "-F", `certificate=@${join(dir, "missing.p12")}`, "--yes"], env));
    });
    expect(sent).toEqual([]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs[0]!.stderr).toMatch(/-F makes a multipart\/form-data body and -d a JSON one: a request has one body; nothing was sent/);
    expect(runs[1]!.stderr).toMatch(/-F makes a multipart\/form-data body and --input a JSON one/);
    expect(runs[2]!.stderr).toMatch(/cannot read .*missing\.p12 \(-F certificate\): ENOENT; nothing was sent/);
    expect(app.pushCertificates.p12).toBeUndefined();
  });
});

describe("ccx api: the credentials the docs name", () => {
  const tenant = (email: string) => JSON.stringify({ name: "Tess", email, password: "tenant-pass-1", appName: "Tess's app", appRegion: "eu" });

  it("POST /tenants goes with HTTP Basic, the management key and secret: made, its keys masked", async () => {
    const dry = await runCcx(["api", "-X", "POST", "/tenants", "-d", tenant("tess@example.com"), "--dry-run"], env);
    expect(dry.stdout).toMatch(/credentials: HTTP Basic, the management key and secret/);
    expect(dry.stdout).toMatch(/"password":"…ss-1"/);
    const run = await runCcx(["api", "-X", "POST", "/tenants", "-d", tenant("tess@example.com"), "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data.app).toMatchObject({ name: "Tess's app", region: "eu", apiKey: expect.stringMatching(/^…/) });
    expect(fx.emulator.world.tenants.map((t) => t.email)).toContain("tess@example.com");
  });

  it("a wrong secret is the documented refusal and exit 4; the key and secret headers alone are refused on /tenants", async () => {
    const run = await runCcx(["api", "-X", "POST", "/tenants", "-d", tenant("wrong@example.com"), "--yes"], { ...env, CCX_MANAGEMENT_SECRET: "not-the-secret" });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^error: AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS: /m);
    const headers = await fx.send("POST", `${fx.info.managementUrl}/tenants`, { key: fx.info.management.key, secret: fx.info.management.secret }, JSON.parse(tenant("headers@example.com")));
    expect(headers.status).toBe(401);
    expect(headers.body.error.code).toBe("AUTH_ERR_INVALID_MANAGEMENT_CREDENTIALS");
    expect(fx.emulator.world.tenants.map((t) => t.email)).not.toContain("wrong@example.com");
  });

  it("reviews a blocked message with the management key and secret (--auth management), the form the docs give beside the API key's", async () => {
    const blocked = blockedMessages(app).find((b) => !app.changes.reviews.has(b.index))!;
    const id = String(blocked.index + 1);
    const review = ["api", "-X", "PATCH", `/moderation/blocked-messages/${id}`, "--auth", "management", "-d", '{"status":"approved"}', "--yes"];
    const withoutThem = await runCcx(review, fx.cliEnv({ state }));
    expect(withoutThem.code).toBe(2);
    expect(withoutThem.stderr).toMatch(/takes the management key and secret: set CCX_MANAGEMENT_KEY/);
    const run = await runCcx(review, env);
    expect(run.code, run.stderr).toBe(0);
    expect(app.changes.reviews.get(blocked.index)?.status).toBe("approved");
    const wrong = await runCcx(["api", "/users", "--auth", "management"], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/\/users is documented with the API key only: drop --auth management/);
  });
});

describe("the webhook verbs' --version 2", () => {
  it("create, update and delete a current webhook, undone in the current webhooks, the legacy ones untouched", async () => {
    const legacy = app.webhooks.map((w) => w.id);
    const dry = await runCcx(["webhook", "create", "--name", "Now", "--url", "https://hooks.example.com/now", "--version", "2", "--dry-run"], env);
    expect(dry.stdout).toMatch(/-H 'X-Webhook-Version: 2'/);
    const made = await runCcx(["webhook", "create", "--name", "Now", "--url", "https://hooks.example.com/now", "--triggers", "group_created", "--version", "2", "--yes"], env);
    expect(made.code, made.stderr).toBe(0);
    expect(app.currentWebhooks.find((w) => w.id === "now")).toMatchObject({ webhookURL: "https://hooks.example.com/now", triggers: ["group_created"] });
    const renamed = await runCcx(["webhook", "update", "now", "--name", "Later", "--version", "2", "--yes"], env);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(app.currentWebhooks.find((w) => w.id === "now")?.name).toBe("Later");
    // The journal keeps the header with the write and its undo.
    const entries = journalEntries(join(state, "ccx", "journal.ndjson"));
    expect(entries.at(-1)).toMatchObject({ verb: "webhook update", headers: { "X-Webhook-Version": "2" }, inverse: { headers: { "X-Webhook-Version": "2" }, body: { name: "Now" } } });
    // Each write undone, newest first: the rename, the triggers, the webhook.
    for (const entry of entries.filter((e) => e.headers).reverse()) {
      const undo = await runCcx(["undo", String(entry.seq), "--yes"], env);
      expect(undo.code, undo.stderr).toBe(0);
    }
    expect(app.currentWebhooks.find((w) => w.id === "now")).toBeUndefined();
    expect(app.webhooks.map((w) => w.id)).toEqual(legacy);
    const bad = await runCcx(["webhook", "delete", legacy[0]!, "--version", "3", "--yes"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--version takes 2/);
    expect(app.webhooks.map((w) => w.id)).toEqual(legacy);
  });
});
