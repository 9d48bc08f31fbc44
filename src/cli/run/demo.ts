import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { Settings } from "../../config/resolve.js";
import { type EmulatorLine, spawnEmulator } from "../emulator-process.js";
import { EXIT } from "../usage-error.js";
import { endByHangUp } from "../../tui/terminal.js";

/**
 * Settings that reach the emulator and nothing else: its URLs, its CA, and its
 * management credentials (every app it serves), never the user's own profiles or env;
 * read-only mode (--read-only, CCX_READ_ONLY) is the user's, and is kept.
 */
function emulatorSettings(line: EmulatorLine, emptyConfigHome: string, readOnly: { flag?: boolean; env?: string }): Settings {
  return new Settings(
    { chatUrl: line.chatUrl, callsUrl: line.callsUrl, managementUrl: line.managementUrl, ca: line.caFile, readOnly: readOnly.flag },
    {
      XDG_CONFIG_HOME: emptyConfigHome, CCX_MANAGEMENT_KEY: line.management.key, CCX_MANAGEMENT_SECRET: line.management.secret,
      CCX_READ_ONLY: readOnly.env,
    },
  );
}

/**
 * Shell lines that point ccx (and curl) at the emulator from another shell; kept in a 0600 file, never
 * printed. Its writes go to the demo's own journal, not the user's: its entries name an emulator's
 * apps, gone with it, and a later `ccx undo` would trip over them.
 */
export function demoEnvironment(line: EmulatorLine, journal: string): string {
  const app = line.apps[0]!;
  const vars: Record<string, string> = {
    CCX_CHAT_URL: line.chatUrl,
    CCX_CALLS_URL: line.callsUrl,
    CCX_MANAGEMENT_URL: line.managementUrl,
    CCX_MANAGEMENT_KEY: line.management.key,
    CCX_MANAGEMENT_SECRET: line.management.secret,
    CCX_CA_FILE: line.caFile,
    CCX_APP_ID: app.appId,
    CCX_REGION: app.region,
    CCX_API_KEY: app.fullAccessKey,
    CCX_JOURNAL: journal,
  };
  return `${Object.entries(vars).map(([k, v]) => `export ${k}='${v}'`).join("\n")}\n`;
}

/**
 * The demo's world: its seed, anchored to today (UTC) so that relative filters such as created:>=7d
 * (the last 7 days) find data, and live (calls start, change and end while the explorer is open).
 * The README's tour runs on it (test/docs/readme-tour.test.ts starts the same world).
 */
export function demoWorld(seed: number, nowMs = Date.now()): { seed: number; now: number; live: true } {
  return { seed, now: Math.floor(nowMs / 86_400_000) * 86_400, live: true };
}

/** A closed terminal (SIGHUP), ctrl-c before the explorer is up, kill: each ends the demo, cleaned up. */
const DEMO_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * `ccx demo`: the emulator in a child process (never on the explorer's event
 * loop), and the explorer on it; quitting, a signal or a crash stops both and
 * removes their files.
 */
export async function runDemo(flags: { seed: number }, command: Command): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write("error: ccx demo opens the explorer and needs a terminal; for scripts run ccx emulator and point ccx at it\n");
    process.exit(EXIT.usage);
  }
  process.stderr.write(`ccx demo: starting the emulator (seed ${flags.seed})…\n`);
  const world = demoWorld(flags.seed);
  let emulator;
  try {
    emulator = await spawnEmulator(["--seed", String(world.seed), "--now", String(world.now), "--live"]);
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    process.exit(EXIT.failure);
  }
  const dir = mkdtempSync(join(tmpdir(), "ccx-demo-"));
  const emptyConfigHome = join(dir, "config");
  const envFile = join(dir, "env");
  const journal = join(dir, "journal.ndjson");
  // Every way out removes the env file (it holds keys) and stops the emulator, which removes its CA.
  const cleanUp = () => {
    const child = emulator.child;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  // A crash, process.exit, or a signal below: synchronous, at the last moment.
  process.once("exit", cleanUp);
  // The explorer handles these while it runs (and returns here); before and after it, they end the demo.
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    if (signal !== "SIGHUP") process.exit(128 + (constants.signals[signal] ?? 0));
    // The terminal is gone: what the exit would have cleaned up is, and the process ends by the signal.
    cleanUp();
    endByHangUp();
  };
  for (const signal of DEMO_SIGNALS) process.on(signal, onSignal);
  writeFileSync(envFile, demoEnvironment(emulator.line, journal), { mode: 0o600 });
  let quitting = false;
  let lost: string | undefined;
  emulator.child.once("exit", (code, signal) => {
    if (quitting) return;
    // The explorer cannot go on without its server: leave the screen, then say why.
    lost = `error: the emulator stopped unexpectedly (${signal ?? `exit ${code}`})\n`;
    process.kill(process.pid, "SIGTERM");
  });
  try {
    const { runExplore } = await import("../run/explore.js");
    await runExplore(command, {
      settings: () => emulatorSettings(emulator.line, emptyConfigHome, { flag: command.optsWithGlobals().readOnly, env: process.env.CCX_READ_ONLY }),
      // Short, so that the file's path fits an 80-column footer under a longer TMPDIR too (a cut path is useless).
      note: `demo · in another shell: source ${envFile}`,
      journal,
    });
  } finally {
    quitting = true;
    await emulator.stop();
    cleanUp();
    process.off("exit", cleanUp);
    for (const signal of DEMO_SIGNALS) process.off(signal, onSignal);
  }
  if (lost) {
    process.stderr.write(lost);
    process.exitCode = EXIT.failure;
  }
}
