import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Probe, RETRIES, journey, probe } from "./journey.js";
import { type Row, type Scenario, countByPath, describeMet, faultsMet, printTable, recordingEmulator, scenarios } from "./support.js";

/**
 * The explorer's store (reload, filters, paging both ways, the cursor, a call
 * found in another app, a group and its members, switching apps, acting for a
 * user, r) against the emulator's fault flags at several rates. Each step ends
 * with the right answer or a failure shown with its code and hint, never stuck
 * loading; no request is tried more than 1 + 3 times; no promise is left
 * rejected unhandled.
 */

const SIZES = { apps: 2, groups: 45, calls: 60, users: 12 };
const SEED = 31;

const rows: Array<Row & { order: number }> = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => {
  // Vitest fails a run on an unhandled rejection too; this names it in the test that caused it.
  process.on("unhandledRejection", onUnhandled);
});
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
  printTable("the explorer's store against the emulator's fault flags (one journey of ~25 steps each)", rows.sort((a, b) => a.order - b.order));
});
afterEach(() => {
  expect(unhandled, "unhandled rejections").toEqual([]);
});

async function runScenario(scenario: Scenario, order: number): Promise<void> {
  const seed = SEED + order;
  const [{ fx, served, internal }, { fx: twin }] = await Promise.all([
    recordingEmulator({ seed, sizes: SIZES, faults: scenario.faults }),
    recordingEmulator({ seed, sizes: SIZES }),
  ]);
  let p: Probe | undefined;
  const started = performance.now();
  try {
    // Short backoff (the bound is the same; only the waits shrink); Retry-After is honoured as sent.
    p = probe(fx, { backoffMs: 20, timeoutMs: 5000 });
    await journey(p, fx, twin);
    const ms = performance.now() - started;

    expect(p.maxRetries.value).toBeLessThanOrEqual(RETRIES);
    // The emulator's side: no URL asked more often than 1 + retries times each time the store asked it.
    for (const [path, count] of countByPath(served)) {
      const asked = p.started.get(path) ?? 0;
      expect(count, `${path}: served ${count} times for ${asked} requests`).toBeLessThanOrEqual(asked * (1 + RETRIES));
    }
    expect(internal, "the emulator failed on its own").toEqual([]);
    if (!scenario.kind) expect([...p.shown.keys()], `${scenario.name}: nothing may fail without faults`).toEqual([]);
    // Only what the faults cause: a "not found" would be a wrong answer (the call and the user exist).
    else for (const code of p.shown.keys()) expect(["ERR_INTERNAL_SERVER_ERROR", "ERR_TOO_MANY_REQUESTS", "CCX_NETWORK_ERROR", "CCX_NOT_JSON", "CCX_HTTP_ERROR"]).toContain(code);
    const shown = [...p.shown].map(([code, n]) => `${code.replace(/^(ERR_|CCX_)/, "")} ×${n}`).join(", ");
    rows.push({ order, scenario: scenario.name, what: "store journey", requests: served.length, met: describeMet(faultsMet(served)), outcome: shown ? `shown: ${shown}` : "ok", ms });
  } finally {
    await p?.close();
    await Promise.all([fx.close(), twin.close()]);
  }
}

describe.concurrent("the explorer's store under faults", () => {
  scenarios({ min: 10, max: 40 }, [8, 4, 2]).forEach((scenario, order) => {
    it(`${scenario.name}: every step ends with the answer or a failure shown, never stuck loading`, () => runScenario(scenario, order), 60_000);
  });
});
