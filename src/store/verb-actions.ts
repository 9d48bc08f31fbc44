import type { ManagementTarget } from "../api/apps.js";
import { limiter } from "../api/limit.js";
import { type PlannedWrite, type Written, executeWrite, planned, shownRequest, typedBack, writeCall } from "../writes/execute.js";
import { verbNamed } from "../writes/index.js";
import { type JournalEntry, originalOf, unsendable } from "../writes/journal.js";
import { newestEntries } from "../writes/journal-read.js";
import type { VerbInput } from "../writes/verb.js";
import { type StoreContext, activeApp, currentRoute } from "./context.js";
import { toFailure } from "./failure.js";
import type { VerbForm, VerbPrompt, WriteRequest } from "./types.js";

/**
 * The explorer's writes of definitions (src/writes/): D kicks or deactivates,
 * b bans or unbans, s changes a scope, U undoes a journal entry. Each is
 * refused at once in read-only mode; else the confirm box shows the exact
 * requests, and y sends them as `ccx` does (the GET before each, a 429 waited
 * out and nothing else sent again, each journaled); the view is asked again
 * after, so that its rows show what changed.
 */
export interface VerbActions {
  /** Asks to run a write on what is selected: its words (`member kick`) and its arguments. */
  askVerb(words: string, input: VerbInput, back?: VerbForm): void;
  /** Opens the line for a value the write needs (`+`: uids to add; `e`: a new name), then asks as askVerb. */
  askVerbValue(prompt: VerbPrompt, text?: string): void;
  /** Enter on that line: the value put in, then the write asked. */
  submitVerbValue(prompt: VerbPrompt, text: string): void;
  /** y in its box: sends it. */
  sendVerb(words: string, input: VerbInput, undoes?: readonly number[]): Promise<void>;
  /** :journal: every write sent, newest first. */
  openJournal(): void;
  loadJournal(): void;
  selectJournalEntry(index: number): void;
  /** U on an entry (or the entries marked): asks to send their inverses. */
  askUndo(entries: readonly JournalEntry[]): void;
}

/** Writes sent at once, as on the command line. */
const AT_ONCE = 4;

/** The entries :journal reads, newest first: screenfuls enough to scroll, never the whole of a long journal. */
export const JOURNAL_SCREEN_ENTRIES = 1000;

