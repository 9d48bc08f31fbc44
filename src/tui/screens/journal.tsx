import { Box, Text } from "ink";
import { type ExplorerState, marksHere } from "../../store/explorer-store.js";
import { JOURNAL_SCREEN_ENTRIES } from "../../store/verb-actions.js";
import type { JournalEntry } from "../../writes/journal.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import type { Binding, RouteOf, Screen } from "./types.js";
import { markedRows } from "./verb-keys.js";
import { formatCount } from "../../text/format.js";

/** The entries as kept, newest first: what the rows and their keys act on. */
const entriesOf = (state: ExplorerState) => state.journal?.entries ?? [];
const selectedOf = (state: ExplorerState): JournalEntry | undefined => entriesOf(state)[state.journal?.selected ?? 0];

/** What U can do with an entry, in words; an unknown one, the command that checks it. */
function undoText(e: JournalEntry): string {
  if (e.outcome === "unknown") return `check: ${e.check ?? "read the item back"}`;
  if (e.outcome !== "done") return "—";
  if (e.undoneBy !== undefined) return `undone (${e.undoneBy})`;
  return e.inverse ? "U undoes" : `no: ${e.irreversible ?? "no inverse"}`;
}

/** The entries U acts on: those marked with space, else the selected one. */
function undoing(state: ExplorerState): JournalEntry[] {
  const marked = new Set(marksHere(state).map((m) => m.id));
  if (marked.size > 0) return entriesOf(state).filter((e) => marked.has(String(e.seq)));
  const entry = selectedOf(state);
  return entry ? [entry] : [];
}

const bindings: Binding[] = [
  { keys: ["U"], description: "undo the selected write (or every one marked with space): their inverses, asked first, journaled too", onRows: true,
    footer: (c) => (marksHere(c.state).length > 0 ? `undo ${marksHere(c.state).length} marked` : "undo"),
    disabled: (c) => (undoing(c.state).some((e) => e.inverse) ? undefined : "this entry has no inverse"),
    run: (c) => c.store.getState().askUndo(undoing(c.state)) },
  { keys: [" "], description: "mark the entry (space again unmarks it): U undoes every one marked; esc unmarks them", onRows: true,
    disabled: (c) => (selectedOf(c.state) ? undefined : "no entry selected"),
    run: (c) => {
      const entry = selectedOf(c.state)!;
      c.store.getState().toggleMark(String(entry.seq), entry as unknown as Record<string, unknown>);
      c.cursor.set(c.cursor.index + 1);
    } },
  { keys: ["r"], description: "read the journal again", footer: "refresh", run: (c) => c.store.getState().loadJournal() },
];

/** `:journal`: every write ccx sent (the command line's too), newest first; U undoes one. */
export const journalScreen: Screen<RouteOf<"journal">> = {
  title: "The journal of writes (:journal)",
  legend: [`every write ccx sent from here or from the command line ($XDG_STATE_HOME/ccx/journal.ndjson), newest first (the newest ${formatCount(JOURNAL_SCREEN_ENTRIES)}; ccx journal lists them all): what, to which app, what came of it; U sends the inverse of the selected one`],
  crumb: () => "journal",
  bindings,
  cursor: (state) => ({ index: state.journal?.selected ?? 0, count: entriesOf(state).length }),
  select: (store, _route, index) => store.getState().selectJournalEntry(index),
  awaitingRows: (state) => state.journal?.loading === true && state.journal.entries.length === 0,
  selection: (state) => {
    const entry = selectedOf(state);
    return entry && { id: String(entry.seq), json: entry };
  },
  render: ({ state, height, width, theme }) => {
    const journal = state.journal;
    if (!journal || (journal.loading && journal.entries.length === 0)) return <Text color={theme.muted}>reading the journal…</Text>;
    if (journal.error) return <FailureBox failure={journal.error} theme={theme} />;
    if (journal.entries.length === 0) return <Text color={theme.muted}>no write in the journal yet</Text>;
    const columns: Column<JournalEntry>[] = [
      { header: "#", get: (e) => e.seq, width: 4, align: "right", priority: 9 },
      { header: "write", get: (e) => `${e.undoes ? "undo: " : ""}${e.verb}`, width: 20, priority: 9 },
      { header: "item", get: (e) => e.item, flex: 1, minWidth: 10, priority: 8 },
      { header: "outcome", get: (e) => `${e.outcome}${e.unanswered ? " (no answer)" : ""}${e.code ? ` ${e.code}` : ""}`, width: 20, color: (e, t) => (e.outcome === "done" ? undefined : t.error), priority: 7 },
      { header: "undo", get: (e) => undoText(e), flex: 1, minWidth: 10, priority: 6 },
      { header: "time", get: (e) => e.time.replace("T", " ").slice(0, 19), width: 19, priority: 4 },
      { header: "app", get: (e) => e.app, width: 16, priority: 3 },
    ];
    return (
      <Box flexDirection="column">
        <Rows columns={columns} rows={journal.entries} selected={journal.selected} height={height} width={width} theme={theme} marked={markedRows(state, (e: JournalEntry) => String(e.seq))} />
      </Box>
    );
  },
};
