import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { isSea } from "node:sea";

/** The line `ccx emulator` prints once listening (docs/emulator.md). */
export interface EmulatorLine {
  url: string;
  caFile: string;
  chatUrl: string;
  callsUrl: string;
  managementUrl: string;
  management: { key: string; secret: string };
  apps: Array<{ appId: string; region: string; name: string; fullAccessKey: string; authOnlyKey: string }>;
}

export interface EmulatorProcess {
  line: EmulatorLine;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `ccx emulator` as a child process, so that it never shares an event
 * loop with the explorer, and resolves with its JSON line. The child is ours
 * alone to stop: it has a session of its own (a closed terminal's SIGHUP and a
 * ctrl-c reach ccx, which stops it), and an IPC channel whose end, however
 * ccx ends, stops it too.
 */
export function spawnEmulator(args: string[], timeoutMs = 30_000): Promise<EmulatorProcess> {
  // A single executable (npm run sea) is node and ccx at once: it runs itself, with no script to name.
  const script = isSea() ? [] : [process.argv[1]!];
  const child = spawn(process.execPath, [...script, "emulator", ...args], { stdio: ["ignore", "pipe", "pipe", "ipc"], detached: true });
  // The channel is there for the child to see it close: it must not keep ccx running.
  child.channel?.unref();
  const stderr: string[] = [];
  child.stderr!.setEncoding("utf8").on("data", (text: string) => {
    if (stderr.length < 50) stderr.push(text);
  });
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`${why}${stderr.length ? `:\n${stderr.join("").trim()}` : ""}`));
    };
    const timer = setTimeout(() => fail(`the emulator did not start within ${timeoutMs / 1000} s`), timeoutMs);
    child.once("error", (error) => fail(`the emulator could not be started (${error.message})`));
    child.once("exit", (code, signal) => fail(`the emulator stopped before it was ready (${signal ?? `exit ${code}`})`));
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (text) => {
      clearTimeout(timer);
      child.removeAllListeners("exit");
      lines.close();
      try {
        resolve({ line: JSON.parse(text) as EmulatorLine, child, stop });
      } catch {
        fail(`the emulator printed something other than its JSON line: ${text.slice(0, 200)}`);
      }
    });
  });
}
