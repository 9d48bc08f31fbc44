import type { Command } from "commander";
import { ioOf } from "../io.js";
import { formatCount, formatDuration } from "../../text/format.js";

/**
 * Progress of long work (`--all`, stats, downloads) on stderr, one line
 * rewritten in place: how many so far (of how many, when the total is known),
 * the rate, and the time left. Only when stderr is a terminal and not turned
 * off (`--no-progress`): pipes and logs get nothing.
 */

/** Whether a command shows progress: stderr is a terminal and `--no-progress` was not given. */
export function progressWanted(command: Command, stream: { isTTY?: boolean } = ioOf(command).err): boolean {
  return (command.optsWithGlobals() as { progress?: boolean }).progress !== false && Boolean(stream.isTTY);
}

export interface ProgressLine {
  /** `force`: redrawn now (after a clear), whatever the time since the last. */
  update(count: number, total?: number, force?: boolean): void;
  /** Clears the line: what follows starts on a clean one (rows written to the same terminal, the end). */
  done(): void;
}

/** Redrawn at most this often: a fast stream must not spend its time drawing. */
const REDRAW_MS = 100;

/** "12,000 of 100,000 groups · 41,000/s · 0:02 left". */
export function progressText(noun: string, count: number, total: number | undefined, seconds: number): string {
  const rate = count / Math.max(0.001, seconds);
  const of = total === undefined ? "" : ` of ${formatCount(total)}`;
  const left = total !== undefined && rate > 0 && total > count ? ` · ${formatDuration((total - count) / rate)} left` : "";
  return `${formatCount(count)}${of} ${noun} · ${formatCount(Math.round(rate))}/s${left}`;
}

export function progressLine(noun: string, stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number } = process.stderr): ProgressLine {
  const started = performance.now();
  let drawn = 0;
  let shown = false;
  return {
    update(count, total, force = false) {
      const now = performance.now();
      if (shown && !force && now - drawn < REDRAW_MS) return;
      drawn = now;
      shown = true;
      stream.write(`\r\u001b[2K${progressText(noun, count, total, (now - started) / 1000)}`);
    },
    done() {
      if (shown) stream.write("\r\u001b[2K");
      shown = false;
    },
  };
}
