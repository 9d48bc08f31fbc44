import type { ManagementTarget } from "../api/apps.js";
import { type PlannedWrite, planned, shownRequest, typedBack, writeCall } from "../writes/execute.js";
import { verbNamed } from "../writes/index.js";
import { type JournalEntry, originalOf, unsendable } from "../writes/journal.js";
import { newestEntries } from "../writes/journal-read.js";
import { resumeBatch, resumedSaid, runPlan } from "../writes/run-plan.js";
import type { VerbInput } from "../writes/verb.js";
import { type StoreContext, activeApp, currentRoute } from "./context.js";
import { toFailure } from "./failure.js";
import { viewAfterWrite } from "./tables.js";
import type { VerbForm, VerbPrompt, WriteRequest } from "./types.js";

/**
 * The explorer's writes of definitions (src/writes/): D kicks or deactivates,
 * b bans or unbans, s changes a scope, U undoes a journal entry. Each is
 * refused at once in read-only mode; else the confirm box shows the exact
 * requests (a bulk run's earlier run's items left out, as `ccx` does), keeps
 * them, and y sends those by the runner `ccx` uses (src/writes/run-plan.ts);
 * the view is asked again after, so that its rows show what changed.
 */
export interface VerbActions {
  /** Asks to run a write on what is selected: its words (`member kick`) and its arguments. */
  askVerb(words: string, input: VerbInput, back?: VerbForm): void;
  /** Opens the line for a value the write needs (`+`: uids to add; `e`: a new name), then asks as askVerb. */
  askVerbValue(prompt: VerbPrompt, text?: string): void;
  /** Enter on that line: the value put in, then the write asked. */
  submitVerbValue(prompt: VerbPrompt, text: string): void;
  /** y in its box: sends the writes it showed. */
  sendVerb(write: WriteRequest & { kind: "verb" }): Promise<void>;
  /** :journal: every write sent, newest first. */
  openJournal(): void;
  loadJournal(): void;
  selectJournalEntry(index: number): void;
  /** U on an entry (or the entries marked): asks to send their inverses. */
  askUndo(entries: readonly JournalEntry[]): void;
  /**
   * The explorer quits: no write not yet started is sent; resolves once those under way are answered
   * and journaled (the process waits for it before it exits).
   */
  stopWrites(): Promise<void>;
}

/** The entries :journal reads, newest first: screenfuls enough to scroll, never the whole of a long journal. */
export const JOURNAL_SCREEN_ENTRIES = 1000;

/** What a write uses of the others: its box and its form, and the marks it acts on. */
interface VerbNeeds {
  runWrite(): void;
  closeDialog(): void;
  setVerbField(flag: string, value: string): void;
  clearMarks(): void;
}

