import type { Command } from "commander";
import { ApiError, CLIENT_CODES } from "../../api/errors.js";
import { jsonForTerminal } from "../../text/json.js";
import { type TableColumn, planTable, tableHeader, tableRows } from "../../text/table.js";
import { type JournalEntry, journalPath, originalOf, readJournal, unsendable } from "../../writes/journal.js";
import { verbNamed } from "../../writes/index.js";
import { ConfigError } from "../../config/config-file.js";
import { runCommand } from "../runtime.js";
import { activeTarget } from "./active-app.js";
import { type WriteFlags, runWrites } from "./write.js";
import type { PlannedWrite } from "../../writes/execute.js";

/** Whether an entry was undone: a later entry says it undoes it. */
const undoneBy = (entries: readonly JournalEntry[], entry: JournalEntry) => entries.find((e) => e.undoes === entry.seq && e.outcome === "done");

/** What `ccx undo` can do with an entry, in words. */
function undoState(entries: readonly JournalEntry[], entry: JournalEntry): string {
  if (entry.outcome !== "done") return "—";
  const by = undoneBy(entries, entry);
  if (by) return `undone (${by.seq})`;
  return entry.inverse ? `ccx undo ${entry.seq}` : `no: ${entry.irreversible ?? "no inverse"}`;
}

/** `ccx journal`: every write sent, newest last; --json one object a line, as kept. */
export function runJournal(flags: { json?: boolean; last?: number }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const path = journalPath(runtime.io.env);
    const all = await readJournal(path);
    const entries = flags.last ? all.slice(-flags.last) : all;
    if (flags.json) return void (await runtime.write(entries.map((e) => `${jsonForTerminal(e)}\n`).join("")));
    if (entries.length === 0) return runtime.warn(`no write in the journal yet (${path})`);
    const columns: Array<TableColumn<JournalEntry>> = [
      { header: "#", get: (e) => e.seq, align: "right", min: 3 },
      { header: "time", get: (e) => e.time.replace("T", " ").slice(0, 19), min: 19 },
      { header: "write", get: (e) => `${e.undoes ? "undo: " : ""}${e.verb}`, min: 10 },
      { header: "item", get: (e) => e.item, min: 8, flex: 1 },
      { header: "app", get: (e) => `${e.app}${e.region ? ` (${e.region})` : ""}`, min: 8 },
      { header: "outcome", get: (e) => `${e.outcome}${e.code ? ` ${e.code}` : ""}`, min: 8 },
      { header: "undo", get: (e) => undoState(all, e), min: 10, flex: 1 },
    ];
    const plan = planTable(columns, entries, { width: runtime.width, color: runtime.color });
    await runtime.write(`${[tableHeader(plan), ...tableRows(plan, entries)].join("\n")}\n`);
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
    check: verb ? `ccx journal --last 3, then: ${verb.check({ label: entry.item, input: { args: {}, flags: {} } }).split(" ")[0]} …` : "ccx journal",
    undoes: entry.seq,
  };
}

/**
 * `ccx undo [<entry>]`: sends the inverse of a journaled write (by default the last one that has one
 * and was not undone), asked like any write, journaled too: its own inverse is the write it undid.
 * `--batch`: the inverses of every write of that entry's run (a bulk), sent as a bulk is.
 */
export function runUndo(seq: number | undefined, flags: WriteFlags & { batch?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const entries = await readJournal(journalPath(runtime.io.env));
    const undoable = (e: JournalEntry) => e.outcome === "done" && e.inverse !== undefined && !undoneBy(entries, e);
    const entry = seq === undefined
      ? [...entries].reverse().find((e) => undoable(e) && (!flags.batch || e.batch !== undefined))
      : entries.find((e) => e.seq === seq);
    if (!entry) throw new ConfigError(seq === undefined ? `nothing in the journal to undo${flags.batch ? " from a run of several" : ""} (ccx journal lists it)` : `no entry ${seq} in the journal (ccx journal lists it)`);
    const app = await activeTarget(runtime);
    if (app?.appId !== entry.app) throw new ConfigError(`entry ${entry.seq} was written to app ${entry.app}${entry.profile ? ` (profile ${entry.profile})` : ""}, not to ${app?.appId ?? "no app"}: choose it with --profile or --app-id`);
    if (flags.batch) {
      if (entry.batch === undefined) throw new ConfigError(`entry ${entry.seq} was a write of one item, not of a run of several: ccx undo ${entry.seq} undoes it`);
      const run = entries.filter((e) => e.batch === entry.batch && undoable(e));
      if (run.length === 0) throw new ConfigError(`nothing of entry ${entry.seq}'s run is left to undo (ccx journal lists it)`);
      const left = entries.filter((e) => e.batch === entry.batch).length - run.length;
      if (left > 0) runtime.warn(`${left} of the run's writes are left out: undone already, not done, or without an inverse (ccx journal)`);
      return runWrites(runtime, run.map(undoOf), flags, false);
    }
    if (entry.outcome !== "done") throw new ConfigError(`entry ${entry.seq} was not done (${entry.outcome}${entry.code ? ` ${entry.code}` : ""}): nothing to undo`);
    const by = undoneBy(entries, entry);
    if (by) throw new ConfigError(`entry ${entry.seq} was undone already, by entry ${by.seq} (ccx undo ${by.seq} does it again)`);
    if (!entry.inverse) throw new ApiError(CLIENT_CODES.badInput, `entry ${entry.seq} (${entry.verb} ${entry.item}) cannot be undone: ${entry.irreversible ?? "it has no inverse"}`);
    return runWrites(runtime, [undoOf(entry)], flags, false);
  });
}
