import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { lines, mountTui } from "../support/tui.js";

/**
 * What the real service also answers (docs/service.md), through the commands and
 * the explorer: a not found with `{}` for a body or an empty detail is not
 * found (exit 3), and the app's quota, in either header spelling, is shown; the
 * notifications service's older names are read as its documented ones.
 */

const SIZES = { apps: 1, groups: 40, calls: 10, users: 10 };
let bare: EmulatorFixture;
let empty: EmulatorFixture;
let limited: EmulatorFixture;
let named: EmulatorFixture;

const envOf = (fx: EmulatorFixture) => fx.cliEnv();

beforeAll(async () => {
  [bare, empty, limited, named] = await Promise.all([
    emulatorFixture({ sizes: SIZES, variants: new Set(["bare-404"]) }),
    emulatorFixture({ sizes: SIZES, variants: new Set(["empty-detail"]) }),
    emulatorFixture({ sizes: SIZES, variants: new Set(["ratelimit-camel"]), faults: { rateLimit: { limit: 500, windowSeconds: 60 } } }),
    emulatorFixture({ sizes: { ...SIZES, messages: 300 }, variants: new Set(["notification-names"]) }),
  ]);
});
afterAll(async () => {
  await Promise.all([bare?.close(), empty?.close(), limited?.close(), named?.close()]);
});

describe("not found, however the service says it", () => {
  it.each([["a 404 with {} for a body", () => bare], ["200 with an empty detail", () => empty]])("%s: ccx call exits 3 and says not found; a real call still shows", async (_how, fx) => {
    const unknown = `v1.${fx().app().region}.${fx().app().appId}.doesnotexist0000`;
    const missing = await runCcx(["call", unknown], envOf(fx()));
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: ERR_CALL_SESSION_NOT_FOUND: no known app has the call/m);
    const known = fx().emulator.world.apps[0]!.calls[0]!.sessionId;
    const found = await runCcx(["call", known, "--json"], envOf(fx()));
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout).sessionId).toBe(known);
  });

  it("a group that is not there, answered with an empty detail, is not found in the explorer", async () => {
    const tui = await mountTui(empty, { load: false });
    tui.store.getState().openResourceItem("groups", ["no-such-group"]);
    // (The header's ✗ may be its members' list failing first: the group's own failure is said in place.)
    const frame = await tui.waitForFrame((f) => f.includes("CCX_NOT_FOUND"), "the failure");
    expect(frame).toContain("CCX_NOT_FOUND: the service answered no group for no-such-group");
    await tui.unmount();
  });
});

describe("the app's quota", () => {
  it("--verbose says the requests left and the limit after each request (X-RateLimit-* spelling)", async () => {
    const run = await runCcx(["groups", "--verbose", "--per-page", "5"], envOf(limited));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/GET \S+\/groups\?perPage=5\S* → 200 .* quota=499\/500$/m);
  });

  it("the request log (L) shows it too", async () => {
    const tui = await mountTui(limited, { columns: 120 });
    await tui.press("L");
    const frame = await tui.waitForFrame((f) => lines(f)[1]!.endsWith("log"), "the log");
    expect(frame).toContain("QUOTA");
    expect(frame).toMatch(/\d+\/500/);
    await tui.unmount();
  });
});

describe("the older shapes, read as the current ones: the same thing shown", () => {
  let plain: EmulatorFixture;
  let older: EmulatorFixture;
  beforeAll(async () => {
    const sizes = { apps: 1, groups: 40, calls: 60, users: 20, messages: 800 };
    [plain, older] = await Promise.all([
      emulatorFixture({ seed: 5, sizes }),
      emulatorFixture({ seed: 5, sizes, variants: new Set(["participant-in-minutes", "transcript-date-seconds", "unread-count-number"]) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), older?.close()]);
  });

  /** The same command against both: what it printed, after checking that it succeeded. */
  async function both(args: string[]): Promise<[string, string]> {
    const runs = await Promise.all([plain, older].map((fx) => runCcx(args, envOf(fx))));
    for (const run of runs) expect(run.code, `ccx ${args.join(" ")}: ${run.stderr}`).toBe(0);
    return [runs[0]!.stdout, runs[1]!.stdout];
  }

  it("a participant's minutes, sent as totalDuration or totalDurationInMinutes", async () => {
    const call = plain.emulator.world.apps[0]!.calls.find((c) => !c.hasRecording && c.participants.some((p) => p.totalDurationInMinutes > 0))!;
    const sent = (await plain.calls(`/calls/${call.sessionId}`)).body.data.participants[0];
    expect(sent).toHaveProperty("totalDuration");
    expect((await older.calls(`/calls/${call.sessionId}`)).body.data.participants[0]).toHaveProperty("totalDurationInMinutes");
    const [now, then] = await both(["call", call.sessionId]);
    expect(then).toBe(now);
    expect(now).toContain(call.participants.find((p) => p.totalDurationInMinutes > 0)!.totalDurationInMinutes.toFixed(2));
  });

  it("a transcript's date, sent as an ISO string or as seconds", async () => {
    const call = plain.emulator.world.apps[0]!.calls.find((c) => c.transcriptions.length > 0)!;
    const [now, then] = await both(["transcripts", call.sessionId]);
    expect(then).toBe(now);
    const made = new Date(call.transcriptions[0]!.transcriptDate * 1000).toISOString();
    expect(now).toContain(`${made.slice(0, 10)} ${made.slice(11, 16)}`);
  });

  it("a conversation's unread count, sent as a string or as a number", async () => {
    const uid = plain.emulator.world.apps[0]!.users[0]!.uid;
    const [now, then] = await both(["conversations", "--as", uid]);
    expect(then).toBe(now);
    const counts = (await plain.chat("/conversations", { perPage: 100 }, { onBehalfOf: uid })).body.data.map((c: { unreadMessageCount: unknown }) => c.unreadMessageCount);
    expect(counts.some((n: unknown) => typeof n === "string" && n !== "0")).toBe(true);
  });
});

describe("the notifications service in its older names (--variant notification-names)", () => {
  it("a provider's enabled says whether it is on, a log line's sentAtMS when it went out", async () => {
    const providers = await runCcx(["notifications", "providers"], { ...envOf(named), COLUMNS: "200" });
    expect(providers.code, providers.stderr).toBe(0);
    expect(providers.stdout).toMatch(/^email: sendgrid\s.*\byes\b/m);
    expect(providers.stdout).toMatch(/^sms: twilio\s.*\bno\b/m);
    const logs = await runCcx(["notifications", "logs", "--json"], envOf(named));
    const line = (JSON.parse(logs.stdout) as Array<{ messageId: string; sentAtMS: number }>)[0]!;
    expect(typeof line.messageId).toBe("string");
    const table = await runCcx(["notifications", "logs", "--message-id", line.messageId], { ...envOf(named), COLUMNS: "200" });
    expect(table.stdout).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+${line.messageId}\\s`, "m"));
  });
});
