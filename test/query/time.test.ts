import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTime, parseTime } from "../../src/query/index.js";
import { MAX_TIME } from "../../src/query/time.js";

const NOW = 1_700_000_000; // 2023-11-14T22:13:20Z

describe("parseTime", () => {
  it.each([
    ["1700000000", 1_700_000_000, false],
    ["0", 0, false],
    ["now", NOW, false],
    ["NOW", NOW, false],
    ["2024-01-01T00:00:00Z", 1_704_067_200, false],
    ["2024-01-01T12:30", 1_704_112_200, false],
    ["2024-01-01T12:30:15.999Z", 1_704_112_215, false],
    ["2024-01-01T12:00:00+02:00", 1_704_103_200, false],
    ["2024-01-01T12:00:00-0130", 1_704_115_800, false],
    ["2024-01-01 12:00", 1_704_110_400, false],
  ])("reads %s", (text, seconds, wholeDay) => {
    expect(parseTime(text, NOW)).toEqual({ seconds, wholeDay });
  });

  it("reads a date as UTC midnight of a whole day", () => {
    expect(parseTime("2024-01-01", NOW)).toEqual({ seconds: 1_704_067_200, wholeDay: true });
    expect(parseTime("2024-02-29", NOW)).toMatchObject({ seconds: 1_709_164_800 });
  });

  it.each([
    ["30s", 30],
    ["5m", 300],
    ["2h", 7200],
    ["7d", 604_800],
    ["1w", 604_800],
    ["1d12h", 129_600],
    ["3D", 259_200],
  ])("reads the age %s as that long before now", (text, age) => {
    expect(parseTime(text, NOW)).toEqual({ seconds: NOW - age, wholeDay: false });
  });

  it.each(["yesterday", "2023-02-29", "2024-13-01", "2024-01-32", "2024-01-01T24:00", "2024-1-1", "7y", "-5", "1.5", "", "2024-01-01T10:00+25:00"])(
    "refuses %j and says how to write a time",
    (text) => {
      expect(parseTime(text, NOW)).toMatch(/is not a time; use 2024-01-01/);
    },
  );

  it("refuses times before 1970 and after 9999", () => {
    expect(parseTime("1969-12-31", NOW)).toMatch(/before 1970/);
    expect(parseTime("0070-01-01", NOW)).toMatch(/before 1970/);
    expect(parseTime("99999999999999999999", NOW)).toMatch(/after 9999/);
    expect(parseTime("100000d", NOW)).toMatch(/before 1970/);
    expect(parseTime("9999-12-31T23:59:59-01:00", NOW)).toMatch(/after 9999/);
  });

  it("writes UTC midnight as a date and other times as a UTC date-time", () => {
    expect(formatTime(1_704_067_200)).toBe("2024-01-01");
    expect(formatTime(1_704_112_215)).toBe("2024-01-01T12:30:15Z");
    expect(formatTime(0)).toBe("1970-01-01");
    expect(formatTime(MAX_TIME)).toBe("9999-12-31T23:59:59Z");
  });

  it("reads back every time it writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TIME }), (t) => {
        expect(parseTime(formatTime(t), NOW)).toMatchObject({ seconds: t });
      }),
      { numRuns: 300 },
    );
  });
});
