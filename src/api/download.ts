import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { htmlPage } from "./answer-reading.js";
import { CLIENT_CODES, clip, isApiError } from "./errors.js";
import type { Http, StreamResponse } from "./http.js";

/**
 * One recording into one file, through the request module's stream (Http.open):
 * written to `.<file>.part` beside it and renamed once whole, its size checked
 * against what the server announced, a `.part` resumed with a Range request,
 * and a file already whole (its size the server's, by HEAD) left alone.
 *
 * Why no `apikey` header, nor `onBehalfOf`: a recording URL is signed, so it
 * needs no key, and it points at another host (a storage service) than the
 * API; the key is the app's full access and never travels anywhere but to the
 * API's own hosts.
 */

/** Why a file could not be had, in the words the failures list shows. */
export class DownloadFailure extends Error {
  override readonly name = "DownloadFailure";
}

export interface FileOptions {
  signal?: AbortSignal;
  /** Bytes of the file so far (the part had before included), and its whole size when the server said it. */
  onProgress?(bytes: number, total: number | undefined): void;
}

export interface FileResult {
  /** The file was already whole: nothing was fetched. */
  skipped: boolean;
  size: number;
  /** Bytes fetched this time. */
  fetched: number;
  resumed: boolean;
}

/** The URL, when it is one ccx fetches: HTTPS only, as for the API (a recording is private data). */
function httpsUrl(url: string | undefined): string {
  if (!url) throw new DownloadFailure("the recording has no URL");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DownloadFailure(`not a valid URL: ${clip(url, 200)}`);
  }
  if (parsed.protocol !== "https:") throw new DownloadFailure(`not HTTPS (${parsed.protocol}//${clip(parsed.host, 100)}): ccx fetches recordings over HTTPS only`);
  return url;
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

const headerOf = (res: StreamResponse, name: string) => {
  const value = res.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
};

const lengthOf = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);

/** Content-Range: `bytes 100-199/1000` (a 206) or an asterisk for the range (a 416): where the part starts, and the whole size. */
function contentRange(text: string | undefined): { start?: number; total?: number } | undefined {
  const match = /^bytes\s+(?:(\d+)-\d+|\*)\/(\d+|\*)$/i.exec(text ?? "");
  if (!match) return undefined;
  return { start: match[1] === undefined ? undefined : Number(match[1]), total: lengthOf(match[2]) };
}

/** The size the server gives by HEAD; undefined when it will not say (some signed URLs are for GET alone). */
async function serverSize(http: Http, url: string, signal?: AbortSignal): Promise<number | undefined> {
  let res: StreamResponse;
  try {
    res = await http.open({ method: "HEAD", url, headers: {}, signal });
  } catch (error) {
    if (isApiError(error) && error.code === CLIENT_CODES.aborted) throw error;
    return undefined;
  }
  for await (const _ of res.body); // a HEAD has no body: this ends the request, the connection kept
  return lengthOf(headerOf(res, "content-length"));
}

/** True when the answer is a web page (a login or an error page served with 200), not the file. */
function isHtml(res: StreamResponse, first: Buffer | undefined, start: number): boolean {
  if (/html/i.test(headerOf(res, "content-type") ?? "")) return true;
  return start === 0 && first !== undefined && /^\s*<(!doctype html|html|head|body)\b/i.test(first.subarray(0, 512).toString("latin1"));
}

/** Where a failure left the `.part` file, said after the reason. */
const KEPT = "the .part file is kept: run again to resume";

/** Downloads `url` into `path`, resuming a `.part` file and skipping a file already whole. */
export async function downloadFile(http: Http, url: string | undefined, path: string, options: FileOptions = {}): Promise<FileResult> {
  const checked = httpsUrl(url);
  const whole = await sizeOf(path);
  if (whole !== undefined && (await serverSize(http, checked, options.signal)) === whole) {
    options.onProgress?.(whole, whole);
    return { skipped: true, size: whole, fetched: 0, resumed: false };
  }
  // A file there but not the server's size (or of a size the server will not say): fetched again, and
  // replaced only once the new one is whole.
  const part = join(dirname(path), `.${basename(path)}.part`);
  return fetchInto(http, checked, part, path, options, (await sizeOf(part)) ?? 0);
}

async function fetchInto(http: Http, url: string, part: string, path: string, options: FileOptions, offset: number): Promise<FileResult> {
  const res = await http.open({
    method: "GET", url, signal: options.signal,
    headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
    accept: offset > 0 ? [416] : [],
  });
  if (res.status === 416) {
    // Nothing past the end of the part: it is whole if the server's size is its size, else it starts over.
    res.discard();
    const total = contentRange(headerOf(res, "content-range"))?.total;
    if (total === offset) {
      await rename(part, path);
      return { skipped: false, size: offset, fetched: 0, resumed: true };
    }
    await rm(part, { force: true });
    return fetchInto(http, url, part, path, options, 0);
  }
  // Where this answer starts in the file: 0 unless a 206 continues the part (a 200 to a Range request
  // sends the whole file, and the part starts over).
  let start = 0;
  let total = lengthOf(headerOf(res, "content-length"));
  if (res.status === 206) {
    const range = contentRange(headerOf(res, "content-range"));
    if (range?.start !== offset) {
      res.discard();
      throw new DownloadFailure(`the server answered another range (${clip(headerOf(res, "content-range") ?? "none", 80)}) than the one asked (bytes=${offset}-)`);
    }
    start = offset;
    total = range.total;
  }
  const chunks = res.body[Symbol.asyncIterator]();
  let received = 0;
  try {
    // The first bytes are looked at before the part is opened: a page in place of the file leaves the part as it was.
    const first = await chunks.next();
    if (isHtml(res, first.done ? undefined : first.value, start)) {
      await chunks.return?.(undefined);
      const page = htmlPage(first.done ? "<html>" : first.value.toString("utf8")) ?? "an HTML page";
      throw new DownloadFailure(`${page}, not a recording (HTTP ${res.status})`);
    }
    options.onProgress?.(start, total);
    // A body that breaks off ends the stream instead of failing it: the bytes had are written whole
    // (a failed pipeline would drop those still queued), so that the part can be resumed from its size.
    let broke: { error: unknown } | undefined;
    async function* counted(): AsyncGenerator<Buffer> {
      try {
        for (let next = first; !next.done; next = await chunks.next()) {
          received += next.value.length;
          options.onProgress?.(start + received, total);
          yield next.value;
        }
      } catch (error) {
        broke = { error };
      }
    }
    await pipeline(counted(), createWriteStream(part, { flags: start > 0 ? "a" : "w" }));
    if (broke) throw broke.error;
  } catch (error) {
    if (error instanceof DownloadFailure || (isApiError(error) && error.code === CLIENT_CODES.aborted)) throw error;
    if (!isApiError(error)) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new DownloadFailure(`cannot write ${part}: ${code ?? (error as Error).message}`);
    }
    const got = start + received;
    const kept = got > 0 ? `; ${KEPT}` : "";
    throw new DownloadFailure(total === undefined
      ? `cut after ${got} bytes (${error.message})${kept}`
      : `shorter than announced: ${got} of ${total} bytes (${error.message})${kept}`);
  }
  const size = start + received;
  if (total !== undefined && size !== total) {
    if (size > total) await rm(part, { force: true });
    throw new DownloadFailure(size < total ? `shorter than announced: ${size} of ${total} bytes; ${KEPT}` : `longer than announced: ${size} of ${total} bytes; the file was dropped`);
  }
  await rename(part, path);
  return { skipped: false, size, fetched: received, resumed: start > 0 };
}
