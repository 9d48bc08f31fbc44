import { describe, expect, it } from "vitest";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { isMember } from "../../src/emulator/data/members.js";
import { logLinesOf, preferencesOf, providersOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
import { PROVIDER_KINDS } from "../../src/writes/providers.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { registerSecrets } from "../support/secrets.js";
import { writeWorld } from "../support/write-world.js";

/**
 * The notification writes, each over HTTPS against the emulator: sent, read
 * back through ccx's own reads, undone where it has an inverse (the value
 * read before it put back); refused read-only; the documented errors. The
 * secrets they carry (a push token, an auth token, a provider's credentials)
 * never whole: not on stdout or stderr (the file's secrets scan), not in the
 * journal, not in --dry-run's curl.
 */

const w = writeWorld({ apps: 1, groups: 5, calls: 1, users: 30, messages: 500 });
const { ok, json, undo, journal, journalText } = w;

const PUSH_TOKEN = `fcm:ccx-push-${process.pid}-s3cr3t-token`;
const TWILIO_TOKEN = `twilio-${process.pid}-s3cr3t-auth`;
const PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----ccx${process.pid}s3cr3t-----END PRIVATE KEY-----`;
const PROVIDER_SECRET = `provider-${process.pid}-s3cr3t-value`;
registerSecrets(PUSH_TOKEN, TWILIO_TOKEN, PRIVATE_KEY, PROVIDER_SECRET);

const uidAt = (i: number) => w.app.users[i]!.uid;

describe("settings and preferences", () => {
  it("settings-set: sent as a PATCH of that field, read back, undone to the value it had; --dry-run sends nothing", async () => {
    const field = "preferences.group.memberJoinedSetting";
    const before = w.served.length;
    const dry = await ok(["notifications", "settings-set", field, "2", "--dry-run"]);
    expect(dry.stdout).toContain(`curl -X PATCH '${w.fx.info.chatUrl.replace("{appId}", w.app.appId).replace("{region}", w.app.region)}/notifications/v1/settings'`);
    expect(dry.stdout).toContain(`-d '{"preferences":{"group":{"memberJoinedSetting":2}}}'`);
    expect(w.served.slice(before)).toEqual([]);
    await ok(["notifications", "settings-set", field, "2", "--yes"]);
    expect((await json(["notifications", "settings"])).preferences.group.memberJoinedSetting).toBe(2);
    expect(journal()[0]).toMatchObject({ verb: "notifications settings-set", inverse: { method: "PATCH", body: { preferences: { group: { memberJoinedSetting: 1 } } } } });
    await undo();
    expect((await json(["notifications", "settings"])).preferences.group.memberJoinedSetting).toBe(1);
  });

  it("settings-reset: the defaults back, undone to the settings read before it", async () => {
    await ok(["notifications", "settings-set", "sound.chat", "bell", "--yes"]);
    await ok(["notifications", "settings-reset", "--yes"]);
    expect((await json(["notifications", "settings"])).sound.chat).toBe("default");
    await undo();
    expect((await json(["notifications", "settings"])).sound.chat).toBe("bell");
  });

  it("preference-set and preference-reset: a user's do not disturb on, read back, reset to the default, each undone", async () => {
    const uid = uidAt(3);
    const dnd = async () => (await json(["notifications", "preferences", uid])).preferences.mute.dndPreferenceSetting;
    const had = await dnd();
    await ok(["notifications", "preference-set", uid, "preferences.mute.dndPreferenceSetting", had === 2 ? "1" : "2", "--yes"]);
    expect(await dnd()).toBe(had === 2 ? 1 : 2);
    await undo();
    expect(await dnd()).toBe(had);
    await ok(["notifications", "preference-set", uid, "preferences.mute.dndPreferenceSetting", "2", "--yes"]);
    expect(preferencesOf(w.app, 3).dnd).toBe(true);
    await ok(["notifications", "preference-reset", uid, "--yes"]);
    expect(await dnd()).toBe(1);
    await undo();
    expect(await dnd()).toBe(2);
  });

  it("a setting the answer does not have, or a value out of the documented ones: refused, ERR_BAD_REQUEST naming the field", async () => {
    const run = await runCcx(["notifications", "settings-set", "preferences.group.messagesSetting", "7", "--yes"], w.env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("refused preferences.group.messagesSetting: ERR_BAD_REQUEST");
    const unknown = await runCcx(["notifications", "preference-set", uidAt(3), "preferences.nothing", "1", "--yes"], w.env);
    expect(unknown.stderr).toContain(`refused ${uidAt(3)}: preferences.nothing: ERR_BAD_REQUEST`);
    expect(journal().map((e) => e.outcome)).toEqual(["refused", "refused"]);
  });

  it("read-only: refused before anything is sent", async () => {
    const before = w.served.length;
    const run = await runCcx(["notifications", "timezone", uidAt(2), "Asia/Tokyo", "--yes", "--read-only"], w.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/read-only mode: notifications timezone refused, nothing was sent/);
    expect(w.served.slice(before)).toEqual([]);
  });
});

describe("mute, timezone, contact details", () => {
  it("mute a group the user is in, read back, undone; unmute --all of a user who muted some, undone with their until", async () => {
    const group = w.app.groups.find((g) => isMember(w.app, g, 5) && !preferencesOf(w.app, 5).muted.some((m) => m.id === g.guid))!;
    const muted = async (uid: string) => (await json(["notifications", "preferences", uid])).mutedConversations as Array<{ id: string; until?: number }>;
    await ok(["notifications", "mute", uidAt(5), "--groups", group.guid, "--yes"]);
    expect((await muted(uidAt(5))).map((m) => m.id)).toContain(group.guid);
    await undo();
    expect((await muted(uidAt(5))).map((m) => m.id)).not.toContain(group.guid);

    const index = w.app.users.findIndex((_, i) => preferencesOf(w.app, i).muted.length > 0);
    const had = structuredClone(preferencesOf(w.app, index).muted);
    await ok(["notifications", "unmute", uidAt(index), "--all", "--yes"]);
    expect(await muted(uidAt(index))).toEqual([]);
    await undo();
    expect(await muted(uidAt(index))).toEqual(had);
  });

  it("a conversation that does not exist: refused with the documented not-found code", async () => {
    const run = await runCcx(["notifications", "mute", uidAt(5), "--groups", "no-such-group", "--yes", "--json"], w.env);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain("ERR_GUID_NOT_FOUND");
  });

  it("timezone: set, read back, undone; one the service does not know refused", async () => {
    const had = preferencesOf(w.app, 6).timezone;
    const zone = had === "Asia/Tokyo" ? "Europe/Berlin" : "Asia/Tokyo";
    await ok(["notifications", "timezone", uidAt(6), zone, "--yes"]);
    expect((await json(["notifications", "preferences", uidAt(6)])).timezone).toBe(zone);
    await undo();
    expect((await json(["notifications", "preferences", uidAt(6)])).timezone).toBe(had);
    // The undo undone: the write again, with the user it is for (its `uid`, journaled with it).
    expect(journal()[0]).toMatchObject({ query: { uid: uidAt(6) } });
    await undo(2);
    expect((await json(["notifications", "preferences", uidAt(6)])).timezone).toBe(zone);
    const bad = await runCcx(["notifications", "timezone", uidAt(6), "Mars/Olympus", "--yes"], w.env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(`refused ${uidAt(6)}: Mars/Olympus: ERR_BAD_REQUEST`);
  });

  it("contact-set and contact-delete, as the user (onBehalfOf), read back, each undone", async () => {
    const uid = uidAt(7);
    const contact = () => json(["notifications", "contact", "--as", uid]);
    const had = await contact();
    await ok(["notifications", "contact-set", uid, "--email", "new@example.com", "--yes"]);
    expect(await contact()).toEqual({ ...had, email: "new@example.com" });
    await undo();
    expect(await contact()).toEqual(had);
    await ok(["notifications", "contact-delete", uid, "--yes"]);
    expect(await contact()).toEqual({});
    await undo();
    expect(await contact()).toEqual(had);
  });
});

describe("push tokens", () => {
  it("register: sent against the auth token, read back; the tokens masked in --dry-run, the output and the journal; delete by value", async () => {
    const index = w.app.users.findIndex((_, i) => i > 0 && tokensOf(w.app, i).length > 0);
    const authToken = tokensOf(w.app, index)[0]!.authToken;
    registerSecrets(authToken);
    const register = ["push-token", "register", "--auth-token", authToken, "--platform", "fcm_android", "--token", PUSH_TOKEN];
    const dry = await ok([...register, "--dry-run"]);
    expect(dry.stdout).toContain(`"fcmToken":"'"$CCX_FCM_TOKEN"'"`);
    expect(dry.stdout).not.toContain(authToken);
    const run = await ok([...register, "--yes"]);
    expect(run.stdout).not.toContain(PUSH_TOKEN);
    expect(pushTokensOf(w.app, index).find((t) => t.pushToken === PUSH_TOKEN)).toMatchObject({ platform: "fcm_android", providerId: "fcm-default", uid: uidAt(index) });
    expect(journal()[0]).toMatchObject({ verb: "push-token register", outcome: "done", irreversible: expect.stringContaining("push-token delete"), query: { authToken: `…${authToken.slice(-4)}` } });
    await ok(["push-token", "delete", PUSH_TOKEN, "--yes"]);
    expect(pushTokensOf(w.app, index).some((t) => t.pushToken === PUSH_TOKEN)).toBe(false);
    expect(journalText()).not.toContain(PUSH_TOKEN);
    expect(journalText()).not.toContain(authToken);
    const gone = await runCcx(["push-token", "delete", PUSH_TOKEN, "--yes", "--json"], w.env);
    expect(gone.stdout + gone.stderr).toContain("ERR_PUSH_TOKEN_NOT_FOUND");
  });

  it("unregister --all: none left for the auth token's user", async () => {
    const index = w.app.users.findIndex((_, i) => pushTokensOf(w.app, i).length > 0);
    const authToken = pushTokensOf(w.app, index)[0]!.authToken;
    registerSecrets(authToken);
    await ok(["push-token", "unregister", "--auth-token", authToken, "--all", "--yes"]);
    expect(pushTokensOf(w.app, index)).toEqual([]);
  });
});

describe("the notifications log follows the writes", () => {
  it("a group message's line for a member: held back once they mute the group, sent again once undone; gone with its push token", async () => {
    // A message a group member was notified of, on a device of theirs.
    let found: { i: number; line: ReturnType<typeof logLinesOf>[number] } | undefined;
    for (let i = w.app.messages.count - 1; i >= 0 && !found; i--) {
      const line = logLinesOf(w.app, i, () => false).find((l) => l.receiverType === "group" && l.notificationTriggered);
      if (line) found = { i, line };
    }
    const { line } = found!;
    // Its line as ccx reads it (the push token masked: known by its last characters).
    const lineOf = async () => ((await json(["notifications", "logs", "--message-id", String(line.messageId), "--member", line.member!])) as Array<{ pushToken: string; reason?: string; notificationTriggered: boolean }>)
      .find((l) => l.pushToken.endsWith(line.pushToken.slice(-4)));
    await ok(["notifications", "mute", line.member!, "--groups", line.receiver, "--yes"]);
    expect(await lineOf()).toMatchObject({ notificationTriggered: false, reason: "MUTE_PREFERENCE" });
    await undo();
    expect(await lineOf()).toMatchObject({ notificationTriggered: true });
    registerSecrets(line.pushToken);
    await ok(["push-token", "delete", line.pushToken, "--yes"]);
    expect(await lineOf()).toBeUndefined();
  });
});

describe("providers", () => {
  it("twilio: deleted (typed back), created with its credentials masked everywhere, read back, the create undone by a delete", async () => {
    await ok(["twilio-provider", "delete", "--yes"]);
    expect(providersOf(w.app).twilio).toEqual({});
    const create = ["twilio-provider", "create", "--account-sid", "AC123", "--auth-token", TWILIO_TOKEN, "--sender", "+15005550006"];
    const dry = await ok([...create, "--dry-run"]);
    expect(dry.stdout).toContain(`"twilioAuthToken":"'"$CCX_TWILIO_AUTH_TOKEN"'"`);
    await ok([...create, "--yes"]);
    expect(providersOf(w.app).twilio).toMatchObject({ twilioAccountSID: "AC123", twilioAuthToken: TWILIO_TOKEN, twilioSenderPhoneNumber: "+15005550006" });
    expect(journalText()).not.toContain(TWILIO_TOKEN);
    await undo();
    expect(providersOf(w.app).twilio).toEqual({});
    const again = await runCcx(["twilio-provider", "delete", "--yes", "--json"], w.env);
    expect(again.stdout + again.stderr).toContain("ERR_PROVIDER_NOT_FOUND");
  });

  it("fcm: a second provider created with its service account, made the default, shown in the providers list; default and create undone", async () => {
    const account = JSON.stringify({ project_id: "p", client_email: "push@example.com", private_key: PRIVATE_KEY, private_key_id: "k1" });
    await ok(["fcm-provider", "create", "--id", "fcm-two", "--service-account", account, "--yes"]);
    await ok(["fcm-provider", "default", "fcm-two", "--yes"]);
    const listed = await json(["notifications", "providers"]);
    expect(listed.filter((p: { source: string }) => p.source === "push: fcm").map((p: { providerId: string; isDefault: boolean }) => [p.providerId, p.isDefault])).toEqual([["fcm-default", false], ["fcm-two", true]]);
    expect(journalText()).not.toContain(PRIVATE_KEY);
    await undo();
    expect((providersOf(w.app).fcm as { pushProviders: Array<{ providerId: string; isDefault: boolean }> }).pushProviders.find((p) => p.isDefault)?.providerId).toBe("fcm-default");
    // The last undo would be undone by the next one: the create is named.
    await undo(1);
    expect((providersOf(w.app).fcm as { pushProviders: Array<{ providerId: string }> }).pushProviders.map((p) => p.providerId)).toEqual(["fcm-default"]);
  });

  it("a custom email provider's update: sent, read back, journaled as not undone", async () => {
    await ok(["custom-email-provider", "update", "--enabled", "true", "--yes"]);
    expect(providersOf(w.app).customEmail).toMatchObject({ isEnabled: true });
    expect(journal()[0]).toMatchObject({ verb: "custom-email-provider update", irreversible: expect.stringContaining("credentials") });
  });

  /** The emulator's name for each kind's providers. */
  const KIND_IN_EMULATOR: Record<string, keyof ReturnType<typeof providersOf>> = {
    "fcm-provider": "fcm", "apns-provider": "apns", "custom-push-provider": "customPush", "twilio-provider": "twilio",
    "custom-sms-provider": "customSms", "sendgrid-provider": "sendgrid", "custom-email-provider": "customEmail",
  };

  /** The providers' credentials, as the docs name them. */
  const CREDENTIALS = new Set(["twilioAccountSID", "twilioAuthToken", "sendGridApiKey", "basicAuthPassword", "p8Key", "serviceAccountCreds"]);

  /** A value for each flag of a kind's create: its credentials one the scan knows, URLs HTTPS, booleans true. */
  const flagsFor = (kind: (typeof PROVIDER_KINDS)[number], id: string) => kind.fields.flatMap((f) => {
    const secret = CREDENTIALS.has(f.field);
    const value = f.field === "providerId" ? id : f.kind === "boolean" ? "true" : f.kind === "json" ? '{"ios":{"chat":true,"call":false}}'
      : f.field === "serviceAccountCreds" ? JSON.stringify({ project_id: "p", private_key: PROVIDER_SECRET })
      : f.kind === "file" ? `-----BEGIN PRIVATE KEY-----${PROVIDER_SECRET}-----END PRIVATE KEY-----` : f.field === "webhookURL" ? "https://hooks.example.com/ccx"
      : /email/i.test(f.field) ? "noreply@example.com" : secret ? PROVIDER_SECRET : `v-${f.flag}`;
    return [`--${f.flag}`, value];
  });

  it.each(PROVIDER_KINDS.map((kind) => [kind.noun, kind] as const))("%s: created, read back, updated, deleted; the create undone by a delete; its secrets masked", async (noun, kind) => {
    const now = () => providersOf(w.app)[KIND_IN_EMULATOR[noun]!] as Record<string, unknown> & { pushProviders?: Array<Record<string, unknown>> };
    const id = `ccx-${noun}`;
    const mine = () => (kind.byId ? now().pushProviders!.find((p) => p.providerId === id) : now().pushProviders ? now().pushProviders![0] : now());
    // One of a kind: the seed's deleted first (typed back: --yes says it).
    if (!kind.byId && Object.keys(mine() ?? {}).length > 0) await ok([noun, "delete", "--yes"]);
    await ok([noun, "create", ...flagsFor(kind, id), "--yes"]);
    expect(mine()).toBeDefined();
    expect(JSON.stringify(mine())).toContain(PROVIDER_SECRET);
    expect(journalText()).not.toContain(PROVIDER_SECRET);
    // An update: one field that is no secret.
    const plain = kind.fields.find((f) => f.kind === "text" && f.field !== "providerId" && f.field !== "webhookURL" && !CREDENTIALS.has(f.field) && !/email/i.test(f.field))!;
    await ok([noun, "update", ...(kind.byId ? ["--id", id] : []), `--${plain.flag}`, "changed", "--yes"]);
    expect(mine()?.[plain.field]).toBe("changed");
    await ok([noun, "delete", ...(kind.byId ? [id] : []), "--yes"]);
    expect(kind.byId ? mine() : Object.keys(mine() ?? {})).toEqual(kind.byId ? undefined : []);
    // Made again, and that undone: gone.
    await ok([noun, "create", ...flagsFor(kind, id), "--yes"]);
    await undo();
    expect(kind.byId ? mine() : Object.keys(mine() ?? {})).toEqual(kind.byId ? undefined : []);
  });
});
