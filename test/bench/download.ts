/**
 * `ccx download` of one 1 GB recording on loopback, spawned as a user runs it:
 * the rate (MB/s, the whole command from spawn to exit) and the peak RSS GNU
 * time reports (budgets: ≥ 100 MB/s, ≤ 120 MB whatever the file size). The
 * recording is served by `ccx emulator` in its own process, its bytes made
 * as they are sent (`--recording-bytes-per-minute` sizes it).
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";
import type { Figure } from "./emulator-groups.js";
import { spawnEmulator } from "./emulator-process.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
const EMULATOR = ["--apps", "1", "--groups", "10", "--users", "20", "--calls", "200", "--messages", "0"];
const SIZE = 1_000_000_000;

interface CallJson {
  sessionId: string;
  recordings?: Array<{ startTime: number; endTime: number }>;
}

const envFor = (info: EmulatorLine): NodeJS.ProcessEnv => {
  const app = info.apps[0]!;
  return { ...process.env, CCX_CALLS_URL: info.callsUrl, CCX_CHAT_URL: info.chatUrl, CCX_CA_FILE: info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
};

const run = (args: string[], env: NodeJS.ProcessEnv) => new Promise<string>((resolve, reject) => {
  execFile(process.execPath, [BIN, ...args], { env, maxBuffer: 1 << 26 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
});

/** A call with one recording, and the bytes per minute that make that recording SIZE bytes or just over. */
async function pickCall(): Promise<{ sessionId: string; bytesPerMinute: number; size: number }> {
  const probe = await spawnEmulator(EMULATOR);
  try {
    const calls = JSON.parse(await run(["calls", "--has-recording", "--all", "--per-page", "1000", "--json"], envFor(probe.info))) as CallJson[];
    const call = calls.find((c) => c.recordings?.length === 1 && c.recordings[0]!.endTime - c.recordings[0]!.startTime >= 60)!;
    const seconds = call.recordings![0]!.endTime - call.recordings![0]!.startTime;
    const bytesPerMinute = Math.ceil((SIZE * 60) / seconds);
    // As the emulator sizes a recording: its duration at that rate.
    return { sessionId: call.sessionId, bytesPerMinute, size: Math.round((seconds * bytesPerMinute) / 60) };
  } finally {
    probe.stop();
  }
}

export async function benchDownload(): Promise<Figure[]> {
  const { sessionId, bytesPerMinute, size } = await pickCall();
  const emulator = await spawnEmulator([...EMULATOR, "--recording-bytes-per-minute", String(bytesPerMinute)]);
  const dir = mkdtempSync(join(tmpdir(), "ccx-bench-download-"));
  try {
    const started = performance.now();
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, BIN, "download", sessionId, "--dir", dir, "--json", "--no-progress"], { env: envFor(emulator.info), stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
    const seconds = (performance.now() - started) / 1000;
    // The one file on disk, whole: else the figures measure a failure.
    const folder = join(dir, sessionId);
    const written = result.code === 0 ? readdirSync(folder).reduce((sum, f) => sum + statSync(join(folder, f)).size, 0) : 0;
    if (written !== size) process.stderr.write(`ccx download did not write the ${size} bytes (exit ${result.code}): ${result.stderr}\n`);
    const rate = size / 1e6 / seconds;
    const peakMb = Number(result.stderr.trim().split("\n").at(-1)) / 1024;
    const gb = (size / 1e9).toFixed(2);
    return [
      { what: `ccx download, one ${gb} GB recording, loopback`, value: Math.round(rate), unit: "MB/s", budget: "≥ 100 MB/s", ok: written === size && rate >= 100 },
      { what: `ccx download, one ${gb} GB recording, peak RSS`, value: Math.round(peakMb), unit: "MB", budget: "≤ 120 MB", ok: peakMb <= 120 },
    ];
  } finally {
    emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
