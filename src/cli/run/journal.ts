import type { Command } from "commander";
import { ApiError, CLIENT_CODES } from "../../api/errors.js";
import type { TableColumn } from "../../text/table.js";
import { type ExportPage, exportPages } from "../render/exporter.js";
import { type JournalEntry, journalAnswer, journalPath, originalOf, unsendable } from "../../writes/journal.js";
import { newestFirst } from "../../writes/journal-read.js";
import { verbNamed } from "../../writes/index.js";
import { ConfigError } from "../../config/config-file.js";
import { type Runtime, runCommand } from "../runtime.js";
import { activeTarget } from "./active-app.js";
import { type WriteFlags, runWrites, tornSaid } from "./write.js";
import type { PlannedWrite } from "../../writes/execute.js";

/** An outcome in words: an unknown one says whether an answer came at all. */
const outcomeText = (e: JournalEntry) => `${e.outcome}${e.unanswered ? " (no answer)" : ""}${e.checked ? " (checked)" : ""}${e.code ? ` ${e.code}` : ""}`;

/** What `ccx undo` can do with an entry, in words; an unknown one, the command that checks it. */
function undoState(entry: JournalEntry): string {
  if (entry.outcome === "unknown") return `check: ${entry.check ?? "read the item back"}`;
  if (entry.outcome !== "done") return "—";
  if (entry.undoneBy !== undefined) return `undone (${entry.undoneBy})`;
  return entry.inverse ? `ccx undo ${entry.seq}` : `no: ${entry.irreversible ?? "no inverse"}`;
}

const COLUMNS: Array<TableColumn<JournalEntry>> = [
  { header: "#", get: (e) => e.seq, align: "right", min: 3 },
  { header: "time", get: (e) => e.time.replace("T", " ").slice(0, 19), min: 19 },
  { header: "write", get: (e) => `${e.undoes ? "undo: " : ""}${e.verb}`, min: 10 },
  { header: "item", get: (e) => e.item, min: 8, flex: 1 },
  { header: "app", get: (e) => `${e.app}${e.region ? ` (${e.region})` : ""}`, min: 8 },
  { header: "outcome", get: outcomeText, min: 8 },
  { header: "undo", get: undoState, min: 10, flex: 1 },
];

/** Entries a page holds: the table is laid out on the first page, and each is written at once. */
const PAGE_ROWS = 100;

/** A screen's worth of rows on a terminal (the header and the shell's prompt left room); all in a pipe. */
function defaultLimit(runtime: Runtime): number {
  const out = runtime.io.out as { isTTY?: boolean; rows?: number };
  return out.isTTY ? Math.max(1, (out.rows ?? 24) - 3) : Infinity;
}

/** The entries, newest first, in pages, up to `limit`; `more()` says whether one was left past it. */
function journalPages(entries: AsyncIterable<JournalEntry>, limit: number) {
  let more = false;
  async function* pages(): AsyncGenerator<ExportPage<JournalEntry>> {
    let page: JournalEntry[] = [];
    let count = 0;
    for await (const entry of entries) {
      if (count >= limit) {
        more = true;
        break;
      }
      count++;
      page.push(entry);
      if (page.length >= PAGE_ROWS) {
        yield { raw: page, items: page };
        page = [];
      }
    }
    if (page.length > 0) yield { raw: page, items: page };
  }
  return { pages: pages(), more: () => more };
}

/**
 * `ccx journal`: the writes sent, newest first, read from the journal's end: `| head` reads only what it
 * prints; --limit N (default: a screen's worth on a terminal, all in a pipe); --json an array, --ndjson
 * one entry a line, as folded (a write's line with its outcome's).
 */
export function runJournal(flags: { json?: boolean; ndjson?: boolean; limit?: number }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const path = journalPath(runtime.io.env);
    const { pages, more } = journalPages(newestFirst(path, tornSaid(runtime)), flags.limit ?? defaultLimit(runtime));
    // Every page up to the limit; nothing masked: the journal keeps what ccx chose to keep of each write.
    const count = await exportPages(pages, { columns: COLUMNS }, { ...flags, all: true, reveal: true }, runtime);
    if (count === 0 && !flags.json && !flags.ndjson) runtime.warn(`no write in the journal yet (${path})`);
    // A screen's worth by default: said, so that the older ones are not taken for none.
    if (more() && flags.limit === undefined) runtime.warn(`the newest ${count}; older ones: ccx journal --limit N, or in a pipe (ccx journal | less)`);
  });
}

