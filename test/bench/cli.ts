/**
 * One-shot commands, spawned as a user runs them:
 * - `ccx call <id> --json` on loopback, beside a bare `node -e 0` and beside
 *   `curl -s … | jq .`, medians of the same run (budget: ≤ 150 ms and ≤ 1.6× node);
 * - `ccx groups --all --ndjson` over 100,000 groups: groups/s and peak RSS
 *   (budget: ≥ 20,000 groups/s, ≤ 150 MB);
 * - `ccx messages --all --ndjson` over 100,000 messages: messages/s and peak RSS
 *   (≤ 150 MB, issue 11; the rate held to the groups' budget).
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";
import type { Figure } from "./emulator-groups.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function hasCommand(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`]).status === 0;
}

/** `ccx emulator` in its own process, so that serving never shares an event loop with what is timed. */
async function spawnEmulator(args: string[]): Promise<{ info: EmulatorLine; stop: () => void }> {
  const child = spawn(process.execPath, [BIN, "emulator", ...args], { stdio: ["ignore", "pipe", "ignore"] });
  const line = await new Promise<string>((resolve) => child.stdout!.once("data", (d: Buffer) => resolve(d.toString())));
  return { info: JSON.parse(line) as EmulatorLine, stop: () => child.kill("SIGTERM") };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env, maxBuffer: 1 << 26 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

export async function benchCli(runs = 21): Promise<Figure[]> {
  const figures: Figure[] = [];
  const small = await spawnEmulator(["--groups", "200", "--calls", "200", "--users", "60"]);
  try {
    const app = small.info.apps[0]!;
    const env = { ...process.env, CCX_CALLS_URL: small.info.callsUrl, CCX_CHAT_URL: small.info.chatUrl, CCX_CA_FILE: small.info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
    const calls = JSON.parse(await run(process.execPath, [BIN, "calls", "--status", "ended", "--per-page", "50", "--json"], env)) as Array<{ sessionId: string; totalParticipants: number }>;
    const call = calls.sort((a, b) => b.totalParticipants - a.totalParticipants)[0]!;
    const url = `${small.info.callsUrl.replace("{appId}", app.appId).replace("{region}", app.region)}/calls/${call.sessionId}`;
    const contenders: Record<string, () => Promise<unknown>> = {
      node: () => run(process.execPath, ["-e", "0"], env),
      ccx: () => run(process.execPath, [BIN, "call", call.sessionId, "--json"], env),
    };
    if (hasCommand("curl") && hasCommand("jq")) {
      contenders.curl = () => run("sh", ["-c", `curl -s --cacert "$CCX_CA_FILE" -H "apikey: $CCX_API_KEY" "${url}" | jq . > /dev/null`], env);
    }
    // Interleaved, so that all see the same machine: node, ccx, curl, node, ccx, curl, …
    const times: Record<string, number[]> = {};
    for (let i = -1; i < runs; i++) {
      for (const [name, once] of Object.entries(contenders)) {
        const t = performance.now();
        await once();
        if (i >= 0) (times[name] ??= []).push(performance.now() - t); // round -1 warms the file cache
      }
    }
    const node = median(times.node!);
    const ccx = median(times.ccx!);
    figures.push({ what: "node -e 0 (the floor)", value: Math.round(node), unit: "ms" });
    figures.push({ what: `ccx call <id> --json, loopback (${call.totalParticipants} participants)`, value: Math.round(ccx), unit: "ms", budget: "≤ 150 ms", ok: ccx <= 150 });
    figures.push({ what: "ccx call <id> --json ÷ node -e 0", value: +(ccx / node).toFixed(2), unit: "×", budget: "≤ 1.6×", ok: ccx / node <= 1.6 });
    if (times.curl) figures.push({ what: "curl -s … | jq . (beside it)", value: Math.round(median(times.curl)), unit: "ms" });
  } finally {
    small.stop();
  }

  // Large: the emulator in its own process, so that serving does not share the event loop being timed.
  const groups = await streamAll(["--apps", "1", "--groups", "100000", "--users", "500", "--calls", "1", "--messages", "0"], ["groups", "--all", "--ndjson", "--per-page", "1000"]);
  figures.push({ what: `ccx groups --all --ndjson, ${groups.lines.toLocaleString("en")} groups`, value: Math.round(groups.rate), unit: "groups/s", budget: "≥ 20,000/s", ok: groups.rate >= 20_000 && groups.lines === 100_000 });
  figures.push({ what: "ccx groups --all --ndjson, peak RSS", value: Math.round(groups.peakMb), unit: "MB", budget: "≤ 150 MB", ok: groups.peakMb <= 150 });
  // Messages page by id (the SDK's walk, from the newest back): the budget of groups, ours; the RSS one is issue 11's.
  const messages = await streamAll(["--apps", "1", "--groups", "200", "--users", "500", "--calls", "1", "--messages", "100000"], ["messages", "--all", "--ndjson", "--limit", "1000"]);
  figures.push({ what: `ccx messages --all --ndjson, ${messages.lines.toLocaleString("en")} messages`, value: Math.round(messages.rate), unit: "messages/s", budget: "≥ 20,000/s", ok: messages.rate >= 20_000 && messages.lines === 100_000 });
  figures.push({ what: "ccx messages --all --ndjson, peak RSS", value: Math.round(messages.peakMb), unit: "MB", budget: "≤ 150 MB", ok: messages.peakMb <= 150 });
  return figures;
}

/**
 * Runs `ccx <args>` against an emulator of its own (started with `emulatorArgs`), counting the
 * lines it streams as they come: the rate, and the peak RSS GNU time reports.
 */
async function streamAll(emulatorArgs: string[], args: string[]): Promise<{ lines: number; rate: number; peakMb: number }> {
  const emulator = await spawnEmulator(emulatorArgs);
  try {
    const { info } = emulator;
    const app = info.apps[0]!;
    const env = { ...process.env, CCX_CHAT_URL: info.chatUrl, CCX_CA_FILE: info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
    const started = performance.now();
    // GNU time prints the peak RSS (KiB) on stderr; the items go to stdout, counted as they come.
    const run = await new Promise<{ lines: number; stderr: string }>((resolve) => {
      const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
      let lines = 0;
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        for (const byte of chunk) if (byte === 10) lines++;
      });
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("close", () => resolve({ lines, stderr }));
    });
    const seconds = (performance.now() - started) / 1000;
    return { lines: run.lines, rate: run.lines / seconds, peakMb: Number(run.stderr.trim().split("\n").at(-1)) / 1024 };
  } finally {
    emulator.stop();
  }
}
