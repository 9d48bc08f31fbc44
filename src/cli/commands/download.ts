import type { Command } from "commander";
import { calls } from "../../resources/calls.js";
import { type ListFlags, addDerivedSyntaxHelp, addFilterFlags } from "../list-command.js";

export interface DownloadFlags extends ListFlags {
  dir?: string;
}

/** `ccx download`: the recordings of calls named by session id, or selected by a filter, into files. */
export function registerDownload(program: Command): void {
  const download = program
    .command("download")
    .description("download every recording of the calls named (session ids) or selected (--query, the filter flags) to <dir>/<sessionId>/<file>; a write to disk, refused in read-only mode")
    .argument("[sessionId...]", "the calls' session ids (found as ccx call finds them)")
    .option("--dir <dir>", "the directory to write into, made if need be (default: the current one)");
  addFilterFlags(download, calls.list!.flags!)
    .option("-q, --query <filter>", "select the calls in the filter syntax (rec:yes is implied; see below)")
    .option("--json", "print {files, bytes, skipped, failed, failures} as one JSON object")
    .addHelpText("after", [
      "",
      "Four files at a time. Each is named by its URL's last path segment (else",
      "<rid>.mp4, else recording-<n>.mp4), made safe, and written to .<file>.part,",
      "renamed once it has the size the server announced. A .part file left by a cut",
      "is resumed (Range); a file already whole (the server's size, by HEAD) is",
      "skipped. Recording URLs must be HTTPS; redirects are not followed; the API key",
      "is never sent to them.",
      "stdout: the path of each whole file (--json: the totals). Exit 0 when every",
      "file is whole, 1 when one failed (the others still go on), 2 when <dir> cannot",
      "be written (nothing is fetched then).",
    ].join("\n"));
  addDerivedSyntaxHelp(download, calls, "GET /calls")
    .action(async (sessionIds: string[], flags: DownloadFlags, command: Command) => {
      const { runDownload } = await import("../run/download.js");
      await runDownload(sessionIds, flags, command);
    });
}
