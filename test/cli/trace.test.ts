import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIND } from "../../src/emulator/data/message-store.js";
import { blockedMessages } from "../../src/emulator/data/moderation.js";
import type { App } from "../../src/emulator/data/model.js";
import { PROVIDER_IDS, mutedFor, preferencesOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
import { blockedBy } from "../../src/emulator/data/blocks.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * `ccx trace <messageId>` against the emulator's world, which agrees with
 * itself: a delivered message, a muted recipient, a message moderation
 * blocked, and a message whose webhook is off, as a person reads them and as
 * --json; the requests it makes, counted in the emulator's own log.
 */

let fx: EmulatorFixture;
let app: App;
let env: Record<string, string>;
const served: string[] = [];

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 20, calls: 3, users: 60, messages: 3000 }, verbose: true, log: (line: string) => served.push(line) });
  app = fx.emulator.world.apps[0]!;
  env = {
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_CA_FILE: fx.info.caFile,
    CCX_APP_ID: fx.app().appId, CCX_REGION: fx.app().region, CCX_API_KEY: fx.app().fullAccessKey, COLUMNS: "220",
    CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret,
  };
});
afterAll(() => fx?.close());

const store = () => app.messages;
const blocked = () => new Set(blockedMessages(app).map((b) => b.index));
const conversationOf = (i: number) => store().conversations[store().conversation[i]!]!;

/** The newest text message (not blocked) matching `fits`: its index. */
function newest(fits: (i: number) => boolean): number {
  for (let i = store().count - 1; i >= 0; i--) if (store().kind[i] === KIND.text && store().parent[i] === -1 && !blocked().has(i) && fits(i)) return i;
  throw new Error("no such message in the world");
}

const trace = async (i: number, ...flags: string[]) => {
  const run = await runCcx(["trace", String(i + 1), ...flags], env);
  expect(run.code, run.stderr).toBe(0);
  return run;
};

/** A trace with --json: its report, and the paths (with their queries, after /v3) of the requests it made, from the emulator's log. */
const traceCounting = async (i: number, ...flags: string[]): Promise<[any, string[]]> => {
  const before = served.length;
  const run = await trace(i, "--json", ...flags);
  const requests = served.slice(before, before + Number(/^(\d+) requests/m.exec(run.stderr)![1])).map((l) => l.split(" ")[1]!.replace(/^.*?\/v3(?=\/)/, ""));
  return [JSON.parse(run.stdout), requests];
};

