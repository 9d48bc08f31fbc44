/**
 * The soak's time (test/soak/soak.ts; test/soak/store-soak.test.ts asserts its counts and
 * memory): 10,000 requests through the explorer's store over 100,000 groups, the emulators
 * in this process and the store in a child process of its own. Budget (the test it
 * replaces): 10,000 requests in under 80 s.
 */
import { SOAK_REQUESTS, SOAK_WARMUP, startSoakWorld } from "../soak/soak.js";
import type { Figure } from "./emulator-groups.js";

const BUDGET_MS = 80_000;

export async function benchSoak(): Promise<Figure[]> {
  const started = performance.now();
  const world = await startSoakWorld();
  const startupMs = performance.now() - started;
  try {
    const run = await world.run({ requests: SOAK_REQUESTS, warmup: SOAK_WARMUP, killAfterMs: 10 * BUDGET_MS });
    const f = run.figures;
    if (!f) throw new Error(`the soak ended ${run.code}:\n${run.stderr.slice(-3000)}`);
    const n = f.requests.toLocaleString("en");
    return [
      { what: "soak: emulators up (100,000 + 300 groups)", value: Math.round(startupMs), unit: "ms" },
      { what: `soak: ${n} requests through the store (${f.failures} failed)`, value: +(f.ms / 1000).toFixed(1), unit: "s", budget: "< 80 s", ok: f.ms < BUDGET_MS && f.failures === 0 },
      { what: "soak: requests per second", value: Math.round(f.requests / (f.ms / 1000)), unit: "req/s" },
      { what: `soak: the first ${SOAK_WARMUP.toLocaleString("en")} requests (warm-up)`, value: +(f.warmMs / 1000).toFixed(1), unit: "s" },
      { what: "soak: heap at the end ÷ after warm-up", value: +(f.endHeap / f.warmHeap).toFixed(2), unit: "×", budget: "≤ 1.2× (npm test)", ok: f.endHeap / f.warmHeap <= 1.2 },
    ];
  } finally {
    await world.close();
  }
}
