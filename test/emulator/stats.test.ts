import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOW } from "../../src/emulator/options.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

/** GET /stats on the calls API, checked against a plain computation over GET /calls. */

interface WireCall {
  initiatedAt: number; totalAudioMinutes: number; totalVideoMinutes: number;
  participants: Array<{ uid: string; isJoined: boolean; joinedAt?: number; leftAt?: number }>;
  recordings?: Array<{ duration: number }>;
}

const SIZES = { apps: 2, groups: 30, calls: 300, users: 25, messages: 10 };
const DAY_MS = 86_400_000;

/** The metrics the straightforward way: sums, a set, and a count at every moment someone joined. */
function expected(calls: WireCall[], fromDate: number, toDate: number, now: number) {
  const inRange = calls.filter((c) => c.initiatedAt * 1000 >= fromDate && c.initiatedAt * 1000 <= toDate);
  const joined = inRange.flatMap((c) => c.participants.filter((p) => p.isJoined));
  const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;
  let concurrent = 0;
  for (const moment of joined.map((p) => p.joinedAt!)) {
    const inCall = joined.filter((p) => p.joinedAt! <= moment && moment < (p.leftAt ?? now));
    concurrent = Math.max(concurrent, new Set(inCall.map((p) => p.uid)).size);
  }
  return {
    audio_minutes: sum(inRange.map((c) => c.totalAudioMinutes)),
    video_minutes: sum(inRange.map((c) => c.totalVideoMinutes)),
    recorded_minutes: sum(inRange.flatMap((c) => (c.recordings ?? []).map((r) => r.duration))),
    active_users: new Set(joined.map((p) => p.uid)).size,
    concurrent_users: concurrent,
  };
}

function expectMetrics(got: Record<string, number>, want: ReturnType<typeof expected>) {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const key of ["audio_minutes", "video_minutes", "recorded_minutes"] as const) expect(got[key]).toBeCloseTo(want[key], 2);
  expect([got.active_users, got.concurrent_users]).toEqual([want.active_users, want.concurrent_users]);
}

let fx: EmulatorFixture;
let calls: WireCall[];
beforeAll(async () => {
  fx = await emulatorFixture({ sizes: SIZES });
  calls = (await fx.calls("/calls", { perPage: 1000 })).body.data;
});
afterAll(() => fx.close());

const stats = (params: Record<string, string | number> = {}, headers: Record<string, string> = {}) => fx.calls("/stats", params, headers);

describe("GET /stats", () => {
  it("by default, the 30 days before the world's clock", async () => {
    const reply = await stats();
    expect(reply.status, reply.text).toBe(200);
    const toDate = DEFAULT_NOW * 1000;
    expect(reply.body.data.time_range).toEqual({ fromDate: toDate - 30 * DAY_MS, toDate });
    expectMetrics(reply.body.data.metrics, expected(calls, toDate - 30 * DAY_MS, toDate, DEFAULT_NOW));
    expect(reply.body.data.metrics.audio_minutes).toBeGreaterThan(0);
    expect(reply.body.data.metrics.concurrent_users).toBeGreaterThan(1);
  });

  it("fromDate and toDate in milliseconds, both included; the app's calls whatever onBehalfOf", async () => {
    const starts = calls.map((c) => c.initiatedAt * 1000).sort((a, b) => a - b);
    const ranges: Array<[number, number]> = [
      [starts[0]!, starts.at(-1)!], [starts[50]!, starts[200]!], [starts[10]!, starts[10]!], [0, DEFAULT_NOW * 1000 + DAY_MS],
    ];
    for (const [fromDate, toDate] of ranges) {
      const reply = await stats({ fromDate, toDate });
      expect(reply.body.data.time_range).toEqual({ fromDate, toDate });
      expectMetrics(reply.body.data.metrics, expected(calls, fromDate, toDate, DEFAULT_NOW));
    }
    const whole = await stats({ fromDate: 0 });
    expect((await stats({ fromDate: 0 }, { onBehalfOf: calls[0]!.participants[0]!.uid })).body).toEqual(whole.body);
    const other = (await fx.calls("/calls", { perPage: 1000 }, {}, 1)).body.data as WireCall[];
    expectMetrics((await fx.calls("/stats", { fromDate: 0 }, {}, 1)).body.data.metrics, expected(other, 0, DEFAULT_NOW * 1000, DEFAULT_NOW));
  });

  it("a range with no call answers zeros", async () => {
    const reply = await stats({ fromDate: 1000, toDate: 2000 });
    expect(reply.body.data.metrics).toEqual({ audio_minutes: 0, video_minutes: 0, recorded_minutes: 0, active_users: 0, concurrent_users: 0 });
  });

  it("bad dates → 400 ERR_BAD_REQUEST naming each", async () => {
    const cases: Array<[Record<string, string | number>, string[]]> = [
      [{ fromDate: "yesterday" }, ["fromDate"]], [{ toDate: -5 }, ["toDate"]], [{ toDate: "1.5e12" }, ["toDate"]],
      [{ fromDate: "x", toDate: "y" }, ["fromDate", "toDate"]], [{ fromDate: 2000, toDate: 1000 }, ["fromDate"]],
      [{ fromDate: (DEFAULT_NOW + 60) * 1000 }, ["fromDate"]],
    ];
    for (const [params, names] of cases) {
      const error = expectServiceError(await stats(params), 400, "ERR_BAD_REQUEST", "calls-api");
      expect(Object.keys(error.details!).sort(), JSON.stringify(params)).toEqual(names);
    }
    expectServiceError(await fx.send("GET", `${fx.base("call")}/stats`, {}), 401, "AUTH_ERR_EMPTY_APIKEY", "calls-api");
  });

  it("live: counts the calls in progress up to the live clock", async () => {
    const live = await emulatorFixture({ sizes: SIZES, live: true, clock: () => 0 });
    try {
      const now = live.emulator.live!.advance(150_000);
      const all = (await live.calls("/calls", { perPage: 1000 })).body.data as Array<WireCall & { status: string }>;
      expect(all.some((c) => c.status === "ongoing")).toBe(true);
      const reply = await live.calls("/stats", { fromDate: (now - 600) * 1000 });
      expect(reply.body.data.time_range).toEqual({ fromDate: (now - 600) * 1000, toDate: now * 1000 });
      expectMetrics(reply.body.data.metrics, expected(all, (now - 600) * 1000, now * 1000, now));
      expect(reply.body.data.metrics.concurrent_users).toBeGreaterThan(2);
    } finally {
      await live.close();
    }
  });
});
