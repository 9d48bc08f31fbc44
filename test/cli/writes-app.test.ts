import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prepareCall } from "../../src/api/api-call.js";
import { blockedMessages, flaggedMessages } from "../../src/emulator/data/moderation.js";
import type { App } from "../../src/emulator/data/model.js";
import { WEBHOOK_TRIGGERS } from "../../src/emulator/data/webhooks.js";
import { shownRequest } from "../../src/writes/execute.js";
import { webhookDisable, webhookEnable } from "../../src/writes/webhooks.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { registerSecrets } from "../support/secrets.js";
import { scratchDir } from "../support/scratch.js";
import { journalEntries } from "../support/journal.js";

/**
 * The writes on webhooks, their triggers and moderators' reviews, each over
 * HTTPS against the emulator and read back; undo restoring what was read
 * before; the documented errors; and a webhook's basic-auth password never
 * whole: not on stdout or stderr (the file's secrets scan), not in the
 * journal, not in --dry-run's curl (a shell variable there).
 */

let fx: EmulatorFixture;
let app: App;
let env: Record<string, string>;
let state: string;
const served: string[] = [];
const PASSWORD = `hook-pw-${process.pid}-s3cr3t`;
registerSecrets(PASSWORD);

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 1, users: 30, messages: 3000 }, verbose: true, log: (line: string) => served.push(line) });
  app = fx.emulator.world.apps[0]!;
});
beforeEach(() => {
  state = scratchDir("ccx-journal-");
  env = fx.cliEnv({ state, management: true });
});
afterAll(() => fx?.close());

const journalText = () => readFileSync(join(state, "ccx", "journal.ndjson"), "utf8");
const journal = () => journalEntries(join(state, "ccx", "journal.ndjson"));
const hook = (id: string) => app.webhooks.find((w) => w.id === id);
const json = async (args: string[]) => JSON.parse((await runCcx([...args, "--json"], env)).stdout);
const undo = async (entry?: number) => {
  const run = await runCcx(["undo", ...(entry ? [String(entry)] : []), "--yes"], env);
  expect(run.code, run.stderr).toBe(0);
};

