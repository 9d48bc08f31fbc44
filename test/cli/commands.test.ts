import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayWidth } from "../../src/text/width.js";
import { connectProxy } from "../support/connect-proxy.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { allOutput, runCcx as spawnCcx } from "../support/run-ccx.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * The one-shot commands, run as a user would (the built bin/ccx.js in a child
 * process), against the emulator over HTTPS.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** Only the management API: ccx must discover apps, regions and keys. */
let managementEnv: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 3, groups: 300, calls: 60, users: 40 } });
  const common = { CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_CA_FILE: fx.info.caFile };
  env = { ...common, CCX_APP_ID: fx.app(0).appId, CCX_REGION: fx.app(0).region, CCX_API_KEY: fx.app(0).fullAccessKey };
  managementEnv = { ...common, CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret };
});

afterAll(async () => {
  // No key or secret in use ever appears whole in anything ccx printed.
  const secrets = [...fx.info.apps.flatMap((a) => [a.fullAccessKey, a.authOnlyKey]), fx.info.management.secret, fx.info.management.key];
  const printed = allOutput.join("\n");
  for (const secret of secrets) expect(printed).not.toContain(secret);
  await fx.close();
});

/** What a line shows from display column `column` on (measured by grapheme: wide ones take two). */
function fromColumn(line: string, column: number): string {
  let width = 0;
  const chars = [...new Intl.Segmenter().segment(line)].map((s) => s.segment);
  let i = 0;
  while (i < chars.length && width < column) width += displayWidth(chars[i++]!);
  return chars.slice(i).join("");
}

const callOf = (appIndex: number, status = "ended") => fx.emulator.world.apps[appIndex]!.calls.find((c) => c.status === status && c.hasRecording)!;

