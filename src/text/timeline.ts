/**
 * A call's timeline: each participant entry (one per device) as a bar across
 * the call's span, from when it joined to when it left (to now while it is
 * still in), an entry that never joined marked in words, how each left or failed when
 * the call's messages say (api/call-story.ts), and a scale labelled
 * with the time into the call. Pure text for a width: `ccx call` prints it and
 * the explorer's call screen draws it, colouring by `kind`.
 */
import { formatDuration, formatTime } from "./format.js";
import { sanitize } from "./sanitize.js";
import { displayWidth, fit } from "./width.js";

export interface TimelineEntry {
  uid: string;
  deviceId?: string;
  joinedAt?: number;
  leftAt?: number;
  state?: string;
}

export interface TimelineCall {
  startedAt?: number;
  initiatedAt?: number;
  endedAt?: number;
  status?: string;
  participants?: TimelineEntry[];
}

/** What a row's bar says, for its colour (the words say it too). */
export type TimelineKind = "joined" | "in-call" | "missed" | "unknown";

export interface TimelineRow {
  /** The label column, fitted: the uid, and the device when the uid has several entries. */
  label: string;
  /** The bar, exactly `barWidth` cells. */
  bar: string;
  /** After the bar: how long, or what happened instead. */
  note: string;
  kind: TimelineKind;
}

export interface Timeline {
  /** "Timeline · 2026-11-22 14:02 → 14:05 UTC (3m12s)". */
  title: string;
  /** The scale under the bars' column: 0:00 at the left, the span at the right, ticks between. */
  scale: string;
  rows: TimelineRow[];
}

const BAR = "█";
const IN_CALL_END = "▶";
const MISSED = "×";
const NOTE_WIDTH = 12;
const OUTCOME_NOTE_WIDTH = 20;
const GAP = 1;

/** The call's span: from its start (or the first join) to its end (now while it goes on, or the last leave). */
export function callSpan(call: TimelineCall, now: number): { from: number; to: number; ongoing: boolean } {
  const entries = call.participants ?? [];
  const joins = entries.map((p) => p.joinedAt).filter((t): t is number => t !== undefined);
  const leaves = entries.map((p) => p.leftAt).filter((t): t is number => t !== undefined);
  const from = call.startedAt ?? call.initiatedAt ?? (joins.length ? Math.min(...joins) : now);
  const stillIn = entries.some((p) => p.joinedAt !== undefined && p.leftAt === undefined);
  const ongoing = call.endedAt === undefined && (stillIn || call.status === "ongoing" || call.status === "initiated");
  const to = call.endedAt ?? (ongoing ? now : leaves.length ? Math.max(...leaves) : from);
  return { from, to: Math.max(to, from + 1), ongoing };
}

/**
 * How long a call lasted, or has lasted while it goes on, in seconds: its span from its start (or first
 * join) to its end (now while ongoing, else the last leave when no end was sent); undefined when no time
 * says. Never the participants' minutes summed, which is what the service's totals are (docs/service.md,
 * Calls): six people in a 40-minute call are not a four-hour call.
 */
export function callDuration(call: TimelineCall, now: number): number | undefined {
  const entries = call.participants ?? [];
  const joins = entries.map((p) => p.joinedAt).filter((t): t is number => t !== undefined);
  const leaves = entries.map((p) => p.leftAt).filter((t): t is number => t !== undefined);
  const from = call.startedAt ?? call.initiatedAt ?? (joins.length ? Math.min(...joins) : undefined);
  if (from === undefined) return undefined;
  const { ongoing } = callSpan(call, now);
  const to = call.endedAt ?? (ongoing ? now : leaves.length ? Math.max(...leaves) : undefined);
  return to === undefined ? undefined : Math.max(0, to - from);
}

/** The cell a moment falls in, on a bar of `width` cells over [from, to]. */
const cellOf = (t: number, from: number, to: number, width: number) => Math.min(width - 1, Math.max(0, Math.floor(((t - from) / (to - from)) * width)));

/** The labels: the uid, and which device when one uid has several entries. */
function labels(entries: TimelineEntry[]): string[] {
  const count = new Map<string, number>();
  for (const p of entries) count.set(p.uid, (count.get(p.uid) ?? 0) + 1);
  const seen = new Map<string, number>();
  return entries.map((p) => {
    if ((count.get(p.uid) ?? 0) < 2) return p.uid;
    const n = (seen.get(p.uid) ?? 0) + 1;
    seen.set(p.uid, n);
    return `${p.uid} ${p.deviceId ? p.deviceId.slice(0, 8) : `#${n}`}`;
  });
}

