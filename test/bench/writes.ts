/**
 * Issue 21's measure: `ccx user deactivate` of 1,000 users, ids from stdin, against an emulator that
 * allows 600 requests a minute (`--rate-limit 600/60`): every user deactivated once and none lost,
 * the run waiting out the 429s. The time it took and the requests the emulator saw (its own log).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";
import type { Figure } from "./emulator-groups.js";

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
const USERS = 1000;

export async function benchWrites(): Promise<Figure[]> {
  const served: string[] = [];
  const emulator = spawn(process.execPath, [BIN, "emulator", "--apps", "1", "--users", String(USERS + 50), "--groups", "5", "--calls", "1", "--messages", "0", "--rate-limit", "600/60", "--verbose"], { stdio: ["ignore", "pipe", "pipe"] });
  let pending = "";
  emulator.stderr.setEncoding("utf8").on("data", (text: string) => {
    const lines = (pending + text).split("\n");
    pending = lines.pop()!;
    served.push(...lines);
  });
  try {
    const info = JSON.parse(await new Promise<string>((resolve) => emulator.stdout!.once("data", (d: Buffer) => resolve(d.toString())))) as EmulatorLine;
    const app = info.apps[0]!;
    const env = {
      ...process.env, CCX_CHAT_URL: info.chatUrl, CCX_CALLS_URL: info.callsUrl, CCX_CA_FILE: info.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region,
      CCX_API_KEY: app.fullAccessKey, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), "ccx-bench-journal-")),
    };
    const run = (args: string[], stdin = "") => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
      child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
      child.once("close", (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
    // The active users, but the first (the emulator's own ones), by uid.
    const listed = await run(["users", "--all", "--ndjson", "--per-page", "1000"]);
    const uids = listed.stdout.trim().split("\n").map((line) => (JSON.parse(line) as { uid: string }).uid).slice(0, USERS);
    const before = served.length;
    const started = performance.now();
    const deactivated = await run(["user", "deactivate", "--ids", "-", "--yes", "--json"], uids.join("\n"));
    const seconds = (performance.now() - started) / 1000;
    const seen = served.slice(before);
    const writes = seen.filter((l) => l.startsWith("DELETE "));
    const done = writes.filter((l) => / 200 /.test(l)).length;
    const limited = seen.filter((l) => / 429 /.test(l)).length;
    const results = deactivated.code === 0 ? (JSON.parse(deactivated.stdout) as Array<{ outcome: string }>) : [];
    const ok = deactivated.code === 0 && done === USERS && results.length === USERS && results.every((r) => r.outcome === "done");
    return [
      { what: `ccx user deactivate, ${USERS.toLocaleString("en")} users by --ids -, emulator --rate-limit 600/60: each done once`, value: done, unit: "deactivated", budget: `${USERS} (none lost, none twice)`, ok },
      { what: "the same: how long, waiting out the 429s", value: Math.round(seconds), unit: "s" },
      { what: "the same: requests the emulator saw (a GET before each write, and the 429s)", value: seen.length, unit: "requests", budget: `${2 * USERS} answered + the 429s (${limited} here)` },
    ];
  } finally {
    emulator.kill("SIGTERM");
  }
}