describe("webhooks", () => {
  const create = ["webhook", "create", "--name", "CCX Test Hook", "--url", "https://hooks.example.com/ccx", "--triggers", "after_message,message_edited", "--basic-auth", `ccx:${PASSWORD}`];

  it("--dry-run: the create and its triggers as curl, the password as $CCX_PASSWORD; nothing sent", async () => {
    const before = served.length;
    const dry = await runCcx([...create, "--dry-run"], env);
    expect(dry.code, dry.stderr).toBe(0);
    const [made, triggers] = dry.stdout.trim().split("\n");
    expect(made).toBe(`curl -X POST '${fx.info.managementUrl}/apps/${app.appId}/webhooks' -H "key: $CCX_MANAGEMENT_KEY" -H "secret: $CCX_MANAGEMENT_SECRET" -H 'content-type: application/json' `
      + `-d '{"id":"ccx-test-hook","name":"CCX Test Hook","webhookURL":"https://hooks.example.com/ccx","enabled":true,"useBasicAuth":true,"username":"ccx","password":"'"$CCX_PASSWORD"'"}'`);
    expect(triggers).toContain(`/webhooks/ccx-test-hook/triggers' -H "key: $CCX_MANAGEMENT_KEY"`);
    expect(served.slice(before)).toEqual([]);
  });

  it("create with triggers and basic auth, read back (ccx webhook <id> beside its words), undone in two: triggers, then the webhook", async () => {
    const run = await runCcx([...create, "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("done ccx-test-hook (journal 1; undo: ccx undo 1)\ndone ccx-test-hook triggers (journal 2; undo: ccx undo 2)\n");
    const shown = await runCcx(["webhook", "ccx-test-hook", "--json"], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: "ccx-test-hook", name: "CCX Test Hook", webhookURL: "https://hooks.example.com/ccx", enabled: true, useBasicAuth: true, username: "ccx" });
    expect((await json(["triggers", "ccx-test-hook"])).map((t: { id: string }) => t.id)).toEqual(["after_message", "message_edited"]);
    // Journaled masked, as every answer's secrets are shown.
    expect(journalText()).not.toContain(PASSWORD);
    expect(journal()[0]).toMatchObject({ verb: "webhook create", body: { password: `…${PASSWORD.slice(-4)}` }, inverse: { method: "DELETE", path: "/apps/{appId}/webhooks/ccx-test-hook" } });
    await undo();
    expect(hook("ccx-test-hook")?.triggers).toEqual([]);
    // The last undo would be undone by the next one: the create is named.
    await undo(1);
    expect(hook("ccx-test-hook")).toBeUndefined();
    // The create's body is journaled masked: its undo cannot be undone by sending it again.
    expect(journal().at(-1)).toMatchObject({ undoes: 1, outcome: "done", irreversible: expect.stringContaining("secrets masked") });
    expect(journalText()).not.toContain(PASSWORD);
  });

  it("the question before a write shows the password masked", () => {
    const call = prepareCall({ method: "POST", path: "/apps/{appId}/webhooks", query: {} }, {
      app: { appId: app.appId, region: app.region, apiKey: "k", chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl, readOnly: false } as never,
      management: { key: "mk", secret: "ms", url: fx.info.managementUrl } as never, readOnly: false,
    });
    const lines = shownRequest(call, { id: "x", password: PASSWORD }, app.region).join("\n");
    expect(lines).not.toContain(PASSWORD);
    expect(lines).toContain(`"password":"…${PASSWORD.slice(-4)}"`);
  });

  it("update: read back; undo puts back the name and URL it had", async () => {
    const webhook = app.webhooks[0]!;
    const { name, webhookURL } = webhook;
    const run = await runCcx(["webhook", "update", webhook.id, "--name", "Renamed", "--url", "https://hooks.example.com/renamed", "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(await json(["webhook", webhook.id])).toMatchObject({ name: "Renamed", webhookURL: "https://hooks.example.com/renamed" });
    expect(journal()[0]).toMatchObject({ method: "PUT", inverse: { method: "PUT", body: { name, webhookURL } } });
    await undo();
    expect(await json(["webhook", webhook.id])).toMatchObject({ name, webhookURL });
    const nothing = await runCcx(["webhook", "update", webhook.id, "--yes"], env);
    expect([nothing.code, nothing.stderr]).toEqual([2, expect.stringMatching(/nothing to change: give --name or --url/)]);
  });

  it("disable ⇄ enable from the state read before; enabling one already enabled leaves nothing to undo", async () => {
    const webhook = app.webhooks.find((w) => w.enabled)!;
    expect((await runCcx(["webhook", "disable", webhook.id, "--yes"], env)).code).toBe(0);
    expect(await json(["webhook", webhook.id])).toMatchObject({ enabled: false });
    await undo();
    expect(await json(["webhook", webhook.id])).toMatchObject({ enabled: true });
    const again = await runCcx(["webhook", "enable", webhook.id, "--yes"], env);
    expect(again.stdout).toBe("done " + webhook.id + " (journal 3)\n");
    expect(journal().at(-1)).toMatchObject({ verb: "webhook enable", irreversible: "nothing to undo: it was already so" });
  });

  it("a webhook read back with enabled as a string (\"true\", \"false\") is read as the service meant it: no wrong undo", () => {
    const item = { label: "wh", input: { args: { webhookId: "wh" }, flags: {} } };
    // Enabling one the service says is "true" changes nothing: nothing to undo, not a disable.
    expect(webhookEnable.inverse!(item, { data: { enabled: "true" } })).toBeUndefined();
    expect(webhookEnable.inverse!(item, { data: { enabled: "false" } })).toMatchObject({ method: "PUT", body: { enabled: false } });
    expect(webhookDisable.inverse!(item, { data: { enabled: "false" } })).toBeUndefined();
  });

  it("triggers add and remove: the inverse only for those it changed", async () => {
    const webhook = app.webhooks[1]!;
    const had = webhook.triggers[0]!;
    const missing = WEBHOOK_TRIGGERS.map((t) => t.id).find((id) => !webhook.triggers.includes(id))!;
    expect((await runCcx(["triggers", "add", webhook.id, had, missing, "--yes"], env)).code).toBe(0);
    expect((await json(["triggers", webhook.id])).map((t: { id: string }) => t.id)).toContain(missing);
    expect(journal()[0]).toMatchObject({ body: { triggerIds: [had, missing] }, inverse: { method: "DELETE", body: { triggerIds: [missing] } } });
    await undo();
    expect(webhook.triggers).toContain(had);
    expect(webhook.triggers).not.toContain(missing);
    expect((await runCcx(["triggers", "remove", webhook.id, had, missing, "--yes"], env)).code).toBe(0);
    expect(journal().at(-1)).toMatchObject({ inverse: { method: "POST", body: { triggerIds: [had] } } });
    expect((await json(["triggers", webhook.id])).map((t: { id: string }) => t.id)).not.toContain(had);
    await undo();
    expect(webhook.triggers).toContain(had);
  });

  it("delete: gone from every read, and cannot be undone", async () => {
    const webhook = app.webhooks.at(-1)!;
    expect((await runCcx(["webhook", "delete", webhook.id, "--yes"], env)).code).toBe(0);
    expect(hook(webhook.id)).toBeUndefined();
    expect((await runCcx(["webhook", webhook.id], env)).code).toBe(3);
    expect((await json(["webhooks"])).map((w: { id: string }) => w.id)).not.toContain(webhook.id);
    const refused = await runCcx(["undo", "1", "--yes"], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cannot be undone: a deleted webhook cannot be brought back/);
  });

  it("the documented errors: an unknown webhook, a trigger not in the documented list, no management key (exit 2, nothing sent)", async () => {
    const unknown = await runCcx(["webhook", "disable", "no-such-hook", "--yes"], env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/refused no-such-hook: ERR_WEBHOOK_NOT_FOUND/);
    const taken = await runCcx(["webhook", "create", "--id", app.webhooks[0]!.id, "--name", "Taken", "--url", "https://hooks.example.com/t", "--triggers", "after_message", "--yes"], env);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(new RegExp(`refused ${app.webhooks[0]!.id}: ERR_BAD_REQUEST[^]*1 not sent: each waits for the one before it`));
    expect(journal().map((e) => e.verb)).toEqual(["webhook disable", "webhook create"]);
    const before = served.length;
    const undocumented = await runCcx(["triggers", "add", app.webhooks[0]!.id, "message_sent", "--yes"], env);
    expect(undocumented.code).toBe(2);
    expect(undocumented.stderr).toMatch(/not a documented trigger: message_sent/);
    const { CCX_MANAGEMENT_KEY: _k, CCX_MANAGEMENT_SECRET: _s, ...appOnly } = env;
    const keyless = await runCcx(["webhook", "enable", app.webhooks[0]!.id, "--yes"], appOnly);
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toMatch(/CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET/);
    expect(served.slice(before)).toEqual([]);
  });
});

describe("moderators' reviews", () => {
  const blockedStatus = async (id: string) =>
    (await json(["moderation", "blocked"])).find((b: { message: { id: string } }) => b.message.id === id).message.data.moderation.status;

  it("a blocked message approved (a first review: no undo), then rejected: undo approves it again", async () => {
    const id = String(blockedMessages(app)[0]!.index + 1);
    const approved = await runCcx(["moderation", "approve", id, "--yes"], env);
    expect(approved.stdout).toBe(`done ${id} (journal 1)\n`);
    expect(await blockedStatus(id)).toBe("approved");
    expect(journal()[0]).toMatchObject({ method: "PATCH", path: `/moderation/blocked-messages/${id}`, body: { status: "approved" }, irreversible: expect.stringContaining("a first review is final") });
    expect((await runCcx(["moderation", "reject", id, "--yes"], env)).code).toBe(0);
    expect(await blockedStatus(id)).toBe("rejected");
    expect(journal().at(-1)).toMatchObject({ inverse: { body: { status: "approved" } } });
    await undo();
    expect(await blockedStatus(id)).toBe("approved");
    // Without the management key the blocked list cannot be read first: the review still goes, with no undo.
    const { CCX_MANAGEMENT_KEY: _k, CCX_MANAGEMENT_SECRET: _s, ...appOnly } = env;
    expect((await runCcx(["moderation", "reject", id, "--yes"], appOnly)).code).toBe(0);
    expect(journal().at(-1)).toMatchObject({ outcome: "done", irreversible: expect.stringContaining("a first review is final") });
    const unknown = await runCcx(["moderation", "approve", "999999", "--yes"], env);
    expect([unknown.code, unknown.stderr]).toEqual([3, expect.stringMatching(/ERR_MESSAGE_ID_NOT_FOUND/)]);
  });

  it("--flagged: rejected is disapproved, moved to the reviewed list; a change of that review is undone to it", async () => {
    const id = String(flaggedMessages(app, false)[0]!.index + 1);
    expect((await runCcx(["moderation", "reject", id, "--flagged", "--yes"], env)).code).toBe(0);
    expect((await json(["moderation", "flagged"])).map((f: { messageId: string }) => f.messageId)).not.toContain(id);
    const reviewed = async () => (await json(["moderation", "reviewed"])).find((f: { messageId: string }) => f.messageId === id)?.status;
    expect(await reviewed()).toBe("disapproved");
    expect((await runCcx(["moderation", "approve", id, "--flagged", "--yes"], env)).code).toBe(0);
    expect(await reviewed()).toBe("approved");
    expect(journal().at(-1)).toMatchObject({ path: `/moderation/flagged-messages/${id}`, inverse: { body: { status: "disapproved" } } });
    await undo();
    expect(await reviewed()).toBe("disapproved");
  });
});
