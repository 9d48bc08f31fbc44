import { isatty } from "node:tty";

/**
 * What the explorer asks of the terminal beyond drawing: the alternate screen,
 * leaving the terminal as it was on every way out, and opening a URL
 * (copying is clipboard.ts).
 */

/**
 * Whether the terminal hung up (SIGHUP: the SSH link dropped, the window closed): from then on nothing is
 * written to it or asked of it, since each would fail (EIO) and a failure there crashed the process.
 */
let hungUp = false;
/** The status of a program a hang-up ended, as a shell says it: 128 + SIGHUP's number. */
export const HANG_UP_STATUS = 129;
export const terminalHungUp = (): boolean => hungUp;
export function hangUp(): void {
  hungUp = true;
}

/** The standard descriptors that are terminals now: one that hung up is no longer one (its TCGETS fails). */
export const terminalDescriptors = (): number[] => [0, 1, 2].filter((fd) => isatty(fd));

/** A failure of the terminal itself, gone (EIO on a read or a write of a closed one). */
export const terminalRefused = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "EIO";

/**
 * Ends the process by the hang-up, as a shell's program ends on one (status 129), once what must be cleaned
 * up is: not through Node's exit, which puts the terminal's modes back and aborts when the terminal is gone
 * (node::ResetStdio asserts on EIO; closing a terminal in ccx's first second crashed it so, SIGABRT or SIGSEGV).
 */
export function endByHangUp(): void {
  hungUp = true;
  process.removeAllListeners("SIGHUP");
  process.kill(process.pid, "SIGHUP");
}

const ENTER_ALT = "\u001b[?1049h\u001b[H";
const LEAVE_ALT = "\u001b[?1049l";
const SHOW_CURSOR = "\u001b[?25h";
/** Bracketed paste: the terminal marks a paste, so that it is text for the line, never keys that run it. */
export const PASTE_ON = "\u001b[?2004h";
export const PASTE_OFF = "\u001b[?2004l";

/**
 * The alternate screen with bracketed paste on; the function returned (also
 * run at process exit) leaves both, so the shell gets its terminal back as it was.
 */
export function enterAlternateScreen(out: NodeJS.WriteStream): () => void {
  out.write(`${ENTER_ALT}${PASTE_ON}`);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    // A terminal that hung up has nothing left to restore.
    if (!hungUp) out.write(`${PASTE_OFF}${SHOW_CURSOR}${LEAVE_ALT}`);
  };
  process.once("exit", restore);
  return restore;
}

/** The console's methods that print. */
const PRINTING = ["log", "info", "warn", "error", "debug"] as const;

/**
 * Holds what is printed to the console while the explorer draws (a library's
 * warning would tear the frame); the function returned puts the console back
 * and prints what was held on stderr, once the screen is left.
 */
export function holdConsole(): () => void {
  const held: string[] = [];
  const original = PRINTING.map((name) => [name, console[name]] as const);
  const { format } = process.getBuiltinModule("node:util") as typeof import("node:util");
  for (const name of PRINTING) console[name] = (...args: unknown[]) => void held.push(`${format(...args)}\n`);
  return () => {
    for (const [name, method] of original) console[name] = method;
    if (held.length > 0 && !hungUp) process.stderr.write(held.join(""));
    held.length = 0;
  };
}

/**
 * Opens a URL where a browser can be reached: macOS `open`, or `xdg-open`
 * under a desktop session. Over SSH there is none: the caller says to copy it.
 */
export function openUrl(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const command = process.platform === "darwin" ? "open" : env.DISPLAY || env.WAYLAND_DISPLAY ? "xdg-open" : undefined;
  if (!command || env.SSH_CONNECTION) return false;
  const { spawn } = process.getBuiltinModule("node:child_process") as typeof import("node:child_process");
  const child = spawn(command, [url], { stdio: "ignore", detached: true });
  child.on("error", () => undefined);
  child.unref();
  return true;
}
