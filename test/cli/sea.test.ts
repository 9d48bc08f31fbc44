import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatorLine } from "../../src/cli/emulator-process.js";
import { settledList } from "../e2e/screen.js";
import { runFile } from "../support/run-file.js";
import { registerSecrets } from "../support/secrets.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { scratchDir } from "../support/scratch.js";

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
/** The executable's own emulator, which every test below talks to. */
let emulator: ChildProcess | undefined;
let line: EmulatorLine;
/** The emulator's URLs and CA, as global flags: ccx init keeps them in the profile. */
const urlFlags = () => ["--chat-url", line.chatUrl, "--calls-url", line.callsUrl, "--ca", line.caFile];

const notLinux = process.platform !== "linux";

describe.skipIf(notLinux)(`the single executable${notLinux ? " (skipped: npm run sea builds for Linux only)" : ""}`, () => {
  beforeAll(async () => {
    dir = scratchDir("ccx-sea-");
    const built = await runFile(process.execPath, [join(ROOT, "scripts", "sea.mjs"), "--out", dir], { env: process.env, cwd: ROOT, timeoutMs: 50_000 });
    expect(built.code, built.stderr).toBe(0);
    exe = built.stdout.trim().split("\n").at(-1)!;
    expect(exe).toBe(join(dir, "ccx"));
    emulator = spawn(exe, ["emulator", "--port", "0", "--groups", "12", "--calls", "4", "--users", "6"], { env: BARE, stdio: ["ignore", "pipe", "pipe"] });
    const text = await new Promise<string>((resolve, reject) => {
      emulator!.once("exit", (code) => reject(new Error(`the emulator exited (${code})`)));
      createInterface({ input: emulator!.stdout! }).once("line", resolve);
    });
    line = JSON.parse(text) as EmulatorLine;
    registerSecrets(...line.apps.flatMap((a) => [a.fullAccessKey, a.authOnlyKey]), line.management.key, line.management.secret);
  });

  afterAll(() => {
    emulator?.kill("SIGTERM");
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
  });

  it("sets itself up on a server: ccx init with flags, config, the profile in use, completion", async () => {
    const app = line.apps[0]!;
    const config = join(dir, "config-home");
    const home = { ...BARE, XDG_CONFIG_HOME: config };
    const init = await runFile(exe, [...urlFlags(), "init", "--profile", "srv", "--app-id", app.appId, "--region", app.region, "--api-key", app.fullAccessKey, "--yes"], { env: home });
    expect(init.code, init.stderr).toBe(0);
    const file = join(config, "ccx", "config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const path = await runFile(exe, ["config", "path"], { env: home });
    expect(path.stdout.trim()).toBe(file);
    const show = await runFile(exe, ["config", "show"], { env: home });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain("profile srv (the default)");
    expect(show.stdout).not.toContain(app.fullAccessKey);
    const viaProfile = await runFile(exe, ["groups", "--json"], { env: home });
    expect(viaProfile.code, viaProfile.stderr).toBe(0);
    expect(JSON.parse(viaProfile.stdout)).toHaveLength(12);
    // The script calls `ccx __complete`, which answers from the file alone.
    const script = await runFile(exe, ["completion", "bash"], { env: home });
    expect(script.code, script.stderr).toBe(0);
    expect(script.stdout).toContain("__complete");
    const completed = await runFile(exe, ["__complete", "--", "ccx", "--profile", ""], { env: home });
    expect(completed.stdout.split("\n").map((l) => l.split("\t")[0])).toContain("srv");
  });

  describe.skipIf(tmuxMissing !== undefined)(`ccx demo${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
    let s: TmuxSession;
    afterAll(async () => {
      await s?.kill();
    });

    it("ccx init typed in a terminal: asked, the key hidden, tested and written", async () => {
      const app = line.apps[1]!;
      const home = join(dir, "typed-home");
      const words = [...urlFlags(), "init"].map((w) => `'${w}'`).join(" ");
      const typed = await startTmux({ command: `env -i PATH=/nonexistent HOME=/nonexistent XDG_CONFIG_HOME='${home}' TERM=xterm-256color '${exe}' ${words}; echo EXIT=$?; sleep 600`, width: 100, height: 30, cwd: dir });
      try {
        const answer = async (question: string, text = "") => {
          await typed.waitFor((lines) => lines.some((l) => l.startsWith(question)), { what: `the question "${question}"` });
          if (text) await typed.type(text);
          await typed.keys("Enter");
        };
        await answer("a or m? [a]");
        await answer("Profile name [default]:", "typed");
        await answer("App id", app.appId);
        await answer("Region (us, eu, in) [us]:", app.region);
        await answer("k or c? [k]");
        await answer("API key (not shown):", app.fullAccessKey);
        const end = await typed.waitFor((lines) => lines.find((l) => /^EXIT=\d+$/.test(l)), { what: "ccx init to exit", timeoutMs: 15_000 });
        const screen = (await typed.lines()).join("\n");
        expect(end, screen).toBe("EXIT=0");
        expect(screen).not.toContain(app.fullAccessKey);
        expect(screen).toContain("profile typed (the default)");
        expect(statSync(join(home, "ccx", "config.json")).mode & 0o777).toBe(0o600);
      } finally {
        await typed.kill();
      }
    }, 30_000);

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
