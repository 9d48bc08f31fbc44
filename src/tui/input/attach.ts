import type { InputRouter } from "./router.js";

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
  const onData = (chunk: string | Buffer) => router.feed(String(chunk));
  stream.setRawMode?.(true);
  // utf8: a character split across two reads is joined by the stream's decoder, not cut in two.
  stream.setEncoding?.("utf8");
  stream.on("data", onData);
  stream.resume?.();
  return () => {
    router.dispose();
    stream.off("data", onData);
    // A terminal that hung up refuses it (EIO): there is no mode left to restore.
    try {
      stream.setRawMode?.(false);
    } catch {}
    stream.pause?.();
  };
}
