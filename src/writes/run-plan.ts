import { limiter } from "../api/limit.js";
import { type PlannedWrite, type WriteContext, type Written, batchOf, executeWrite, writeCall } from "./execute.js";
import type { JournalEntry } from "./journal.js";
import { type TornLine, newestFirst } from "./journal-read.js";

/**
 * The one runner of planned writes, for the command line and the explorer
 * alike: a bulk run's batch resumed from the journal, then each write sent
 * (executeWrite: the read before, the journal's lines, a 429 waited out) at
 * most 4 at a time, or one after another when they must go in order (none
 * after one not done), nothing more started once interrupted. Each front
 * draws what it reports: the command line a progress line, the explorer a notice.
 */

/** Writes sent at once. */
const WRITES_AT_ONCE = 4;

/** A bulk run resumed: what is left to send (each stamped with its batch), and what an earlier run of it did. */
export interface Resumed {
  writes: PlannedWrite[];
  /** Items an earlier run of the same batch did already: not sent again. */
  done: JournalEntry[];
  /** Items whose outcome was unknown in an earlier run: the service may have acted, so they are left to be checked. */
  unknown: JournalEntry[];
}

/** The writes of a bulk run (the same verb, app and items) less those an earlier run of it did or may have done. */
export async function resumeBatch(plans: readonly PlannedWrite[], appId: string, journal: string, onTorn?: TornLine): Promise<Resumed> {
  const batch = plans.length > 1 ? batchOf(plans, appId) : undefined;
  if (!batch) return { writes: [...plans], done: [], unknown: [] };
  const done: JournalEntry[] = [];
  const unknown: JournalEntry[] = [];
  // Read through once for this run's lines alone (the others searched, not parsed): a bulk run's cost, not a write's.
  for await (const e of newestFirst(journal, onTorn, { batch })) {
    if (e.outcome === "done") done.push(e);
    else if (e.outcome === "unknown") unknown.push(e);
  }
  const earlier = new Set([...done, ...unknown].map((e) => e.item));
  return { writes: plans.filter((w) => !earlier.has(w.item.label)).map((w) => ({ ...w, batch })), done, unknown };
}

/** What the front says of the earlier run of a batch: nothing when there was none. */
export function resumedSaid(resumed: Resumed, planned: number): string[] {
  const lines: string[] = [];
  const { done, unknown, writes } = resumed;
  const earlier = new Set([...done, ...unknown].map((e) => e.item)).size;
  if (earlier > 0) lines.push(`${earlier} of ${planned} done by an earlier run of this (journal): ${writes.length === 0 ? "nothing left to do" : `the other ${writes.length} now`}`);
  if (unknown.length > 0) lines.push(`${unknown.length} of them had an unknown outcome and are not sent again: check ${unknown.slice(0, 3).map((e) => e.item).join(", ")}${unknown.length > 3 ? ", …" : ""} (ccx journal)`);
  return lines;
}

export interface RunContext extends WriteContext {
  /** Aborted (ctrl-c, SIGTERM, the explorer quit): nothing more is started; what is under way is finished and journaled. */
  signal?: AbortSignal;
  /** After each write: how many are finished, of how many, and what the last came to. */
  onProgress?(finished: number, total: number, written: Written): void;
}

/** What a run came to: one result a write, in the plan's order (undefined: not sent), and why some were not. */
export interface RunResult {
  results: Array<Written | undefined>;
  /** It was interrupted: the writes not sent (undefined) were never started. */
  interrupted: boolean;
  /** In order, one was not done: those after it were not sent. */
  broken: boolean;
}

/** Sends planned writes: in order or at most 4 at a time, each journaled; stops starting new ones when interrupted. */
export async function runPlan(plans: readonly PlannedWrite[], ctx: RunContext): Promise<RunResult> {
  // In order (a webhook made, then its triggers): one at a time, none after one not done.
  const inOrder = plans.some((w) => w.inOrder === true);
  const limit = limiter(inOrder ? 1 : WRITES_AT_ONCE);
  let broken = false;
  let finished = 0;
  const results = await Promise.all(plans.map((write) => limit(async () => {
    if (ctx.signal?.aborted || broken) return undefined;
    const written = await executeWrite(ctx, write, writeCall(ctx.app, ctx.credentials, write.request));
    if (inOrder && written.outcome !== "done") broken = true;
    ctx.onProgress?.(++finished, plans.length, written);
    return written;
  })));
  return { results, interrupted: ctx.signal?.aborted === true, broken };
}
