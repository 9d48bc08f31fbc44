import type { Command } from "commander";
import { listCalls } from "../../api/calls.js";
import type { AppClient } from "../../api/client.js";
import type { Call } from "../../api/schemas.js";
import { parseCallFilter } from "../../query/index.js";
import { ConfigError } from "../../config/config-file.js";
import { jsonForTerminal } from "../../text/json.js";
import { type TableColumn, type TableLayout, planTable, tableHeader, tableRows } from "../../text/table.js";
import { calls } from "../../resources/calls.js";
import { tableColumns } from "../render/resource-table.js";
import type { ListFlags } from "../list-command.js";
import { type Runtime, runCommand } from "../runtime.js";
import { activeAppClient } from "./active-app.js";
import { filterParams } from "./filter-line.js";

/**
 * `ccx calls --watch`: the newest page of calls asked again every interval
 * (one request at a time; at least 2 s apart, 5 s by default), and what
 * changed printed as it comes: a table of changes for people, or with
 * `--ndjson` one `{"event": "new"|"changed", "call": {…}}` a line, until
 * interrupted. A 429 doubles the wait (up to a minute), halving back on clean
 * answers. Memory stays bounded: the calls remembered are the last pages'.
 */

export const WATCH = { defaultSeconds: 5, floorSeconds: 2, slowestMs: 60_000 };

/** Calls remembered between answers, newest kept: a page is at most 1,000, so this spans several. */
const REMEMBERED = 5_000;

interface Change {
  event: "new" | "changed";
  call: Call;
  was?: string;
  at: number;
}

const changeColumns: TableColumn<Change>[] = [
  { header: "at", get: (c) => new Date(c.at).toISOString().slice(11, 19), min: 8 },
  { header: "event", get: (c) => (c.event === "changed" && c.was ? `${c.was} →` : c.event), min: 7, max: 14 },
  ...tableColumns(calls).map((column) => ({ ...column, get: (c: Change) => column.get(c.call) })),
];

const keyOf = (call: Call) => calls.live!(call);

export function runWatch(flags: ListFlags & { interval?: number }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    if (flags.json || flags.all) throw new ConfigError("--watch streams the newest page's changes: use --ndjson (or the table), not --json or --all");
    const params = filterParams(parseCallFilter, calls.list!.flags!, flags);
    // The list's paging flags, as the list's own command takes them (per: and page: in the line win).
    if (flags.perPage !== undefined) params.perPage ??= String(flags.perPage);
    if (flags.page !== undefined) params.page ??= String(flags.page);
    const client = await activeAppClient(runtime);
    return watch(client, params, flags, runtime);
  });
}

async function watch(client: AppClient, params: Record<string, string>, flags: ListFlags & { interval?: number }, runtime: Runtime): Promise<number> {
  const intervalMs = (flags.interval ?? WATCH.defaultSeconds) * 1000;
  const controller = new AbortController();
  let stopped = false;
  const stop = () => {
    stopped = true;
    controller.abort();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // A 429 met on the way, even one the transport retried into an answer, slows the watch.
  let limited = false;
  const unsubscribe = client.http.onEvent((e) => {
    if (e.phase === "end" && e.status === 429) limited = true;
  });
  const known = new Map<string, string>();
  let plan: TableLayout<Change> | undefined;
  let slowedMs: number | undefined;
  const color = runtime.color;
  try {
    while (!stopped) {
      limited = false;
      try {
        const { items: calls, raw } = await listCalls(client, { perPage: 50, ...params, page: params.page ?? "1" }, controller.signal);
        const changes = diff(known, calls);
        if (flags.ndjson) {
          const lines = changes.map((c) => jsonForTerminal({ event: c.event, call: raw[calls.indexOf(c.call)] }));
          if (lines.length > 0) await runtime.write(`${lines.join("\n")}\n`);
        } else if (changes.length > 0) {
          const header = plan === undefined;
          plan ??= planTable(changeColumns, changes, { width: runtime.width, color });
          await runtime.write(`${[...(header ? [tableHeader(plan)] : []), ...tableRows(plan, changes)].join("\n")}\n`);
        }
      } catch (error) {
        if (stopped) break;
        // The watch goes on: a failure is said and the next request comes at its time.
        runtime.warn(`watch: ${(error as Error).message}`);
      }
      const before = slowedMs;
      slowedMs = limited ? Math.min(WATCH.slowestMs, 2 * Math.max(slowedMs ?? 0, intervalMs)) : slowedMs !== undefined && slowedMs / 2 > intervalMs ? slowedMs / 2 : undefined;
      if (slowedMs !== before && slowedMs !== undefined) runtime.warn(`watch: the service asked to slow down (429): every ${Math.round(slowedMs / 1000)} s`);
      await pause(slowedMs ?? intervalMs, controller.signal);
    }
  } finally {
    unsubscribe();
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
  // Interrupted is how a watch ends: as a shell reports ctrl-c.
  return 130;
}

/** The calls new or changed since the last answer; `known` remembers the newest REMEMBERED. */
function diff(known: Map<string, string>, calls: readonly Call[]): Change[] {
  const at = Date.now();
  const changes: Change[] = [];
  for (const call of calls) {
    const was = known.get(call.sessionId);
    const now = keyOf(call);
    if (was === undefined) changes.push({ event: "new", call, at });
    else if (was !== now) changes.push({ event: "changed", call, was: was.split("|")[0], at });
    // Re-inserted: a Map keeps insertion order, so the oldest seen go first.
    known.delete(call.sessionId);
    known.set(call.sessionId, now);
  }
  for (const id of known.keys()) {
    if (known.size <= REMEMBERED) break;
    known.delete(id);
  }
  return changes;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
