import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * The app as the management API configures it, each from its definition: its
 * extensions (paged), its settings (one flat map) and its collaborators;
 * the management key and secret needed, said when missing.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
let appOnly: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 3, calls: 3, users: 5 } });
  appOnly = {
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_CA_FILE: fx.info.caFile,
    CCX_APP_ID: fx.app().appId, CCX_REGION: fx.app().region, CCX_API_KEY: fx.app().fullAccessKey,
  };
  env = { ...appOnly, CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret };
});
afterAll(() => fx?.close());

const ndjson = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);

describe("the app's configuration (management API)", () => {
  it("ccx extensions: which are on; --all walks their pages of 25 (here 5 at a time)", async () => {
    const table = await runCcx(["extensions"], { ...env, COLUMNS: "200" });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+ON\s+THIRD PARTY\s+ABOUT$/);
    expect(table.stdout).toMatch(/^profanity-filter\s+Profanity Filter\s+(yes|no)\s+no\s+Mask or drop profane words$/m);
    const all = ndjson((await runCcx(["extensions", "--per-page", "5", "--all", "--ndjson"], env)).stdout);
    const one = JSON.parse((await runCcx(["extensions", "--per-page", "100", "--json"], env)).stdout) as unknown[];
    expect(all).toEqual(one);
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((e) => e.id)).toEqual(expect.arrayContaining(["profanity-filter", "data-masking", "xss-filter"]));
  });

  it("ccx settings: every switch; --json as sent", async () => {
    const run = await runCcx(["settings"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^core\.conversations\.updateOnReplies\s+(true|false)$/m);
    const json = JSON.parse((await runCcx(["settings", "--json"], env)).stdout) as Record<string, unknown>;
    // The documented ten: switches, and the list of advanced push features.
    expect(Object.keys(json)).toHaveLength(10);
    expect(Object.entries(json).every(([k, v]) => typeof v === "boolean" || (k === "core.notifications.push.advanced.included" && Array.isArray(v)))).toBe(true);
    expect(Object.keys(json).length).toBe(run.stdout.trim().split("\n").length);
  });

  it("ccx collaborators: who, as what; without the management key and secret: says which, exit 2", async () => {
    const run = await runCcx(["collaborators", "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    const people = JSON.parse(run.stdout) as Array<{ role: string }>;
    expect(people.map((p) => p.role)).toContain("owner");
    for (const command of [["collaborators"], ["settings"], ["extensions"]]) {
      const missing = await runCcx(command, appOnly);
      expect(missing.code, command.join(" ")).toBe(2);
      expect(missing.stderr).toMatch(/CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET/);
    }
  });
});

describe("an extension's settings (ccx extensions <id>)", () => {
  it("unwraps the settings the exports wrap in statusCode and body; secrets masked; an extension with no documented settings says so", async () => {
    const profanity = await runCcx(["extensions", "profanity-filter"], env);
    expect(profanity.code, profanity.stderr).toBe(0);
    expect(profanity.stdout).toMatch(/^badwords\s+\["darn","heck","blast"\]$/m);
    expect(profanity.stdout).toMatch(/^dropMessage\s+(true|false)$/m);
    const masking = JSON.parse((await runCcx(["extensions", "data-masking", "--json"], env)).stdout);
    expect(masking.defaultRegexData.map((r: { name: string }) => r.name)).toEqual(["Emails", "US Phone numbers", "SSN"]);
    const sms = JSON.parse((await runCcx(["extensions", "sms-notification", "--json"], env)).stdout);
    expect(sms.twilioAuthToken).toMatch(/^…/);
    const push = await runCcx(["extensions", "push-notification", "--json"], env);
    expect(JSON.parse(push.stdout).fcmCredentials.private_key).toMatch(/^…/);
    // The whole of a credential is masked, leaf by leaf.
    expect(push.stderr).toMatch(/masked \(--reveal shows them\): .*fcmCredentials\.private_key/);
    const certificates = await runCcx(["push-certificates", "--json"], env);
    expect(certificates.code, certificates.stderr).toBe(0);
    expect(typeof JSON.parse(certificates.stdout).success).toBe("boolean");
    const none = await runCcx(["extensions", "no-such-extension"], env);
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/documents no extension for no-such-extension/);
  });
});
