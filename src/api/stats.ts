/**
 * Call analytics (docs/commands.md `ccx stats`, docs/service.md "Analytics"): one pass
 * over the pages of GET /calls, one page held at a time. What is kept grows
 * with what is counted (keys, days, users), plus each call's duration in a
 * typed array for exact percentiles: 8 bytes a call, 800 kB for 100,000. The
 * service's own GET /stats metrics come beside, where it answers. Used alike by
 * `ccx stats` and the explorer's `:stats`.
 */
import * as v from "valibot";
import { formatCallFilter } from "../query/calls.js";
import type { AppClient, Query } from "./client.js";
import { isApiError } from "./errors.js";
import { type Page, pagesByNumberAhead, trustedTotal } from "./paging.js";
import { CALL_FIELDS, answer, lenientPaging, listOf, num, oddFields, opt, tolerantObject, unixMs } from "./schemas.js";

const DAY = 86_400;
/** 9999-12-31T23:59:59Z: later (or negative) times have no YYYY-MM-DD day. */
const LAST_DATED = 253_402_300_799;
const TOP_USERS = 10;
/** The window when the filter names no time: the calls started in the last 30 days. */
const DEFAULT_DAYS = 30;
/**
 * Calls asked for a page: 500, half the most GET /calls gives. Measured over
 * 100,000 calls: with 1,000 a page (two pages alive, one read while the next
 * comes), V8 grew its young generation to the full 16 MB and ccx peaked at
 * 134–150 MB RSS against a budget of 150; with 500, 115–120 MB, and as fast
 * (200 requests: within even the free plan's 500 a minute).
 */
export const STATS_PER_PAGE = 500;

/**
 * Participants as the full reader accepts them (each an object with a string
 * uid: it fails an entry for nothing else), without copying each entry: over
 * 100,000 calls, the copies were most of what the garbage collector had to do.
 */
const participantUids = v.pipe(
  v.array(v.unknown()),
  v.check((entries) => entries.every((p) => p !== null && typeof p === "object" && typeof (p as { uid?: unknown }).uid === "string"), "Expected participants with a uid"),
  v.transform((entries) => entries as Array<{ uid: string }>),
);

/**
 * The fields stats counts, each read by the calls list's own schema (CALL_FIELDS): a
 * field ccx cannot read is odd here as it is in `ccx calls`.
 */
const COUNTED = {
  totalDurationInMinutes: CALL_FIELDS.totalDurationInMinutes,
  status: CALL_FIELDS.status,
  type: CALL_FIELDS.type,
  mode: CALL_FIELDS.mode,
  receiverType: CALL_FIELDS.receiverType,
  initiator: CALL_FIELDS.initiator,
  receiver: CALL_FIELDS.receiver,
  participants: opt(participantUids),
  hasRecording: CALL_FIELDS.hasRecording,
  startedAt: CALL_FIELDS.startedAt,
  initiatedAt: CALL_FIELDS.initiatedAt,
  endedAt: CALL_FIELDS.endedAt,
};
/** A call with one of these in a form ccx cannot read counts in `unreadable`. */
const READ_FIELDS = Object.keys(COUNTED);

/**
 * A page of GET /calls as stats reads it: only the counted fields, a fraction of
 * the full reader's work (over 100,000 calls, reading is most of ccx's time).
 */
export const statsPageSchema = v.looseObject({
  data: listOf(tolerantObject("sessionId", { sessionId: CALL_FIELDS.sessionId, ...COUNTED })),
  meta: opt(v.looseObject({ pagination: lenientPaging })),
});
export type StatsCall = v.InferOutput<typeof statsPageSchema>["data"][number];

export interface DayStats {
  /** YYYY-MM-DD, UTC, of startedAt (initiatedAt when it has none). */
  day: string;
  calls: number;
  minutes: number;
}

export interface UserStats {
  uid: string;
  calls: number;
  minutes: number;
}

