/**
 * SIGTERM while the explorer is open (as `kill`, a closing SSH session's
 * supervisor or a process manager sends it): the terminal is restored as on
 * `q`, ccx exits, and the emulator that `ccx demo` started is gone too.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectFrame, expectRestored, settledList } from "./screen.js";

/** Pids of processes whose command line matches `pattern` (pgrep -f). */
const pgrep = (pattern: string) =>
  spawnSync("pgrep", ["-f", pattern], { encoding: "utf8" }).stdout.trim().split("\n").filter(Boolean).map(Number);

describe.skipIf(tmuxMissing !== undefined)(`ccx demo and SIGTERM${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  // A seed of its own marks this run's processes apart from any other ccx demo on the machine.
  const seed = 700_000 + (process.pid % 100_000);
  const marker = `BEFORE-CCX-SIGTERM-${process.pid}`;
  let s: TmuxSession;

  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(marker, seed), width: 80, height: 24, cwd: ROOT });
  });
  afterAll(async () => {
    await s?.kill();
  });

  it("restores the terminal and stops the emulator", async () => {
    await s.waitFor(settledList, { what: "groups with data rows", timeoutMs: 15_000 });
    expectFrame(await s.lines(), s, "groups");
    // Mid-edit: raw mode on, the filter line open.
    await s.keys("/");
    await s.waitFor((lines) => lines.some((l) => l === "/"), { what: "the filter line open" });

    const [ccx, ...others] = pgrep(`ccx\\.js demo --seed ${seed}$`);
    expect(others, "one ccx demo of this seed").toEqual([]);
    expect(pgrep(`ccx\\.js emulator --seed ${seed} `), "its emulator").toHaveLength(1);
    process.kill(ccx!, "SIGTERM");

    await s.waitFor((l) => l.some((x) => /^EXIT=\d+$/.test(x)), { what: "ccx to exit on SIGTERM" });
    await expectRestored(s, marker);
    // The emulator is stopped before ccx exits.
    expect(pgrep(`ccx\\.js emulator --seed ${seed} `), "emulator processes left").toEqual([]);
    expect(pgrep(`ccx\\.js demo --seed ${seed}$`), "ccx processes left").toEqual([]);
  }, 30_000);
});
