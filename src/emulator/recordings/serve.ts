import type { IncomingMessage, ServerResponse } from "node:http";
import type { World } from "../data/model.js";
import { ServiceError, badRequest, notFound } from "../errors.js";
import type { EmulatorOptions } from "../options.js";
import { recordingBytes, recordingKey, recordingSize } from "./bytes.js";
import { readRange } from "./range.js";
import { parseRecordingPath } from "./url.js";

/** The recording faults, by option for every answer or by `?fault=` for one. */
export type RecordingFault = "short" | "html";
const FAULTS: readonly RecordingFault[] = ["short", "html"];

const CHUNK = 64 * 1024;

/** What a captive portal or an expired signed link answers instead of the file. */
const HTML_PAGE = "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><h1>Your session has expired</h1>" +
  "<p>Please sign in again to download this file.</p></body></html>\n";

export interface RecordingAnswer {
  /** The fault this answer carries, known before a byte is sent (for the request log). */
  fault?: RecordingFault;
  send(res: ServerResponse): Promise<void>;
}

/** Resolves once `res` can take more, or is gone. */
const drained = (res: ServerResponse) => new Promise<void>((resolve) => {
  const done = () => {
    res.off("drain", done);
    res.off("close", done);
    resolve();
  };
  res.on("drain", done);
  res.on("close", done);
});

const written = (res: ServerResponse, chunk: Buffer) => new Promise<void>((resolve) => res.write(chunk, () => resolve()));

/**
 * Streams `count` bytes from `start` in chunks, waiting whenever the socket
 * is full (a 1 GB file never sits in memory). Cut short, the connection is
 * closed once what was sent has left, so the client holds exactly those bytes.
 */
async function stream(res: ServerResponse, key: number, start: number, count: number, cut: boolean): Promise<void> {
  res.flushHeaders();
  for (let offset = start; offset < start + count && !res.destroyed; offset += CHUNK) {
    const chunk = recordingBytes(key, offset, Math.min(CHUNK, start + count - offset));
    if (cut && offset + chunk.length >= start + count) await written(res, chunk);
    else if (!res.write(chunk)) await drained(res);
  }
  if (res.destroyed) return;
  if (cut) res.socket?.end();
  else res.end();
}

/**
 * `GET` or `HEAD` on `/recordings/<appId>/<sessionId>/<rid>.mp4`: no apikey
 * (the service's recording links are signed URLs), one `bytes=` range, and
 * the faults a download client must survive. Throws ServiceError before
 * anything is written.
 */
export function recordingAnswer(req: IncomingMessage, url: URL, world: World, options: EmulatorOptions): RecordingAnswer {
  const method = req.method ?? "GET";
  const path = parseRecordingPath(url.pathname);
  if (!path || (method !== "GET" && method !== "HEAD")) {
    throw new ServiceError("ERR_API_NOT_FOUND", "The requested API does not exist.", `No API answers ${method} ${url.pathname}.`);
  }
  const asked = url.searchParams.get("fault");
  if (asked !== null && !FAULTS.includes(asked as RecordingFault)) {
    throw badRequest({ fault: [`The fault ${asked} is unknown; use one of ${FAULTS.join(", ")}.`] });
  }
  const app = world.apps.find((a) => a.appId === path.appId);
  const recording = app?.callBySessionId.get(path.sessionId)?.recordings.find((r) => r.rid === path.rid);
  if (!app || !recording) throw notFound("ERR_RECORDING_NOT_FOUND", "recording", `${path.sessionId}/${path.rid}`);
  const head = method === "HEAD";

  if (options.recordingHtml || asked === "html") {
    return {
      fault: "html",
      send: async (res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(HTML_PAGE) });
        res.end(head ? undefined : HTML_PAGE);
      },
    };
  }

  const size = recordingSize(recording, options.recordingBytesPerMinute);
  const key = recordingKey(world.seed, app.appId, recording.rid);
  const headers: Record<string, string | number> = {
    "content-type": "video/mp4", "accept-ranges": "bytes",
    etag: `"${key.toString(16)}-${size.toString(16)}"`, "last-modified": new Date(recording.endTime * 1000).toUTCString(),
  };
  const range = readRange(typeof req.headers.range === "string" ? req.headers.range : undefined, size);
  if (range.kind === "unsatisfiable") {
    return {
      send: async (res) => {
        res.writeHead(416, { ...headers, "content-range": `bytes */${size}`, "content-length": 0 });
        res.end();
      },
    };
  }
  const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, size - 1];
  const count = end - start + 1;
  const cutAfter = asked === "short" ? options.recordingCutAfter ?? Math.floor(count / 2) : options.recordingCutAfter;
  const cut = !head && cutAfter !== undefined && cutAfter < count;
  return {
    fault: cut ? "short" : undefined,
    send: async (res) => {
      res.writeHead(range.kind === "part" ? 206 : 200, {
        ...headers, "content-length": count, ...(range.kind === "part" ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
      });
      if (head) res.end();
      else await stream(res, key, start, cut ? cutAfter! : count, cut);
    },
  };
}
