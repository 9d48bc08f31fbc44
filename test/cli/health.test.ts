import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthLines, problemCount } from "../../src/api/health-lines.js";
import { HEALTH_CALLS_PER_PAGE, type HealthReport } from "../../src/api/health.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * `ccx health` over real HTTPS against an emulator anchored to now: the --json
 * figures, and each line's count equal to the rows of the list it opens (its
 * command run); --since bounds the walks (the requests the emulator served);
 * the report for people; --all-apps worst first; exit codes.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** Every request the emulator answered, as `METHOD path?query status`. */
const served: string[] = [];

beforeAll(async () => {
  fx = await emulatorFixture({ now: Math.floor(Date.now() / 1000), sizes: { apps: 2, groups: 40, calls: 2000, users: 60, messages: 4000 }, verbose: true, log: (line) => served.push(line) });
  env = fx.cliEnv({ management: true });
});
afterAll(() => fx?.close());

async function healthJson(args: string[], environment = env): Promise<HealthReport> {
  const run = await runCcx(["health", ...args, "--json"], environment);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as HealthReport;
}

/** The rows a command prints with --ndjson (a list's command as a line opens it, its --all kept). */
async function rowsOf(command: string): Promise<Array<Record<string, unknown>>> {
  const words = command.replace(/^ccx /, "").match(/'[^']*'|\S+/g)!.map((w) => w.replace(/^'|'$/g, ""));
  const run = await runCcx([...words, "--ndjson"], env);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("ccx health", () => {
  it("--json: the issue's shape, every part read", async () => {
    const report = await healthJson(["--since", "2d"]);
    expect(Object.keys(report)).toEqual(["since", "app", "calls", "notifications", "moderation", "webhooks", "providers", "extensions", "rateLimited"]);
    expect(Date.now() / 1000 - Date.parse(report.since) / 1000).toBeCloseTo(2 * 86_400, -2);
    expect(report.app).toEqual({ appId: fx.app(0).appId, region: fx.app(0).region });
    const calls = report.calls as Extract<HealthReport["calls"], { byOutcome: unknown }>;
    expect(Object.keys(calls.byOutcome)).toEqual(["ended", "rejected", "unanswered", "busy", "cancelled", "ongoing"]);
    // Ongoing and initiated calls started within the last hour: there are some whatever the draw.
    expect(calls.byOutcome.ongoing).toBeGreaterThan(0);
    expect(calls.failingUsers.length).toBeGreaterThan(0);
    const notifications = report.notifications as Extract<HealthReport["notifications"], { held: unknown }>;
    expect(notifications.byChannel.push!.sent).toBeGreaterThan(0);
    expect(Object.keys(notifications.held).length).toBeGreaterThan(0);
    expect(report.moderation.flaggedWaiting).toEqual(expect.any(Number));
    expect(report.providers).toEqual({ fcm: { count: 1, default: "fcm-default" }, apns: { count: 1, default: "apns-default" } });
    expect(report.webhooks).toMatchObject({ disabled: expect.any(Array), withoutTriggers: [] });
    expect(report.extensions).toMatchObject({ filtering: expect.any(Array) });
    expect(report.rateLimited).toBe(0);
  });

  it("each line's count equals the rows of the list it opens, its filter typed", async () => {
    const report = await healthJson(["--since", "2d"]);
    const lines = healthLines(report);
    const filtered = lines.filter((l) => l.opens?.filter !== undefined);
    expect(filtered.map((l) => l.opens!.resource)).toEqual(expect.arrayContaining(["calls", "notification-logs"]));
    for (const line of filtered) expect({ line: line.label, rows: (await rowsOf(line.opens!.command)).length }).toEqual({ line: line.label, rows: line.count });

    const blocked = await rowsOf("ccx moderation blocked");
    for (const line of lines.filter((l) => l.opens?.resource === "blocked-messages")) {
      expect(blocked.filter((b) => b.ruleId === line.opens!.narrow)).toHaveLength(line.count);
    }
    expect(lines.find((l) => l.label === "flagged, waiting for review")!.count).toBe((await rowsOf("ccx moderation flagged")).length);
    const hooks = await rowsOf("ccx webhooks");
    expect(lines.find((l) => l.label === "webhooks disabled")!.count).toBe(hooks.filter((h) => h.enabled === false).length);
  });

  it(`--since bounds the walks: calls asked from it (${HEALTH_CALLS_PER_PAGE} a page), the log from it in ms`, async () => {
    const pagesOf = async (since: string) => {
      const before = served.length;
      const report = await healthJson(["--since", since]);
      const asked = served.slice(before);
      const from = Date.parse(report.since) / 1000;
      const calls = asked.filter((line) => /^GET \/[^ ]*\/calls\?/.test(line));
      const logs = asked.filter((line) => /^GET \/[^ ]*\/notifications\/v1\/logs\?/.test(line));
      expect(calls.every((line) => line.includes(`startedAt=${from}`) && line.includes(`perPage=${HEALTH_CALLS_PER_PAGE}`))).toBe(true);
      expect(logs.every((line) => line.includes(`from=${from * 1000}`))).toBe(true);
      return { calls: calls.length, logs: logs.length };
    };
    const hour = await pagesOf("1h");
    const months = await pagesOf("60d");
    expect(hour.calls).toBe(1);
    expect(months.calls).toBe(Math.ceil(2000 / HEALTH_CALLS_PER_PAGE));
    expect(hour.logs).toBeLessThan(months.logs);
  });

  it("prints one line a count and the command that lists it", async () => {
    const run = await runCcx(["health", "--since", "2d"], env);
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(new RegExp(`^health of ${fx.app(0).appId} \\(${fx.app(0).region}\\) since \\d{4}-\\d\\d-\\d\\dT`));
    expect(out).toMatch(/^!?\s+\d+ {2}calls rejected/m);
    expect(out).toContain("ccx calls --query 'status:ongoing,initiated started:>=");
    expect(out).toMatch(/held for (DND_PREFERENCE|INVALID_PUSH_PROVIDER_ID|MUTE_PREFERENCE)/);
    expect(out).toContain("ccx notifications logs --query 'triggered:no reason:");
    expect(out).toMatch(/^\s+0 {2}429s ccx met/m);
  });

  it("--all-apps: one line an app, worst first", async () => {
    const run = await runCcx(["health", "--all-apps", "--since", "2d", "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    const reports = JSON.parse(run.stdout) as HealthReport[];
    expect(reports.map((r) => r.app.appId).sort()).toEqual([fx.app(0).appId, fx.app(1).appId].sort());
    const problems = reports.map(problemCount);
    expect(problems).toEqual([...problems].sort((a, b) => b - a));
    const text = await runCcx(["health", "--all-apps", "--since", "2d"], env);
    const lines = text.stdout.trim().split("\n").slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(reports[0]!.app.appId);
  });

  it("without the management key, the parts that need it say so and the rest stands", async () => {
    const report = await healthJson(["--since", "1h"], fx.cliEnv());
    expect(report.webhooks).toMatchObject({ error: "CCX_CONFIG", message: expect.stringContaining("management key") });
    expect(report.moderation.blockedByRule).toMatchObject({ error: "CCX_CONFIG" });
    expect(report.calls).toHaveProperty("byOutcome");
    expect(typeof report.moderation.flaggedWaiting).toBe("number");
  });

  it("rateLimited: the 429s ccx met on the way, each waited out, the counts unchanged", async () => {
    // Its own emulator: four requests a second an app, where health sends a dozen at once.
    const limited = await emulatorFixture({ now: Math.floor(Date.now() / 1000), sizes: { apps: 1, groups: 10, calls: 200, users: 20, messages: 300 }, faults: { rateLimit: { limit: 4, windowSeconds: 1 } } });
    try {
      const limitedEnv = limited.cliEnv({ management: true });
      const report = await healthJson(["--since", "2d"], limitedEnv);
      expect(report.rateLimited).toBeGreaterThan(0);
      const calls = report.calls as Extract<HealthReport["calls"], { byOutcome: unknown }>;
      const run = await runCcx(["calls", "--started", `>=${report.since}`, "--all", "--ndjson", "--per-page", "1000"], limitedEnv);
      expect(run.stdout.split("\n").filter(Boolean)).toHaveLength(Object.values(calls.byOutcome).reduce((a, b) => a + b, 0));
    } finally {
      await limited.close();
    }
  });

  it("exit codes: 2 for a --since that is no time (nothing sent), 4 for a key refused", async () => {
    const before = served.length;
    const bad = await runCcx(["health", "--since", "yesterdayish"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--since");
    expect(served.length).toBe(before);
    const refused = await runCcx(["health"], { ...env, CCX_API_KEY: "not-the-key" });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/AUTH_ERR_/);
  });
});
