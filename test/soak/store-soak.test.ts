import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { recordOutput } from "../support/secrets.js";

/**
 * The soak: 10,000 requests through the explorer's store, paging across 100,000
 * groups forward and back (by page, and by the after:/before: cursor), switching
 * apps now and then, with some filters. The heap at the end, after a forced GC,
 * stays within 1.2× the heap after a warm-up of 1,000 requests.
 *
 * The emulators run here (one app of 100,000 groups, and a small second app to
 * switch to); the store runs in a child process (soak-run.ts) started with
 * --expose-gc, so that the heap measured is the store's alone and GC can be forced.
 */

const REQUESTS = 10_000;
const WARMUP = 1_000;
const BUDGET_MS = 80_000;

let bigFx: EmulatorFixture;
let smallFx: EmulatorFixture;
let dir: string;
let startupMs = 0;

beforeAll(async () => {
  const started = performance.now();
  [bigFx, smallFx] = await Promise.all([
    emulatorFixture({ seed: 1, sizes: { apps: 1, groups: 100_000, calls: 60, users: 60 } }),
    emulatorFixture({ seed: 2, sizes: { apps: 1, groups: 300, calls: 60, users: 60 } }),
  ]);
  startupMs = performance.now() - started;
  dir = mkdtempSync(join(tmpdir(), "ccx-soak-"));
}, 60_000);

afterAll(async () => {
  await Promise.all([bigFx?.close(), smallFx?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

interface Figures {
  requests: number;
  failures: number;
  ms: number;
  warmMs: number;
  warmHeap: number;
  endHeap: number;
  rss: number;
  samples: Array<{ requests: number; heap: number; rows: number }>;
  sizes: { log: number; items: number[]; groupDetails: number[]; callDetails: number[] };
}

function runStore(config: unknown): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = new URL("./soak-run.ts", import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script], {
      cwd: new URL("../..", import.meta.url).pathname,
      env: { ...process.env, CCX_SOAK_CONFIG: JSON.stringify(config) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), BUDGET_MS + 20_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      recordOutput("soak (stdout)", stdout);
      recordOutput("soak (stderr)", stderr);
      resolve({ code, stdout, stderr });
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

describe("soak", () => {
  it(`${REQUESTS.toLocaleString("en")} requests through the store: the heap stays within 1.2× of the heap after warm-up`, async () => {
    const caFile = join(dir, "cas.pem");
    writeFileSync(caFile, [bigFx, smallFx].map((f) => readFileSync(f.info.caFile, "utf8")).join("\n"));
    const appOf = (fx: EmulatorFixture) => ({
      appId: fx.app().appId, region: fx.app().region, apiKey: fx.app().fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl,
      sessionId: fx.emulator.world.apps[0]!.calls[0]!.sessionId,
    });
    const run = await runStore({ caFile, requests: REQUESTS, warmup: WARMUP, apps: [appOf(bigFx), appOf(smallFx)], now: 1_793_491_200 });
    expect(run.code, run.stderr).toBe(0);
    const f = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Figures;
    const ratio = f.endHeap / f.warmHeap;
    console.log([
      "soak · the explorer's store over 100,000 groups (plus a small app to switch to)",
      `  emulators up in ${Math.round(startupMs)} ms`,
      `  requests ${f.requests.toLocaleString("en")} (failed ${f.failures}) in ${(f.ms / 1000).toFixed(1)} s · ${Math.round(f.requests / (f.ms / 1000))} requests/s`,
      `  heap after warm-up (${WARMUP.toLocaleString("en")} requests, ${(f.warmMs / 1000).toFixed(1)} s) ${mb(f.warmHeap)} · at the end ${mb(f.endHeap)} · ratio ${ratio.toFixed(2)} (≤ 1.2) · RSS ${mb(f.rss)}`,
      `  peak ${mb(Math.max(...f.samples.map((x) => x.heap)))} (${(Math.max(...f.samples.map((x) => x.heap)) / f.warmHeap).toFixed(2)}× warm-up, ≤ 1.5)`,
      `  heap after GC every ${WARMUP.toLocaleString("en")} requests (list rows then): ${f.samples.map((x) => `${(x.heap / 1048576).toFixed(1)} (${x.rows})`).join(" · ")} MB`,
      `  at the end: log ${f.sizes.log} entries · list rows ${f.sizes.items.join("/")} · groups kept ${f.sizes.groupDetails.join("/")} · calls kept ${f.sizes.callDetails.join("/")}`,
    ].join("\n"));
    expect(f.requests).toBe(REQUESTS);
    expect(f.failures).toBe(0);
    expect(ratio).toBeLessThanOrEqual(1.2);
    // Bounded all along, not only where the run happens to end: in cursor mode the list holds up to
    // MAX_CURSOR_ROWS rows (a few MB more than a page); unbounded, 66,600 rows made it 4.2×.
    const peak = Math.max(...f.samples.map((x) => x.heap));
    expect(peak / f.warmHeap).toBeLessThanOrEqual(1.5);
    expect(f.ms).toBeLessThan(BUDGET_MS);
  }, BUDGET_MS + 30_000);
});
