import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOW } from "../../src/emulator/options.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { expectServiceError } from "../support/service-error.js";

/**
 * GET /stats on the chat API (and the calls API, where ccx asked before), checked against a plain
 * computation over GET /calls; GET /stats/messages against the messages and receipts the message
 * lists serve.
 */

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

  it("is served on the chat host, where the export puts it, as on the calls host; seconds are read as milliseconds", async () => {
    const [fromDate, toDate] = [Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1)];
    const onChat = await fx.chat("/stats", { fromDate, toDate });
    expect(onChat.status, onChat.text).toBe(200);
    expect(onChat.body).toEqual((await stats({ fromDate, toDate })).body);
    expect(onChat.body.data.time_range).toEqual({ fromDate, toDate });
    // "Unix timestamp", says the export: seconds give the same figures, the range still in milliseconds.
    expect((await fx.chat("/stats", { fromDate: fromDate / 1000, toDate: toDate / 1000 })).body).toEqual(onChat.body);
    expect((await stats({ fromDate: fromDate / 1000, toDate })).body).toEqual(onChat.body);
    expectServiceError(await fx.chat("/stats", { fromDate: "soon" }), 400, "ERR_BAD_REQUEST");
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

describe("GET /stats/messages", () => {
  const FIVE_MINUTES_MS = 300_000;
  let busy: EmulatorFixture;
  beforeAll(async () => {
    // 100,000 messages over 120 days: some thirty in the last hour.
    busy = await emulatorFixture({ sizes: { apps: 1, groups: 12, calls: 0, users: 30, messages: 100_000 } });
  });
  afterAll(() => busy?.close());

  interface WireMessage { id: number; sender: string; sentAt: number }
  /** The messages of the list sent in [from, to) (ms), as `user` sees them (the app's without one). */
  const sentIn = async (from: number, to: number, params: Record<string, string | boolean> = {}, user?: string) => {
    const reply = await busy.chat("/messages", { fromTimestamp: from / 1000, toTimestamp: to / 1000 - 1, limit: 1000, ...params }, user ? { onBehalfOf: user } : {});
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.length).toBeLessThan(1000);
    return reply.body.data as WireMessage[];
  };

  it("the hour up to the world's clock in twelve five-minute intervals, as the documented example: in data, times as strings of milliseconds", async () => {
    const reply = await busy.chat("/stats/messages");
    expect(reply.status, reply.text).toBe(200);
    const { startTime, endTime, dataPoints, appId } = reply.body.data;
    expect(appId).toBe(busy.app().appId);
    expect([startTime, endTime]).toEqual([String(DEFAULT_NOW * 1000 - 12 * FIVE_MINUTES_MS), String(DEFAULT_NOW * 1000)]);
    expect(dataPoints).toHaveLength(12);
    dataPoints.forEach((p: Record<string, unknown>, k: number) => {
      expect(Object.keys(p).sort()).toEqual(["deliveryReceipts", "endTime", "messagesSent", "readReceipts", "startTime"]);
      expect([p.startTime, p.endTime]).toEqual([String(Number(startTime) + k * FIVE_MINUTES_MS), String(Number(startTime) + (k + 1) * FIVE_MINUTES_MS)]);
    });
    expectServiceError(await busy.calls("/stats/messages"), 404, "ERR_API_NOT_FOUND", "calls-api");
  });

  it("counts the messages the lists serve, and a receipt for each receiver the message reached (undelivered) and read (unread)", async () => {
    const points = (await busy.chat("/stats/messages")).body.data.dataPoints as Array<Record<string, string | number>>;
    const [from, to] = [Number(points[0]!.startTime), Number(points.at(-1)!.endTime)];
    const interval = (m: WireMessage) => Math.floor((m.sentAt * 1000 - from) / FIVE_MINUTES_MS);
    const want = points.map(() => ({ messagesSent: 0, deliveryReceipts: 0, readReceipts: 0 }));
    for (const m of await sentIn(from, to)) want[interval(m)]!.messagesSent++;
    const users = (await busy.chat("/users", { perPage: 100 })).body.data as Array<{ uid: string }>;
    for (const { uid } of users) {
      // What reached the user: every message of theirs to see but their own, less what is still undelivered (or unread).
      const received = (await sentIn(from, to, {}, uid)).filter((m) => m.sender !== uid);
      const undelivered = new Set((await sentIn(from, to, { undelivered: true }, uid)).map((m) => m.id));
      const unread = new Set((await sentIn(from, to, { unread: true }, uid)).map((m) => m.id));
      for (const m of received) {
        if (!undelivered.has(m.id)) want[interval(m)]!.deliveryReceipts++;
        if (!unread.has(m.id)) want[interval(m)]!.readReceipts++;
      }
    }
    expect(points.map(({ messagesSent, deliveryReceipts, readReceipts }) => ({ messagesSent, deliveryReceipts, readReceipts }))).toEqual(want);
    const sum = (name: "messagesSent" | "deliveryReceipts" | "readReceipts") => want.reduce((n, p) => n + p[name], 0);
    expect(sum("messagesSent")).toBeGreaterThan(10);
    expect(sum("deliveryReceipts")).toBeGreaterThan(sum("readReceipts"));
    expect(sum("readReceipts")).toBeGreaterThan(0);
  });

  it("the variant stats-top-level answers as the export's schema: at the top level, times as numbers", async () => {
    const schema = await emulatorFixture({ sizes: { apps: 1, groups: 12, calls: 0, users: 30, messages: 100_000 }, variants: new Set(["stats-top-level"]) });
    try {
      const nested = (await busy.chat("/stats/messages")).body.data;
      const top = (await schema.chat("/stats/messages")).body;
      expect(top.data).toBeUndefined();
      const numbers = (p: Record<string, unknown>) => ({ ...p, startTime: Number(p.startTime), endTime: Number(p.endTime) });
      expect(top).toEqual({ ...numbers(nested), dataPoints: nested.dataPoints.map(numbers) });
    } finally {
      await schema.close();
    }
  });
});
