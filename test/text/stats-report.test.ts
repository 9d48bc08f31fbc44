import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StatsReport } from "../../src/api/stats.js";
import { statsReport } from "../../src/text/stats-report.js";
import { displayWidth } from "../../src/text/width.js";

/** The stats report for people: whatever the figures and the server's strings, no line is wider than asked, and none drives the terminal. */

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("\u001b[31mred", "ｗｉｄｅ名前", "👨‍👩‍👧", "a\nb", "\u202eevil"));
const counts = fc.dictionary(text, fc.nat(1_000_000), { maxKeys: 12 });
const users = fc.array(fc.record({ uid: text, calls: fc.nat(100_000), minutes: fc.double({ min: 0, max: 1e7, noNaN: true }) }), { maxLength: 10 });
const day = fc.integer({ min: 0, max: 3650 }).map((d) => new Date(Date.UTC(2020, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
const report: fc.Arbitrary<StatsReport> = fc.record({
  calls: fc.nat(10_000_000),
  minutes: fc.double({ min: 0, max: 1e9, noNaN: true }),
  byStatus: counts, byType: counts, byMode: counts, byReceiverType: counts,
  byDay: fc.uniqueArray(fc.record({ day, calls: fc.nat(100_000), minutes: fc.double({ min: 0, max: 1e7, noNaN: true }) }), { selector: (d) => d.day, maxLength: 40 })
    .map((days) => days.sort((a, b) => (a.day < b.day ? -1 : 1))),
  topUsers: users, topUsersByMinutes: users,
  duration: fc.record({ median: fc.option(fc.double({ min: 0, max: 1e4, noNaN: true })), p95: fc.option(fc.double({ min: 0, max: 1e4, noNaN: true })) }),
  recordingShare: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  unreadable: fc.nat(100), undated: fc.nat(100),
  from: fc.constant(null), to: fc.constant(null),
  service: fc.oneof(fc.record({ error: text }), fc.record({ metrics: fc.record({ audio_minutes: fc.double({ min: 0, max: 1e9, noNaN: true }), active_users: fc.nat() }) })),
});

describe("the stats report", () => {
  it("fits the width it is drawn for, and sanitizes what the server sent", () => {
    fc.assert(
      fc.property(report, fc.integer({ min: 30, max: 220 }), text, (r, width, filter) => {
        const lines = statsReport(r, width, filter);
        for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
        expect(lines.join("\n")).not.toMatch(/[\u001b\u202e]/);
      }),
      { numRuns: 200 },
    );
  });

  it("draws each day's calls and minutes as bars scaled to the busiest day", () => {
    const r: StatsReport = {
      calls: 30, minutes: 90, byStatus: { ended: 30 }, byType: { audio: 30 }, byMode: { call: 30 }, byReceiverType: { user: 30 },
      byDay: [{ day: "2026-10-01", calls: 20, minutes: 30 }, { day: "2026-10-03", calls: 10, minutes: 60 }],
      topUsers: [{ uid: "alice", calls: 30, minutes: 90 }], topUsersByMinutes: [{ uid: "alice", calls: 30, minutes: 90 }],
      duration: { median: 2.5, p95: 4 }, recordingShare: 0.5, unreadable: 0, undated: 0, from: null, to: null, service: { error: "ERR_API_NOT_FOUND" },
    };
    const lines = statsReport(r, 80, "status:ended");
    const row = (day: string) => lines.find((l) => l.startsWith(day))!;
    const bars = (line: string) => line.match(/[█▏▎▍▌▋▊▉]+/g)!.map((b) => b.length);
    expect(bars(row("2026-10-01"))[0]).toBe(2 * bars(row("2026-10-03"))[0]!);
    expect(bars(row("2026-10-03"))[1]).toBe(2 * bars(row("2026-10-01"))[1]!);
    expect(row("2026-10-02")).toMatch(/^2026-10-02\s+0\s+0\.0$/);
    expect(lines).toContain("service metrics: not available (ERR_API_NOT_FOUND)");
    expect(lines).toContain("duration of a call: median 2:30 · p95 4:00");
  });
});
