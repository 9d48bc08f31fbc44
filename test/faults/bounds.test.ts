import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Http } from "../../src/api/http.js";
import { activeView } from "../../src/store/explorer-store.js";
import { RETRIES, probe, settle } from "./journey.js";
import { type Row, countByPath, describeMet, faultsMet, printTable, recordingEmulator } from "./support.js";

/**
 * The long paths, once each and in-process (the CLI's bounds cannot be shortened
 * from outside): the default backoff spent to its end, Retry-After honoured as
 * sent, a Retry-After longer than ccx waits, the per-attempt timeout, and a
 * request cancelled while it waits to retry.
 *
 * What is asserted are counts: the requests the emulator served, the retries, and the
 * waits Http asked for between attempts (recorded below), which hold on a busy machine;
 * how long each took is printed in the table.
 */

/** The waits Http asks for between attempts: its sleeps carry the request's signal, the emulator's latency does not. */
const waits = vi.hoisted(() => [] as number[]);
vi.mock("node:timers/promises", async (importOriginal) => {
  const timers = await importOriginal<typeof import("node:timers/promises")>();
  const setTimeout = ((ms: number, value?: unknown, options?: { signal?: AbortSignal }) => {
    if (options && "signal" in options) waits.push(ms);
    return timers.setTimeout(ms, value, options);
  }) as typeof timers.setTimeout;
  return { ...timers, setTimeout };
});

const SIZES = { apps: 1, groups: 12, calls: 6, users: 6 };
const rows: Row[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => process.on("unhandledRejection", onUnhandled));
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
  printTable("long paths, in-process (Http and the store)", rows);
  expect(unhandled, "unhandled rejections").toEqual([]);
});

async function timedSend(http: Http, url: string, apikey: string) {
  waits.length = 0;
  const started = performance.now();
  let retries = -1;
  const off = http.onEvent((e) => {
    if (e.phase === "end") retries = e.retries ?? 0;
  });
  try {
    await http.send({ method: "GET", url, headers: { apikey } });
    return { ok: true as const, ms: performance.now() - started, retries, code: undefined, waits: [...waits] };
  } catch (error) {
    return { ok: false as const, ms: performance.now() - started, retries, code: (error as { code?: string }).code, waits: [...waits] };
  } finally {
    off();
  }
}

