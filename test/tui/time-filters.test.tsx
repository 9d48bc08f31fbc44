import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/emulator/data/model.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { type Tui, type TuiEmulator, listRows, mountTui, startTuiEmulator } from "../support/tui.js";
import { scratchDir } from "../support/scratch.js";

/**
 * A relative time is a point on the time line (issue 27): `started:>=7d` is the
 * last seven days and `created:<1h` more than an hour ago, on the command line
 * and on the explorer's `/` line alike, against an emulator whose world ends
 * now (its calls spread over the last 60 days, its groups all over an hour old).
 */

const DAY = 86_400;
let fx: TuiEmulator;
let app: App;
let tui: Tui | undefined;
let dir: string;
const seconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  dir = scratchDir("ccx-timefilters-");
  fx = await startTuiEmulator({ now: seconds(), sizes: { apps: 1, groups: 40, calls: 80, users: 30, messages: 0 } });
  app = fx.emulator.world.apps[0]!;
  // One group made now, by the emulator's clock: the only one of the last hour.
  const made = await fx.send("POST", `${fx.base("api")}/groups`, { apikey: fx.app().fullAccessKey }, { guid: "made-just-now", name: "Made Just Now", type: "public" });
  expect(made.status).toBe(200);
});
afterAll(async () => {
  await fx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

/** Session ids of the world's calls started at or after `from`. */
const startedSince = (from: number) => app.calls.filter((c) => c.startedAt >= from).map((c) => c.sessionId).sort();

describe("a relative time read as a point on the time line", () => {
  it("ccx calls --query 'started:>=7d' lists the calls of the last seven days, and only those", async () => {
    const before = seconds();
    const run = await runCcx(["calls", "--query", "started:>=7d", "--all", "--json"], fx.cliEnv());
    const after = seconds();
    expect(run.code, run.stderr).toBe(0);
    const listed = (JSON.parse(run.stdout) as Array<{ sessionId: string }>).map((c) => c.sessionId).sort();
    // ccx read its clock between `before` and `after`: what it selected lies between what each would.
    const surely = startedSince(after - 7 * DAY);
    expect(surely.length).toBeGreaterThan(0);
    expect(surely.length).toBeLessThan(app.calls.length);
    expect(listed).toEqual(expect.arrayContaining(surely));
    expect(startedSince(before - 7 * DAY)).toEqual(expect.arrayContaining(listed));
  });

  it("ccx groups --query 'created:<1h' lists the groups created over an hour ago; created:>=1h the one made now", async () => {
    const older = await runCcx(["groups", "--query", "created:<1h", "--all", "--json"], fx.cliEnv());
    expect(older.code, older.stderr).toBe(0);
    const olderGuids = (JSON.parse(older.stdout) as Array<{ guid: string }>).map((g) => g.guid);
    expect(olderGuids.sort()).toEqual(app.groups.filter((g) => g.guid !== "made-just-now").map((g) => g.guid).sort());

    const recent = await runCcx(["groups", "--query", "created:>=1h", "--json"], fx.cliEnv());
    expect(recent.code, recent.stderr).toBe(0);
    expect((JSON.parse(recent.stdout) as Array<{ guid: string }>).map((g) => g.guid)).toEqual(["made-just-now"]);
  });

  it("the explorer's / line reads started:>=7d as the last seven days, as --query does", async () => {
    tui = await mountTui(fx, { root: "calls", debounceMs: 40, journal: join(dir, "journal.ndjson") });
    await tui.press("/");
    const before = seconds();
    await tui.type("started:>=7d");
    const frame = await tui.waitForFrame((f) => /→ GET \/calls\?\S*startedAt=\d+/.test(f) && !f.includes("⟳"), "the calls of the last week");
    const after = seconds();
    const sent = Number(/startedAt=(\d+)/.exec(frame)![1]);
    expect(sent).toBeGreaterThanOrEqual(before - 7 * DAY);
    expect(sent).toBeLessThanOrEqual(after - 7 * DAY);
    const rows = listRows(frame);
    const expected = startedSince(sent);
    expect(expected.length).toBeLessThan(app.calls.length);
    expect(frame).toContain(`${expected.length} of ${expected.length}`);
    expect(rows).toHaveLength(expected.length);
    // Each row is one of the week's calls: its session id, cut to fit, and an age of at most 7 days.
    for (const row of rows) {
      const shown = /…(\w+)…/.exec(row)?.[1] ?? "";
      expect(expected.some((id) => id.includes(shown)), row).toBe(true);
      expect(row, row).toMatch(/ (just now|\d+[smh]|[0-7]d) /);
    }
  });

  it("the explorer's / line reads created:<1h as over an hour ago: every group but the one made now", async () => {
    tui = await mountTui(fx, { debounceMs: 40, journal: join(dir, "journal.ndjson") });
    await tui.press("/");
    await tui.type("created:<1h");
    const frame = await tui.waitForFrame((f) => /→ GET \/groups\?\S*createdAt%5Bto%5D=\d+/.test(f) && !f.includes("⟳"), "the groups over an hour old");
    const older = app.groups.length - 1;
    expect(frame).toContain(`of ${older}`);
    expect(frame).not.toContain("made-just-now");
  });
});
