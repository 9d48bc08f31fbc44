/**
 * What the benches of the explorer share: a command in a real pseudo-terminal
 * (util-linux `script`) whose output comes back on a pipe with when each chunk
 * arrived, and `ccx emulator` in a process of its own.
 */
import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
export const BSU = "\u001b[?2026h";
export const ESU = "\u001b[?2026l";
export const INVERSE = /\u001b\[(?:\d*;)*7(?:;\d*)*m/;
export const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

export const median = (values: number[]) => percentile(values, 50);
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A command in a pseudo-terminal of a given size: `script` gives it one, its output comes back on a pipe. */
export class Pty {
  readonly child: ChildProcessWithoutNullStreams;
  readonly spawnedAt = performance.now();
  output = "";
  /** When each chunk arrived: its end offset in `output` and the time. */
  readonly chunks: Array<{ end: number; at: number }> = [];
  private waiters = new Set<() => void>();

  constructor(argv: string[], env: NodeJS.ProcessEnv, size: { cols: number; rows: number }) {
    const command = `stty cols ${size.cols} rows ${size.rows} && exec ${argv.map(shellQuote).join(" ")}`;
    this.child = spawn("script", ["-qfec", command, "/dev/null"], { env, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.setEncoding("utf8").on("data", (text: string) => {
      this.output += text;
      this.chunks.push({ end: this.output.length, at: performance.now() });
      for (const wake of this.waiters) wake();
    });
    this.child.stderr.resume();
  }

  /** When the byte at `offset` of the output arrived. */
  arrival(offset: number): number {
    for (let i = this.chunks.length - 1; i >= 0; i--) {
      if (this.chunks[i]!.end <= offset) return this.chunks[i + 1]!.at;
    }
    return this.chunks[0]!.at;
  }

  write(text: string): void {
    this.child.stdin.write(text);
  }

  /** Resolves with the time of the chunk after which `predicate(output)` first holds. */
  until<T>(predicate: (output: string) => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = predicate(this.output);
        if (!found) return false;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`the explorer did not show ${what} within ${timeoutMs} ms; its last output:\n${this.output.slice(-3000).replace(ANSI, "")}`));
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }

  /** Quits with `q` (the terminal restored as a person would leave it), or kills. */
  async close(quitKey?: string): Promise<void> {
    const exited = new Promise<void>((r) => (this.child.exitCode !== null ? r() : this.child.once("exit", () => r())));
    if (quitKey) this.write(quitKey);
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3000);
    if (!quitKey) this.child.kill("SIGTERM");
    await exited;
    clearTimeout(timer);
  }
}

export interface Emulator {
  env: NodeJS.ProcessEnv;
  /** Each request the emulator served (its --verbose line), with when the line arrived here. */
  served: Array<{ line: string; at: number }>;
  stop(): void;
}

export async function startEmulator(): Promise<Emulator> {
  const child = spawn(process.execPath, [BIN, "emulator", "--verbose", "--apps", "1", "--groups", "2000", "--calls", "20", "--users", "200"], { stdio: ["ignore", "pipe", "pipe"] });
  const served: Emulator["served"] = [];
  createInterface({ input: child.stderr }).on("line", (line) => served.push({ line, at: performance.now() }));
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the emulator exited ${code}`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const info = JSON.parse(line) as { chatUrl: string; callsUrl: string; caFile: string; apps: Array<{ appId: string; region: string; fullAccessKey: string }> };
  const app = info.apps[0]!;
  // A person's terminal: colour on (the selection is inverse video), no CI, no config of theirs.
  const env: NodeJS.ProcessEnv = { ...process.env, TERM: "xterm-256color", XDG_CONFIG_HOME: "/nonexistent-ccx-config" };
  for (const key of Object.keys(env)) if (/^(CI|CI_.*|CONTINUOUS_INTEGRATION|NO_COLOR|FORCE_COLOR|CCX_.*)$/.test(key)) delete env[key];
  Object.assign(env, {
    CCX_CHAT_URL: info.chatUrl, CCX_CALLS_URL: info.callsUrl, CCX_CA_FILE: info.caFile,
    CCX_APP_ID: app.appId, CCX_REGION: app.region, CCX_API_KEY: app.fullAccessKey,
  });
  return { env, served, stop: () => child.kill("SIGTERM") };
}

/** The groups in the explorer's order (its first request: default sort), from the one-shot command. */
export function groupGuids(env: NodeJS.ProcessEnv): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, "groups", "--per-page", "1000", "--json"], { env, maxBuffer: 1 << 26 }, (error, stdout) =>
      error ? reject(error) : resolve((JSON.parse(stdout) as Array<{ guid: string }>).map((g) => g.guid)),
    );
  });
}

/** Whether a row drawn on screen (guid perhaps cut with "…") shows this guid. */
export function showsGuid(line: string, guid: string): boolean {
  return line.split(/\s+/).some((cell) => cell === guid || (cell.endsWith("…") && cell.length >= 6 && guid.startsWith(cell.slice(0, -1))));
}

/** Frames complete in `output` from `from` on: the text between each BSU and its ESU, and where the BSU is. */
export function framesFrom(output: string, from: number): Array<{ text: string; start: number }> {
  const frames: Array<{ text: string; start: number }> = [];
  let at = output.indexOf(BSU, from);
  while (at >= 0) {
    const end = output.indexOf(ESU, at);
    if (end < 0) break;
    frames.push({ text: output.slice(at + BSU.length, end), start: at });
    at = output.indexOf(BSU, end);
  }
  return frames;
}

/** The selected row of a frame, without its escape sequences. */
export function selectedRow(frame: string): string | undefined {
  const line = frameLines(frame).find((l) => INVERSE.test(l));
  return line?.replace(ANSI, "");
}

/** Where the output puts the cursor on a row (ESC[row;colH): a line of its own. */
const CURSOR_TO_ROW = /\u001b\[\d*(?:;\d*)?H/g;

/** A frame's lines, whether written one below the other or each put on its row. */
const frameLines = (text: string) => text.split(CURSOR_TO_ROW).flatMap((part) => part.split("\n"));

/** The output's text, each line it wrote on a line of its own, without escape sequences. */
export const screenText = (output: string) => frameLines(output).map((l) => l.replace(ANSI, "")).join("\n");