describe("ccx call", () => {
  it("--json prints the call exactly as the service sent it; --outcomes adds its outcomes (none: a seeded call has no messages)", async () => {
    const call = callOf(0);
    const run = await runCcx(["call", call.sessionId, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    const direct = await fx.calls(`/calls/${call.sessionId}`);
    expect(JSON.parse(run.stdout)).toEqual(direct.body.data);
    const told = await runCcx(["call", call.sessionId, "--json", "--outcomes"], env);
    expect(told.code, told.stderr).toBe(0);
    const { outcomes, ...sent } = JSON.parse(told.stdout) as { outcomes: unknown };
    expect(sent).toEqual(direct.body.data);
    expect(outcomes).toEqual([]);
  });

  it("shows the summary, every participant entry and every recording URL, within 80 columns", async () => {
    const call = callOf(0);
    const run = await runCcx(["call", call.sessionId], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Call ${call.sessionId}`);
    expect(run.stdout).toContain("status ended");
    for (const p of call.participants) expect(run.stdout).toContain(p.uid.slice(0, 6));
    expect(run.stdout).toContain(`Participants (${call.participants.length})`);
    // The timeline: a row per entry between its title and the recordings, each with its bar or its ×.
    const out = run.stdout.split("\n");
    const title = out.findIndex((l) => l.startsWith("Timeline · "));
    expect(title).toBeGreaterThan(0);
    expect(out[title + 1]).toMatch(/^\s+0:00─/);
    const rows = out.slice(title + 2, out.indexOf("", title));
    expect(rows).toHaveLength(call.participants.length);
    for (const row of rows) expect(row).toMatch(/[█▶×]/);
    for (const r of call.recordings) expect(run.stdout).toContain(r.recording_url);
    for (const line of run.stdout.split("\n")) {
      if (!line.includes("https://")) expect([...line].length).toBeLessThanOrEqual(80);
    }
  });

  it("finds a call of another region's app by asking the app its session id names", async () => {
    const call = callOf(1);
    expect(call.sessionId).toMatch(/^v1\.eu\./);
    const run = await runCcx(["call", call.sessionId, "--json", "--verbose"], managementEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).sessionId).toBe(call.sessionId);
    const asked = run.stderr.split("\n").filter((l) => l.includes("/calls/"));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`${fx.app(1).appId}.call-eu`);
  });

  it("asks every known app at once when the session id names none it knows", async () => {
    const call = callOf(2);
    const disguised = call.sessionId; // the emulator indexes by the whole id; the origin is app 2's
    const run = await runCcx(["call", disguised, "--json"], { ...managementEnv, CCX_APP_ID: fx.app(0).appId, CCX_API_KEY: fx.app(0).fullAccessKey });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).sessionId).toBe(call.sessionId);
  });

  it("not found anywhere: exit 3 with ERR_CALL_SESSION_NOT_FOUND on stderr", async () => {
    const run = await runCcx(["call", `v1.us.${fx.app(0).appId}.999999999999`], managementEnv);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: ERR_CALL_SESSION_NOT_FOUND: /);
    expect(run.stdout).toBe("");
  });

  it("a wrong key: exit 4 with the service's code and a hint, the key masked", async () => {
    const run = await runCcx(["call", callOf(0).sessionId], { ...env, CCX_API_KEY: "0000000000000000000000000000000000001234" });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain("error: AUTH_ERR_APIKEY_NOT_FOUND");
    expect(run.stderr).toContain("hint:");
    expect(run.stderr).not.toContain("0000000000000000000000000000000000001234");
  });

  it("refuses an http:// address before sending anything: exit 2", async () => {
    const run = await runCcx(["call", callOf(0).sessionId, "--calls-url", "http://127.0.0.1:9/{appId}"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/CCX_INSECURE_URL: refusing http:/);
  });
});

describe("ccx groups", () => {
  it("--query and flags filter; --json prints the server's objects", async () => {
    const run = await runCcx(["groups", "--query", "type:public members:>=5", "--with-tags", "--per-page", "1000", "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    const groups = JSON.parse(run.stdout) as Array<{ type: string; membersCount: number }>;
    const direct = await fx.chat("/groups", { type: "public", "membersCount[gte]": 5, withTags: true, perPage: 1000 });
    expect(groups).toEqual(direct.body.data);
    expect(groups.length).toBeGreaterThan(0);
  });

  it("--all --ndjson streams every group once, one object a line", async () => {
    const run = await runCcx(["groups", "--all", "--ndjson", "--per-page", "70"], env);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n").map((l) => JSON.parse(l) as { guid: string });
    expect(lines).toHaveLength(300);
    expect(new Set(lines.map((g) => g.guid)).size).toBe(300);
  });

  it("cursor mode (--after) walks every group updated after the instant", async () => {
    const run = await runCcx(["groups", "--after", "0", "--all", "--ndjson", "--per-page", "90"], env);
    expect(run.code, run.stderr).toBe(0);
    const times = run.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { updatedAt: number }).updatedAt);
    expect(times).toHaveLength(300);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("a table for people: hostile names drawn harmless, footer on stderr", async () => {
    const run = await runCcx(["groups", "--query", "sort:guid", "--per-page", "1000"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u200b]/);
    expect(run.stdout.split("\n")[0]).toMatch(/NAME|name/);
    expect(run.stderr).toMatch(/300 shown of 300/);
  });

  it("--all as a table: one header, the same columns on every page, the hidden columns named once", async () => {
    const run = await runCcx(["groups", "--all", "--per-page", "40", "--query", "sort:guid"], { ...env, COLUMNS: "70" });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.filter((l) => l.startsWith("NAME"))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("(hidden:"))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/^\(hidden: /);
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(300);
    // The guid column starts at the same place on every row, whichever page it came on.
    const guidAt = lines[0]!.indexOf("GUID");
    const guids = fx.emulator.world.apps[0]!.groups.map((g) => g.guid);
    for (const row of rows) {
      const cell = fromColumn(row, guidAt).split("  ")[0]!.replace(/…$/, "");
      expect(cell.length, row).toBeGreaterThan(3);
      expect(guids.some((g) => g.startsWith(cell)), row).toBe(true);
    }
  });

  it("a timeout that is not a number of seconds, by flag or env, is bad usage: exit 2", async () => {
    const flag = await runCcx(["groups", "--timeout", "0"], env);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--timeout.*expected seconds/);
    const fromEnv = await runCcx(["groups"], { ...env, CCX_TIMEOUT: "soon" });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(/^error: CCX_TIMEOUT: expected seconds/);
    expect((await runCcx(["groups", "--per-page", "2"], { ...env, CCX_TIMEOUT: "2.5" })).code).toBe(0);
  });

  it("a filter that does not parse is marked in place and nothing is sent: exit 2", async () => {
    const run = await runCcx(["groups", "--query", "type:public members:lots", "--verbose"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("members:lots");
    expect(run.stderr).toMatch(/\^+/);
    expect(run.stderr).not.toMatch(/GET https/);
  });
});

describe("ccx calls and ccx apps", () => {
  it("calls --status ended --has-recording --json keeps exactly those", async () => {
    const run = await runCcx(["calls", "--status", "ended", "--has-recording", "--per-page", "1000", "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    const calls = JSON.parse(run.stdout) as Array<{ status: string; hasRecording: boolean }>;
    expect(calls.length).toBe(fx.emulator.world.apps[0]!.calls.filter((c) => c.status === "ended" && c.hasRecording).length);
    expect(calls.every((c) => c.status === "ended" && c.hasRecording)).toBe(true);
  });

  it("apps lists the apps with region and source, keys masked", async () => {
    const run = await runCcx(["apps", "--json"], { ...managementEnv, CCX_APP_ID: fx.app(0).appId, CCX_API_KEY: fx.app(0).fullAccessKey });
    expect(run.code, run.stderr).toBe(0);
    const apps = JSON.parse(run.stdout) as Array<{ appId: string; region: string; source: string; apiKey: string }>;
    expect(apps.map((a) => [a.appId, a.region])).toEqual(fx.info.apps.map((a) => [a.appId, a.region]));
    expect(apps.map((a) => a.source)).toEqual(["env", "management", "management"]);
    expect(apps[0]!.apiKey).toBe(`…${fx.app(0).fullAccessKey.slice(-4)} (env)`);
  });
});

describe("trust, proxies and faults", () => {
  it("trusts the CA from --ca, and from NODE_EXTRA_CA_CERTS alone (read by Node as it starts: a process of its own)", async () => {
    const { CCX_CA_FILE: ca, ...withoutCa } = env;
    expect((await runCcx(["groups", "--per-page", "1", "--json"], withoutCa)).code).toBe(1);
    expect((await runCcx(["groups", "--per-page", "1", "--json", "--ca", ca!], withoutCa)).code).toBe(0);
    expect((await spawnCcx(["groups", "--per-page", "1", "--json"], { ...withoutCa, NODE_EXTRA_CA_CERTS: ca! })).code).toBe(0);
  });

  it("goes through HTTPS_PROXY when it is set", async () => {
    const proxy = await connectProxy();
    try {
      const run = await runCcx(["groups", "--per-page", "3", "--json"], { ...env, HTTPS_PROXY: proxy.url });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toHaveLength(3);
      expect(proxy.tunnels).toEqual([new URL(fx.info.url).host]);
    } finally {
      await proxy.close();
    }
  });

  it("waits out a 429 as Retry-After says, and fails clearly after bounded 5xx retries", async () => {
    const limited = await emulatorFixture({ sizes: { apps: 1, groups: 10, calls: 1, users: 5 }, faults: { rateLimit: { limit: 1, windowSeconds: 1 } } });
    const failing = await emulatorFixture({ sizes: { apps: 1, groups: 10, calls: 1, users: 5 }, faults: { errorRate: 1 } });
    try {
      const target = (f: EmulatorFixture) => ({ CCX_CHAT_URL: f.info.chatUrl, CCX_CA_FILE: f.info.caFile, CCX_APP_ID: f.app().appId, CCX_REGION: f.app().region, CCX_API_KEY: f.app().fullAccessKey });
      const ok = await runCcx(["groups", "--all", "--per-page", "4", "--ndjson", "--verbose"], target(limited));
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout.trim().split("\n")).toHaveLength(10);
      expect(ok.stderr).toMatch(/retries=1/);
      const bad = await runCcx(["groups", "--verbose"], target(failing));
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/error: ERR_INTERNAL_SERVER_ERROR/);
      expect(bad.stderr).toMatch(/after 3 retries/);
    } finally {
      await limited.close();
      await failing.close();
    }
  });
});
