import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countOf, formatCount, formatDuration, formatMinutes, formatRelative, formatTime } from "../../src/text/index.js";

const HALLOWEEN = Date.UTC(2026, 9, 31, 14, 2, 59) / 1000;

describe("formatTime", () => {
  it("shows UTC by default, to the minute", () => {
    expect(formatTime(HALLOWEEN)).toBe("2026-10-31 14:02");
    expect(formatTime(0)).toBe("1970-01-01 00:00");
  });

  it("shows local time when asked", () => {
    const d = new Date(HALLOWEEN * 1000);
    const two = (n: number) => String(n).padStart(2, "0");
    const local = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
    expect(formatTime(HALLOWEEN, { utc: false })).toBe(local);
  });

  it("shows a dash for missing or unreadable values", () => {
    expect(formatTime()).toBe("—");
    expect(formatTime(null)).toBe("—");
    expect(formatTime(Number.NaN)).toBe("—");
    expect(formatTime("soon")).toBe("—");
  });

  it("reads numeric strings and milliseconds sent by mistake", () => {
    expect(formatTime(String(HALLOWEEN))).toBe("2026-10-31 14:02");
    expect(formatTime(HALLOWEEN * 1000)).toBe("2026-10-31 14:02");
  });

  it("appends the relative time when given now", () => {
    expect(formatTime(HALLOWEEN, { now: HALLOWEEN + 3 * 86_400 })).toBe("2026-10-31 14:02 (3d ago)");
  });
});

describe("formatRelative", () => {
  it.each([
    [0, "just now"],
    [-59, "just now"],
    [300, "5m ago"],
    [-300, "in 5m"],
    [2 * 3600 + 59, "2h ago"],
    [3 * 86_400, "3d ago"],
    [65 * 86_400, "2mo ago"],
    [-800 * 86_400, "in 2y"],
  ])("%i seconds before now reads %s", (age, expected) => {
    expect(formatRelative(HALLOWEEN - age, HALLOWEEN)).toBe(expected);
  });

  it("shows a dash when missing", () => {
    expect(formatRelative(undefined, HALLOWEEN)).toBe("—");
  });
});

describe("formatMinutes and formatDuration", () => {
  it.each([
    [0, "0:00"],
    [0.5, "0:30"],
    [12.5665, "12:34"],
    [62.05, "1:02:03"],
    [59.999, "1:00:00"],
    [600, "10:00:00"],
  ])("%f minutes reads %s", (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });

  it("formats seconds the same way", () => {
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(-65)).toBe("-1:05");
  });

  it("shows a dash when missing", () => {
    expect(formatMinutes()).toBe("—");
    expect(formatMinutes(Number.POSITIVE_INFINITY)).toBe("—");
    expect(formatDuration(undefined)).toBe("—");
  });
});

describe("formatCount", () => {
  it("groups thousands whatever the machine's locale", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(12_345)).toBe("12,345");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(-4200)).toBe("-4,200");
    expect(formatCount(undefined)).toBe("—");
  });

  it("says any number as en-US's Intl.NumberFormat does, whole numbers grouped without it", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
    fc.assert(fc.property(fc.oneof(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0, 1e21, 2 ** 53)), (n) => {
      expect(formatCount(n)).toBe(intl.format(n));
    }), { numRuns: 2000 });
  });
});

describe("countOf", () => {
  it("says one thing in the singular and any other count in the plural", () => {
    expect(countOf(1, "call")).toBe("1 call");
    expect(countOf(0, "call")).toBe("0 calls");
    expect(countOf(12_345, "call")).toBe("12,345 calls");
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
    expect(countOf(2, "entry", "entries")).toBe("2 entries");
  });
});
