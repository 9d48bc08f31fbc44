/**
 * `ccx demo` leaves nothing behind, however it ends: q, ctrl-c, or the
 * terminal closed under it (the tmux window killed: SIGHUP). Its env file
 * (which holds an API key and the management secret) and the emulator's
 * folder (its CA) are gone from a private TMPDIR, and no process of it is
 * left running. (SIGTERM: signals.test.ts.)
 */
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, settledList } from "./screen.js";
import { scratchDir } from "../support/scratch.js";

/** Pids of processes whose command line matches `pattern` (pgrep -f). */
const pgrep = (pattern: string) =>
  spawnSync("pgrep", ["-f", pattern], { encoding: "utf8" }).stdout.trim().split("\n").filter(Boolean).map(Number);

/** What is left in a folder, every level down. */
const left = (dir: string) => readdirSync(dir, { recursive: true }).map(String);

const WAYS: Array<{ way: string; end: (s: TmuxSession) => Promise<unknown> }> = [
  { way: "q", end: (s) => s.keys("q") },
  { way: "ctrl-c", end: (s) => s.keys("C-c") },
  // The window closed, as a terminal closed under ccx: its processes get SIGHUP, and no one reads what they write.
  { way: "a closed terminal (the tmux window killed)", end: (s) => s.tmux("kill-window", "-t", "e2e") },
];

describe.skipIf(tmuxMissing !== undefined)(`ccx demo cleans up${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  const sessions: TmuxSession[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const s of sessions) await s.kill();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each(WAYS.map((w, i) => ({ ...w, i })))("on $way: no file left in TMPDIR, no process left", async ({ end, i }) => {
    // A seed of its own marks this run's processes apart from any other ccx demo on the machine.
    const seed = 710_000 + (process.pid % 10_000) * 10 + i;
    const tmp = scratchDir("ccx-e2e-demo-exit-");
    dirs.push(tmp);
    const s = await startTmux({ command: demoCommand(`BEFORE-CCX-DEMO-EXIT-${i}`, seed), width: 100, height: 30, cwd: ROOT, env: { TMPDIR: tmp } });
    sessions.push(s);
    await s.waitFor(settledList, { what: "groups with data rows", timeoutMs: 20_000 });
    const demo = `ccx\\.js demo --seed ${seed}$`;
    const emulator = `ccx\\.js emulator --seed ${seed} `;
    expect(pgrep(demo), "the demo running").toHaveLength(1);
    expect(pgrep(emulator), "its emulator running").toHaveLength(1);
    expect(left(tmp).filter((f) => f.endsWith("env") || f.endsWith("ca.pem")).sort(), "its files while it runs").toEqual([
      expect.stringMatching(/^ccx-demo-\w+\/env$/),
      expect.stringMatching(/^ccx-emulator-\w+\/ca\.pem$/),
    ]);

    await end(s);
    await expect.poll(() => [...pgrep(demo), ...pgrep(emulator)], { timeout: 15_000, interval: 100 }).toEqual([]);
    expect(left(tmp), "files left in TMPDIR").toEqual([]);
  }, 60_000);
});
