/**
 * Issue 31's measure of `ccx health`: an app of 100,000 calls and some 300,000 notification log lines,
 * anchored to now (so that the last hour holds calls and pushes), the emulator answering every request
 * 50 ms late: the wall time of `ccx health` to its whole answer (budget < 2 s: the first screen is the
 * whole report) and the requests it made (its --verbose lines). The log lines the world holds are
 * counted from the emulator's own world, made again in this process from the same seed and sizes (the
 * log is made from the messages: 26,500 of them give ~304,000 lines; walking them over HTTPS at 50 ms
 * a page of 100 would take minutes).
 */
import { execFile } from "node:child_process";
import { generateWorld } from "../../src/emulator/data/generate.js";
import { heldByModeration } from "../../src/emulator/data/moderation.js";
import { logLinesOf } from "../../src/emulator/data/notifications.js";
import type { Figure } from "./emulator-groups.js";
import { spawnEmulator, envOf } from "./emulator-process.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
const SIZES = { apps: 1, groups: 60, users: 400, calls: 100_000, messages: 26_500 };

/** The notification log lines of the world these sizes make (calls do not change them: one is enough). */
function logLines(now: number): number {
  const app = generateWorld(1, { ...SIZES, calls: 1 }, now).apps[0]!;
  let lines = 0;
  for (let i = 0; i < app.messages.count; i++) lines += logLinesOf(app, i, (j) => heldByModeration(app, j)).length;
  return lines;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchHealth(runs = 5): Promise<Figure[]> {
  const now = Math.floor(Date.now() / 1000);
  const lines = logLines(now);
  const sizes = Object.entries(SIZES).flatMap(([name, n]) => [`--${name}`, String(n)]);
  const emulator = await spawnEmulator([...sizes, "--now", String(now), "--latency", "50"]);
  try {
    const times: number[] = [];
    let requests = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const stderr = await new Promise<string>((resolve, reject) => {
        execFile(process.execPath, [BIN, "health", "--verbose"], { env: envOf(emulator.info), maxBuffer: 1 << 26 }, (error, _stdout, err) => (error ? reject(error) : resolve(err)));
      });
      times.push(performance.now() - started);
      requests = stderr.split("\n").filter((line) => line.includes(" → ")).length;
    }
    const ms = median(times);
    const world = `${SIZES.calls.toLocaleString("en")} calls, ${lines.toLocaleString("en")} log lines`;
    return [
      { what: `ccx health (last hour), ${world}, emulator --latency 50`, value: Math.round(ms), unit: "ms", budget: "< 2,000 ms", ok: ms < 2000 && lines >= 300_000 },
      { what: "ccx health, requests made", value: requests, unit: "requests" },
    ];
  } finally {
    emulator.stop();
  }
}
