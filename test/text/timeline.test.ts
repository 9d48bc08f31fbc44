import { describe, expect, it } from "vitest";
import { timeline, timelineLine } from "../../src/text/timeline.js";
import { displayWidth } from "../../src/text/width.js";

/** A call's timeline, as `ccx call` prints it and the explorer draws it, at 80 and 200 columns. */

const START = 1_700_000_000;
const call = {
  startedAt: START,
  endedAt: START + 200,
  status: "ended",
  participants: [
    { uid: "alice", deviceId: "web-1111aaaa", joinedAt: START, leftAt: START + 200, state: "ended" },
    { uid: "alice", deviceId: "ios-2222bbbb", joinedAt: START + 100, leftAt: START + 150, state: "ended" },
    { uid: "bob", joinedAt: START + 50, leftAt: START + 100, state: "ended" },
    { uid: "carol", state: "unanswered" },
    { uid: "dave", state: "rejected" },
  ],
};

/** Where a bar starts and ends, in cells. */
const extent = (bar: string) => ({ from: bar.search(/[█▶]/), to: bar.length - 1 - [...bar].reverse().join("").search(/[█▶]/) });

describe.each([80, 200])("at %i columns", (width) => {
  it("draws each entry across the call's span, fits the width, and labels the scale", () => {
    const drawn = timeline(call, width, START + 1000);
    const lines = [drawn.title, drawn.scale, ...drawn.rows.map(timelineLine)];
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    expect(drawn.title).toMatch(/^Timeline · 2023-11-14 22:13 → 22:16 UTC \(3:20/);
    expect(drawn.scale.trim()).toMatch(/^0:00─.*3:20$/);
    expect(drawn.rows).toHaveLength(5);
    const bars = drawn.rows.map((r) => r.bar);
    const cells = bars[0]!.length;
    // The whole call, the second half's middle quarter, and 50–100 s of 200.
    expect(extent(bars[0]!)).toEqual({ from: 0, to: cells - 1 });
    expect(extent(bars[1]!).from).toBe(Math.floor(cells / 2));
    expect(extent(bars[1]!).to).toBe(Math.floor(cells * 0.75));
    expect(extent(bars[2]!).from).toBe(Math.floor(cells / 4));
    // One uid on two devices: each entry says which.
    expect(drawn.rows[0]!.label).toMatch(/^alice web-1111/);
    expect(drawn.rows[1]!.label).toMatch(/^alice ios-2222/);
    expect(drawn.rows[2]!.label.trim()).toBe("bob");
    expect(drawn.rows.map((r) => r.note)).toEqual(["3:20", "0:50", "0:50", "unanswered", "rejected"]);
    expect(drawn.rows.slice(3).map((r) => [r.bar.trim(), r.kind])).toEqual([["×", "missed"], ["×", "missed"]]);
    // Wide enough, the title carries the legend.
    expect(drawn.title.includes("never joined")).toBe(width >= 100);
  });

  it("an entry still in the call runs to now, ends in ▶ and says so; the span runs to now", () => {
    const ongoing = { startedAt: START, status: "ongoing", participants: [
      { uid: "alice", joinedAt: START, state: "ongoing" },
      { uid: "bob", joinedAt: START + 30, leftAt: START + 60, state: "ended" },
    ] };
    const drawn = timeline(ongoing, width, START + 120);
    expect(drawn.title).toContain("→ now UTC (2:00, ongoing");
    expect(drawn.rows[0]!.bar.trimEnd().endsWith("▶")).toBe(true);
    expect(extent(drawn.rows[0]!.bar).to).toBe(drawn.rows[0]!.bar.length - 1);
    expect(drawn.rows[0]!.note).toBe("in 2:00");
    expect(drawn.rows[0]!.kind).toBe("in-call");
    for (const line of drawn.rows.map(timelineLine)) expect(displayWidth(line)).toBeLessThanOrEqual(width);
  });
});

it("server text in labels and states is sanitized and cut to its column", () => {
  const drawn = timeline({ startedAt: START, endedAt: START + 10, participants: [{ uid: "\u001b[31mevil\u202e".repeat(20), state: "\u001b]0;title\u0007x".repeat(5) }] }, 80, START + 10);
  const line = timelineLine(drawn.rows[0]!);
  expect(line).not.toMatch(/[\u001b\u0007\u202e]/);
  expect(displayWidth(line)).toBeLessThanOrEqual(80);
});
