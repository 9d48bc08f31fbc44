import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DETAILS } from "../../src/store/details.js";
import { MAX_LIST_ROWS } from "../../src/store/list-actions.js";
import { recordOutput } from "../support/secrets.js";
import { SOAK_REQUESTS, SOAK_WARMUP, type SoakWorld, mb, startSoakWorld } from "./soak.js";

/**
 * The soak (soak.ts): 10,000 requests through the explorer's store, paging across 100,000
 * groups forward and back (by page, and by the after:/before: cursor), switching apps now
 * and then, with some filters. What it asserts are counts and memory, which hold on a busy
 * machine: every request sent and answered, the rows and entries the store keeps bounded,
 * and the heap at the end, after a forced GC, within 1.2× the heap after a warm-up of
 * 1,000 requests. How long it takes is measured by `npm run bench` (test/bench/soak.ts).
 */

/** Not a budget: a run still going after this is stuck, and is killed (it takes 30 s quiet, 50 s beside two busy loops). */
const HANG_MS = 9 * 60_000;
/** The request log keeps the last 200 requests (src/store/request-log.ts). */
const LOG_ENTRIES = 200;
/** The calls of an app (calls: 60 in both emulators): the calls list holds at most these. */
const CALLS = 60;
/** The users of an app (users: 60): a group's members are at most these. */
const USERS = 60;

let world: SoakWorld;

beforeAll(async () => {
  world = await startSoakWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe("soak", () => {
  it(`${SOAK_REQUESTS.toLocaleString("en")} requests through the store: the heap stays within 1.2× of the heap after warm-up, rows and entries bounded`, async () => {
    const run = await world.run({ requests: SOAK_REQUESTS, warmup: SOAK_WARMUP, killAfterMs: HANG_MS });
    recordOutput("soak (stdout)", run.stdout);
    recordOutput("soak (stderr)", run.stderr);
    expect(run.code, run.stderr).toBe(0);
    const f = run.figures!;
    const ratio = f.endHeap / f.warmHeap;
    const peak = Math.max(...f.samples.map((x) => x.heap));
    console.log([
      "soak · the explorer's store over 100,000 groups (plus a small app to switch to); its time: npm run bench soak",
      `  requests ${f.requests.toLocaleString("en")} (failed ${f.failures})`,
      `  heap after warm-up (${SOAK_WARMUP.toLocaleString("en")} requests) ${mb(f.warmHeap)} · at the end ${mb(f.endHeap)} · ratio ${ratio.toFixed(2)} (≤ 1.2) · RSS ${mb(f.rss)}`,
      `  peak ${mb(peak)} (${(peak / f.warmHeap).toFixed(2)}× warm-up, ≤ 1.5)`,
      `  heap after GC every ${SOAK_WARMUP.toLocaleString("en")} requests (list rows then): ${f.samples.map((x) => `${(x.heap / 1048576).toFixed(1)} (${x.rows})`).join(" · ")} MB`,
      `  at the end: log ${f.sizes.log} entries · list rows ${f.sizes.items.join("/")} · items kept (groups, calls) ${f.sizes.itemDetails.join("/")} · lists kept ${f.sizes.lists.join("/")}`,
    ].join("\n"));

    // Requests: every one sent, every one answered.
    expect(f.requests).toBe(SOAK_REQUESTS);
    expect(f.failures).toBe(0);
    expect(f.samples).toHaveLength(Math.floor(SOAK_REQUESTS / SOAK_WARMUP));

    // Rows and entries kept: bounded all along, not only where the run happens to end. In cursor
    // mode the list holds up to MAX_LIST_ROWS rows; unbounded, it held 66,600 rows (4.2× the heap).
    for (const sample of f.samples) expect(sample.rows, `list rows after ${sample.requests} requests`).toBeLessThanOrEqual(MAX_LIST_ROWS);
    expect(Math.max(...f.samples.map((x) => x.rows)), "the cursor walk reached the bound").toBe(MAX_LIST_ROWS);
    // Beside them, the members of the groups opened lately (a list below each item, MAX_DETAILS kept; at most USERS each).
    for (const rows of f.sizes.items) expect(rows).toBeLessThanOrEqual(MAX_LIST_ROWS + CALLS + MAX_DETAILS * USERS);
    for (const kept of f.sizes.itemDetails) expect(kept).toBeLessThanOrEqual(MAX_DETAILS);
    // The lists below the items opened (each group's members): MAX_DETAILS of them beside the groups and the calls.
    for (const kept of f.sizes.lists) expect(kept).toBeLessThanOrEqual(MAX_DETAILS + 2);
    expect(f.sizes.log).toBeLessThanOrEqual(LOG_ENTRIES);

    // Memory: the heap after a forced GC, at the end and at its highest.
    expect(ratio).toBeLessThanOrEqual(1.2);
    expect(peak / f.warmHeap).toBeLessThanOrEqual(1.5);
  }, HANG_MS + 30_000);
});
