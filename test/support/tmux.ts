/**
 * A real terminal for end-to-end tests: a command in a detached tmux session
 * on a private socket (`tmux -L ccx-e2e-<pid>-<n>`), keys sent to it, its
 * screen captured and polled. Every session is killed by `kill()` (call it in
 * afterAll), and with it whatever the command left running.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { recordOutput, registerSecrets } from "./secrets.js";

/** tmux on this machine, or why the end-to-end tests are skipped. */
export const tmuxMissing: string | undefined = spawnSync("tmux", ["-V"]).status === 0 ? undefined : "tmux is not installed";

let sessions = 0;

/**
 * The environment the tmux server (and so the pane) starts from: ours, less
 * what says "CI" (Ink then draws only a last frame, chalk no colour at all:
 * not what a person at a terminal sees).
 */
function serverEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key === "CI" || key === "CONTINUOUS_INTEGRATION" || key.startsWith("CI_")) delete env[key];
  delete env.TMUX;
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  return env;
}

export interface TmuxOptions {
  /** A shell command line, run by `sh -c`. */
  command: string;
  width: number;
  height: number;
  /** Added to the pane's environment (TERM defaults to xterm-256color). */
  env?: Record<string, string>;
  cwd?: string;
}

export interface WaitOptions {
  /** Said in the error when the screen never matches. */
  what?: string;
  timeoutMs?: number;
  /** Capture with escape sequences (colours, inverse video). */
  escapes?: boolean;
}

const ESCAPES = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/** The screen without its escape sequences. */
export const plain = (screen: string) => screen.replace(ESCAPES, "");

/**
 * `ccx demo` names its env file in the footer at start: the keys it holds are
 * the ones in use, so the secrets scan looks for them on every screen.
 */
function registerDemoSecrets(screen: string): void {
  const file = /source (\/\S+\/env)\b/.exec(screen)?.[1];
  if (!file) return;
  try {
    for (const [, name, value] of readFileSync(file, "utf8").matchAll(/^export (CCX_\w+)='([^']*)'$/gm)) {
      if (/KEY|SECRET/.test(name!)) registerSecrets(value);
    }
  } catch {
    // Gone already: the demo removes it when it stops.
  }
}

export class TmuxSession {
  private last = "";

  constructor(readonly socket: string, public width: number, public height: number) {}

  /** Resizes the terminal, as a user dragging the window (or tmux splitting it) does. */
  async resize(width: number, height: number): Promise<void> {
    await this.tmux("resize-window", "-t", "e2e", "-x", String(width), "-y", String(height));
    this.width = width;
    this.height = height;
  }