export interface CallStats {
  calls: number;
  /** The sum of totalDurationInMinutes as sent; a missing or unreadable one counts as 0. */
  minutes: number;
  byStatus: Record<string, number>;
  byType: Record<string, number>;
  byMode: Record<string, number>;
  byReceiverType: Record<string, number>;
  byDay: DayStats[];
  /** Top users by calls (ties: more minutes, then uid). */
  topUsers: UserStats[];
  /** Top users by minutes (ties: more calls, then uid). */
  topUsersByMinutes: UserStats[];
  /** How long a call lasted (endedAt − startedAt, in minutes), nearest rank over the calls with both times; null when none has. */
  duration: { median: number | null; p95: number | null };
  /** Calls with hasRecording true, over all calls; null when there are none. */
  recordingShare: number | null;
  /** Calls with a field stats reads in a form ccx could not read (counted as 0 minutes, "unknown", or left out). */
  unreadable: number;
  /** Calls with no day in byDay: neither startedAt nor initiatedAt, or a time no date can write. */
  undated: number;
}

/**
 * GET /stats as read: the metrics (numbers sent as strings read as numbers) and the range they cover
 * (milliseconds, however sent), or the code it failed with.
 */
export type ServiceMetrics = {
  metrics: Partial<Record<(typeof METRIC_NAMES)[number], number>> & Record<string, unknown>;
  time_range?: { fromDate?: number; toDate?: number };
} | { error: string };

/** What `ccx stats --json` prints and the report draws: the figures, the window, the service's metrics. */
export interface StatsReport extends CallStats {
  /** The window's bounds on startedAt, ISO (UTC); null where the filter sets none. */
  from: string | null;
  to: string | null;
  service: ServiceMetrics;
}

/**
 * The nearest-rank percentile of sorted values: the value at rank ⌈p·n/100⌉
 * (1-based), so the median of an even count is the lower middle value. The
 * same as jq's `sort | .[(p*length/100 | ceil) - 1]`.
 */
export function nearestRank(sorted: ArrayLike<number>, percent: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil((percent * sorted.length) / 100)) - 1]!;
}

/** Counts by key, largest first (ties by key), as a plain object. */
function countsOf(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)));
}

function topBy(users: Map<string, { calls: number; minutes: number }>, first: "calls" | "minutes"): UserStats[] {
  const second = first === "calls" ? "minutes" : "calls";
  return [...users]
    .map(([uid, u]) => ({ uid, calls: u.calls, minutes: u.minutes }))
    .sort((a, b) => b[first] - a[first] || b[second] - a[second] || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0))
    .slice(0, TOP_USERS);
}

const bump = (counts: Map<string, number>, key: string | undefined) => {
  const name = key ?? "unknown";
  counts.set(name, (counts.get(name) ?? 0) + 1);
};

/** The users in a call, each once: the initiator, a user receiver, the participants (the calls `uid=` selects). */
export function usersIn(call: StatsCall): Set<string> {
  const uids = new Set<string>();
  if (call.initiator !== undefined) uids.add(call.initiator);
  if (call.receiverType === "user" && call.receiver !== undefined) uids.add(call.receiver);
  for (const p of call.participants ?? []) uids.add(p.uid);
  return uids;
}

/** The aggregate of calls added one at a time. */
class CallStatsAccumulator {
  private calls = 0;
  private minutes = 0;
  private recorded = 0;
  private unreadable = 0;
  private undated = 0;
  private readonly byStatus = new Map<string, number>();
  private readonly byType = new Map<string, number>();
  private readonly byMode = new Map<string, number>();
  private readonly byReceiverType = new Map<string, number>();
  /** By UTC day number (seconds / 86,400). */
  private readonly days = new Map<number, { calls: number; minutes: number }>();
  private readonly users = new Map<string, { calls: number; minutes: number }>();
  private durations = new Float64Array(1024);
  private durationCount = 0;

