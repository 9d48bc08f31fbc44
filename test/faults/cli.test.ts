import { afterAll, describe, expect, it } from "vitest";
import { type CcxRun, runCcx } from "../support/run-ccx.js";
import { CODE_OF, type Row, type Scenario, countByPath, describeMet, faultsMet, portless, printTable, recordingEmulator, scenarios } from "./support.js";

/**
 * The one-shot commands, run as a user would (the built bin/ccx.js), against the
 * emulator's fault flags at several rates. Every run ends (killed if stuck) with
 * either the complete, correct answer (what a twin emulator with the same seed
 * and no faults answers to the same requests, every group exactly once) or a
 * clear error: `error: CODE: …` for the fault met, exit 1, no stack trace. No
 * request is tried more than 1 + 3 times (counted on the emulator's side).
 *
 * The CLI's own bounds (250 ms backoff base, 30 s longest Retry-After) cannot be
 * shortened from outside, so runs are kept short by a small world instead; the
 * long paths are tested once in-process (bounds.test.ts).
 */

const SIZES = { apps: 1, groups: 20, calls: 12, users: 10 };
const SEED = 11;
const RETRIES = 3;
/** Not a budget: a run still going after this is stuck, and is killed (it then fails the checks of its end). */
const RUN_LIMIT_MS = 17_000;

const COMMANDS = {
  "groups --all --ndjson": ["groups", "--all", "--per-page", "5", "--ndjson", "--verbose"],
  "calls --json": ["calls", "--json", "--verbose"],
  "call <id> --json": (id: string) => ["call", id, "--json", "--verbose"],
} as const;
type CommandName = keyof typeof COMMANDS;

/** Rows by scenario index: scenarios run concurrently, the table keeps their order. */
const rows: Array<Row & { order: number }> = [];
const tallies: Array<[number, string, { ok: number; failed: number }]> = [];

afterAll(() => {
  printTable("one-shot commands (bin/ccx.js) against the emulator's fault flags", rows.sort((a, b) => a.order - b.order));
  const lines = tallies.sort((a, b) => a[0] - b[0]).map(([, name, o]) => `${name}: ${o.ok} ok, ${o.failed} clear errors`);
  console.log(`faults · one-shot commands, per scenario\n  ${lines.join("\n  ")}`);
});

const STACK_TRACE = /^\s+at .+(:\d+:\d+\)?|\(native\))$|node:internal|Error: .*\n\s+at /m;

type Twin = Awaited<ReturnType<typeof recordingEmulator>>["fx"];

/** What the command must print: the data the same requests get from a twin emulator without faults. */
async function expectedOutput(twin: Twin, paths: string[]): Promise<unknown> {
  const datas: unknown[] = [];
  for (const path of new Set(paths)) {
    const reply = await twin.send("GET", `${twin.info.url}${path}`, { apikey: twin.app(0).fullAccessKey });
    expect(reply.status, reply.text).toBe(200);
    datas.push(reply.body.data);
  }
  return Array.isArray(datas[0]) ? datas.flat() : datas[0];
}

async function checkRun(name: CommandName, scenario: Scenario, run: CcxRun & { ms: number }, asked: string[], twin: Twin): Promise<string> {
  expect(run.stderr, "no stack trace").not.toMatch(STACK_TRACE);
  // --verbose prints each request's retries: never over the bound.
  for (const m of run.stderr.matchAll(/retries=(\d+)/g)) expect(Number(m[1])).toBeLessThanOrEqual(RETRIES);
  if (run.code === 0) {
    expect(run.stderr).not.toMatch(/^error:/m);
    const printed = name === "groups --all --ndjson" ? run.stdout.trim().split("\n").map((line) => JSON.parse(line) as { guid: string }) : JSON.parse(run.stdout);
    if (name === "groups --all --ndjson") {
      const guids = (printed as Array<{ guid: string }>).map((g) => g.guid);
      // Every group exactly once: none lost to a retried page, none repeated.
      expect(guids.length).toBe(new Set(guids).size);
      expect([...guids].sort()).toEqual(twin.emulator.world.apps[0]!.groups.map((g) => g.guid).sort());
    }
    expect(portless(printed), `${scenario.name} · ${name}: a success must be the complete, correct answer`).toEqual(portless(await expectedOutput(twin, asked)));
    return "ok";
  }
  // A clear error: the code of the fault met, exit 1 (docs/commands.md: "1 other failure").
  const code = /^error: ([A-Z0-9_]+): \S/m.exec(run.stderr)?.[1];
  expect(code, `${scenario.name} · ${name} ended ${run.code} without "error: CODE: …":\n${run.stderr}`).toBeDefined();
  expect(scenario.kind, `${scenario.name} · ${name} failed with ${code}`).toBeDefined();
  expect(code).toBe(CODE_OF[scenario.kind!]);
  expect(run.code).toBe(1);
  const after = /\(after (\d+) retries\)/.exec(run.stderr);
  if (after) expect(Number(after[1])).toBeLessThanOrEqual(RETRIES);
  // Given up for good reason: the retries were spent, or the wait asked for was too long.
  if (scenario.kind !== "429") expect(after?.[1], run.stderr).toBe(String(RETRIES));
  return code!;
}

