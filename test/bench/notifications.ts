/**
 * Issue 20's measures:
 * - `ccx trace <id> --members 50` on a group message with at least 50 other members, the emulator
 *   answering every request 100 ms late: the time it took (budget < 2 s) beside the requests it made
 *   (budget ≤ 4 a recipient; ccx keeps ≤ 8 in flight, held by test/api/trace.test.ts); and issue 30's
 *   `ccx why <id> --members 50` on the same message, in the same budget (the trace's reads and the
 *   read receipts of those something was pushed to);
 * - `ccx notifications logs --all --ndjson` over 100,000 log lines and more: lines/s and peak RSS
 *   (budget ≥ 20,000 lines/s, ≤ 150 MB).
 */
import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "undici";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";
import type { Figure } from "./emulator-groups.js";
import { spawnEmulator, envOf } from "./emulator-process.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;

/** A GET of the first app's chat API, straight (no ccx): to find what to measure. */
async function chat(info: EmulatorLine, path: string): Promise<any> {
  const app = info.apps[0]!;
  const agent = new Agent({ connect: { ca: readFileSync(info.caFile, "utf8") } });
  const base = info.chatUrl.replace("{appId}", app.appId).replace("{region}", app.region);
  const res = await request(`${base}${path}`, { dispatcher: agent, headers: { apikey: app.fullAccessKey } });
  const body = await res.body.json();
  await agent.close();
  return body;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchNotifications(runs = 5): Promise<Figure[]> {
  const figures: Figure[] = [];
  const traced = await spawnEmulator(["--apps", "1", "--groups", "40", "--users", "300", "--calls", "1", "--messages", "4000", "--latency", "100"]);
  try {
    const groups = (await chat(traced.info, "/groups?perPage=100")).data as Array<{ guid: string; membersCount: number }>;
    const big = groups.filter((g) => g.membersCount >= 60).sort((a, b) => a.membersCount - b.membersCount)[0];
    if (!big) throw new Error("no group of 60 members or more in the bench's world");
    const message = ((await chat(traced.info, `/groups/${big.guid}/messages?limit=20`)).data as Array<{ id: string; category: string }>).find((m) => m.category === "message");
    if (!message) throw new Error(`no message in ${big.guid}`);
    for (const command of ["trace", "why"]) {
      const times: number[] = [];
      let requests = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const stderr = await new Promise<string>((resolve, reject) => {
          execFile(process.execPath, [BIN, command, message.id, "--members", "50", "--json"], { env: envOf(traced.info), maxBuffer: 1 << 26 }, (error, _stdout, err) => (error ? reject(error) : resolve(err)));
        });
        times.push(performance.now() - started);
        requests = Number(/(\d+) requests/.exec(stderr)?.[1]);
      }
      const ms = median(times);
      figures.push({ what: `ccx ${command}, a message to ${big.guid} (50 members), emulator --latency 100`, value: Math.round(ms), unit: "ms", budget: "< 2,000 ms", ok: ms < 2000 });
      figures.push({ what: `ccx ${command}, requests made (50 recipients)`, value: requests, unit: "requests", budget: "≤ 4 a recipient (200)", ok: requests <= 4 * 50 + 12 });
    }
  } finally {
    traced.stop();
  }

  const logs = await spawnEmulator(["--apps", "1", "--groups", "60", "--users", "400", "--calls", "1", "--messages", "30000"]);
  try {
    let lines = 0;
    const started = performance.now();
    const peakKb = await new Promise<number>((resolve) => {
      const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, BIN, "notifications", "logs", "--all", "--ndjson"], { env: envOf(logs.info), stdio: ["ignore", "pipe", "pipe"] });
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => {
        for (const byte of chunk) if (byte === 10) lines++;
      });
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
      child.on("close", () => resolve(Number(err.trim().split("\n").at(-1))));
    });
    const rate = lines / ((performance.now() - started) / 1000);
    figures.push({ what: `ccx notifications logs --all --ndjson, ${lines.toLocaleString("en")} lines`, value: Math.round(rate), unit: "lines/s", budget: "≥ 20,000/s", ok: rate >= 20_000 && lines >= 100_000 });
    figures.push({ what: "ccx notifications logs --all --ndjson, peak RSS", value: Math.round(peakKb / 1024), unit: "MB", budget: "≤ 150 MB", ok: peakKb / 1024 <= 150 });
  } finally {
    logs.stop();
  }
  return figures;
}