  add(call: StatsCall): void {
    const odd = oddFields(call);
    if (odd && READ_FIELDS.some((field) => Object.hasOwn(odd, field))) this.unreadable++;
    const minutes = call.totalDurationInMinutes ?? 0;
    this.calls++;
    this.minutes += minutes;
    // A call's duration is how long it lasted, from its start to its end: the service's total is the
    // participants' minutes summed (docs/service.md, Calls). Calls still going on, or without both times, have none.
    const start = call.startedAt ?? call.initiatedAt;
    if (start !== undefined && call.endedAt !== undefined && call.endedAt >= start) this.keepDuration((call.endedAt - start) / 60);
    if (call.hasRecording === true) this.recorded++;
    bump(this.byStatus, call.status);
    bump(this.byType, call.type);
    bump(this.byMode, call.mode);
    bump(this.byReceiverType, call.receiverType);
    const at = call.startedAt ?? call.initiatedAt;
    if (at === undefined || at < 0 || at > LAST_DATED) this.undated++;
    else {
      const day = Math.floor(at / DAY);
      const entry = this.days.get(day) ?? { calls: 0, minutes: 0 };
      entry.calls++;
      entry.minutes += minutes;
      this.days.set(day, entry);
    }
    for (const uid of usersIn(call)) {
      const entry = this.users.get(uid) ?? { calls: 0, minutes: 0 };
      entry.calls++;
      entry.minutes += minutes;
      this.users.set(uid, entry);
    }
  }

  private keepDuration(value: number): void {
    if (this.durationCount === this.durations.length) {
      const grown = new Float64Array(this.durations.length * 2);
      grown.set(this.durations);
      this.durations = grown;
    }
    this.durations[this.durationCount++] = value;
  }

  result(): CallStats {
    const sorted = this.durations.slice(0, this.durationCount).sort();
    return {
      calls: this.calls,
      minutes: this.minutes,
      byStatus: countsOf(this.byStatus),
      byType: countsOf(this.byType),
      byMode: countsOf(this.byMode),
      byReceiverType: countsOf(this.byReceiverType),
      byDay: [...this.days]
        .sort(([a], [b]) => a - b)
        .map(([day, d]) => ({ day: new Date(day * DAY * 1000).toISOString().slice(0, 10), calls: d.calls, minutes: d.minutes })),
      topUsers: topBy(this.users, "calls"),
      topUsersByMinutes: topBy(this.users, "minutes"),
      duration: { median: nearestRank(sorted, 50), p95: nearestRank(sorted, 95) },
      recordingShare: this.calls === 0 ? null : this.recorded / this.calls,
      unreadable: this.unreadable,
      undated: this.undated,
    };
  }
}

export interface StatsProgress {
  calls: number;
  /** The calls the filter selects, when the service said (meta.pagination.total). */
  total?: number;
}

/** Every call of every page, in one pass; `onPage` hears after each page how far it got. */
export async function aggregateCalls(pages: AsyncIterable<Page<StatsCall>>, onPage?: (progress: StatsProgress) => void): Promise<CallStats> {
  const stats = new CallStatsAccumulator();
  let calls = 0;
  // Not for await: its variable would hold the page done with while the next is read (with
  // pagesByNumberAhead's own letting go, 7 MB less peak RSS over 100,000 calls).
  const iterator = pages[Symbol.asyncIterator]();
  let step: IteratorResult<Page<StatsCall>> | undefined;
  try {
    while (!(step = await iterator.next()).done) {
      for (const call of step.value.items) stats.add(call);
      calls += step.value.items.length;
      onPage?.({ calls, total: trustedTotal(step.value.pagination?.total, calls) });
      step = undefined;
    }
  } finally {
    // Left half way (onPage threw): the walk is ended, as for await would.
    if (step && !step.done) await iterator.return?.(undefined);
  }
  return stats.result();
}

/** The query stats sends, and the window on startedAt it covers (UNIX seconds). */
export interface StatsWindow {
  query: Query;
  /** The filter as people read it: the filter line, the default window said as such. */
  line: string;
  from?: number;
  to?: number;
}

