/**
 * What the explorer asks of the terminal beyond drawing: the alternate screen,
 * leaving the terminal as it was on every way out, and opening a URL
 * (copying is clipboard.ts).
 */

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
    out.write(`${PASTE_OFF}${SHOW_CURSOR}${LEAVE_ALT}`);
  };
  process.once("exit", restore);
  return restore;
}

const ERASE_SCROLLBACK = "\u001b[3J";

/**
 * The terminal as Ink sees it, minus one thing: Ink clears the whole terminal
 * (scrollback too, with ESC[3J) before every frame as tall as the screen, and
 * the user's scrollback is not ours to erase. The rest passes through.
 */
export function screenStream(out: NodeJS.WriteStream): NodeJS.WriteStream {
  return new Proxy(out, {
    get(target, property) {
      if (property === "write") {
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => boolean)(typeof chunk === "string" ? chunk.replaceAll(ERASE_SCROLLBACK, "") : chunk, ...rest);
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
