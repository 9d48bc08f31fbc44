import { join, resolve } from "node:path";
import { type FileInFlight, downloadCalls, prepareDir } from "../api/download-batch.js";
import { callFolder } from "../api/recording-files.js";
import type { Recording } from "../api/schemas.js";
import { formatBytes } from "../text/bytes.js";
import { sanitize } from "../text/sanitize.js";
import { activeApp } from "./context.js";
import type { StoreContext } from "./context.js";
import type { WriteRequest } from "./types.js";

/**
 * The explorer's `d`: a call's recordings into files. A write to disk, so it
 * is refused in read-only mode and asked first (the confirm box names the
 * directory); then its progress is the `downloads` state the footer draws,
 * one download at a time. Quitting cancels it and keeps the `.part` files.
 */

export interface DownloadsState {
  /** Where the files go: `<dir>/<sessionId>`. */
  folder: string;
  count: number;
  /** Files over: written, already whole, or failed. */
  over: number;
  failed: number;
  inFlight: Array<{ file: string; bytes: number; total?: number }>;
}

export type DownloadRequest = Extract<WriteRequest, { kind: "download" }>;

export interface DownloadActions {
  downloads?: DownloadsState;
  /** d: asks to download these recordings of the call (the confirm box says where). */
  askDownload(sessionId: string, recordings: Recording[]): void;
  /** y in the confirm box. */
  startDownload(request: DownloadRequest): void;
  cancelDownloads(): void;
}

/** The directory downloads go into: CCX_DOWNLOAD_DIR, else the one ccx was started in. */
const downloadDir = () => resolve(process.env.CCX_DOWNLOAD_DIR || process.cwd());

/** How often the progress is published at most: each chunk would otherwise draw a frame. */
const PUBLISH_MS = 100;

export function downloadActions(ctx: StoreContext<DownloadActions>): DownloadActions {
  let controller: AbortController | undefined;

  return {
    askDownload(sessionId, recordings) {
      const { notify, downloads } = ctx.get();
      if (downloads) return notify(`a download is already running (into ${sanitize(downloads.folder)}): one at a time`);
      if (activeApp(ctx.get())?.readOnly) return notify("read-only mode: writing recordings to disk refused, nothing fetched");
      if (recordings.length === 0) return notify("no recording to download here");
      const dir = downloadDir();
      const folder = join(dir, callFolder(sessionId));
      const what = recordings.length === 1 ? "the recording" : `${recordings.length} recordings`;
      ctx.set({ ui: { ...ctx.get().ui, dialog: {
        kind: "confirm",
        title: `Download ${what}?`,
        lines: [`into ${folder}`, "(CCX_DOWNLOAD_DIR sets the directory)", "a .part file left there is resumed; a file already whole is kept"],
        write: { kind: "download", sessionId, recordings, dir },
      } } });
    },

    startDownload({ sessionId, recordings, dir }) {
      if (ctx.get().downloads) return;
      controller = new AbortController();
      const { signal } = controller;
      const folder = join(dir, callFolder(sessionId));
      const files = new Map<number, FileInFlight>();
      let over = 0;
      let failed = 0;
      let timer: NodeJS.Timeout | undefined;
      const publish = () => {
        clearTimeout(timer);
        timer = undefined;
        if (signal.aborted) return;
        const inFlight = [...files.values()].map((f) => ({ file: f.file, bytes: f.bytes, total: f.total }));
        ctx.set({ downloads: { folder, count: recordings.length, over, failed, inFlight } });
      };
      // The progress replaces the "sending…" said when the box closed.
      ctx.set({ notice: undefined });
      publish();
      const run = async () => {
        await prepareDir(dir);
        return downloadCalls(ctx.http, [{ sessionId, recordings }], {
          dir,
          signal,
          hooks: {
            start: (file) => {
              files.set(file.id, file);
              publish();
            },
            progress: () => void (timer ??= setTimeout(publish, PUBLISH_MS)),
            done: (file, outcome) => {
              files.delete(file.id);
              over++;
              if (outcome.failure !== undefined) failed++;
              publish();
            },
          },
        });
      };
      run().then((totals) => {
        const first = totals.failures[0];
        const written = `${totals.files} written (${formatBytes(totals.bytes)})${totals.skipped ? `, ${totals.skipped} already whole` : ""}`;
        return first
          ? `downloads: ${written}, ${totals.failed} failed (${first.file}: ${first.reason}) · ${folder}`
          : `downloaded: ${written} · ${folder}`;
      }, (error: Error) => `download failed: ${error.message}; nothing fetched`).then((said) => {
        clearTimeout(timer);
        controller = undefined;
        if (signal.aborted) return;
        ctx.set({ downloads: undefined });
        // A reason can carry the server's words (a page's title, where it redirected).
        ctx.get().notify(sanitize(said));
      });
    },

    cancelDownloads() {
      controller?.abort();
    },
  };
}