/** The write that undoes an entry: its inverse, journaled as undoing it, its own inverse the write it undid. */
function undoOf(entry: JournalEntry): PlannedWrite {
  const verb = verbNamed(entry.verb);
  const original = originalOf(entry);
  return {
    verb: entry.verb,
    item: { label: entry.item, input: { args: {}, flags: {} } },
    request: entry.inverse!,
    inverseOf: () => original,
    irreversible: unsendable(entry),
    check: verb ? `ccx journal --limit 3, then: ${verb.check({ label: entry.item, input: { args: {}, flags: {} } }).split(" ")[0]} …` : "ccx journal",
    undoes: entry.seq,
  };
}

/** Why an entry with an unknown outcome is not undone, and what to do. */
const unknownRefusal = (entry: JournalEntry) =>
  `entry ${entry.seq}'s outcome is unknown (${entry.unanswered ? "no answer was journaled: ccx stopped while it was sent" : `the service answered ${entry.status ?? "nothing"}`}): the service may have acted. `
  + `Check with: ${entry.check ?? "a read of the item"}; if it did, ccx undo ${entry.seq} --checked undoes it`;

/**
 * `ccx undo [<entry>]`: sends the inverse of a journaled write (by default the newest one that has one
 * and was not undone), asked like any write, journaled too: its own inverse is the write it undid.
 * `--batch`: the inverses of every write of that entry's run (a bulk), sent as a bulk is. `--checked`:
 * an entry whose outcome is unknown was checked and found done; it is journaled so, then undone.
 * The journal is read newest first and stops at the entry wanted (a run's undo reads it through).
 */
export function runUndo(seq: number | undefined, flags: WriteFlags & { batch?: boolean; checked?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const path = journalPath(runtime.io.env);
    const undoable = (e: JournalEntry) => e.outcome === "done" && e.inverse !== undefined && e.undoneBy === undefined;
    let entry: JournalEntry | undefined;
    let unknownNewer: JournalEntry | undefined;
    for await (const e of newestFirst(path, tornSaid(runtime))) {
      if (seq !== undefined ? e.seq <= seq : undoable(e) && (!flags.batch || e.batch !== undefined)) {
        entry = e.seq === seq || seq === undefined ? e : undefined;
        break;
      }
      if (seq === undefined && e.outcome === "unknown" && e.inverse) unknownNewer ??= e;
    }
    // A newer write's outcome unknown: it is not what is undone, said so.
    if (unknownNewer) runtime.warn(`entry ${unknownNewer.seq}, newer, is left: ${unknownRefusal(unknownNewer)}`);
    if (!entry) throw new ConfigError(seq === undefined ? `nothing in the journal to undo${flags.batch ? " from a run of several" : ""} (ccx journal lists it)` : `no entry ${seq} in the journal (ccx journal lists it)`);
    const app = await activeTarget(runtime);
    if (app?.appId !== entry.app) throw new ConfigError(`entry ${entry.seq} was written to app ${entry.app}${entry.profile ? ` (profile ${entry.profile})` : ""}, not to ${app?.appId ?? "no app"}: choose it with --profile or --app-id`);
    if (flags.batch) {
      if (entry.batch === undefined) throw new ConfigError(`entry ${entry.seq} was a write of one item, not of a run of several: ccx undo ${entry.seq} undoes it`);
      const all: JournalEntry[] = [];
      // Read whole: the undos of the run's writes are runs of their own, which a read of this run alone would miss.
      for await (const e of newestFirst(path)) if (e.batch === entry.batch) all.push(e);
      const run = all.filter(undoable).reverse();
      if (run.length === 0) throw new ConfigError(`nothing of entry ${entry.seq}'s run is left to undo (ccx journal lists it)`);
      const left = all.length - run.length;
      if (left > 0) runtime.warn(`${left} of the run's writes are left out: undone already, not done, or without an inverse (ccx journal)`);
      return runWrites(runtime, run.map(undoOf), flags, false);
    }
    if (entry.outcome === "unknown" && flags.checked) {
      await journalAnswer(path, entry, { outcome: "done", checked: true });
      entry = { ...entry, outcome: "done", checked: true };
      delete entry.unanswered;
    }
    if (entry.outcome === "unknown") throw new ConfigError(unknownRefusal(entry));
    if (entry.outcome !== "done") throw new ConfigError(`entry ${entry.seq} was not done (${entry.outcome}${entry.code ? ` ${entry.code}` : ""}): nothing to undo`);
    if (entry.undoneBy !== undefined) throw new ConfigError(`entry ${entry.seq} was undone already, by entry ${entry.undoneBy} (ccx undo ${entry.undoneBy} does it again)`);
    if (!entry.inverse) throw new ApiError(CLIENT_CODES.badInput, `entry ${entry.seq} (${entry.verb} ${entry.item}) cannot be undone: ${entry.irreversible ?? "it has no inverse"}`);
    return runWrites(runtime, [undoOf(entry)], flags, false);
  });
}
