import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";
import { settledList } from "../e2e/screen.js";
import { runFile } from "../support/run-file.js";
import { registerSecrets } from "../support/secrets.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";

/**
 * `npm run sea`: the single executable, built into a directory of its own and
 * run with no Node on PATH: the one-shot commands, its own emulator, and
 * `ccx demo` (the explorer, and the emulator as the executable's child).
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const VERSION = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
// No Node, no npm, nothing: only what the file holds.
const BARE = { PATH: "/nonexistent", HOME: "/nonexistent", XDG_CONFIG_HOME: "/nonexistent-ccx-config", COLUMNS: "80" };

let dir: string;
let exe: string;

const notLinux = process.platform !== "linux";

describe.skipIf(notLinux)(`the single executable${notLinux ? " (skipped: npm run sea builds for Linux only)" : ""}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ccx-sea-"));
    const built = await runFile(process.execPath, [join(ROOT, "scripts", "sea.mjs"), "--out", dir], { env: process.env, cwd: ROOT, timeoutMs: 50_000 });
    expect(built.code, built.stderr).toBe(0);
    exe = built.stdout.trim().split("\n").at(-1)!;
    expect(exe).toBe(join(dir, "ccx"));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs with no Node on PATH", async () => {
    const run = await runFile(exe, ["--version"], { env: BARE });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(VERSION);
    // No "experimental feature" warning, no other noise.
    expect(run.stderr).toBe("");
  });

  it("serves its own emulator and answers a command against it", async () => {
    const child: ChildProcess = spawn(exe, ["emulator", "--port", "0", "--groups", "12", "--calls", "4", "--users", "6"], { env: BARE, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const text = await new Promise<string>((resolve, reject) => {
        child.once("exit", (code) => reject(new Error(`the emulator exited (${code})`)));
        createInterface({ input: child.stdout! }).once("line", resolve);
      });
      const line = JSON.parse(text) as EmulatorLine;
      registerSecrets(...line.apps.flatMap((a) => [a.fullAccessKey, a.authOnlyKey]), line.management.key, line.management.secret);
      const app = line.apps[0]!;
      const env = { ...BARE, CCX_CHAT_URL: line.chatUrl, CCX_CALLS_URL: line.callsUrl, CCX_CA_FILE: line.caFile, CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey };
      const groups = await runFile(exe, ["groups", "--json"], { env });
      expect(groups.code, groups.stderr).toBe(0);
      expect(JSON.parse(groups.stdout)).toHaveLength(12);
      const calls = await runFile(exe, ["calls", "--ndjson"], { env });
      expect(calls.code, calls.stderr).toBe(0);
      const sessionId = (JSON.parse(calls.stdout.split("\n")[0]!) as { sessionId: string }).sessionId;
      const call = await runFile(exe, ["call", sessionId], { env });
      expect(call.code, call.stderr).toBe(0);
      expect(call.stdout).toContain(`Call ${sessionId}`);
    } finally {
      child.kill("SIGTERM");
    }
  });

  describe.skipIf(tmuxMissing !== undefined)(`ccx demo${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
    let s: TmuxSession;
    afterAll(async () => {
      await s?.kill();
    });

    it("opens the explorer on its emulator, and stops both on q", async () => {
      const seed = 800_000 + (process.pid % 100_000);
      s = await startTmux({ command: `env -i PATH=/nonexistent HOME=/nonexistent TERM=xterm-256color '${exe}' demo --seed ${seed}; echo EXIT=$?; sleep 600`, width: 100, height: 24, cwd: dir });
      await s.waitFor(settledList, { what: "groups with data rows", timeoutMs: 15_000 });
      const emulators = () => spawnSync("pgrep", ["-f", `${exe} emulator --seed ${seed} `], { encoding: "utf8" }).stdout.trim();
      expect(emulators(), "the demo's emulator: the executable itself").not.toBe("");
      await s.keys("q");
      await s.waitFor((lines) => lines.includes("EXIT=0"), { what: "ccx demo to exit 0" });
      expect(emulators(), "emulator processes left").toBe("");
    }, 30_000);
  });
});
