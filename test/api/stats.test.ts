import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { type AppClient, parseAnswer } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { pagesByNumberAhead } from "../../src/api/paging.js";
import { callListSchema } from "../../src/api/schemas.js";
import { messageMetrics, messageStats } from "../../src/api/message-stats.js";
import { STATS_PER_PAGE, type StatsCall, aggregateCalls, nearestRank, serviceMetrics, statsPageSchema, statsWindow } from "../../src/api/stats.js";
import { reference } from "../support/stats-reference.js";

/**
 * The aggregator against a reference written plainly over the calls as sent
 * (test/support/stats-reference.ts):
 * random calls with every status, type and mode, fields missing, null, sent as
 * numeric strings, and in forms ccx cannot read, cut into random pages.
 */

type Raw = Record<string, unknown>;

// ---- random calls as a server might send them ----

const UIDS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "ken", "lea"];
const absent = fc.constant(undefined);
/** A field as sent: absent, null, a readable value, or one in a form ccx cannot read. */
const sent = (readable: fc.Arbitrary<unknown>, odd: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: readable, weight: 6 }, { arbitrary: absent, weight: 1 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: odd, weight: 1 });
const oddValue = fc.oneof(fc.constant({}), fc.constant([1]), fc.constant(true), fc.constant("n/a"), fc.constant(1.5));
const minutes = fc.oneof(
  fc.double({ min: 0, max: 600, noNaN: true }).map((x) => x + 0),
  fc.nat(600),
  fc.constantFrom(0, 1.5, 2.25),
  fc.nat(600).map((n) => String(n)),
  fc.tuple(fc.nat(600), fc.nat(99)).map(([a, b]) => ` ${a}.${b} `),
);
const time = fc.oneof(fc.integer({ min: 1_600_000_000, max: 1_800_000_000 }), fc.integer({ min: 1_700_000_000, max: 1_700_900_000 }).map(String), fc.constantFrom(-5, 1e13, 0));
const user = fc.constantFrom(...UIDS);
const userRef = fc.oneof(user, user.map((uid) => ({ uid, name: uid.toUpperCase() })), fc.constantFrom({ guid: "group-1" }, 42));
const participant = fc.record({ uid: user, joinedAt: fc.option(time, { nil: undefined }), state: fc.constantFrom("ongoing", "left", 3) }, { requiredKeys: ["uid"] });
const participants = fc.array(participant, { maxLength: 5 });
const word = (words: string[]) => sent(fc.constantFrom(...words), oddValue);

const rawCall: fc.Arbitrary<Raw> = fc.record({
  sessionId: fc.uuid(),
  status: word(["initiated", "ongoing", "ended", "unanswered", "rejected", "canceled", "cancelled", "busy", "missed"]),
  type: word(["audio", "video"]),
  mode: word(["call", "meet", "presenter"]),
  receiverType: word(["user", "group"]),
  initiator: sent(userRef, fc.constantFrom({ name: "no id" }, true)),
  receiver: sent(userRef, fc.constantFrom({ name: "no id" }, [])),
  participants: sent(participants, fc.oneof(fc.constant("none"), participants.map((ps) => [...ps, { name: "no uid" }]))),
  totalDurationInMinutes: sent(minutes, oddValue),
  hasRecording: sent(fc.boolean(), fc.constantFrom("yes", 1)),
  startedAt: sent(time, oddValue),
  initiatedAt: sent(time, oddValue),
}).map((call) => Object.fromEntries(Object.entries(call).filter(([, x]) => x !== undefined)));

/** The calls cut into pages of random sizes, each read as ccx stats reads GET /calls (or as `ccx calls` does). */
async function* pagesOf(calls: Raw[], sizes: number[], schema: v.GenericSchema<unknown, { data: StatsCall[] }> = statsPageSchema) {
  let at = 0;
  for (let i = 0; at < calls.length; i++) {
    const size = Math.max(1, sizes[i % Math.max(1, sizes.length)] ?? 1);
    const { data } = v.parse(schema, { data: calls.slice(at, at + size) });
    at += size;
    yield { items: data };
  }
}

describe("the stats aggregator", () => {
  it("equals the reference over random calls in random pages", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rawCall, { maxLength: 60 }), fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 5 }), async (calls, sizes) => {
        const stats = await aggregateCalls(pagesOf(calls, sizes));
        expect(stats).toEqual(reference(calls));
        // Stats reads only what it counts, with the calls list's tolerance: the full reader gives the same.
        expect(await aggregateCalls(pagesOf(calls, sizes, callListSchema))).toEqual(stats);
      }),
      { numRuns: 300 },
    );
  });

  it("counts what was read as it goes, and the total the service gave", async () => {
    const seen: Array<{ calls: number; total?: number }> = [];
    const call = (sessionId: string) => ({ sessionId }) as StatsCall;
    async function* pages() {
      yield { items: [call("a"), call("b")], pagination: { total: 3 } };
      yield { items: [call("c")], pagination: { total: 3 } };
    }
    await aggregateCalls(pages(), (p) => seen.push(p));
    expect(seen).toEqual([{ calls: 2, total: 3 }, { calls: 3, total: 3 }]);
  });

  it("median and p95 are nearest ranks: the lower middle of an even count", () => {
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(nearestRank(Array.from({ length: 20 }, (_, i) => i + 1), 95)).toBe(19);
    expect(nearestRank(Array.from({ length: 21 }, (_, i) => i + 1), 95)).toBe(20);
    expect(nearestRank([7], 95)).toBe(7);
    expect(nearestRank([], 50)).toBeNull();
  });
});