  /** Runs a tmux command against this session's server and resolves with its stdout. */
  tmux(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile("tmux", ["-L", this.socket, ...args], { encoding: "utf8", env: serverEnv() }, (error, stdout, stderr) =>
        error ? reject(new Error(`tmux ${args.join(" ")}: ${stderr.trim() || error.message}`)) : resolve(stdout),
      );
    });
  }

  /** Key names as tmux knows them (`Enter`, `Escape`, `Tab`, `j`, `C-c`), one send-keys per key. */
  async keys(...names: string[]): Promise<void> {
    for (const name of names) await this.tmux("send-keys", "-t", "e2e", name);
  }

  /** Text typed as it stands (`send-keys -l`). */
  async type(text: string): Promise<void> {
    await this.tmux("send-keys", "-t", "e2e", "-l", text);
  }

  /**
   * Text typed in several reads `gapMs` apart, as SSH and mosh hand over a long
   * paste: one tmux command whose server waits between the writes
   * (`run-shell -d`), so that no client's start stretches the gap.
   */
  async typeInReads(reads: readonly string[], gapMs: number): Promise<void> {
    const wait = [";", "run-shell", "-d", String(gapMs / 1000), ";"];
    await this.tmux(...reads.flatMap((read, i) => [...(i > 0 ? wait : []), "send-keys", "-t", "e2e", "-l", read]));
  }

  /**
   * Text pasted as a terminal pastes it: tmux's `paste-buffer -p`, which wraps
   * it in the bracketed-paste markers (ESC[200~ … ESC[201~) when the program
   * asked for them, and sends each line break as a carriage return, as
   * terminals do. `bracketed: false` sends the same bytes without the markers,
   * as an older terminal (or tmux without -p) does.
   */
  async paste(text: string, { bracketed = true }: { bracketed?: boolean } = {}): Promise<void> {
    await this.tmux("set-buffer", "-b", "e2e-paste", "--", text);
    await this.tmux("paste-buffer", ...(bracketed ? ["-p"] : []), "-d", "-b", "e2e-paste", "-t", "e2e");
  }

  /**
   * The visible screen with every line that wrapped joined to its
   * continuation (`capture-pane -J`), trailing blanks cut: a line wider than
   * the terminal shows here as one line wider than `width`.
   */
  async joinedLines(): Promise<string[]> {
    const text = await this.tmux("capture-pane", "-p", "-J", "-t", "e2e");
    recordOutput("terminal screen (tmux)", text);
    return text.replace(/\n$/, "").split("\n").map((l) => l.trimEnd());
  }

  /** The visible screen, one string per line (exactly `height` of them). */
  async lines(escapes = false): Promise<string[]> {
    const text = await this.tmux("capture-pane", "-p", "-t", "e2e", ...(escapes ? ["-e"] : []));
    this.last = text;
    recordOutput("terminal screen (tmux)", text);
    registerDemoSecrets(text);
    const lines = text.replace(/\n$/, "").split("\n");
    while (lines.length < this.height) lines.push("");
    return lines;
  }

  /**
   * The bytes the terminal received while `action` ran and the screen came to
   * satisfy `settled` (tmux's `pipe-pane`: what the program wrote, as a user's
   * terminal would receive it over SSH).
   */
  async received(file: string, action: () => Promise<void>, settled: (lines: string[]) => boolean, wait: WaitOptions): Promise<string> {
    await this.tmux("pipe-pane", "-t", "e2e", "-o", `cat > '${file}'`);
    await action();
    await this.waitFor(settled, wait);
    // The pipe's reader writes on its own time: read once what it wrote stops growing.
    let size = -1;
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 40));
      const now = existsSync(file) ? statSync(file).size : 0;
      if (now === size && now > 0) break;
      size = now;
    }
    await this.tmux("pipe-pane", "-t", "e2e");
    return readFileSync(file, "latin1");
  }

  /** A tmux format about the pane, e.g. `#{alternate_on}`, `#{cursor_flag}`, `#{pane_pid}`. */
  async display(format: string): Promise<string> {
    return (await this.tmux("display-message", "-p", "-t", "e2e", format)).trim();
  }

  /**
   * Polls the screen until `predicate` holds and returns what it returned
   * (a truthy value); on timeout, fails with the last screen in the message.
   */
  async waitFor<T>(predicate: (lines: string[]) => T | undefined | false | null, options: WaitOptions = {}): Promise<T> {
    const { what = "the expected screen", timeoutMs = 8000, escapes = false } = options;
    const deadline = Date.now() + timeoutMs;
    let failure: unknown;
    for (;;) {
      const lines = await this.lines(escapes);
      try {
        const result = predicate(lines);
        if (result) return result;
        failure = undefined;
      } catch (error) {
        failure = error;
      }
      if (Date.now() > deadline) {
        const why = failure instanceof Error ? ` (${failure.message})` : "";
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}; the screen (${this.width}×${this.height}) was:\n${plain(this.last)}`);
      }
      await new Promise((r) => setTimeout(r, 40));
    }
  }

  /** The last screen captured, for messages. */
  get lastScreen(): string {
    return plain(this.last);
  }

  /** Pids of every process under the pane's shell, deepest last. */
  async descendants(): Promise<number[]> {
    const root = Number(await this.display("#{pane_pid}").catch(() => "0"));
    if (!root) return [];
    const table = spawnSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).stdout.trim().split("\n")
      .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
    const found: number[] = [];
    const walk = (pid: number) => {
      for (const [child, parent] of table) if (parent === pid) { found.push(child); walk(child); }
    };
    walk(root);
    return [root, ...found];
  }

  /** Kills the tmux server and, by pid, anything the command left behind; removes the socket. */
  async kill(): Promise<void> {
    const pids = await this.descendants().catch(() => [] as number[]);
    const socketPath = await this.display("#{socket_path}").catch(() => "");
    await this.tmux("kill-server").catch(() => undefined);
    // The hang-up lets ccx restore the terminal and remove its files (a demo's emulator folder); only
    // what is still running after a while is killed outright.
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; waited < 5_000 && pids.some(alive); waited += 50) await new Promise((r) => setTimeout(r, 50));
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    // A server that was gone already (a test that hung up its terminal) cannot say where its socket is: where
    // tmux puts one by default, then (25 sockets a day were left behind in /tmp/tmux-<uid>).
    const fallback = join(process.env.TMUX_TMPDIR || "/tmp", `tmux-${process.getuid?.() ?? 0}`, this.socket);
    rmSync(socketPath.includes(this.socket) ? socketPath : fallback, { force: true });
  }
}

/** Starts `command` in a detached tmux session of `width`×`height` on a socket of its own. */
export async function startTmux(options: TmuxOptions): Promise<TmuxSession> {
  if (tmuxMissing) throw new Error(tmuxMissing);
  const socket = `ccx-e2e-${process.pid}-${++sessions}`;
  const session = new TmuxSession(socket, options.width, options.height);
  const env = { TERM: "xterm-256color", ...options.env };
  await session.tmux(
    "-f", "/dev/null",
    "new-session", "-d", "-s", "e2e",
    "-x", String(options.width), "-y", String(options.height),
    ...(options.cwd ? ["-c", options.cwd] : []),
    ...Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]),
    "sh", "-c", options.command,
  );
  // A detached session keeps the size it was made with, whatever clients come.
  await session.tmux("set-option", "-t", "e2e", "window-size", "manual").catch(() => undefined);
  return session;
}
