import type { InputRouter } from "./router.js";

/**
 * How long a lone ESC waits for the rest of a sequence before it is the
 * Escape key (a terminal sends a sequence in one write; a split one arrives
 * within this over a slow link), how long a bracketed paste waits for its end
 * marker between reads, and how long text that may start an unmarked paste
 * waits for the next read: SSH and mosh deliver a long paste's reads a few ms
 * apart, where a person's keys come 30 ms apart or more (and a key alone in
 * its read never waits).
 */
export const WAIT_MS = { sequence: 50, paste: 1000, burst: 15 } as const;

export interface InputStream {
  on(event: "data", listener: (chunk: string | Buffer) => void): unknown;
  off(event: "data", listener: (chunk: string | Buffer) => void): unknown;
  setEncoding?(encoding: BufferEncoding): unknown;
  setRawMode?(mode: boolean): unknown;
  resume?(): unknown;
  pause?(): unknown;
}

/**
 * Feeds the terminal's bytes to the router as they are read, in raw mode.
 * Returns what undoes it.
 */
export function attachInput(stream: InputStream, router: InputRouter): () => void {
  let timer: NodeJS.Timeout | undefined;
  const onData = (chunk: string | Buffer) => {
    clearTimeout(timer);
    router.feed(String(chunk));
    const waiting = router.waiting();
    if (waiting) timer = setTimeout(() => router.flush(), WAIT_MS[waiting]);
  };
  stream.setRawMode?.(true);
  // utf8: a character split across two reads is joined by the stream's decoder, not cut in two.
  stream.setEncoding?.("utf8");
  stream.on("data", onData);
  stream.resume?.();
  return () => {
    clearTimeout(timer);
    router.dispose();
    stream.off("data", onData);
    stream.setRawMode?.(false);
    stream.pause?.();
  };
}
