import { readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { recordingServer } from "./recording-server.js";

/**
 * Recordings served over HTTPS, as a storage service serves them: HEAD with
 * Content-Length, `Range: bytes=N-` with 206, and faults a test switches on
 * per file. The bytes are generated (never held whole), so a file can be a
 * gigabyte; byteAt() says what each one must be.
 */

/**
 * whole: served as asked · short: the body stops halfway and the connection closes · cut-once: short the
 * first GET, whole after · html: a login page with 200 · redirect: 302 elsewhere · forbidden: 403 ·
 * no-range: Range ignored (200, the whole file) · gate: half, then the rest once `release` is called ·
 * hang: half, then nothing.
 */
export type FileMode = "whole" | "short" | "cut-once" | "html" | "redirect" | "forbidden" | "no-range" | "gate" | "hang";

interface Served {
  size: number;
  mode: FileMode;
  gets: number;
  release?: () => void;
  gate?: Promise<void>;
}

/** A prime period: a part placed at the wrong offset cannot match by chance. */
const PERIOD = 65_521;
const CHUNK = 256 * 1024;
const PATTERN = Buffer.alloc(PERIOD + CHUNK);
for (let i = 0; i < PATTERN.length; i++) PATTERN[i] = ((i % PERIOD) * 131 + ((i % PERIOD) >> 7)) & 0xff;

/** The bytes a file of `size` must hold. */
export function expectedBytes(size: number, start = 0): Buffer {
  const out = Buffer.alloc(size - start);
  for (let at = start; at < size; at += CHUNK) PATTERN.copy(out, at - start, at % PERIOD, at % PERIOD + Math.min(CHUNK, size - at));
  return out;
}

/** Until the answer can take more, or is gone. */
const drained = (res: ServerResponse) => new Promise<void>((resolve) => {
  const done = () => {
    res.off("drain", done).off("close", done);
    resolve();
  };
  res.on("drain", done).on("close", done);
});

/** Writes bytes [start, end) of the pattern, waiting for the socket to drain: never more than a chunk in memory. */
async function writeRange(res: ServerResponse, start: number, end: number): Promise<void> {
  for (let at = start; at < end && !res.destroyed; at += CHUNK) {
    const n = Math.min(CHUNK, end - at);
    if (!res.write(PATTERN.subarray(at % PERIOD, at % PERIOD + n))) await drained(res);
  }
}

const PAGE = "<!DOCTYPE html><html><head><title>Sign in to continue</title></head><body><form>…</form></body></html>";

async function serve(file: Served | undefined, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!file) return void res.writeHead(404, { "content-type": "text/plain" }).end("no such file");
  if (file.mode === "redirect") return void res.writeHead(302, { location: "https://elsewhere.example/file.mp4" }).end();
  if (file.mode === "forbidden") return void res.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>AccessDenied</Code></Error>");
  if (file.mode === "html") return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(req.method === "HEAD" ? undefined : PAGE);
  const type = { "content-type": "video/mp4", "accept-ranges": "bytes" };
  if (req.method === "HEAD") return void res.writeHead(200, { ...type, "content-length": String(file.size) }).end();
  file.gets++;
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
  const start = range && file.mode !== "no-range" ? Number(range[1]) : 0;
  if (start >= file.size && range) return void res.writeHead(416, { "content-range": `bytes */${file.size}` }).end();
  res.writeHead(start > 0 ? 206 : 200, {
    ...type,
    "content-length": String(file.size - start),
    ...(start > 0 ? { "content-range": `bytes ${start}-${file.size - 1}/${file.size}` } : {}),
  });
  const faulty = file.mode === "short" || file.mode === "hang" || file.mode === "gate" || (file.mode === "cut-once" && file.gets === 1);
  const stop = faulty ? start + Math.floor((file.size - start) / 2) : file.size;
  await writeRange(res, start, stop);
  if (file.mode === "hang") return;
  if (file.mode === "gate") {
    await file.gate;
    await writeRange(res, stop, file.size);
  } else if (faulty) {
    // The bytes written leave, then (a moment later, for the client to take them in) the connection goes:
    // a body shorter than its Content-Length.
    return void res.write("", () => setTimeout(() => res.socket?.destroy(), 20));
  }
  res.end();
}

export async function fileServer() {
  const files = new Map<string, Served>();
  const server = await recordingServer((req, res) => {
    const path = new URL(req.url ?? "/", "https://x").pathname;
    serve(files.get(path), req, res).catch(() => res.destroy());
  });
  return {
    ...server,
    /** Serves `size` bytes at `path` (e.g. /calls/a/rec-1.mp4); returns its URL. */
    add(path: string, size: number, mode: FileMode = "whole"): string {
      const file: Served = { size, mode, gets: 0 };
      if (mode === "gate") file.gate = new Promise((resolve) => (file.release = resolve));
      files.set(path, file);
      return `${server.url}${path}`;
    },
    /** Lets a `gate` file send the rest. */
    release(path: string): void {
      files.get(path)?.release?.();
    },
    /** The requests for `path` (its pathname), in order. */
    requestsFor(path: string) {
      return server.requests.filter((r) => new URL(r.url, "https://x").pathname === path);
    },
  };
}

export type FileServer = Awaited<ReturnType<typeof fileServer>>;

/** One CA file trusting both the emulator and the file server, as `--ca` takes it. */
export function combinedCaFile(path: string, ...caFiles: string[]): string {
  writeFileSync(path, caFiles.map((f) => readFileSync(f, "utf8")).join("\n"));
  return path;
}
