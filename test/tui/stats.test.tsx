import { describe, expect, it } from "vitest";
import { STATS_PER_PAGE } from "../../src/api/stats.js";
import { activeView } from "../../src/store/explorer-store.js";
import { type Tui, lines, listRows, mountTui, startTuiEmulator, tuiFixture } from "../support/tui.js";

/**
 * :stats: the calls list's filter aggregated over every page, drawn as `ccx stats` draws it, then the
 * service's message metrics as `ccx stats --messages` draws them; r computes again.
 */

// 100,000 messages over 120 days: some thirty in the last hour, for the message metrics.
const fixture = tuiFixture({ sizes: { apps: 1, groups: 20, calls: 1500, users: 30, messages: 100_000 } });
let tui: Tui;

const crumbs = (frame: string) => lines(frame)[1]!;
/** The calls the emulator has for these GET /calls parameters. */
const total = async (params: Record<string, string | number>) => (await fixture.fx.calls("/calls", { ...params, perPage: 1 })).body.meta.pagination.total as number;
const totals = (frame: string) => /^([\d,]+) calls · [\d,]+\.\d minutes/m.exec(frame)?.[1];

async function filterCalls(line: string): Promise<void> {
  await tui.press("/");
  await tui.type(line);
  await tui.press("enter");
  await tui.waitForFrame((f) => !f.includes("⟳") && listRows(f).length > 0, "the filtered calls");
}

async function openStats(): Promise<string> {
  await tui.press(":");
  await tui.type("stats");
  await tui.press("enter");
  return tui.waitForFrame((f) => totals(f) !== undefined, "the stats");
}

describe(":stats", () => {
  it(`shows the totals of the calls the list's filter selects, every page read ${STATS_PER_PAGE} at a time`, async () => {
    tui = await fixture.mount({ root: "calls", debounceMs: 40 });
    await filterCalls("status:ended,rejected started:>=2026-09-01");
    const frame = await openStats();
    expect(crumbs(frame)).toBe("calls › stats");
    expect(frame).toContain("calls where status:ended,rejected started:>=2026-09-01");
    const expected = await total({ status: "ended,rejected", startedAt: Date.parse("2026-09-01") / 1000 });
    expect(totals(frame)).toBe(expected.toLocaleString("en-US"));
    expect(frame).toMatch(/duration of a call: median \d+:\d\d/);
    expect(frame).toMatch(/^UTC day\s+calls\s+minutes$/m);
    expect(tui.requests(`perPage=${STATS_PER_PAGE}`)).toBe(Math.ceil(expected / STATS_PER_PAGE));
    for (const line of lines(frame)) expect(line.length).toBeLessThanOrEqual(100);
  });

  it("without a filter, the calls started in the last 30 days; r computes again; a new filter, new figures", async () => {
    tui = await fixture.mount({ root: "calls", debounceMs: 40 });
    let frame = await openStats();
    expect(frame).toContain("(the last 30 days, the default)");
    const from = activeView(tui.store.getState()).stats!.report!.from!;
    expect(totals(frame)).toBe((await total({ startedAt: Date.parse(from) / 1000 })).toLocaleString("en-US"));

    const asked = tui.requests(`perPage=${STATS_PER_PAGE}`);
    await tui.press("r");
    await tui.waitForFrame(() => tui.requests(`perPage=${STATS_PER_PAGE}`) > asked && totals(tui.frame()) !== undefined, "the figures again");

    await tui.press("escape");
    await tui.waitForFrame((f) => crumbs(f) === "calls", "back at the calls");
    await filterCalls("type:audio started:>=2026-09-01");
    frame = await openStats();
    expect(frame).toContain("calls where type:audio started:>=2026-09-01");
    expect(totals(frame)).toBe((await total({ type: "audio", startedAt: Date.parse("2026-09-01") / 1000 })).toLocaleString("en-US"));
  });

  it("under the calls' report, the message metrics of GET /stats/messages: window, totals, a row per interval", async () => {
    tui = await fixture.mount({ root: "calls", debounceMs: 40, rows: 40 });
    await openStats();
    await tui.press("G");
    const frame = await tui.waitForFrame((f) => f.includes("message metrics (GET /stats/messages)"), "the message metrics");
    const points = (await fixture.fx.chat("/stats/messages")).body.data.dataPoints as Array<Record<string, number>>;
    const sum = (name: string) => points.reduce((n, p) => n + p[name]!, 0).toLocaleString("en-US");
    expect(frame).toContain(`${sum("messagesSent")} messages sent · ${sum("deliveryReceipts")} delivery receipts · ${sum("readReceipts")} read receipts`);
    expect(frame).toMatch(/^UTC time\s+sent\s+delivered\s+read$/m);
    expect(lines(frame).filter((l) => /^\d\d:\d\d\s+\d/.test(l))).toHaveLength(12);
    expect(activeView(tui.store.getState()).stats!.messages).toMatchObject({ totals: { messagesSent: Number(sum("messagesSent")) } });
  });

  it("esc while computing stops it, and says so; esc again goes back", async () => {
    // A slow service, so that the keys come while the pages are on their way.
    const slow = await startTuiEmulator({ sizes: { apps: 1, groups: 5, calls: 200, users: 10, messages: 0 }, faults: { latency: { min: 600, max: 600 } } });
    try {
      const mounted = await mountTui(slow, { root: "calls" });
      try {
        await mounted.press(":");
        await mounted.type("stats");
        await mounted.press("enter");
        await mounted.waitForFrame((f) => f.includes("⟳ computing"), "the computation under way");
        await mounted.press("escape");
        const frame = await mounted.waitForFrame((f) => f.includes("stopped after 0 calls · r computes again"), "the computation stopped");
        expect(crumbs(frame)).toBe("calls › stats");
        expect(totals(frame)).toBeUndefined();
        await mounted.press("escape");
        await mounted.waitForFrame((f) => crumbs(f) === "calls", "back at the calls");
      } finally {
        await mounted.unmount();
      }
    } finally {
      await slow.close();
    }
  });
});