async function timed(args: readonly string[], env: Record<string, string>) {
  const started = performance.now();
  const run = await runCcx([...args], env, RUN_LIMIT_MS);
  return { ...run, ms: performance.now() - started };
}

const envOf = (fx: Twin) => {
  const app = fx.app(0);
  return { CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_CA_FILE: fx.info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
};

async function runScenario(scenario: Scenario, order: number): Promise<void> {
  // A seed of its own, so that each scenario meets its faults at other places in the sequence.
  const seed = SEED + order;
  const [{ fx, served, internal }, { fx: twin }] = await Promise.all([
    recordingEmulator({ seed, sizes: SIZES, faults: scenario.faults }),
    recordingEmulator({ seed, sizes: SIZES }),
  ]);
  try {
    const env = envOf(fx);
    const world = fx.emulator.world.apps[0]!;
    const call = world.calls.find((c) => c.hasRecording) ?? world.calls[0]!;
    const tally = { ok: 0, failed: 0 };
    for (const name of Object.keys(COMMANDS) as CommandName[]) {
      const spec = COMMANDS[name];
      const args = typeof spec === "function" ? spec(call.sessionId) : spec;
      const before = served.length;
      const run = await timed(args, env);
      const mine = served.slice(before);
      const outcome = await checkRun(name, scenario, run, mine.map((s) => s.path), twin);
      if (outcome === "ok") tally.ok++;
      else tally.failed++;
      // Each URL is one request of the command's: the emulator never saw it more than 1 + retries times.
      for (const [path, count] of countByPath(mine)) expect(count, `${path} asked ${count} times`).toBeLessThanOrEqual(1 + RETRIES);
      rows.push({ order, scenario: scenario.name, what: `ccx ${name}`, requests: mine.length, met: describeMet(faultsMet(mine)), outcome: outcome === "ok" ? "ok" : `exit ${run.code} ${outcome}`, ms: run.ms });
    }
    tallies.push([order, scenario.name, tally]);
    expect(internal, "the emulator failed on its own").toEqual([]);
    if (!scenario.kind) expect(tally.failed, `${scenario.name}: nothing may fail without faults`).toBe(0);
  } finally {
    await Promise.all([fx.close(), twin.close()]);
  }
}

// Concurrent: most of a run is waiting (backoff, Retry-After, latency), and each scenario has its own emulators.
describe.concurrent("ccx one-shot commands under faults", () => {
  scenarios({ min: 20, max: 80 }, [4, 2, 1]).forEach((scenario, order) => {
    it(`${scenario.name}: a complete answer or a clear error, in bounded retries`, () => runScenario(scenario, order), 60_000);
  });

  it("a Retry-After longer than ccx waits (30 s) ends at once with ERR_TOO_MANY_REQUESTS and a hint", async () => {
    const scenario: Scenario = { name: "429 Retry-After 60 s", kind: "429", faults: { rateLimit: { limit: 1, windowSeconds: 60 } } };
    const { fx, served } = await recordingEmulator({ seed: SEED, sizes: SIZES, faults: scenario.faults });
    try {
      const run = await timed(COMMANDS["groups --all --ndjson"], envOf(fx));
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: ERR_TOO_MANY_REQUESTS: /m);
      expect(run.stderr).toMatch(/hint: /);
      expect(run.stderr).not.toMatch(STACK_TRACE);
      // One page served, the next refused once: ccx did not wait a minute, nor ask again, and says why.
      expect(served.map((s) => s.outcome)).toEqual(["200", "429"]);
      expect(run.stderr).toMatch(/the service asked to wait 60 s, longer than ccx waits: 30 s/);
      rows.push({ order: 99, scenario: scenario.name, what: "ccx groups --all --ndjson", requests: served.length, met: describeMet(faultsMet(served)), outcome: `exit ${run.code} ERR_TOO_MANY_REQUESTS`, ms: run.ms });
    } finally {
      await fx.close();
    }
  });
});
