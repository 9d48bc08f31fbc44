import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MessageInterval, MessageStats } from "../../src/api/message-stats.js";
import { messageStatsReport } from "../../src/text/message-stats-report.js";
import { displayWidth } from "../../src/text/width.js";

/** The message metrics for people: whatever the figures and the app id, no line wider than asked, colour only when asked. */

const FIVE_MINUTES = 300_000;
const START = Date.UTC(2026, 9, 31, 23, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
const interval = (k: number, [messagesSent, deliveryReceipts, readReceipts]: number[]): MessageInterval =>
  ({ from: iso(START + k * FIVE_MINUTES), to: iso(START + (k + 1) * FIVE_MINUTES), messagesSent: messagesSent!, deliveryReceipts: deliveryReceipts!, readReceipts: readReceipts! });
const statsOf = (intervals: MessageInterval[], appId: string | null = "app1"): MessageStats => ({
  appId, from: intervals[0]?.from ?? null, to: intervals.at(-1)?.to ?? null, intervals, unreadable: 0,
  totals: {
    messagesSent: intervals.reduce((n, i) => n + i.messagesSent, 0),
    deliveryReceipts: intervals.reduce((n, i) => n + i.deliveryReceipts, 0),
    readReceipts: intervals.reduce((n, i) => n + i.readReceipts, 0),
  },
});
const ESC = "\u001b";
const plain = (line: string) => line.replace(/\u001b\[\d+m/g, "");

describe("the message metrics report", () => {
  it("fits the width it is drawn for, sanitizes the app id, and is plain without colour", () => {
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("\u001b[31mred", "ｗｉｄｅ名前", "a\nb", "\u202eevil"));
    const counts = fc.array(fc.tuple(fc.nat(10_000_000), fc.nat(10_000_000), fc.nat(10_000_000)), { maxLength: 24 });
    fc.assert(
      fc.property(counts, fc.option(text, { nil: null }), fc.integer({ min: 20, max: 220 }), fc.boolean(), (rows, appId, width, color) => {
        const lines = messageStatsReport(statsOf(rows.map((r, k) => interval(k, r)), appId), width, color);
        for (const line of lines) expect(displayWidth(plain(line)), line).toBeLessThanOrEqual(width);
        const shown = lines.map(plain).join("\n");
        expect(shown).not.toMatch(/[\u001b\u202e]/);
        if (!color) expect(lines.join("\n")).not.toContain(ESC);
      }),
      { numRuns: 200 },
    );
  });

  it("draws each interval's three figures as bars scaled to the largest of their series, coloured per series on a terminal", () => {
    const stats = statsOf([interval(0, [4, 8, 2]), interval(1, [2, 8, 4]), interval(2, [0, 0, 0])]);
    const lines = messageStatsReport(stats, 80);
    expect(lines.slice(0, 3)).toEqual([
      "message metrics (GET /stats/messages) of app app1",
      "2026-10-31 23:00 – 2026-10-31 23:15 UTC · 3 intervals of 5 minutes",
      "6 messages sent · 16 delivery receipts · 6 read receipts",
    ]);
    expect(lines[4]).toMatch(/^UTC time\s+sent\s+delivered\s+read$/);
    /** Each bar's length in eighths of a cell. */
    const bars = (line: string) => line.match(/[█▏▎▍▌▋▊▉]+/g)!.map((b) => [...b].reduce((n, c) => n + (c === "█" ? 8 : "▏▎▍▌▋▊▉".indexOf(c) + 1), 0));
    const [first, second] = [bars(lines[5]!), bars(lines[6]!)];
    expect(first[0]).toBe(2 * second[0]!);
    expect(first[1]).toBe(second[1]);
    expect(second[2]).toBe(2 * first[2]!);
    expect(lines[7]).toMatch(/^23:10\s+0\s+0\s+0$/);
    const coloured = messageStatsReport(stats, 80, true);
    expect(coloured[5]).toMatch(/\u001b\[36m[█-▏]+\u001b\[39m.*\u001b\[33m[█-▏]+\u001b\[39m.*\u001b\[32m[█-▏]+\u001b\[39m/);
    expect(coloured.map(plain)).toEqual(lines);
    // Too narrow for bars: no bar, no colour, cut to the width.
    expect(messageStatsReport(stats, 24, true).join("\n")).not.toContain(ESC);
  });

  it("says when the metrics could not be read, and when some figures were not", () => {
    expect(messageStatsReport({ error: "ERR_API_NOT_FOUND" }, 80)).toEqual(["message metrics: not available (ERR_API_NOT_FOUND)"]);
    const odd = { ...statsOf([interval(0, [1, 1, 1])]), unreadable: 1 };
    expect(messageStatsReport(odd, 80)).toContain("1 interval had figures ccx could not read: counted as 0");
    expect(messageStatsReport(statsOf([]), 80)).toEqual(["message metrics (GET /stats/messages) of app app1", "? – ? UTC · 0 intervals", "0 messages sent · 0 delivery receipts · 0 read receipts"]);
  });
});