const TIME_BOUND = /^(startedAt|endedAt)(\[|$)/;

/**
 * The calls filter's parameters as stats sends them: every filter kept; with no
 * started: or ended: bound, the calls started in the last DEFAULT_DAYS (a bound
 * of the user's wins, an end time too: it chose its window). `per:` and `page:`
 * are the list's paging, not filters: stats reads every page, STATS_PER_PAGE at a time.
 */
export function statsWindow(params: Record<string, string>, now: number): StatsWindow {
  const { page: _page, perPage: _perPage, ...filters } = params;
  const defaulted = !Object.keys(filters).some((name) => TIME_BOUND.test(name));
  if (defaulted) filters.startedAt = String(now - DEFAULT_DAYS * DAY);
  const bound = (name: string, shift = 0) => (filters[name] === undefined ? undefined : Number(filters[name]) + shift);
  return {
    query: { ...filters, perPage: STATS_PER_PAGE },
    line: `${formatCallFilter(filters)}${defaulted ? ` (the last ${DEFAULT_DAYS} days, the default)` : ""}`,
    from: bound("startedAt") ?? bound("startedAt[gt]", 1),
    to: bound("startedAt[lte]") ?? bound("startedAt[lt]", -1),
  };
}

const METRIC_NAMES = ["audio_minutes", "video_minutes", "recorded_minutes", "active_users", "concurrent_users"] as const;
/** A metric in a form ccx cannot read is left out (shown as missing), never sinking the rest. */
const metric = v.fallback(opt(num), undefined);

const serviceStatsSchema = answer(v.looseObject({
  data: v.looseObject({
    metrics: v.fallback(opt(v.looseObject(Object.fromEntries(METRIC_NAMES.map((name) => [name, metric])) as Record<(typeof METRIC_NAMES)[number], typeof metric>)), undefined),
    time_range: v.fallback(opt(v.looseObject({ fromDate: v.fallback(opt(unixMs), undefined), toDate: v.fallback(opt(unixMs), undefined) })), undefined),
  }),
}));

/**
 * The service's GET /stats over [from, to] seconds, on the chat host, where the
 * export puts it (docs/service.md, Analytics), asked in milliseconds as its
 * example answers; any failure (not served: 404 ERR_API_NOT_FOUND) is its code,
 * for the report to say, except a cancel, which ends the run.
 */
export async function serviceMetrics(client: AppClient, from: number, to: number, signal?: AbortSignal): Promise<ServiceMetrics> {
  try {
    const { value } = await client.get("chat", "/stats", { fromDate: from * 1000, toDate: to * 1000 }, serviceStatsSchema, signal);
    const { metrics = {}, time_range } = value.data;
    return { metrics: Object.fromEntries(Object.entries(metrics).filter(([, n]) => n !== undefined)), ...(time_range !== undefined ? { time_range } : {}) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { error: isApiError(error) ? error.code : "CCX_ERROR" };
  }
}

/** UNIX seconds as an ISO date-time, UTC, to the second. */
export const isoSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * The one walk over the calls a query selects (`ccx stats`, `ccx health`): pages by number, as the
 * calls list walks them (paging-styles.ts), the next asked while this one is read, each read by the
 * stats' reader (only the fields counted).
 */
export function callPages(client: AppClient, query: Query, signal?: AbortSignal): AsyncGenerator<Page<StatsCall>> {
  return pagesByNumberAhead(async (page) => {
    const { value } = await client.get("calls", "/calls", { ...query, page }, statsPageSchema, signal);
    return { items: value.data, pagination: value.meta?.pagination };
  });
}

/**
 * The whole run: the calls of the window aggregated, then the service's
 * metrics over the same window (from the epoch when it has no lower bound, to
 * now when it has no upper one).
 */
export async function callStatsReport(client: AppClient, window: StatsWindow, now: number, options: { onPage?: (progress: StatsProgress) => void; signal?: AbortSignal } = {}): Promise<StatsReport> {
  const { onPage, signal } = options;
  const stats = await aggregateCalls(callPages(client, window.query, signal), onPage);
  const service = await serviceMetrics(client, window.from ?? 0, window.to ?? now, signal);
  return {
    ...stats,
    from: window.from === undefined ? null : isoSeconds(window.from),
    to: window.to === undefined ? null : isoSeconds(window.to),
    service,
  };
}
