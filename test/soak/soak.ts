/**
 * The soak, shared by its test (store-soak.test.ts: requests, rows kept, memory) and its
 * benchmark (test/bench/soak.ts: the time it takes): 10,000 requests through the explorer's
 * store, paging across 100,000 groups forward and back (by page, and by the after:/before:
 * cursor), switching apps now and then, with some filters.
 *
 * The emulators run in the caller's process (one app of 100,000 groups, and a small second
 * app to switch to); the store runs in a child process (soak-run.ts) started with
 * --expose-gc, so that the heap measured is the store's alone and GC can be forced.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

export const SOAK_REQUESTS = 10_000;
export const SOAK_WARMUP = 1_000;

/** What soak-run.ts prints: counts and memory (asserted by the test), times (printed by the benchmark). */
export interface SoakFigures {
  requests: number;
  failures: number;
  ms: number;
  warmMs: number;
  warmHeap: number;
  endHeap: number;
  rss: number;
  /** The heap after GC every SOAK_WARMUP requests, with the rows the groups list held then. */
  samples: Array<{ requests: number; heap: number; rows: number }>;
  /** At the end, one entry per app's view: list rows, items (groups and calls) kept open, lists kept. */
  sizes: { log: number; items: number[]; itemDetails: number[]; lists: number[] };
}

export interface SoakRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The figures, when the run ended well. */
  figures?: SoakFigures;
}

export interface SoakWorld {
  big: EmulatorFixture;
  small: EmulatorFixture;
  /** Runs the store in its child process; killed after `killAfterMs` if it is still running (a hang). */
  run(options: { requests: number; warmup: number; killAfterMs: number }): Promise<SoakRun>;
  close(): Promise<void>;
}

export async function startSoakWorld(): Promise<SoakWorld> {
  const [big, small] = await Promise.all([
    emulatorFixture({ seed: 1, sizes: { apps: 1, groups: 100_000, calls: 60, users: 60 } }),
    emulatorFixture({ seed: 2, sizes: { apps: 1, groups: 300, calls: 60, users: 60 } }),
  ]);
  const dir = mkdtempSync(join(tmpdir(), "ccx-soak-"));
  const caFile = join(dir, "cas.pem");
  writeFileSync(caFile, [big, small].map((f) => readFileSync(f.info.caFile, "utf8")).join("\n"));
  const appOf = (fx: EmulatorFixture) => ({
    appId: fx.app().appId, region: fx.app().region, apiKey: fx.app().fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl,
    sessionId: fx.emulator.world.apps[0]!.calls[0]!.sessionId,
  });
  return {
    big,
    small,
    run: ({ requests, warmup, killAfterMs }) =>
      runStore({ caFile, requests, warmup, apps: [appOf(big), appOf(small)], now: 1_793_491_200 }, killAfterMs),
    async close() {
      await Promise.all([big.close(), small.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function runStore(config: unknown, killAfterMs: number): Promise<SoakRun> {
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
    const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      const last = stdout.trim().split("\n").at(-1);
      const figures = code === 0 && last ? (JSON.parse(last) as SoakFigures) : undefined;
      resolve({ code, stdout, stderr, ...(figures && { figures }) });
    });
  });
}

export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