describe("the window stats asks for", () => {
  const NOW = 1_800_000_000;

  it("is the last 30 days when the filter names no time; every other filter is kept, paging is not", () => {
    const w = statsWindow({ status: "ended", perPage: "50", page: "3" }, NOW);
    expect(w.query).toEqual({ status: "ended", startedAt: String(NOW - 30 * 86_400), perPage: STATS_PER_PAGE });
    expect(w).toMatchObject({ from: NOW - 30 * 86_400, to: undefined });
    expect(w.line).toBe("status:ended started:>=2026-12-16T08:00:00Z (the last 30 days, the default)");
  });

  it("is the user's when the filter bounds the start or the end", () => {
    expect(statsWindow({ "startedAt[lte]": "1700000000" }, NOW)).toMatchObject({ query: { "startedAt[lte]": "1700000000", perPage: STATS_PER_PAGE }, from: undefined, to: 1_700_000_000 });
    expect(statsWindow({ "startedAt[gt]": "10", "startedAt[lt]": "20" }, NOW)).toMatchObject({ from: 11, to: 19 });
    const ended = statsWindow({ endedAt: "1700000000" }, NOW);
    expect(ended.query).toEqual({ endedAt: "1700000000", perPage: STATS_PER_PAGE });
    expect(ended.line).toBe("ended:<=2023-11-14T22:13:20Z");
  });
});

/** A client whose GET answers `body` (read with the schema asked, as AppClient reads), or fails with `error`. */
const client = (answer: { body?: unknown; error?: Error }) => ({
  asked: [] as unknown[],
  async get(api: string, path: string, query: unknown, schema: v.GenericSchema) {
    this.asked.push({ api, path, query });
    if (answer.error) throw answer.error;
    return { value: parseAnswer(schema, answer.body, `GET ${path}`), raw: answer.body };
  },
});

describe("the service's GET /stats", () => {
  it("asks the chat host over the window in milliseconds, and reads the metrics tolerantly", async () => {
    const c = client({ body: { data: { metrics: { audio_minutes: "12.5", video_minutes: 3, recorded_minutes: { odd: true }, active_users: 4, extra: "kept" }, time_range: { fromDate: 1_700_000_000_000 } } } });
    expect(await serviceMetrics(c as unknown as AppClient, 100, 200)).toEqual({ metrics: { audio_minutes: 12.5, video_minutes: 3, active_users: 4, extra: "kept" }, time_range: { fromDate: 1_700_000_000_000 } });
    expect(c.asked).toEqual([{ api: "chat", path: "/stats", query: { fromDate: 100_000, toDate: 200_000 } }]);
  });

  it("reads time_range in milliseconds however sent: seconds, strings; one it cannot read is left out", async () => {
    const range = async (time_range: unknown) => {
      const metrics = await serviceMetrics(client({ body: { data: { metrics: {}, time_range } } }) as unknown as AppClient, 0, 1);
      return "error" in metrics ? metrics : metrics.time_range;
    };
    expect(await range({ fromDate: 1_700_000_000, toDate: "1700086400000" })).toEqual({ fromDate: 1_700_000_000_000, toDate: 1_700_086_400_000 });
    expect(await range({ fromDate: " 1700000000 ", toDate: "tomorrow" })).toEqual({ fromDate: 1_700_000_000_000 });
    expect(await range("all of it")).toBeUndefined();
  });

  it("not served, or any failure: its code, for the report to say; a cancel ends the run", async () => {
    const notServed = client({ error: new ApiError("ERR_API_NOT_FOUND", "The requested API does not exist.", { status: 404 }) });
    expect(await serviceMetrics(notServed as unknown as AppClient, 0, 1)).toEqual({ error: "ERR_API_NOT_FOUND" });
    expect(await serviceMetrics(client({ body: { data: "nope" } }) as unknown as AppClient, 0, 1)).toEqual({ error: "CCX_UNEXPECTED_RESPONSE" });
    const controller = new AbortController();
    controller.abort();
    const cancelled = client({ error: new ApiError("CCX_ABORTED", "the request was cancelled") });
    await expect(serviceMetrics(cancelled as unknown as AppClient, 0, 1, controller.signal)).rejects.toThrow("cancelled");
  });
});

