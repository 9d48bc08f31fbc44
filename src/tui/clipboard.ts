/**
 * Copying through OSC 52, which reaches the local clipboard over SSH too.
 * Inside tmux what becomes of it is tmux's choice: with `set-clipboard on`
 * tmux takes the sequence as it is (into a buffer, and on to the outer
 * terminal); with `external` (its default) or `off` it drops it, and only a
 * sequence wrapped for its passthrough reaches the outer terminal, when
 * `allow-passthrough` is on (off by default since tmux 3.3). GNU screen passes
 * a sequence on only wrapped.
 */

/** The tmux options that decide what becomes of a program's OSC 52. */
export interface TmuxClipboard {
  /** "on", "external" or "off". */
  setClipboard: string;
  /** allow-passthrough is on (or tmux is older than the option, and always lets it through). */
  passthrough: boolean;
}

export interface ClipboardWrite {
  /** What to write to the terminal. */
  bytes: string;
  /** Why the copy will not arrive, and what mends it. */
  problem?: string;
}

/** The OSC 52 sequence that puts `text` on the clipboard. */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}

/** A sequence inside tmux's passthrough (DCS tmux; …, its ESCs doubled). */
const tmuxPassthrough = (sequence: string) => `\u001bPtmux;${sequence.replace(/\u001b/g, "\u001b\u001b")}\u001b\\`;

/**
 * The bytes that put `text` on the clipboard from where ccx runs, given what
 * tmux said of its options (undefined: not in tmux, or tmux could not be asked).
 */
export function clipboardWrite(text: string, env: NodeJS.ProcessEnv, tmux?: TmuxClipboard): ClipboardWrite {
  const sequence = osc52(text);
  if (env.TMUX) {
    // Not known: both, one of which tmux lets through if it lets any (a terminal given both copies the same text twice).
    if (!tmux) return { bytes: `${sequence}${tmuxPassthrough(sequence)}` };
    if (tmux.setClipboard === "on") return { bytes: sequence };
    if (tmux.passthrough) return { bytes: tmuxPassthrough(sequence) };
    return { bytes: sequence, problem: "tmux drops it unless set -g set-clipboard on" };
  }
  if (env.TERM?.startsWith("screen")) return { bytes: `\u001bP${sequence}\u001b\\` };
  return { bytes: sequence };
}

/** Asks the tmux ccx runs in for its clipboard options; undefined when it cannot be asked. */
export function askTmux(): Promise<TmuxClipboard | undefined> {
  const { execFile } = process.getBuiltinModule("node:child_process") as typeof import("node:child_process");
  return new Promise((resolve) => {
    execFile("tmux", ["display-message", "-p", "#{set-clipboard}|#{allow-passthrough}"], { encoding: "utf8", timeout: 2000 }, (error, stdout) => {
      if (error) return resolve(undefined);
      const [setClipboard = "", passthrough = ""] = stdout.trim().split("|");
      // An older tmux knows no allow-passthrough (an empty answer) and passes every wrapped sequence on.
      resolve({ setClipboard, passthrough: passthrough !== "0" && passthrough !== "off" });
    });
  });
}