export function verbActions(ctx: StoreContext, options: { management?: ManagementTarget; journal: string }): VerbActions {
  const refused = (what: string): boolean => {
    if (!activeApp(ctx.get())?.readOnly) return false;
    ctx.get().notify(`read-only mode: ${what} refused, nothing sent`);
    return true;
  };
  const target = () => ctx.clientFor(ctx.get().activeKey).target;
  const credentials = { management: options.management, readOnly: false };
  const setJournal = (patch: Partial<NonNullable<ReturnType<typeof ctx.get>["journal"]>>) =>
    ctx.set({ journal: { entries: [], selected: 0, loading: false, ...ctx.get().journal, ...patch } });

  /** What the box shows: the write, each request (three at most, then a count), and how it is undone. */
  function asked(title: string, writes: readonly PlannedWrite[]): string[] {
    const app = target();
    const shown = writes.slice(0, 3).flatMap((w) => shownRequest(writeCall(app, credentials, w.request), w.request.body, app.region));
    return [...shown, ...(writes.length > 3 ? [`… and ${writes.length - 3} more`] : []), writes[0]?.irreversible ? `it cannot be undone: ${writes[0].irreversible}` : `${title}: journaled, and U in :journal undoes it`];
  }

  /** Sends writes as the command line does, and says what they came to. */
  async function send(writes: readonly PlannedWrite[]): Promise<Written[]> {
    const app = target();
    const limit = limiter(AT_ONCE);
    const context = { http: ctx.http, app, credentials, journal: options.journal, profile: activeApp(ctx.get())?.label };
    return Promise.all(writes.map((w) => limit(() => executeWrite(context, w, writeCall(app, credentials, w.request)))));
  }

  /**
   * The confirm box for writes: the exact requests; one that destroys (or more than 10) is sent only
   * once its id (their count) is typed back, in the line under the box.
   */
  function confirm(title: string, words: string, writes: readonly PlannedWrite[], write: WriteRequest & { kind: "verb" }, destructive: boolean, back?: VerbForm): void {
    const typeBack = typedBack(writes, destructive);
    const prompt = typeBack === undefined ? undefined
      : { kind: "verb" as const, text: "", cursor: 0, verb: { words, input: write.input, into: { typeBack }, label: writes.length === 1 ? `type ${typeBack} to send it (Esc: nothing sent): ` : `type ${typeBack}, how many, to send them (Esc: nothing sent): ` } };
    ctx.set({ ui: { ...ctx.get().ui, prompt, dialog: { kind: "confirm", title, lines: asked(words, writes), write, back } } });
  }

  /** The write that undoes a journal entry: its inverse, journaled as undoing it. */
  const undoOf = (entry: JournalEntry): PlannedWrite => {
    const original = originalOf(entry);
    return { verb: entry.verb, item: { label: entry.item, input: { args: {}, flags: {} } }, request: entry.inverse!, inverseOf: () => original, irreversible: unsendable(entry), check: "ccx journal", undoes: entry.seq };
  };

  return {
    askVerb(words, input, back) {
      if (refused(words)) return;
      const verb = verbNamed(words);
      if (!verb) return ctx.get().notify(`no write named ${words}`);
      let writes: PlannedWrite[];
      try {
        writes = planned(verb, input);
      } catch (error) {
        return ctx.get().notify(toFailure(error).message);
      }
      if (writes.length === 0) return;
      confirm(`${words} ${writes.map((w) => w.item.label).join(", ")}?`, words, writes, { kind: "verb", words, input }, verb.destructive?.(input) ?? false, back);
    },

    askVerbValue(prompt, text = "") {
      if (refused(prompt.words)) return;
      ctx.set({ ui: { ...ctx.get().ui, prompt: { kind: "verb", text, cursor: text.length, verb: prompt } } });
    },

    submitVerbValue({ words, input, into, form }, text) {
      const value = text.trim();
      if ("typeBack" in into) {
        if (value === into.typeBack) return ctx.get().runWrite();
        ctx.get().closeDialog();
        return ctx.get().notify(`not sent: ${value ? `"${value}" is not ${into.typeBack}` : "nothing typed"}`);
      }
      if (form && "flag" in into) return ctx.get().setVerbField(into.flag, value);
      if (!value) return ctx.get().notify(`${words}: nothing typed, nothing sent`);
      const filled: VerbInput = "arg" in into
        ? { ...input, args: { ...input.args, [into.arg]: into.several ? value.split(/\s+/) : value } }
        : { ...input, flags: { ...input.flags, [into.flag]: value } };
      ctx.get().askVerb(words, filled);
    },

    async sendVerb(words, input, undoes) {
      const verb = verbNamed(words);
      const entries = (undoes ?? []).map((seq) => ctx.get().journal?.entries.find((e) => e.seq === seq)).filter((e): e is JournalEntry => e?.inverse !== undefined);
      let writes: PlannedWrite[];
      if (undoes) writes = entries.map(undoOf);
      else if (verb) writes = planned(verb, input);
      else return;
      try {
        const results = await send(writes);
        const done = results.filter((r) => r.outcome === "done");
        const failed = results.find((r) => r.outcome !== "done");
        ctx.get().notify(failed
          ? `${failed.outcome} ${failed.item}: ${failed.code ?? ""} ${failed.message ?? ""}`.trim()
          : `${undoes ? "undone" : "done"}: ${words} ${done.map((r) => r.item).join(", ")} (journal ${done.map((r) => r.journal).join(", ")})`);
      } catch (error) {
        const failure = toFailure(error);
        ctx.get().notify(`${failure.code}: ${failure.message}`);
        ctx.get().setLastError(failure);
      }
      // What the view shows, asked again: the row kicked gone, the scope changed; the marks done with.
      ctx.get().clearMarks();
      if (currentRoute(ctx.get()).view === "journal") ctx.get().loadJournal();
      else ctx.get().refresh();
    },

    openJournal() {
      ctx.get().navigate({ view: "journal" });
      ctx.get().loadJournal();
    },

    loadJournal() {
      setJournal({ loading: true });
      // Read from the journal's end: the newest screenfuls, however long it is (ccx journal lists it all).
      let torn = 0;
      newestEntries(options.journal, JOURNAL_SCREEN_ENTRIES, () => torn++).then(
        (entries) => {
          setJournal({ loading: false, entries, error: undefined });
          if (torn > 0) ctx.get().notify(`${torn} line${torn === 1 ? "" : "s"} of the journal skipped: not a whole entry (cut short by a crash?)`);
        },
        (error: unknown) => setJournal({ loading: false, error: toFailure(error) }),
      );
    },

    selectJournalEntry(index) {
      const entries = ctx.get().journal?.entries ?? [];
      setJournal({ selected: Math.max(0, Math.min(index, entries.length - 1)) });
    },

    askUndo(entries) {
      if (refused("undoing")) return;
      for (const entry of entries) {
        if (entry.outcome === "unknown") return ctx.get().notify(`entry ${entry.seq}'s outcome is unknown: the service may have acted. Check with: ${entry.check ?? "a read of the item"}; if it did, ccx undo ${entry.seq} --checked undoes it`);
        if (entry.outcome !== "done") return ctx.get().notify(`entry ${entry.seq} was not done (${entry.outcome}): nothing to undo`);
        if (entry.undoneBy !== undefined) return ctx.get().notify(`entry ${entry.seq} was undone already, by entry ${entry.undoneBy}`);
        if (!entry.inverse) return ctx.get().notify(`entry ${entry.seq} cannot be undone: ${entry.irreversible ?? "it has no inverse"}`);
        if (entry.app !== target().appId) return ctx.get().notify(`entry ${entry.seq} was written to app ${entry.app}: switch to it first (ctrl-p)`);
      }
      const [first] = entries;
      if (!first) return;
      const seqs = entries.map((e) => e.seq);
      const title = entries.length === 1 ? `undo ${first.seq}: ${first.verb} ${first.item}?` : `undo ${seqs.join(", ")}: ${[...new Set(entries.map((e) => e.verb))].join(", ")} ${entries.map((e) => e.item).join(", ")}?`;
      const writes = entries.map(undoOf);
      confirm(title, `undo ${seqs.join(", ")}`, writes, { kind: "verb", words: first.verb, input: { args: {}, flags: {} }, undoes: seqs }, false);
    },

  };
}
