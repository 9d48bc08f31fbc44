import { afterEach, describe, expect, it, vi } from "vitest";
import type { FileInFlight } from "../../src/api/download-batch.js";
import { DownloadProgress } from "../../src/cli/render/download-progress.js";

/** ccx download's bars on a terminal: one per file in flight and a total, redrawn in place, lines that stay printed above. */

afterEach(() => vi.useRealTimers());

function terminal() {
  const writes: string[] = [];
  return { writes, stream: { write: (text: string) => writes.push(text) > 0 } as unknown as NodeJS.WriteStream };
}

const file = (id: number, bytes: number, total?: number): FileInFlight =>
  ({ id, sessionId: "s", folder: "s", file: `f${id}\u001b[31m.mp4`, path: `/d/s/f${id}.mp4`, bytes, total });

describe("the download progress", () => {
  it("draws a bar per file and a total at most every 100 ms, erasing the last drawing first", () => {
    vi.useFakeTimers();
    const { writes, stream } = terminal();
    const progress = new DownloadProgress(stream, () => 80);
    const a = file(1, 0, 1000);
    const b = file(2, 0);
    progress.start(a);
    progress.start(b);
    a.bytes = 500;
    progress.progress(a);
    b.bytes = 2000;
    progress.progress(b);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(1);
    const [bars] = writes;
    expect(bars!.split("\n")).toEqual([
      "[##########----------]  50% 500 B of 1.0 kB  f1␛[31m.mp4 in s",
      "[--------------------]   ?% 2.0 kB of —  f2␛[31m.mp4 in s",
      expect.stringMatching(/^0 done · 2 in flight · /),
      "",
    ]);

    progress.finish(a, false);
    progress.above(() => writes.push("a line that stays\n"));
    // Three lines erased (cursor up 3, clear below), the line, then the bars again.
    expect(writes.slice(1, 3)).toEqual(["\u001b[3F\u001b[J", "a line that stays\n"]);
    expect(writes[3]).toMatch(/^\[-+\] {3}\?% 2\.0 kB of — {2}f2.* in s\n1 done · 1 in flight · /);
    progress.close();
    expect(writes.at(-1)).toBe("\u001b[2F\u001b[J");
    vi.advanceTimersByTime(1000);
    expect(writes.at(-1)).toBe("\u001b[2F\u001b[J");
  });
});