describe("ccx trace", () => {
  it("a delivered 1:1 message: the recipient's devices and the lines sent, the webhooks for it; --json as the issue names it", async () => {
    const i = newest((m) => {
      const c = conversationOf(m);
      if (c.group >= 0) return false;
      const to = c.userA === store().sender[m] ? c.userB : c.userA;
      const prefs = preferencesOf(app, to);
      return !prefs.dnd && !mutedFor(prefs, { otherUid: app.users[store().sender[m]!]!.uid }) && pushTokensOf(app, to).length > 0 &&
        pushTokensOf(app, to).every((t) => t.providerId === PROVIDER_IDS.fcm || t.providerId === PROVIDER_IDS.apns) &&
        !blockedBy(app, to).some((b) => b.userIndex === store().sender[m]);
    });
    const json = JSON.parse((await trace(i, "--json")).stdout);
    expect(Object.keys(json)).toEqual(["message", "thread", "reactions", "moderation", "recipients", "recipientsLeftOut", "webhooks", "unreadable"]);
    expect(json.message.id).toBe(String(i + 1));
    expect(json.moderation.blocked).toBeNull();
    expect(json.recipients).toHaveLength(1);
    const [recipient] = json.recipients;
    expect(recipient).toMatchObject({ blocked: false, banned: false, muted: false, dnd: false });
    expect(recipient.notifications.length).toBe(recipient.pushTokens.length);
    expect(recipient.notifications.every((n: any) => n.channel === "push" && n.triggered === true && n.reason === null)).toBe(true);
    expect(recipient.pushTokens.every((t: any) => t.pushToken.startsWith("…"))).toBe(true);
    // The lines name the devices pushed to: the log settles them, and they are not read again.
    expect(recipient.evidence).toMatchObject({ notifications: `GET /notifications/v1/logs?messageId=${i + 1}`, pushTokens: `GET /notifications/v1/logs?messageId=${i + 1}` });
    const expectedHooks = app.webhooks.filter((w) => w.triggers.some((t) => t === "after_message" || t === "before_message"));
    expect(json.webhooks.map((w: any) => w.id).sort()).toEqual(expectedHooks.map((w) => w.id).sort());
    expect(json.unreadable).toEqual([]);
    const text = (await trace(i)).stdout;
    expect(text).toMatch(new RegExp(`^message ${i + 1}: message/text from \\S+ to user \\S+\\s+\\[GET /messages/${i + 1}\\]$`, "m"));
    expect(text).toMatch(/^ {2}not blocked\s+\[GET \/moderation\/blocked-messages\]$/m);
    expect(text).toMatch(new RegExp(`^ {2}${recipient.uid}\\s+no\\s+no\\s+no\\s+no\\s+${recipient.pushTokens.length}\\s+push \\w+ sent`, "m"));
  });

  it("a muted recipient of a group message: muted, from the log's MUTE_PREFERENCE line; at most one request per endpoint per recipient", async () => {
    const mutedUser = app.users.findIndex((_, u) => preferencesOf(app, u).muted.length > 0 && pushTokensOf(app, u).length > 0 && !preferencesOf(app, u).dnd);
    const guid = preferencesOf(app, mutedUser).muted[0]!.id;
    const group = app.groupIndexByGuid.get(guid)!;
    const i = newest((m) => conversationOf(m).group === group && store().sender[m] !== mutedUser);
    const before = served.length;
    const run = await trace(i, "--json", "--members", "1000");
    const json = JSON.parse(run.stdout);
    const recipient = json.recipients.find((r: any) => r.uid === app.users[mutedUser]!.uid);
    expect(recipient).toMatchObject({ muted: true, evidence: { muted: `GET /notifications/v1/logs?messageId=${i + 1}` } });
    expect(recipient.notifications.every((n: any) => n.triggered === false && n.reason === "MUTE_PREFERENCE")).toBe(true);
    // Each recipient: one request at most to each endpoint that takes them.
    const requests = served.slice(before).map((l) => l.split(" ")[1]!);
    for (const r of json.recipients as Array<{ uid: string }>) {
      const theirs = requests.filter((u) => u.includes(`/users/${r.uid}/`) || u.includes(`uid=${r.uid}&`) || u.endsWith(`uid=${r.uid}`) || u.includes(`authToken=${r.uid}_`));
      const endpoints = theirs.map((u) => u.replace(/^\/[^/]+\/v3/, "").split("?")[0]);
      expect(new Set(endpoints).size, `${r.uid}: ${endpoints.join(", ")}`).toBe(endpoints.length);
    }
    expect(run.stderr).toMatch(new RegExp(`^${requests.length} requests, at most 8 at a time$`, "m"));
  });

  it("a 1:1 message whose recipient blocked the sender and has no push token: the block is said, not guessed", async () => {
    const i = newest((m) => {
      const c = conversationOf(m);
      if (c.group >= 0) return false;
      const to = c.userA === store().sender[m] ? c.userB : c.userA;
      return pushTokensOf(app, to).length === 0 && !blockedBy(app, store().sender[m]!).some((b) => b.userIndex === to);
    });
    const c = conversationOf(i);
    const sender = store().sender[i]!;
    const to = c.userA === sender ? c.userB : c.userA;
    const [senderUid, recipientUid] = [app.users[sender]!.uid, app.users[to]!.uid];
    const blocks = app.changes.blocks;
    const before = blocks.get(to);
    blocks.set(to, new Map([...(before ?? []), [sender, app.users[to]!.createdAt + 1]]));
    const row = new RegExp(`^ {2}${recipientUid}\\s+yes\\s+no\\s+(yes|no)\\s+(yes|no)\\s+0\\s+no log line\\s+${recipientUid} blocked ${senderUid}: no message passes between them\\s*$`, "m");
    try {
      // The app's users fit one page: GET /users as the sender says the block, and no block list is read.
      const [json, requests] = await traceCounting(i, "--json");
      expect(json.recipients).toEqual([expect.objectContaining({ uid: recipientUid, blocked: true, blockedBy: "recipient", pushTokens: [], evidence: expect.objectContaining({ blocked: `GET /users?perPage=1000 (onBehalfOf ${senderUid})` }) })]);
      expect(requests.filter((u) => u.startsWith("/users?"))).toEqual(["/users?perPage=1000"]);
      expect(requests.filter((u) => u.includes("/blockedusers"))).toEqual([]);
      expect((await trace(i)).stdout).toMatch(row);
      // Deactivated, the recipient is not on that page: their block list and the sender's say the same.
      app.users[to]!.deactivatedAt = app.users[to]!.createdAt + 2;
      const [fallback, read] = await traceCounting(i, "--json");
      expect(fallback.recipients).toEqual([{ ...json.recipients[0], evidence: { ...json.recipients[0].evidence, blocked: `GET /users/${recipientUid}/blockedusers` } }]);
      expect(read.filter((u) => u.includes("/blockedusers")).sort()).toEqual([`/users/${recipientUid}/blockedusers?perPage=100`, `/users/${senderUid}/blockedusers?perPage=100`].sort());
      expect((await trace(i)).stdout).toMatch(row);
    } finally {
      delete app.users[to]!.deactivatedAt;
      if (before) blocks.set(to, before);
      else blocks.delete(to);
    }
  });

  it("a group message: every traced member's blocked, muted and DND said, devices or not, within four requests a member", async () => {
    const group = app.groups.reduce((best, g) => (g.seededMembers > best.seededMembers ? g : best));
    const i = newest((m) => conversationOf(m).group === group.index);
    const before = served.length;
    const run = await trace(i, "--json", "--members", "1000");
    const json = JSON.parse(run.stdout);
    expect(json.unreadable).toEqual([]);
    expect(json.recipients.length).toBeGreaterThan(5);
    expect(json.recipients.filter((r: any) => r.pushTokens?.length === 0).length).toBeGreaterThan(0);
    for (const r of json.recipients) expect([r.blocked, r.banned, r.muted, r.dnd], r.uid).not.toContain(null);
    const text = (await trace(i, "--members", "1000")).stdout;
    const rows = text.split("\n").filter((l) => json.recipients.some((r: any) => l.startsWith(`  ${r.uid} `)));
    expect(rows).toHaveLength(json.recipients.length);
    for (const row of rows) expect(row.trim().split(/\s+/).slice(1, 5)).not.toContain("?");
    // Beside what every trace reads once (the message, its log, members, bans, the sender's blocks, moderation, webhooks…).
    const requests = served.slice(before, before + Number(/^(\d+) requests/m.exec(run.stderr)![1])).map((l) => l.split(" ")[1]!);
    const perMember = requests.filter((u) => json.recipients.some((r: any) => u.includes(`/users/${r.uid}/`) || new RegExp(`[?&]uid=${r.uid}(&|$)`).test(u) || u.includes(`authToken=${r.uid}_`)));
    expect(perMember.length).toBeLessThanOrEqual(4 * json.recipients.length);
    // Every member's block with the sender, both ways, in one request: the app's users fit one page.
    expect(requests.filter((u) => /\/v3\/users\?/.test(u))).toEqual([expect.stringMatching(/\/v3\/users\?perPage=1000$/)]);
    expect(requests.filter((u) => u.includes("/blockedusers"))).toEqual([]);
  });

  it("a message moderation blocked: the rule and what it matched, and nobody notified", async () => {
    const record = blockedMessages(app).at(-1)!;
    const run = await trace(record.index);
    expect(run.stdout).toMatch(new RegExp(`^ {2}blocked by rule ${record.rule.name} \\(${record.rule.id}\\), condition .*\\\\"${record.matched}\\\\".*\\[GET /moderation/blocked-messages\\]$`, "m"));
    const json = JSON.parse((await trace(record.index, "--json")).stdout);
    expect(json.moderation.blocked).toMatchObject({ ruleId: record.rule.id, ruleName: record.rule.name });
    expect(json.recipients.every((r: any) => r.notifications.length === 0)).toBe(true);
    expect(run.stdout).not.toMatch(/push \w+ sent/);
  });

  it("a message whose webhook is off says so; without the management key the rest still shows, what was not read said with its code", async () => {
    const hook = app.webhooks[0]!;
    const saved = { enabled: hook.enabled, triggers: hook.triggers };
    Object.assign(hook, { enabled: false, triggers: ["after_message", "group_created"] });
    try {
      const i = newest(() => true);
      const run = await trace(i);
      expect(run.stdout).toMatch(new RegExp(`^ {2}${hook.name} \\(${hook.id}\\) OFF: after_message\\s+\\[GET /apps/\\{appId\\}/webhooks/${hook.id}/triggers\\]$`, "m"));
    } finally {
      Object.assign(hook, saved);
    }
    const { CCX_MANAGEMENT_KEY: _key, CCX_MANAGEMENT_SECRET: _secret, ...appOnly } = env;
    const run = await runCcx(["trace", String(newest(() => true) + 1)], appOnly);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^could not read$/m);
    expect(run.stdout).toMatch(/^ {2}GET \/moderation\/blocked-messages: CCX_CONFIG: .*CCX_MANAGEMENT_KEY/m);
    expect(run.stdout).toMatch(/^ {2}GET \/apps\/\{appId\}\/webhooks\?perPage=100: CCX_CONFIG/m);
    expect(run.stdout).toMatch(/^recipients \(\d+/m);
    const missing = await runCcx(["trace", "99999999"], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/ERR_MESSAGE_ID_NOT_FOUND/);
  });
});
