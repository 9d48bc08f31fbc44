import { join, resolve } from "node:path";
import type { Command } from "commander";
import { ioOf } from "../io.js";
import { callPages, getCall } from "../../api/calls.js";
import type { AppClient } from "../../api/client.js";
import { type CallRecordings, type DownloadTotals, downloadCalls, prepareDir } from "../../api/download-batch.js";
import { ApiError, CLIENT_CODES } from "../../api/errors.js";
import { ConfigError } from "../../config/config-file.js";
import { parseCallFilter } from "../../query/index.js";
import { formatBytes } from "../../text/bytes.js";
import { countOf } from "../../text/format.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import { calls as callsDefinition } from "../../resources/calls.js";
import type { DownloadFlags } from "../commands/download.js";
import { DownloadProgress } from "../render/download-progress.js";
import { progressWanted } from "../render/progress.js";
import { terminalWidth } from "../render/terminal.js";
import { type Runtime, runCommand } from "../runtime.js";
import { EXIT } from "../usage-error.js";
import { activeAppClient } from "./active-app.js";
import { findKnownCall } from "./known-call.js";
import { filterGiven, filterParams } from "./filter-line.js";

const readOnly = () => new ApiError(CLIENT_CODES.readOnly, "read-only mode: writing recordings to disk refused, nothing was fetched (unset --read-only, CCX_READ_ONLY or the profile's readOnly to write)");

/** The calls named by session id, each found as `ccx call` finds it; all of them before any file is fetched. */
async function callsByIds(runtime: Runtime, sessionIds: string[]): Promise<CallRecordings[]> {
  const calls: CallRecordings[] = [];
  for (const sessionId of sessionIds) {
    const found = await findKnownCall(runtime, sessionId);
    if (found.target.readOnly) throw readOnly();
    calls.push({ sessionId: found.call.sessionId, recordings: found.call.recordings ?? [] });
  }
  return calls;
}

/** The calls the filter selects, page after page as the files go. */
async function* callsByFilter(client: AppClient, params: Record<string, string>): AsyncGenerator<CallRecordings> {
  for await (const page of callPages(client, params)) {
    for (const call of page.items) {
      // A list that leaves a call's recordings out: its detail has them.
      const recordings = call.recordings ?? (call.hasRecording === false ? [] : (await getCall(client, call.sessionId)).call.recordings ?? []);
      yield { sessionId: call.sessionId, recordings };
    }
  }
}

function summary(totals: DownloadTotals, dir: string): string {
  const parts = [`${countOf(totals.files, "file")} written (${formatBytes(totals.bytes)})`];
  if (totals.skipped > 0) parts.push(`${totals.skipped} already whole`);
  if (totals.failed > 0) parts.push(`${totals.failed} failed`);
  return `${parts.join(", ")} in ${dir}`;
}

/** `ccx download`: every recording of the calls named or selected, into `<dir>/<sessionId>/<file>`. */
export function runDownload(sessionIds: string[], flags: DownloadFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const filtered = filterGiven(callsDefinition.list!.flags!, flags);
    if (sessionIds.length === 0 && !filtered) throw new ConfigError("name the calls: session ids, or a filter (--query or the filter flags); see ccx download --help");
    if (sessionIds.length > 0 && filtered) throw new ConfigError("give session ids or a filter (--query, the filter flags), not both");
    // The filter is checked before anything is sent; a download wants the calls with recordings.
    const params = filtered ? filterParams(parseCallFilter, callsDefinition.list!.flags!, { ...flags, query: `${flags.query ?? ""} rec:yes` }) : {};
    if (runtime.settings.readOnly) throw readOnly();
    const shown = flags.dir ?? ".";
    const dir = resolve(shown);
    await prepareDir(dir).catch((error: Error) => {
      throw new ConfigError(`${error.message}; nothing was fetched`);
    });

    let calls: Iterable<CallRecordings> | AsyncIterable<CallRecordings>;
    if (filtered) {
      const client = await activeAppClient(runtime);
      if (client.target.readOnly) throw readOnly();
      calls = callsByFilter(client, params);
    } else {
      calls = await callsByIds(runtime, sessionIds);
    }

    const progress = progressWanted(command) ? new DownloadProgress(ioOf(command).err as NodeJS.WriteStream, () => terminalWidth(ioOf(command).err, ioOf(command).env)) : undefined;
    const say = (print: () => void) => (progress ? progress.above(print) : print());
    let empty = 0;
    let totals: DownloadTotals;
    try {
      totals = await downloadCalls(runtime.http, calls, {
        dir,
        hooks: {
          empty: (sessionId) => {
            empty++;
            say(() => runtime.warn(`no recordings: ${sessionId}`));
          },
          start: (file) => progress?.start(file),
          progress: (file) => progress?.progress(file),
          done: (file, outcome) => {
            progress?.finish(file, outcome.failure !== undefined);
            const path = join(shown, file.folder, file.file);
            if (outcome.failure !== undefined) say(() => runtime.warn(`failed: ${path}: ${outcome.failure}`));
            // stdout names each file that is whole, for the next command in a pipe.
            else if (!flags.json) say(() => void runtime.write(`${sanitize(path)}\n`));
          },
        },
      });
    } finally {
      progress?.close();
    }
    if (filtered && empty + totals.files + totals.skipped + totals.failed === 0) runtime.warn("no call with a recording matches the filter");
    if (flags.json) {
      const { files, bytes, skipped, failed, failures } = totals;
      await runtime.write(`${jsonForTerminal({ files, bytes, skipped, failed, failures }, 2)}\n`);
    } else {
      runtime.warn(summary(totals, shown));
    }
    return totals.failed > 0 ? EXIT.failure : EXIT.ok;
  });
}
