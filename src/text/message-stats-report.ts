/**
 * The message metrics for people (`ccx stats --messages`, the explorer's
 * `:stats`): the window, the totals, and a bar chart of messages sent, delivery
 * receipts and read receipts per interval, fitted to the width. The app id is
 * the server's and sanitized; every other string is ccx's own.
 */
import type { MessageInterval, MessageMetrics, MessageSeries } from "../api/message-stats.js";
import { type Series, seriesChart } from "./bar-chart.js";
import { countOf, formatCount } from "./format.js";
import { sanitize } from "./sanitize.js";
import { truncate } from "./width.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ms = (iso: string | null) => (iso === null ? undefined : Date.parse(iso));

/** How long each interval is, in words, when they are all as long: "5 minutes". */
function intervalLength(intervals: readonly MessageInterval[]): string | undefined {
  const lengths = new Set(intervals.map((i) => (ms(i.to) ?? NaN) - (ms(i.from) ?? NaN)));
  const [length] = lengths;
  if (lengths.size !== 1 || !(length! > 0)) return undefined;
  for (const [unit, name] of [[DAY, "day"], [HOUR, "hour"], [MINUTE, "minute"]] as const) if (length! % unit === 0) return countOf(length! / unit, name);
  return countOf(length! / 1000, "second");
}

/** Each interval's start, as short as still tells them apart: the day, the time of day, or both; "?" for none. */
function labelsOf(intervals: readonly MessageInterval[]): { header: string; labels: string[] } {
  const starts = intervals.map((i) => i.from);
  const known = starts.filter((s): s is string => s !== null);
  const seconds = known.some((s) => !s.endsWith(":00Z"));
  const slice = (from: number, to: number) => starts.map((s) => (s === null ? "?" : s.slice(from, to).replace("T", " ")));
  if (known.every((s) => s.endsWith("T00:00:00Z"))) return { header: "UTC day", labels: slice(0, 10) };
  const span = known.length === 0 ? 0 : ms(known.at(-1)!)! - ms(known[0]!)!;
  return { header: "UTC time", labels: slice(span < DAY ? 11 : 0, seconds ? 19 : 16) };
}

/** "2026-11-01 00:05" (seconds only when there are some); "?" for none. */
const when = (iso: string | null) => (iso === null ? "?" : iso.slice(0, iso.endsWith(":00Z") ? 16 : 19).replace("T", " "));

/** The report, each line at most `limit` columns (laid out for 80 in a pipe, where nothing is cut); bars coloured with `color`. */
export function messageStatsReport(metrics: MessageMetrics, limit: number, color = false): string[] {
  if ("error" in metrics) return [`message metrics: not available (${sanitize(metrics.error)})`];
  const width = Number.isFinite(limit) ? limit : 80;
  const { intervals, totals } = metrics;
  const length = intervalLength(intervals);
  const lines = [
    `message metrics (GET /stats/messages)${metrics.appId === null ? "" : ` of app ${sanitize(metrics.appId)}`}`,
    `${when(metrics.from)} – ${when(metrics.to)} UTC · ${countOf(intervals.length, "interval")}${length ? ` of ${length}` : ""}`,
    `${countOf(totals.messagesSent, "message")} sent · ${countOf(totals.deliveryReceipts, "delivery receipt")} · ${countOf(totals.readReceipts, "read receipt")}`,
  ];
  if (metrics.unreadable > 0) lines.push(`${countOf(metrics.unreadable, "interval")} had figures ccx could not read: counted as 0`);
  const lined = lines.map((line) => truncate(line, limit));
  if (intervals.length === 0) return lined;
  const { header, labels } = labelsOf(intervals);
  const series = (name: MessageSeries, title: string, sgr: string): Series =>
    ({ header: title, values: intervals.map((i) => i[name]), text: formatCount, color: sgr });
  return [...lined, "", ...seriesChart(header, labels, [
    series("messagesSent", "sent", "36"), series("deliveryReceipts", "delivered", "33"), series("readReceipts", "read", "32"),
  ], { width, limit, color })];
}