describe("the service's GET /stats/messages", () => {
  const S = 1_682_676_600;
  /** Two five-minute points as the documented example sends them: times as strings of milliseconds. */
  const points = [
    { messagesSent: 4, readReceipts: 2, deliveryReceipts: 3, startTime: String(S * 1000), endTime: String((S + 300) * 1000) },
    { messagesSent: "6", readReceipts: 1, deliveryReceipts: 5, startTime: String((S + 300) * 1000), endTime: String((S + 600) * 1000) },
  ];
  const read = {
    appId: "235391c94852dc7d", from: "2023-04-28T10:10:00Z", to: "2023-04-28T10:20:00Z",
    intervals: [
      { from: "2023-04-28T10:10:00Z", to: "2023-04-28T10:15:00Z", messagesSent: 4, deliveryReceipts: 3, readReceipts: 2 },
      { from: "2023-04-28T10:15:00Z", to: "2023-04-28T10:20:00Z", messagesSent: 6, deliveryReceipts: 5, readReceipts: 1 },
    ],
    totals: { messagesSent: 10, deliveryReceipts: 8, readReceipts: 3 },
    unreadable: 0,
  };
  const stats = (body: unknown) => messageStats(client({ body }) as unknown as AppClient);
  const numbers = (p: Record<string, unknown>, scale = 1) => ({ ...p, startTime: Number(p.startTime) / scale, endTime: Number(p.endTime) / scale });
  const window = { startTime: String(S * 1000), endTime: String((S + 600) * 1000), appId: "235391c94852dc7d" };

  it("reads every form of the export: nested in data (its example), at the top level (its schema), times as strings or numbers, in ms or seconds", async () => {
    const c = client({ body: { data: { ...window, dataPoints: points } } });
    expect(await messageStats(c as unknown as AppClient)).toEqual(read);
    expect(c.asked).toEqual([{ api: "chat", path: "/stats/messages", query: {} }]);
    expect(await stats({ ...window, dataPoints: points })).toEqual(read);
    expect(await stats({ data: { ...numbers(window), dataPoints: points.map((p) => numbers(p)) } })).toEqual(read);
    expect(await stats({ ...numbers(window, 1000), dataPoints: points.map((p) => numbers(p, 1000)) })).toEqual(read);
    // The schema's bare form: only dataPoints; the window is the points'.
    expect(await stats({ dataPoints: points })).toEqual({ ...read, appId: null });
  });

  it("a count or time it cannot read counts 0 and marks its interval; an answer without data points is unexpected", async () => {
    const odd = await stats({ data: { dataPoints: [{ ...points[0], messagesSent: "many" }, { ...points[1], startTime: {} }, null] } });
    expect(odd.unreadable).toBe(3);
    expect(odd.totals).toEqual({ messagesSent: 6, deliveryReceipts: 8, readReceipts: 3 });
    expect(odd.intervals.map((i) => i.from)).toEqual(["2023-04-28T10:10:00Z", null, null]);
    await expect(stats({ data: { points } })).rejects.toMatchObject({ code: "CCX_UNEXPECTED_RESPONSE" });
    expect(await messageMetrics(client({ body: { data: {} } }) as unknown as AppClient)).toEqual({ error: "CCX_UNEXPECTED_RESPONSE" });
    const notServed = client({ error: new ApiError("ERR_API_NOT_FOUND", "The requested API does not exist.", { status: 404 }) });
    expect(await messageMetrics(notServed as unknown as AppClient)).toEqual({ error: "ERR_API_NOT_FOUND" });
  });
});

describe("pages asked ahead", () => {
  /** A service of `total` items, `per` a page, that records the pages asked and when. */
  const service = (total: number, per: number, withCount = true) => {
    const asked: number[] = [];
    const fetchPage = async (page: number) => {
      asked.push(page);
      const items = Array.from({ length: Math.max(0, Math.min(per, total - (page - 1) * per)) }, (_, i) => (page - 1) * per + i);
      return { items, pagination: withCount ? { total_pages: Math.ceil(total / per) } : undefined };
    };
    return { asked, fetchPage };
  };

  it("asks the next page before this one is read, once the count of pages is known, and never past the last", async () => {
    const { asked, fetchPage } = service(25, 10);
    const seen: Array<{ page: number[]; asked: number[] }> = [];
    for await (const page of pagesByNumberAhead(fetchPage)) seen.push({ page: page.items.slice(0, 1), asked: [...asked] });
    expect(seen).toEqual([{ page: [0], asked: [1] }, { page: [10], asked: [1, 2, 3] }, { page: [20], asked: [1, 2, 3] }]);
  });

  it("without a count of pages, one at a time until an empty page", async () => {
    const { asked, fetchPage } = service(20, 10, false);
    const items: number[] = [];
    for await (const page of pagesByNumberAhead(fetchPage)) items.push(...page.items);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(asked).toEqual([1, 2, 3]);
  });
});
