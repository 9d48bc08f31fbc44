import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayWidth } from "../../src/text/width.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { STATS_PER_PAGE } from "../../src/api/stats.js";
import { reference } from "../support/stats-reference.js";

/**
 * `ccx stats` over real HTTPS: its figures equal the reference computed over
 * what `ccx calls --all --ndjson` prints for the same filters; the filters
 * narrow them; a bad filter sends nothing; the report for people fits 80 columns.
 * `ccx stats --messages`: the emulator's GET /stats/messages, charted or as JSON.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** Every request the emulator answered, as `METHOD path?query status`. */
const served: string[] = [];

beforeAll(async () => {
  // "The docs" forms mixed in: numbers as strings, entity objects for uids, nulls.
  // 100,000 messages over 120 days: some thirty in the last hour, for --messages.
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 1500, users: 40, messages: 100_000 }, variants: new Set(["docs"]), verbose: true, log: (line) => served.push(line) });
  env = fx.cliEnv();
});
afterAll(() => fx?.close());

/** The calls `ccx calls --all --ndjson` prints for these filter flags, as sent. */
async function listed(filters: string[]): Promise<Array<Record<string, unknown>>> {
  const run = await runCcx(["calls", ...filters, "--all", "--ndjson", "--per-page", "1000"], env);
  expect(run.code).toBe(0);
  return run.stdout.trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function statsJson(filters: string[]) {
  const run = await runCcx(["stats", ...filters, "--json"], env);
  expect(run.code, run.stderr).toBe(0);
  // Not a terminal: no progress line.
  expect(run.stderr).toBe("");
  const { from, to, service, ...figures } = JSON.parse(run.stdout) as Record<string, unknown>;
  return { figures, from, to, service };
}

describe("ccx stats", () => {
  it(`--json equals the figures computed over ccx calls --all --ndjson with the same filters, every page read ${STATS_PER_PAGE} at a time`, async () => {
    const filters = ["--started", "2026-09-01..2026-10-31"];
    const before = served.length;
    const { figures, from, to } = await statsJson(filters);
    const calls = await listed(filters);
    expect(calls.length).toBeGreaterThan(1000);
    expect(figures).toEqual(reference(calls));
    expect({ from, to }).toEqual({ from: "2026-09-01T00:00:00Z", to: "2026-10-31T00:00:00Z" });
    const pages = served.slice(before).filter((line) => /^GET \/[^ ]*\/calls\?/.test(line));
    const ofStats = pages.slice(0, pages.length - Math.ceil(calls.length / 1000)); // then ccx calls, 1,000 a page
    expect(ofStats).toHaveLength(Math.ceil(calls.length / STATS_PER_PAGE));
    expect(ofStats.every((line) => line.includes(`perPage=${STATS_PER_PAGE}`))).toBe(true);
  });

  it("without a time, covers the calls started in the last 30 days", async () => {
    const { figures, from, to } = await statsJson([]);
    expect(Date.now() / 1000 - Date.parse(from as string) / 1000).toBeCloseTo(30 * 86_400, -2);
    expect(to).toBeNull();
    expect(figures).toEqual(reference(await listed(["--started", `>=${from as string}`])));
  });

  it("filters narrow the figures, as flags and in --query alike", async () => {
    const window = ["--started", ">=2026-09-01"];
    const all = await statsJson(window);
    const narrowed = await statsJson([...window, "--status", "ended", "--query", "type:video"]);
    expect(narrowed.figures).toEqual(reference(await listed([...window, "--status", "ended", "--type", "video"])));
    expect(narrowed.figures.calls).toBeLessThan(all.figures.calls as number);
    expect(Object.keys(narrowed.figures.byStatus as object)).toEqual(["ended"]);
    expect(Object.keys(narrowed.figures.byType as object)).toEqual(["video"]);

    const uid = (all.figures.topUsers as Array<{ uid: string }>)[0]!.uid;
    const theirs = await statsJson([...window, "--uid", uid]);
    expect((theirs.figures.topUsers as Array<{ uid: string; calls: number }>)[0]).toMatchObject({ uid, calls: theirs.figures.calls });
  });

  it("shows the service's GET /stats metrics over the same window, asked of the chat host, where it answers, else says they are not available", async () => {
    const window = ["--started", "2026-10-01..2026-11-01"];
    const probe = await fx.chat("/stats", { fromDate: Date.parse("2026-10-01"), toDate: Date.parse("2026-11-01") });
    const before = served.length;
    const { service } = await statsJson(window);
    const { appId, region } = fx.app();
    expect(served.slice(before).filter((line) => line.includes("/stats?"))).toEqual([
      expect.stringMatching(new RegExp(`^GET /${appId}\\.api-${region}/v3/stats\\?fromDate=${Date.parse("2026-10-01")}&toDate=${Date.parse("2026-11-01")} 200 `)),
    ]);
    const report = (await runCcx(["stats", ...window], env)).stdout;
    if (probe.status === 404) {
      expect(service).toEqual({ error: probe.body.error.code });
      expect(report).toContain(`service metrics: not available (${probe.body.error.code})`);
    } else {
      expect(service).toEqual(probe.body.data);
      expect(report).toMatch(/^service metrics \(GET \/stats\): audio [\d,.]+ min · video [\d,.]+ min/m);
    }
  });

  it("a filter that does not parse exits 2 and sends nothing", async () => {
    const before = served.length;
    const run = await runCcx(["stats", "--status", "ended", "--query", "type:fax"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("nothing was sent");
    expect(run.stderr).toMatch(/\^+ type: "fax" is not audio or video/);
    expect(run.stdout).toBe("");
    expect(served.length).toBe(before);
  });

  it("the report for people fits 80 columns: totals, a bar per day, counts, top users, percentiles", async () => {
    const run = await runCcx(["stats", "--started", "2026-10-01..2026-11-01"], env);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    const { figures } = await statsJson(["--started", "2026-10-01..2026-11-01"]);
    expect(lines[0]).toBe("calls where started:2026-10-01..2026-11-01");
    expect(lines[1]).toMatch(new RegExp(`^${(figures.calls as number).toLocaleString("en-US")} calls · [\\d,]+\\.\\d minutes · [\\d.]+% recorded$`));
    expect(lines).toContain(`duration of a call: median ${timer((figures.duration as { median: number }).median)} · p95 ${timer((figures.duration as { p95: number }).p95)}`);
    const days = lines.filter((l) => /^2026-10-\d\d /.test(l));
    expect(days).toHaveLength(31);
    expect(days.some((l) => /█/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith("status    ended "))).toBe(true);
    expect(lines.some((l) => /^top users by calls\s+top users by minutes$/.test(l))).toBe(true);
  });
});

describe("ccx stats --messages", () => {
  type Point = { messagesSent: number; deliveryReceipts: number; readReceipts: number; startTime: string; endTime: string };
  /** The emulator's answer, and the messages the list serves in its window (the fixture trusts the emulator's own test for receipts). */
  async function service() {
    const { data } = (await fx.chat("/stats/messages")).body as { data: { startTime: string; endTime: string; dataPoints: Point[]; appId: string } };
    const listed = (await fx.chat("/messages", { fromTimestamp: Number(data.startTime) / 1000, toTimestamp: Number(data.endTime) / 1000 - 1, limit: 1000 })).body.data as Array<{ sentAt: number }>;
    return { data, listed };
  }
  const iso = (ms: string) => new Date(Number(ms)).toISOString().replace(".000Z", "Z");

  it("--json: the intervals and totals of GET /stats/messages, asked of the chat host; the messages sent are those the list serves", async () => {
    const before = served.length;
    const run = await runCcx(["stats", "--messages", "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(served.slice(before)).toEqual([expect.stringMatching(new RegExp(`^GET /${fx.app().appId}\\.api-${fx.app().region}/v3/stats/messages 200 `))]);
    const { data, listed } = await service();
    const sum = (name: keyof Omit<Point, "startTime" | "endTime">) => data.dataPoints.reduce((n, p) => n + p[name], 0);
    expect(JSON.parse(run.stdout)).toEqual({
      appId: data.appId, from: iso(data.startTime), to: iso(data.endTime),
      intervals: data.dataPoints.map((p) => ({ from: iso(p.startTime), to: iso(p.endTime), messagesSent: p.messagesSent, deliveryReceipts: p.deliveryReceipts, readReceipts: p.readReceipts })),
      totals: { messagesSent: sum("messagesSent"), deliveryReceipts: sum("deliveryReceipts"), readReceipts: sum("readReceipts") },
      unreadable: 0,
    });
    expect(sum("messagesSent")).toBe(listed.length);
    expect(listed.length).toBeGreaterThan(10);
  });

  it("for people, in a pipe: the window, the totals and a row per interval with its bars, plain text in 80 columns", async () => {
    const run = await runCcx(["stats", "--messages"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain("\u001b");
    const lines = run.stdout.trimEnd().split("\n");
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    const { data, listed } = await service();
    const t = (ms: string) => iso(ms).slice(11, 16);
    expect(lines.slice(0, 3)).toEqual([
      `message metrics (GET /stats/messages) of app ${data.appId}`,
      `${iso(data.startTime).slice(0, 16).replace("T", " ")} – ${iso(data.endTime).slice(0, 16).replace("T", " ")} UTC · 12 intervals of 5 minutes`,
      expect.stringMatching(new RegExp(`^${listed.length} messages sent · [\\d,]+ delivery receipts · [\\d,]+ read receipts$`)),
    ]);
    expect(lines[4]).toMatch(/^UTC time\s+sent\s+delivered\s+read$/);
    const rows = lines.slice(5);
    expect(rows).toHaveLength(12);
    data.dataPoints.forEach((p, k) => {
      const sent = listed.filter((m) => m.sentAt * 1000 >= Number(p.startTime) && m.sentAt * 1000 < Number(p.endTime)).length;
      expect(rows[k]).toMatch(new RegExp(`^${t(p.startTime)}\\s+${sent}\\b[^\\d]*\\s${p.deliveryReceipts}\\b[^\\d]*\\s${p.readReceipts}\\b`));
    });
    expect(rows.some((row) => /█/.test(row))).toBe(true);
  });

  it("reads the export's schema form too (at the top level, times as numbers): the same figures", async () => {
    const schema = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 1500, users: 40, messages: 100_000 }, variants: new Set(["stats-top-level"]) });
    try {
      const theirs = { ...env, CCX_CHAT_URL: schema.info.chatUrl, CCX_CALLS_URL: schema.info.callsUrl, CCX_CA_FILE: schema.info.caFile, CCX_API_KEY: schema.app().fullAccessKey };
      const [nested, top] = await Promise.all([runCcx(["stats", "--messages", "--json"], env), runCcx(["stats", "--messages", "--json"], theirs)]);
      expect(top.code, top.stderr).toBe(0);
      expect(JSON.parse(top.stdout)).toEqual(JSON.parse(nested.stdout));
    } finally {
      await schema.close();
    }
  });

  it("takes no filter: exits 2 and sends nothing", async () => {
    const before = served.length;
    const run = await runCcx(["stats", "--messages", "--status", "ended"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--messages takes no filter");
    expect(served.length).toBe(before);
  });
});

/** Minutes as the report's timer: m:ss, or h:mm:ss. */
function timer(minutes: number): string {
  const s = Math.round(minutes * 60);
  const two = (n: number) => String(n).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}
