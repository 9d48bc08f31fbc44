import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { blockedMessages } from "../../src/emulator/data/moderation.js";
import { preferencesOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
import type { App } from "../../src/emulator/data/model.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * The notifications service and moderation, each read from its definition
 * over HTTPS against the emulator: the log agrees with the world (its lines
 * name real recipients, a muted one's says MUTE_PREFERENCE), every filter is
 * applied, pages walk whole, secrets stay masked; moderation's blocked
 * messages name rules that exist, with the management headers it takes.
 */

let fx: EmulatorFixture;
let app: App;
let env: Record<string, string>;
let appOnly: Record<string, string>;
const served: string[] = [];

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 20, calls: 3, users: 60, messages: 3000 }, verbose: true, log: (line: string) => served.push(line) });
  app = fx.emulator.world.apps[0]!;
  appOnly = {
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_CA_FILE: fx.info.caFile,
    CCX_APP_ID: fx.app().appId, CCX_REGION: fx.app().region, CCX_API_KEY: fx.app().fullAccessKey, COLUMNS: "200",
  };
  env = { ...appOnly, CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret };
});
afterAll(() => fx?.close());

const ndjson = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
const uidOf = (index: number) => app.users[index]!.uid;

describe("ccx notifications", () => {
  it("logs: newest first, each line a real recipient of its message; --all walks every page by logId, none twice", async () => {
    const first = await runCcx(["notifications", "logs", "--json"], env);
    expect(first.code, first.stderr).toBe(0);
    const page = JSON.parse(first.stdout) as Array<Record<string, any>>;
    expect(page).toHaveLength(100);
    expect(first.stderr).toMatch(/100 shown; more follow: --all/);
    for (const line of page.slice(0, 20)) {
      const message = JSON.parse((await runCcx(["message", String(line.messageId), "--json"], env)).stdout);
      expect(line.sender).toBe(message.sender);
      if (message.receiverType === "group") {
        const members = JSON.parse((await runCcx(["api", `/groups/${message.receiver}/members`, "-f", "perPage=1000"], env)).stdout).data.map((m: any) => m.uid);
        expect(members).toContain(line.member);
      } else expect(line.receiver).toBe(message.receiver);
    }
    const ids = page.map((l) => l._id as string);
    expect(ids).toEqual([...ids].sort().reverse());
    const all = ndjson((await runCcx(["notifications", "logs", "--all", "--ndjson"], env)).stdout);
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all.map((l) => l._id)).size).toBe(all.length);
    expect(all.slice(0, 100)).toEqual(page);
    expect(served.some((l) => /\/notifications\/v1\/logs\?.*logId=[0-9a-f]{24}.*affix=append/.test(l) || /affix=append.*logId=/.test(l))).toBe(true);
  });

  it("logs: a muted recipient's line says MUTE_PREFERENCE; filters are applied, times in ms shown as times", async () => {
    const muted = app.users.findIndex((_, i) => preferencesOf(app, i).muted.length > 0 && pushTokensOf(app, i).length > 0 && !preferencesOf(app, i).dnd);
    expect(muted).toBeGreaterThanOrEqual(0);
    const lines = ndjson((await runCcx(["notifications", "logs", "--member", uidOf(muted), "--reason", "MUTE_PREFERENCE", "--all", "--ndjson"], env)).stdout);
    expect(lines.length).toBeGreaterThan(0);
    const mutedGroups = preferencesOf(app, muted).muted.map((m) => m.id);
    for (const line of lines) {
      expect(line).toMatchObject({ member: uidOf(muted), notificationTriggered: false, reason: "MUTE_PREFERENCE" });
      expect(mutedGroups).toContain(line.receiver);
    }
    const held = ndjson((await runCcx(["notifications", "logs", "--triggered", "false", "--ndjson"], env)).stdout);
    expect(held.every((l) => l.notificationTriggered === false && typeof l.reason === "string")).toBe(true);
    // As documented: the message id a number, a reason only on a line held back.
    expect(typeof lines[0]!.messageId).toBe("number");
    const one = ndjson((await runCcx(["notifications", "logs", "--message-id", String(lines[0]!.messageId), "--ndjson"], env)).stdout);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((l) => l.messageId === lines[0]!.messageId && (l.notificationTriggered ? l.reason === undefined : typeof l.reason === "string"))).toBe(true);
    const table = await runCcx(["notifications", "logs", "--message-id", String(lines[0]!.messageId)], env);
    expect(table.stdout).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+${lines[0]!.messageId}\\s+`, "m"));
    expect(table.stdout).toMatch(/MUTE_PREFERENCE/);
    // A time as the filters write one, sent in ms.
    await runCcx(["notifications", "logs", "--from", "2024-01-01", "--to", "2030-01-01T00:00:00Z"], env);
    expect(served.some((l) => l.includes("from=1704067200000") && l.includes("to=1893456000000"))).toBe(true);
    const bad = await runCcx(["notifications", "logs", "--from", "yesterday-ish"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--from: "yesterday-ish" is not a time/);
  });

  it("tokens: a user's push tokens by an auth token of theirs, masked unless --reveal; the auth token never shown", async () => {
    const user = app.users.findIndex((_, i) => pushTokensOf(app, i).length > 1);
    const authToken = tokensOf(app, user)[0]!.authToken;
    const masked = await runCcx(["notifications", "tokens", "--auth-token", authToken, "--json"], env);
    expect(masked.code, masked.stderr).toBe(0);
    const tokens = JSON.parse(masked.stdout) as Array<{ pushToken: string; uid: string }>;
    expect(tokens.length).toBe(pushTokensOf(app, user).length);
    expect(tokens.every((t) => t.pushToken.startsWith("…") && t.uid === uidOf(user))).toBe(true);
    expect(masked.stderr).toMatch(/masked \(--reveal shows them\)/);
    const revealed = JSON.parse((await runCcx(["notifications", "tokens", "--auth-token", authToken, "--json", "--reveal"], env)).stdout);
    expect(revealed.map((t: any) => t.pushToken)).toEqual(pushTokensOf(app, user).map((t) => t.pushToken));
    const unknown = await runCcx(["notifications", "tokens", "--auth-token", `${uidOf(user)}_${"f".repeat(40)}`], env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/ERR_AUTH_TOKEN_NOT_FOUND/);
    expect(unknown.stderr).not.toContain("f".repeat(40));
    const none = await runCcx(["notifications", "tokens"], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--auth-token/);
  });

  it("preferences <uid>: preferences, muted conversations and timezone in one item; settings; providers with their keys masked", async () => {
    const muted = app.users.findIndex((_, i) => preferencesOf(app, i).muted.length > 0);
    const json = JSON.parse((await runCcx(["notifications", "preferences", uidOf(muted), "--json"], env)).stdout);
    expect(json.timezone).toBe(preferencesOf(app, muted).timezone);
    expect(json.mutedConversations.map((m: any) => m.id)).toEqual(preferencesOf(app, muted).muted.map((m) => m.id));
    // Do not disturb as documented: mute.dndPreferenceSetting, 2 on and 1 off.
    expect(json.preferences.mute.dndPreferenceSetting).toBe(preferencesOf(app, muted).dnd ? 2 : 1);
    const text = await runCcx(["notifications", "preferences", uidOf(muted)], env);
    expect(text.stdout.split("\n").slice(0, 3).map((l) => l.split(/\s+/)[0])).toEqual(["preferences", "mutedConversations", "timezone"]);
    const missing = await runCcx(["notifications", "preferences", "nobody-here"], env);
    expect(missing.code).toBe(3);
    const settings = await runCcx(["notifications", "settings", "--json"], env);
    expect(JSON.parse(settings.stdout)).toMatchObject({ preferences: { group: { messagesSetting: 2, messagesOverride: true } }, sound: { chat: "default" } });
    const providers = await runCcx(["notifications", "providers"], env);
    expect(providers.code, providers.stderr).toBe(0);
    for (const kind of ["push: fcm", "push: apns", "push: custom", "sms: twilio", "sms: custom", "email: sendgrid", "email: custom"]) expect(providers.stdout).toContain(kind);
    const all = JSON.parse((await runCcx(["notifications", "providers", "--json"], env)).stdout) as Array<Record<string, any>>;
    expect(all.find((p) => p.source === "sms: twilio")!.twilioAuthToken).toMatch(/^…/);
    expect(all.find((p) => p.source === "email: sendgrid")!.sendGridApiKey).toMatch(/^…/);
    expect(all.find((p) => p.source === "push: fcm")!.fcmServiceAccountJson.private_key).toMatch(/^…/);
    // The custom providers' basicAuthPassword is masked by what its name says (issue 27's masking, src/api/answer-secrets.ts).
    for (const custom of ["push: custom", "sms: custom", "email: custom"]) expect(all.find((p) => p.source === custom)).toHaveProperty("basicAuthPassword");
    expect(all.find((p) => p.source === "sms: twilio")!.twilioSenderPhoneNumber).toBe("+15005550006");
  });
});

describe("the rest of notifications and moderation", () => {
  it("ccx notifications contact --as UID: where their email and SMS go; without --as, exit 2; ccx moderation revisions <ruleId>", async () => {
    const uid = uidOf(2);
    const contact = await runCcx(["notifications", "contact", "--as", uid, "--json"], env);
    expect(contact.code, contact.stderr).toBe(0);
    expect(JSON.parse(contact.stdout)).toMatchObject({ email: `${uid}@example.com` });
    const without = await runCcx(["notifications", "contact"], env);
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/--as <uid>/);
    const revisions = JSON.parse((await runCcx(["moderation", "revisions", "rule-videos", "--json"], env)).stdout) as Array<{ id: string; revisionId: string }>;
    expect(revisions.length).toBeGreaterThan(0);
    expect(revisions.every((r) => r.id === "rule-videos" && r.revisionId.startsWith(`${app.appId}_rule-videos_`))).toBe(true);
    const table = await runCcx(["moderation", "revisions", "rule-videos"], env);
    expect(table.stdout.split("\n")[0]).toMatch(/^REVISION\s+NAME\s+ON\s+DEFAULT\s+CONDITIONS$/);
  });
});

describe("ccx moderation", () => {
  it("rules, one rule, keywords; blocked messages each name a rule that exists and a word of its list", async () => {
    const rules = JSON.parse((await runCcx(["moderation", "rules", "--json"], env)).stdout) as Array<Record<string, any>>;
    expect(rules.length).toBeGreaterThan(3);
    const one = JSON.parse((await runCcx(["moderation", "rules", rules[1]!.id, "--json"], env)).stdout);
    expect(one).toEqual(rules[1]);
    const keywords = JSON.parse((await runCcx(["moderation", "keywords", "--json"], env)).stdout) as Array<Record<string, any>>;
    const blocked = JSON.parse((await runCcx(["moderation", "blocked", "--json"], env)).stdout) as Array<Record<string, any>>;
    expect(blocked.length).toBe(blockedMessages(app).length);
    for (const record of blocked) {
      const rule = rules.find((r) => r.id === record.ruleId);
      expect(rule, record.ruleId).toBeDefined();
      // As documented: the condition names its list in value, and says in message what of it matched; the action is a string.
      const list = keywords.find((k) => k.id === record.condition.value[0]);
      expect(list!.searchTerms.some((term: string) => record.condition.message[0].includes(`"${term}"`))).toBe(true);
      expect(record.action).toEqual(["blockMessage"]);
      expect(record.message.data.moderation.status).toBe("disapproved");
    }
    const table = await runCcx(["moderation", "blocked"], env);
    expect(table.stdout.split("\n")[0]).toMatch(/^WHEN\s+MESSAGE\s+SENDER\s+RULE\s+MATCHED\s+TEXT$/);
    expect(table.stderr).toMatch(new RegExp(`^${blocked.length} shown$`, "m"));
    expect(served.some((l) => /\/moderation\/blocked-messages 200/.test(l))).toBe(true);
  });

  it("flagged, reviewed and reasons take the API key alone; rules, keywords and blocked say which credentials are missing, exit 2, nothing sent", async () => {
    for (const word of ["flagged", "reviewed", "reasons"]) {
      const run = await runCcx(["moderation", word, "--json"], appOnly);
      expect(run.code, `${word}: ${run.stderr}`).toBe(0);
    }
    const reviewed = JSON.parse((await runCcx(["moderation", "reviewed", "--json"], appOnly)).stdout) as Array<{ status: string }>;
    expect(reviewed.every((r) => r.status === "approved" || r.status === "disapproved")).toBe(true);
    const before = served.length;
    for (const word of ["rules", "keywords", "blocked"]) {
      const run = await runCcx(["moderation", word], appOnly);
      expect(run.code, word).toBe(2);
      expect(run.stderr).toMatch(/CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET/);
    }
    expect(served.length).toBe(before);
  });

  it("the emulator wants the appId header beside the management key and secret on the chat host", async () => {
    const url = `${fx.base("api")}/moderation/rules`;
    const withAppId = await fx.send("GET", url, { key: fx.info.management.key, secret: fx.info.management.secret, appId: fx.app().appId });
    expect(withAppId.status).toBe(200);
    expect(withAppId.body.meta).toEqual({ current: { limit: 50, count: withAppId.body.data.length } });
    const without = await fx.send("GET", url, { key: fx.info.management.key, secret: fx.info.management.secret });
    expect(without.status).toBe(401);
    const apiKeyOnly = await fx.send("GET", url, { apikey: fx.app().fullAccessKey });
    expect(apiKeyOnly.status).toBe(401);
  });
});
