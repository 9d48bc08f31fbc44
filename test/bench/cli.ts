/**
 * One-shot commands, spawned as a user runs them:
 * - `ccx call <id> --json` on loopback, beside a bare `node -e 0` and beside
 *   `curl -s … | jq .`, medians of the same run (budget: ≤ 150 ms and ≤ 1.6× node);
 * - `ccx groups --all --ndjson` over 100,000 groups: groups/s and peak RSS
 *   (budget: ≥ 20,000 groups/s, ≤ 150 MB).
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { startEmulator } from "../../src/emulator/index.js";
import type { Figure } from "./emulator-groups.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function hasCommand(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`]).status === 0;
}

export async function benchCli(runs = 15): Promise<Figure[]> {
  const figures: Figure[] = [];
  const small = await startEmulator({ log: () => {}, sizes: { apps: 3, groups: 200, calls: 200, users: 60 } });
  try {
    const app = small.info.apps[0]!;
    const call = small.world.apps[0]!.calls.find((c) => c.participants.length > 5)!;
    const env = { ...process.env, CCX_CALLS_URL: small.info.callsUrl, CCX_CHAT_URL: small.info.chatUrl, CCX_CA_FILE: small.info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
    // The emulator answers on this process's event loop, so the children run asynchronously to it.
    const runAsync = (cmd: string, args: string[]) => new Promise<void>((resolve, reject) => {
      execFile(cmd, args, { env }, (error) => (error ? reject(error) : resolve()));
    });
    const timeAsync = async (run: () => Promise<void>) => {
      await run();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
      return median(times);
    };
    const node = await timeAsync(() => runAsync(process.execPath, ["-e", "0"]));
    const ccx = await timeAsync(() => runAsync(process.execPath, [BIN, "call", call.sessionId, "--json"]));
    figures.push({ what: "node -e 0 (the floor)", value: Math.round(node), unit: "ms" });
    figures.push({ what: "ccx call <id> --json, loopback", value: Math.round(ccx), unit: "ms", budget: "≤ 150 ms", ok: ccx <= 150 });
    figures.push({ what: "ccx call <id> --json ÷ node -e 0", value: +(ccx / node).toFixed(2), unit: "×", budget: "≤ 1.6×", ok: ccx / node <= 1.6 });
    if (hasCommand("curl") && hasCommand("jq")) {
      const url = `${small.info.callsUrl.replace("{appId}", app.appId).replace("{region}", app.region)}/calls/${call.sessionId}`;
      const curl = await timeAsync(() => runAsync("sh", ["-c", `curl -s --cacert "$CCX_CA_FILE" -H "apikey: $CCX_API_KEY" "${url}" | jq . > /dev/null`]));
      figures.push({ what: "curl -s … | jq . (beside it)", value: Math.round(curl), unit: "ms" });
    }
  } finally {
    await small.close();
  }

  // Large: the emulator in its own process, so that serving does not share the event loop being timed.
  const emulator = spawn(process.execPath, [BIN, "emulator", "--apps", "1", "--groups", "100000", "--users", "500", "--calls", "1"], { stdio: ["ignore", "pipe", "ignore"] });
  const line = await new Promise<string>((resolve) => emulator.stdout!.once("data", (d: Buffer) => resolve(d.toString())));
  try {
    const info = JSON.parse(line);
    const app = info.apps[0];
    const env = { ...process.env, CCX_CHAT_URL: info.chatUrl, CCX_CA_FILE: info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
    const started = performance.now();
    // GNU time prints the peak RSS (KiB) on stderr; the groups go to stdout, counted as they come.
    const run = await new Promise<{ lines: number; stderr: string }>((resolve) => {
      const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, BIN, "groups", "--all", "--ndjson", "--per-page", "1000"], { env, stdio: ["ignore", "pipe", "pipe"] });
      let lines = 0;
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        for (const byte of chunk) if (byte === 10) lines++;
      });
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("close", () => resolve({ lines, stderr }));
    });
    const seconds = (performance.now() - started) / 1000;
    const rate = run.lines / seconds;
    const peakMb = Number(run.stderr.trim().split("\n").at(-1)) / 1024;
    figures.push({ what: `ccx groups --all --ndjson, ${run.lines.toLocaleString("en")} groups`, value: Math.round(rate), unit: "groups/s", budget: "≥ 20,000/s", ok: rate >= 20_000 && run.lines === 100_000 });
    figures.push({ what: "ccx groups --all --ndjson, peak RSS", value: Math.round(peakMb), unit: "MB", budget: "≤ 150 MB", ok: peakMb <= 150 });
  } finally {
    emulator.kill("SIGTERM");
  }
  return figures;
}
