import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DownloadFailure, downloadFile } from "./download.js";
import type { Http } from "./http.js";
import { type RecordingFile, callFolder, recordingFiles } from "./recording-files.js";
import type { Recording } from "./schemas.js";

/**
 * Every recording of some calls into `<dir>/<sessionId>/<file>`, a few files
 * at a time, for `ccx download` and the explorer's `d` alike. The calls come
 * as an iterable (a filter's pages are walked as the files go), and a file
 * that fails is counted and named while the others go on.
 */

/** Files fetched at once. */
export const DOWNLOADS_AT_ONCE = 4;

export interface CallRecordings {
  sessionId: string;
  recordings: readonly Recording[];
}

/** A file in flight, as progress shows it. */
export interface FileInFlight extends RecordingFile {
  id: number;
  /** Where it is written: `<dir>/<folder>/<file>`. */
  path: string;
  bytes: number;
  total?: number;
}

export interface FileFailure {
  sessionId: string;
  file: string;
  reason: string;
}

export interface DownloadTotals {
  /** Files written this time. */
  files: number;
  /** Bytes fetched for them (a resumed file counts what it lacked). */
  bytes: number;
  /** Files already whole, left as they were. */
  skipped: number;
  failed: number;
  failures: FileFailure[];
}

export interface DownloadHooks {
  /** A call without a recording. */
  empty?(sessionId: string): void;
  start?(file: FileInFlight): void;
  progress?(file: FileInFlight): void;
  done?(file: FileInFlight, outcome: { skipped?: boolean; failure?: string }): void;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Makes `dir` (and its parents) and proves it can be written by creating and
 * removing a file in it; throws a DownloadFailure naming why not. Done before
 * anything is fetched.
 */
export async function prepareDir(dir: string): Promise<void> {
  const probe = join(dir, `.ccx-probe-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, "", { flag: "wx" });
    await rm(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DownloadFailure(`cannot write to ${dir}${code ? ` (${code})` : `: ${reasonOf(error)}`}`);
  }
}

export async function downloadCalls(
  http: Http,
  calls: AsyncIterable<CallRecordings> | Iterable<CallRecordings>,
  options: { dir: string; signal?: AbortSignal; hooks?: DownloadHooks; atOnce?: number },
): Promise<DownloadTotals> {
  const { dir, signal, hooks = {} } = options;
  const totals: DownloadTotals = { files: 0, bytes: 0, skipped: 0, failed: 0, failures: [] };
  // Each folder's call: a call named twice is fetched once, and two ids made safe alike (`a/b`, `a_b`)
  // get folders of their own, never one file written by two downloads at once.
  const folders = new Map<string, string>();
  const folderOf = (sessionId: string): string | undefined => {
    const safe = callFolder(sessionId);
    let folder = safe;
    for (let n = 2; folders.has(folder) && folders.get(folder) !== sessionId; n++) folder = `${safe}-${n}`;
    if (folders.get(folder) === sessionId) return undefined;
    folders.set(folder, sessionId);
    return folder;
  };
  async function* files(): AsyncGenerator<RecordingFile> {
    for await (const call of calls) {
      const folder = folderOf(call.sessionId);
      if (folder === undefined) continue;
      const planned = recordingFiles(call.sessionId, call.recordings, folder);
      if (planned.length === 0) hooks.empty?.(call.sessionId);
      yield* planned;
    }
  }
  const queue = files();
  // The calls may fail to come (a page that errs): the files under way finish, then that error is thrown.
  let sourceError: { error: unknown } | undefined;
  const take = async (): Promise<RecordingFile | undefined> => {
    if (sourceError || signal?.aborted) return undefined;
    try {
      const next = await queue.next();
      return next.done ? undefined : next.value;
    } catch (error) {
      sourceError ??= { error };
      return undefined;
    }
  };
  let ids = 0;
  const fetchOne = async (planned: RecordingFile) => {
    const file: FileInFlight = { ...planned, id: ++ids, path: join(dir, planned.folder, planned.file), bytes: 0 };
    hooks.start?.(file);
    try {
      await mkdir(join(dir, planned.folder), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        throw new DownloadFailure(`cannot create ${join(dir, planned.folder)} (${error.code ?? reasonOf(error)})`);
      });
      const result = await downloadFile(http, planned.url, file.path, {
        signal,
        onProgress: (bytes, total) => {
          file.bytes = bytes;
          file.total = total;
          hooks.progress?.(file);
        },
      });
      if (result.skipped) totals.skipped++;
      else {
        totals.files++;
        totals.bytes += result.fetched;
      }
      hooks.done?.(file, { skipped: result.skipped });
    } catch (error) {
      const reason = reasonOf(error);
      totals.failed++;
      totals.failures.push({ sessionId: planned.sessionId, file: planned.file, reason });
      hooks.done?.(file, { failure: reason });
    }
  };
  const worker = async () => {
    for (let next = await take(); next; next = await take()) await fetchOne(next);
  };
  await Promise.all(Array.from({ length: options.atOnce ?? DOWNLOADS_AT_ONCE }, worker));
  if (sourceError) throw sourceError.error;
  return totals;
}