function scaleLine(span: number, width: number): string {
  if (width < 12) return fit(formatDuration(span), width, "right");
  const cells = Array.from({ length: width }, () => "─");
  // Ticks at quarters, where the labels leave room.
  for (const q of [0, 0.25, 0.5, 0.75]) cells[Math.min(width - 1, Math.floor(q * width))] = "┬";
  cells[width - 1] = "┤";
  const line = cells.join("");
  const left = formatDuration(0);
  const right = formatDuration(span);
  const middle = width >= 40 ? formatDuration(span / 2) : "";
  const mid = Math.floor(width / 2) - Math.floor(middle.length / 2);
  let out = left + line.slice(left.length);
  if (middle) out = out.slice(0, mid) + middle + out.slice(mid + middle.length);
  return out.slice(0, width - right.length) + right;
}

const MISSED_STATES = new Set(["rejected", "unanswered", "busy", "missed", "canceled", "cancelled"]);

/** One entry's bar and note over the span; `outcome`: what the call's messages say became of its user. */
function rowOf(p: TimelineEntry, span: { from: number; to: number }, now: number, width: number, outcome?: string): Omit<TimelineRow, "label"> {
  const cells = Array.from({ length: width }, () => " ");
  if (p.joinedAt === undefined) {
    // Never joined: the mark stands where the call began, and the note says why (their messages first).
    const why = outcome ?? p.state;
    const missed = why !== undefined && MISSED_STATES.has(why);
    cells[0] = MISSED;
    return { bar: cells.join(""), note: missed ? why : why ?? "never joined", kind: missed ? "missed" : "unknown" };
  }
  const inCall = p.leftAt === undefined;
  const end = p.leftAt ?? now;
  const a = cellOf(p.joinedAt, span.from, span.to, width);
  const b = Math.max(a, cellOf(end, span.from, span.to, width));
  for (let i = a; i <= b; i++) cells[i] = BAR;
  if (inCall) cells[b] = IN_CALL_END;
  const lasted = inCall ? `in ${formatDuration(end - p.joinedAt)}` : formatDuration(end - p.joinedAt);
  return { bar: cells.join(""), note: outcome && !inCall ? `${lasted} ${outcome}` : lasted, kind: inCall ? "in-call" : "joined" };
}

/**
 * The timeline for `width` columns: a label column (at most a quarter of the
 * width, at least 8), the bars, and a note column. Fits any width from 40.
 */
export function timeline(call: TimelineCall, width: number, now = Math.floor(Date.now() / 1000), outcomes: ReadonlyArray<{ uid: string; action: string }> = []): Timeline {
  const entries = call.participants ?? [];
  const span = callSpan(call, now);
  const names = labels(entries).map((l) => sanitize(l));
  const labelWidth = Math.max(8, Math.min(Math.floor(width / 4), Math.max(0, ...names.map(displayWidth))));
  // The note column is as wide as its longest outcome needs (a duration and a word), at most OUTCOME_NOTE_WIDTH.
  const outcomeOf = new Map(outcomes.map((o) => [o.uid, sanitize(o.action)]));
  const noteWidth = Math.min(OUTCOME_NOTE_WIDTH, Math.max(NOTE_WIDTH, ...[...outcomeOf.values()].map((a) => 7 + displayWidth(a))));
  const barWidth = Math.max(10, width - labelWidth - noteWidth - 2 * GAP);
  const seconds = span.to - span.from;
  const title = `Timeline · ${formatTime(span.from)} → ${span.ongoing ? "now" : formatTime(span.to).slice(11)} UTC (${formatDuration(seconds)}${span.ongoing ? ", ongoing" : ""})`;
  const legend = ` · ${BAR} in the call ${IN_CALL_END} still in ${MISSED} never joined`;
  return {
    title: displayWidth(title + legend) <= width ? title + legend : title,
    scale: `${" ".repeat(labelWidth + GAP)}${scaleLine(seconds, barWidth)}`,
    rows: entries.map((p, i) => {
      const row = rowOf(p, span, now, barWidth, outcomeOf.get(p.uid));
      // The state is server text: sanitized and cut to its column.
      return { ...row, label: fit(names[i]!, labelWidth), note: fit(sanitize(row.note), noteWidth).trimEnd() };
    }),
  };
}

/** A row as one line of text: label, bar, note. */
export const timelineLine = (row: TimelineRow) => `${row.label}${" ".repeat(GAP)}${row.bar}${" ".repeat(GAP)}${row.note}`;

/** A participant's outcome in a cell: the action, who did it when another did, and the time (UTC). */
export function outcomeCell(outcome: { action: string; at?: number; by?: string } | undefined, uid: string): string {
  if (!outcome) return "—";
  const by = outcome.by && outcome.by !== uid ? ` by ${outcome.by}` : "";
  return sanitize(`${outcome.action}${by}${outcome.at === undefined ? "" : ` ${formatTime(outcome.at).slice(11)}`}`);
}
