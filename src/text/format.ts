/**
 * Times, durations and counts for people. The service speaks UNIX seconds and
 * float minutes; missing or unreadable values show as "—" rather than as
 * "NaN" or 1970. Numbers that arrive as numeric strings (the recording webhook
 * sends some) are read too.
 */
import { lazily } from "./intl.js";

export const MISSING = "—";

/** Beyond this a "seconds" value can only be milliseconds (1e11 s is the year 5138). */
const MILLISECONDS_FROM = 1e11;

/** A finite number from a number or a numeric string, else undefined. */
function numberOf(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** An ISO-8601 date-time, as push tokens and transcripts send their times. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** UNIX seconds, accepting milliseconds by mistake, and ISO strings. */
function secondsOf(value: unknown): number | undefined {
  if (typeof value === "string" && ISO_TIME.test(value)) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms / 1000 : undefined;
  }
  const n = numberOf(value);
  if (n === undefined) return undefined;
  return Math.abs(n) >= MILLISECONDS_FROM ? n / 1000 : n;
}

const two = (n: number) => String(n).padStart(2, "0");

export interface FormatTimeOptions {
  /** UNIX seconds; when given, the relative time is appended: "2026-10-31 14:02 (3d ago)". */
  now?: number;
  /** UTC (the default, as servers log in UTC); false for the local time zone. */
  utc?: boolean;
}

/** "2026-10-31 14:02" from UNIX seconds; "—" when missing. */
export function formatTime(unixSeconds?: number | string | null, options: FormatTimeOptions = {}): string {
  const seconds = secondsOf(unixSeconds);
  if (seconds === undefined) return MISSING;
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return MISSING;
  const utc = options.utc ?? true;
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const text = `${year}-${two(month + 1)}-${two(day)} ${two(hours)}:${two(minutes)}`;
  return options.now === undefined ? text : `${text} (${formatRelative(seconds, options.now)})`;
}

const UNITS: Array<[suffix: string, seconds: number]> = [
  ["y", 365 * 86_400],
  ["mo", 30 * 86_400],
  ["d", 86_400],
  ["h", 3_600],
  ["m", 60],
];

/** "3d ago", "in 5m", "just now" (under a minute either way). `now` in UNIX seconds, the clock by default. */
export function formatRelative(unixSeconds?: number | string | null, now: number = Date.now() / 1000): string {
  const then = secondsOf(unixSeconds);
  const current = secondsOf(now);
  if (then === undefined || current === undefined) return MISSING;
  const delta = current - then;
  const distance = Math.abs(delta);
  if (distance < 60) return "just now";
  const [suffix, size] = UNITS.find(([, s]) => distance >= s) ?? ["m", 60];
  const amount = `${Math.floor(distance / size)}${suffix}`;
  return delta > 0 ? `${amount} ago` : `in ${amount}`;
}

/** How long ago, for a narrow column: "5m", "3d", "just now" (the future keeps its "in"). */
export const formatAge = (unixSeconds?: number | string | null): string => formatRelative(unixSeconds).replace(/ ago$/, "");

/** "0:05", "12:34", "1:02:03" (H:MM:SS) from whole or fractional seconds; "—" when missing. */
export function formatDuration(seconds?: number | string | null): string {
  const value = numberOf(seconds);
  if (value === undefined) return MISSING;
  const total = Math.round(Math.abs(value));
  const sign = value < 0 && total > 0 ? "-" : "";
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${sign}${h}:${two(m)}:${two(s)}` : `${sign}${m}:${two(s)}`;
}

/** The service's float minutes as a timer: 12.5665 → "12:34"; "—" when missing. */
export function formatMinutes(minutes?: number | string | null): string {
  const value = numberOf(minutes);
  return value === undefined ? MISSING : formatDuration(value * 60);
}

/** Minutes as a plain number with one decimal (participant minutes summed: 422.4), "—" when missing. */
export function formatPlainMinutes(minutes?: number | string | null): string {
  const value = numberOf(minutes);
  return value === undefined ? MISSING : value.toFixed(1);
}

const count = lazily(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }));

/**
 * 12345 → "12,345", the same on every machine whatever its locale; "—" when missing. A whole number is
 * grouped here, as en-US groups it: the first Intl object loads ICU's data (src/text/intl.ts), and the
 * explorer's first frame counts its rows.
 */
export function formatCount(n?: number | string | null): string {
  const value = numberOf(n);
  if (value === undefined) return MISSING;
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return count().format(value);
  return `${value < 0 ? "-" : ""}${String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** A count and its noun: "1 call", "12,345 calls" (`plural` where adding an s will not do: "entries"). */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