export function verbActions(ctx: StoreContext<VerbNeeds & VerbActions>, options: { management?: ManagementTarget; journal: string }): VerbActions {
  const refused = (what: string): boolean => {
    if (!activeApp(ctx.get())?.readOnly) return false;
    ctx.get().notify(`read-only mode: ${what} refused, nothing sent`);
    return true;
  };
  const target = () => ctx.clientFor(ctx.get().activeKey).target;
  const credentials = { management: options.management, readOnly: false };
  const { journal } = options;
  const quitting = new AbortController();
  /** The runs under way, for quitting to wait for. */
  const running = new Set<Promise<unknown>>();
  const setJournal = (patch: Partial<NonNullable<ReturnType<typeof ctx.get>["journal"]>>) =>
    ctx.set({ journal: { entries: [], selected: 0, loading: false, ...ctx.get().journal, ...patch } });

  /** What the box shows: the write, each request (three at most, then a count), and how it is undone. */
  function asked(title: string, writes: readonly PlannedWrite[]): string[] {
    const app = target();
    const shown = writes.slice(0, 3).flatMap((w) => shownRequest(writeCall(app, credentials, w.request), w.request.body, app.region, w.request.files));
    return [...shown, ...(writes.length > 3 ? [`… and ${writes.length - 3} more`] : []), writes[0]?.irreversible ? `it cannot be undone: ${writes[0].irreversible}` : `${title}: journaled, and U in :journal undoes it`];
  }

  /**
   * The confirm box for writes: the exact requests, kept to be sent as they are; one that destroys (or
   * more than 10) is sent only once its id (their count) is typed back, in the line under the box. A bulk
   * run asked again leaves out what an earlier run of it did (the journal), and says so.
   */
  async function confirm(title: (writes: readonly PlannedWrite[]) => string, words: string, plans: readonly PlannedWrite[], destructive: boolean, options: { input: VerbInput; back?: VerbForm; /** The verb undone, when they undo journal entries. */ undoing?: string }): Promise<void> {
    const resumed = await resumeBatch(plans, target().appId, journal);
    const { writes } = resumed;
    const earlier = resumedSaid(resumed, plans.length);
    if (writes.length === 0) return ctx.get().notify(earlier.join("; "));
    const typeBack = typedBack(writes, destructive);
    const prompt = typeBack === undefined ? undefined
      : { kind: "verb" as const, text: "", cursor: 0, verb: { words, input: options.input, into: { typeBack }, label: writes.length === 1 ? `type ${typeBack} to send it (Esc: nothing sent): ` : `type ${typeBack}, how many, to send them (Esc: nothing sent): ` } };
    const write = options.undoing === undefined ? { kind: "verb" as const, words, writes } : { kind: "verb" as const, words: options.undoing, writes, undo: true as const };
    ctx.set({ ui: { ...ctx.get().ui, prompt, dialog: { kind: "confirm", title: title(writes), lines: [...earlier, ...asked(words, writes)], write, back: options.back } } });
  }

  /** Failures said, not thrown: the box is asked from a key. */
  const confirmed = (asking: Promise<void>) => asking.catch((error: unknown) => {
    const failure = toFailure(error);
    ctx.get().notify(`${failure.code}: ${failure.message}`);
    ctx.get().setLastError(failure);
  });

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
      void confirmed(confirm((left) => `${words} ${left.map((w) => w.item.label).join(", ")}?`, words, writes, verb.destructive?.(input) ?? false, { input, back }));
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

    async sendVerb({ words, writes, undo }) {
      const total = writes.length;
      const appKey = ctx.get().activeKey;
      try {
        const run = runPlan(writes, {
          http: ctx.http, app: target(), credentials, journal, profile: activeApp(ctx.get())?.label, signal: quitting.signal,
          onProgress: (finished) => { if (finished < total) ctx.get().notify(`${words}: ${finished} of ${total}…`); },
        });
        running.add(run);
        const { results, broken } = await run.finally(() => running.delete(run));
        // Where the service may have acted, what the app's other screens hold is of before: asked again when shown.
        if (results.some((r) => r !== undefined && r.outcome !== "refused")) ctx.updateView(appKey, viewAfterWrite);
        const done = results.filter((r) => r?.outcome === "done");
        const failed = results.find((r) => r !== undefined && r.outcome !== "done");
        const unsent = results.filter((r) => r === undefined).length;
        const journaled = `(journal ${done.map((r) => r!.journal).join(", ")})`;
        ctx.get().notify(failed
          ? `${failed.outcome} ${failed.item}: ${failed.code ?? ""} ${failed.message ?? ""}${broken && unsent > 0 ? `; ${unsent} after it not sent` : ""}`.trim()
          : done.length === 1 && done[0]!.said ? `${done[0]!.said} ${journaled}`
          : `${undo ? "undone" : "done"}: ${words} ${done.map((r) => r!.item).join(", ")} ${journaled}`);
        // A secret its answer gave (an auth token): in a box of its own, once; nowhere else (not the notice, the log).
        const secret = done.find((r) => r?.secret)?.secret;
        if (secret) ctx.set({ ui: { ...ctx.get().ui, dialog: { kind: "secret", title: secret.title, lines: ["shown once: ccx keeps no copy · y copies it · esc closes"], value: secret.value } } });
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
      newestEntries(journal, JOURNAL_SCREEN_ENTRIES, () => torn++).then(
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
      void confirmed(confirm(() => title, `undo ${seqs.join(", ")}`, entries.map(undoOf), false, { input: { args: {}, flags: {} }, undoing: first.verb }));
    },

    async stopWrites() {
      quitting.abort();
      await Promise.allSettled([...running]);
    },
  };
}