describe("bounds of retries and waits", () => {
  it("the default backoff (250 ms base, 3 retries) ends with the 5xx after 4 attempts, within its bound", async () => {
    const { fx, served } = await recordingEmulator({ sizes: SIZES, faults: { errorRate: 1 } });
    const http = new Http({ caFile: fx.info.caFile });
    try {
      const r = await timedSend(http, `${fx.base("api")}/groups`, fx.app().fullAccessKey);
      expect(r).toMatchObject({ ok: false, code: "ERR_INTERNAL_SERVER_ERROR", retries: RETRIES });
      expect(served).toHaveLength(1 + RETRIES);
      // Full jitter: three waits, each at most 250, 500 and 1000 ms.
      expect(r.waits).toHaveLength(RETRIES);
      r.waits.forEach((ms, i) => expect(ms, `wait ${i + 1}`).toBeLessThanOrEqual(250 * 2 ** i));
      rows.push({ scenario: "5xx 100%", what: "Http defaults", requests: served.length, met: describeMet(faultsMet(served)), outcome: r.code!, ms: r.ms });
    } finally {
      await http.close();
      await fx.close();
    }
  });

  it("waits out exactly the Retry-After the service asks for, then succeeds", async () => {
    const { fx, served } = await recordingEmulator({ sizes: SIZES, faults: { rateLimit: { limit: 1, windowSeconds: 1 } } });
    const http = new Http({ caFile: fx.info.caFile });
    try {
      const url = `${fx.base("api")}/groups`;
      expect((await timedSend(http, url, fx.app().fullAccessKey)).ok).toBe(true);
      const r = await timedSend(http, url, fx.app().fullAccessKey);
      expect(r).toMatchObject({ ok: true, retries: 1 });
      // The one wait is the Retry-After asked for (1 s), and it was waited out.
      expect(r.waits).toEqual([1000]);
      expect(r.ms).toBeGreaterThanOrEqual(950);
      expect(served.map((s) => s.outcome)).toEqual(["200", "429", "200"]);
      rows.push({ scenario: "429, Retry-After 1 s", what: "Http defaults", requests: served.length, met: describeMet(faultsMet(served)), outcome: "ok after 1 retry", ms: r.ms });
    } finally {
      await http.close();
      await fx.close();
    }
  });

  it("gives up at once when Retry-After is longer than it waits", async () => {
    const { fx, served } = await recordingEmulator({ sizes: SIZES, faults: { rateLimit: { limit: 1, windowSeconds: 1 } } });
    const http = new Http({ caFile: fx.info.caFile, maxRetryAfterMs: 500 });
    try {
      const url = `${fx.base("api")}/groups`;
      await timedSend(http, url, fx.app().fullAccessKey);
      const r = await timedSend(http, url, fx.app().fullAccessKey);
      expect(r).toMatchObject({ ok: false, code: "ERR_TOO_MANY_REQUESTS", retries: 0 });
      // At once: no wait asked for, none of the 1 s nor of a backoff.
      expect(r.waits).toEqual([]);
      expect(served).toHaveLength(2);
      rows.push({ scenario: "429, Retry-After > max", what: "Http maxRetryAfterMs 500", requests: served.length, met: describeMet(faultsMet(served)), outcome: r.code!, ms: r.ms });
    } finally {
      await http.close();
      await fx.close();
    }
  });

  it("a server slower than the timeout ends with CCX_TIMEOUT after the retries, and the store shows it", async () => {
    const { fx, served } = await recordingEmulator({ sizes: SIZES, faults: { latency: { min: 400, max: 400 } } });
    const p = probe(fx, { timeoutMs: 100, backoffMs: 10 });
    try {
      waits.length = 0;
      const started = performance.now();
      p.store.getState().reload("groups");
      await settle(p, "reload", 5000);
      const ms = performance.now() - started;
      const list = activeView(p.store.getState()).lists.groups!;
      expect(list.error).toMatchObject({ code: "CCX_TIMEOUT", hint: expect.any(String) });
      expect(p.maxRetries.value).toBe(RETRIES);
      // Backoff between the attempts, within its bounds (10, 20, 40 ms); each attempt ended by the 100 ms timeout, as the emulator saw below.
      expect(waits).toHaveLength(RETRIES);
      waits.forEach((wait, i) => expect(wait, `wait ${i + 1}`).toBeLessThanOrEqual(10 * 2 ** i));
      // The emulator saw each attempt hung up on, and no more.
      await new Promise((r) => setTimeout(r, 450));
      expect(served.map((s) => s.outcome)).toEqual(Array(1 + RETRIES).fill("closed"));
      rows.push({ scenario: "latency 400 ms", what: "store, timeout 100 ms", requests: served.length, met: "none (timeouts)", outcome: list.error!.code, ms });
    } finally {
      await p.close();
      await fx.close();
    }
  });

  it("a request cancelled while it waits to retry is not tried again", async () => {
    const { fx, served } = await recordingEmulator({ sizes: SIZES, faults: { errorRate: 1 } });
    const p = probe(fx, { backoffMs: 400 });
    try {
      const s = () => p.store.getState();
      const started = performance.now();
      s().reload("groups");
      await new Promise((r) => setTimeout(r, 100));
      const first = served[0]!.path;
      const atAbort = served.length;
      // Typing makes the request stale: it is aborted in its backoff sleep (or, rarely, mid-attempt).
      s().setFilter("groups", "type:public");
      await settle(p, "filter", 8000);
      await new Promise((r) => setTimeout(r, 300));
      const asked = countByPath(served).get(first)!;
      expect(asked).toBeLessThanOrEqual(atAbort + 1);
      expect(activeView(s()).lists.groups!.error?.code).toBe("ERR_INTERNAL_SERVER_ERROR");
      rows.push({ scenario: "5xx 100%", what: "store, cancel in backoff", requests: served.length, met: describeMet(faultsMet(served)), outcome: `stale URL asked ${asked}× (${atAbort} before)`, ms: performance.now() - started });
    } finally {
      await p.close();
      await fx.close();
    }
  });
});
