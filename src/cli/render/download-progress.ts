import type { FileInFlight } from "../../api/download-batch.js";
import { formatBytes } from "../../text/bytes.js";
import { sanitize } from "../../text/sanitize.js";
import { truncate } from "../../text/width.js";

/**
 * `ccx download`'s progress on a terminal (stderr): a bar per file in flight
 * and a total line, redrawn in place at most ten times a second. Lines that
 * stay (a file done, a failure) are printed above the bars through `above`.
 */

const BAR = 20;
const REDRAW_MS = 100;

const bar = (bytes: number, total: number | undefined) => {
  const filled = total ? Math.min(BAR, Math.floor((bytes / total) * BAR)) : 0;
  return `[${"#".repeat(filled)}${"-".repeat(BAR - filled)}]`;
};

const percent = (bytes: number, total: number | undefined) => (total ? `${Math.min(100, Math.floor((bytes * 100) / total))}%`.padStart(4) : "  ?%");

export class DownloadProgress {
  private readonly inFlight = new Map<number, FileInFlight>();
  private readonly started = Date.now();
  private drawn = 0;
  private timer: NodeJS.Timeout | undefined;
  private done = 0;
  private failed = 0;
  /** Bytes fetched by the files done, and by those in flight beyond where each started. */
  private fetched = 0;
  private readonly startedAt = new Map<number, number>();

  constructor(private readonly stream: NodeJS.WriteStream, private readonly width: () => number) {}

  start(file: FileInFlight): void {
    this.inFlight.set(file.id, file);
    this.schedule();
  }

  progress(file: FileInFlight): void {
    // The first figure of a resumed file is where it starts: only what comes after counts towards the rate.
    if (!this.startedAt.has(file.id)) this.startedAt.set(file.id, file.bytes);
    this.schedule();
  }

  finish(file: FileInFlight, failed: boolean): void {
    this.fetched += file.bytes - (this.startedAt.get(file.id) ?? file.bytes);
    this.inFlight.delete(file.id);
    this.startedAt.delete(file.id);
    if (failed) this.failed++;
    else this.done++;
    this.schedule();
  }

  /** Prints lines that stay (through `print`) above the bars, then draws the bars again. */
  above(print: () => void): void {
    this.clear();
    print();
    this.draw();
  }

  /** Takes the bars away for good. */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.clear();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.clear();
      this.draw();
    }, REDRAW_MS);
  }

  private clear(): void {
    // To the first line drawn, and everything below it erased.
    if (this.drawn > 0) this.stream.write(`\u001b[${this.drawn}F\u001b[J`);
    this.drawn = 0;
  }

  private draw(): void {
    const width = Math.max(20, this.width() - 1);
    let fetched = this.fetched;
    const lines = [...this.inFlight.values()].map((f) => {
      fetched += f.bytes - (this.startedAt.get(f.id) ?? f.bytes);
      // The file first, its call's folder after: a line cut to the width keeps what tells files apart.
      // Names are made safe already; sanitized all the same, as every server string is.
      return truncate(`${bar(f.bytes, f.total)} ${percent(f.bytes, f.total)} ${formatBytes(f.bytes)} of ${formatBytes(f.total)}  ${sanitize(`${f.file} in ${f.folder}`)}`, width);
    });
    const seconds = Math.max(0.001, (Date.now() - this.started) / 1000);
    const failed = this.failed > 0 ? ` · ${this.failed} failed` : "";
    lines.push(truncate(`${this.done} done${failed} · ${this.inFlight.size} in flight · ${formatBytes(fetched)} · ${formatBytes(fetched / seconds)}/s`, width));
    this.stream.write(`${lines.join("\n")}\n`);
    this.drawn = lines.length;
  }
}
