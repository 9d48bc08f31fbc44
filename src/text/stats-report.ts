/**
 * The stats report for people, as lines of at most `width` columns: the same
 * text for `ccx stats` and the explorer's `:stats`. Totals, a bar chart of calls
 * and minutes per UTC day, counts by status, type, mode and receiver type, the
 * top users, and the service's own metrics. Server strings (statuses, uids) are
 * sanitized here, since these lines go to the terminal as they are.
 */
import type { DayStats, ServiceMetrics, StatsReport, UserStats } from "../api/stats.js";
import { COLUMN_GAP, seriesChart } from "./bar-chart.js";
import { countOf, formatCount, formatMinutes } from "./format.js";
import { lazily } from "./intl.js";
import { sanitize } from "./sanitize.js";
import { displayWidth, padEnd, padStart, truncate } from "./width.js";

const DAY = 86_400;
/** Gaps between days with calls are drawn as empty days up to this span; beyond, only days with calls. */
const MAX_FILLED_DAYS = 366;
const tenths = lazily(() => new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
/** Minutes to a tenth, always one decimal so that a column of them lines up. */
const minutesText = (minutes: number) => tenths().format(minutes);
const percent = (share: number) => `${formatCount(Math.round(share * 1000) / 10)}%`;

/** Every day from the first with calls to the last, those without calls as 0 (when the span is not too long). */
function daysToDraw(byDay: readonly DayStats[]): DayStats[] {
  if (byDay.length < 2) return [...byDay];
  const dayNumber = (d: DayStats) => Date.parse(`${d.day}T00:00:00Z`) / 1000 / DAY;
  const first = dayNumber(byDay[0]!);
  const span = dayNumber(byDay[byDay.length - 1]!) - first + 1;
  if (span > MAX_FILLED_DAYS) return [...byDay];
  const known = new Map(byDay.map((d) => [d.day, d]));
  return Array.from({ length: span }, (_, i) => {
    const day = new Date((first + i) * DAY * 1000).toISOString().slice(0, 10);
    return known.get(day) ?? { day, calls: 0, minutes: 0 };
  });
}

/** Calls and minutes per day, side by side, the bars sharing what the numbers leave of the width. */
function dayChart(byDay: readonly DayStats[], width: number, limit: number): string[] {
  const days = daysToDraw(byDay);
  return seriesChart("UTC day", days.map((d) => d.day), [
    { header: "calls", values: days.map((d) => d.calls), text: formatCount },
    { header: "minutes", values: days.map((d) => d.minutes), text: minutesText },
  ], { width, limit });
}

/** `label  a 12 · b 3`: items after a label, wrapped under it when longer than the width; an item is cut at `limit`. */
function wrapped(label: string, items: readonly string[], width: number, limit = width): string[] {
  const indent = " ".repeat(displayWidth(label));
  const lines: string[] = [];
  let line = label;
  for (const item of items.map((text) => truncate(text, limit - indent.length))) {
    const empty = line === label || line === indent;
    const joined = empty ? `${line}${item}` : `${line} · ${item}`;
    if (empty || displayWidth(joined) <= width) line = joined;
    else {
      lines.push(line);
      line = `${indent}${item}`;
    }
  }
  return [...lines, line];
}

const countLines = (label: string, counts: Record<string, number>, width: number, limit: number) =>
  wrapped(label, Object.entries(counts).map(([key, n]) => `${sanitize(key)} ${formatCount(n)}`), width, limit);

/** A small table of users: uid, then the figure ranked by, then the other; numbers as wide as they are. */
function userTable(title: string, users: readonly UserStats[], first: "calls" | "minutes", width: number): string[] {
  const second = first === "calls" ? "minutes" : "calls";
  const rows = users.map((u) => ({ uid: sanitize(u.uid), calls: formatCount(u.calls), minutes: minutesText(u.minutes) }));
  const numberWidth = (key: "calls" | "minutes") => Math.max(key.length, ...rows.map((r) => r[key].length));
  const [one, two] = [numberWidth(first), numberWidth(second)];
  const uidWidth = Math.max(3, Math.min(width - one - two - 2, Math.max(...rows.map((r) => displayWidth(r.uid)))));
  const line = (uid: string, a: string, b: string) => `${padEnd(uid, uidWidth)} ${padStart(a, one)} ${padStart(b, two)}`;
  return [title, line("uid", first, second), ...rows.map((r) => line(r.uid, r[first], r[second]))];
}

/** Both top-user tables: side by side when they fit so, else one under the other; a uid is cut at `limit`. */
function topUsers(report: StatsReport, width: number, limit: number): string[] {
  const byCalls = userTable("top users by calls", report.topUsers, "calls", limit);
  const byMinutes = userTable("top users by minutes", report.topUsersByMinutes, "minutes", limit);
  const widest = (lines: string[]) => Math.max(...lines.map(displayWidth));
  const left = widest(byCalls);
  if (left + COLUMN_GAP + widest(byMinutes) > width) return [...byCalls, "", ...byMinutes];
  return byCalls.map((line, i) => `${padEnd(line, left)}${" ".repeat(COLUMN_GAP)}${byMinutes[i] ?? ""}`);
}

function serviceLines(service: ServiceMetrics, width: number, limit: number): string[] {
  if ("error" in service) return [`service metrics: not available (${sanitize(service.error)})`];
  const m = service.metrics;
  const minutes = (n: number | undefined) => (n === undefined ? "—" : `${minutesText(n)} min`);
  return wrapped("service metrics (GET /stats): ", [
    `audio ${minutes(m.audio_minutes)}`, `video ${minutes(m.video_minutes)}`, `recorded ${minutes(m.recorded_minutes)}`,
    `active users ${formatCount(m.active_users)}`, `concurrent users ${formatCount(m.concurrent_users)}`,
  ], width, limit);
}

/**
 * The report, each line at most `limit` columns. `filter` is the calls filter
 * it is over, as the filter line writes it. An unbounded width (a pipe) cuts no
 * value; the chart and the wrapping are then laid out for 80 columns.
 */
export function statsReport(report: StatsReport, limit: number, filter: string): string[] {
  const width = Number.isFinite(limit) ? limit : 80;
  const lines = [
    `calls where ${sanitize(filter) || "(any)"}`,
    `${countOf(report.calls, "call")} · ${minutesText(report.minutes)} minutes · ${report.recordingShare === null ? "—" : percent(report.recordingShare)} recorded`,
    `duration of a call: median ${formatMinutes(report.duration.median)} · p95 ${formatMinutes(report.duration.p95)}`,
  ];
  if (report.unreadable > 0) lines.push(`${countOf(report.unreadable, "call")} had fields ccx could not read: counted as 0 minutes or "unknown"`);
  if (report.undated > 0) lines.push(`${countOf(report.undated, "call")} ${report.undated === 1 ? "has" : "have"} no start time: left out of the days`);
  lines.push(...serviceLines(report.service, width, limit));
  if (report.calls > 0) {
    lines.push("", ...dayChart(report.byDay, width, limit), "");
    lines.push(...countLines("status    ", report.byStatus, width, limit));
    lines.push(...countLines("type      ", report.byType, width, limit));
    lines.push(...countLines("mode      ", report.byMode, width, limit));
    lines.push(...countLines("receiver  ", report.byReceiverType, width, limit));
    lines.push("", ...topUsers(report, width, limit));
  }
  return lines.map((line) => truncate(line, limit).trimEnd());
}
