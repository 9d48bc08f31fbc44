/**
 * Time values of the filter line, resolved to UNIX seconds.
 *
 * Absolute: UNIX seconds (`1700000000`), an ISO date (`2024-01-01`, UTC
 * midnight), an ISO date-time (`2024-01-01T12:00`, `…:30Z`, `…+02:00`; no zone
 * means UTC; fractions of a second are dropped) or `now`.
 * Relative: `7d`, `90m`, `1d12h` (units s, m, h, d, w), the point in time that
 * long before now; comparisons read it as they read a date (`>=7d`: since
 * seven days ago).
 */
export interface TimeValue {
  seconds: number;
  /** Written as a date alone: without an operator it means the whole UTC day. */
  wholeDay: boolean;
}

/** 9999-12-31T23:59:59Z: the last second an ISO date can write. */
export const MAX_TIME = 253_402_300_799;
export const DAY = 86_400;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: DAY, w: 7 * DAY };
const AGE = /^(?:\d+[smhdw])+$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

const TIME_FORMS = "2024-01-01, 2024-01-01T12:00:00Z, 1700000000, now or 7d";

function notATime(text: string): string {
  return `"${text}" is not a time; use ${TIME_FORMS}`;
}

/** Seconds of a UTC calendar date and clock time, or undefined when there is no such date. */
function utcSeconds(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | undefined {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  // A day past the month's end rolls over; that is not a date.
  if (date.getUTCMonth() !== mo - 1) return undefined;
  return date.getTime() / 1000 + h * 3600 + mi * 60 + s;
}

function zoneOffset(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === "Z" || zone === "z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone[0] === "-" ? -1 : 1) * (hours * 3600 + minutes * 60);
}

function inRange(seconds: number): boolean {
  return Number.isSafeInteger(seconds) && seconds >= 0 && seconds <= MAX_TIME;
}

/** Checks a resolved bound; the message when it falls outside what a timestamp can be. */
export function outOfRange(seconds: number): string | undefined {
  if (seconds < 0) return "that is before 1970-01-01";
  if (seconds > MAX_TIME) return "that is after 9999-12-31";
  return undefined;
}

/** A time value, or a message saying how to write one. `now` is UNIX seconds. */
export function parseTime(text: string, now: number): TimeValue | string {
  const absolute = (seconds: number, wholeDay = false): TimeValue | string =>
    inRange(seconds) ? { seconds, wholeDay } : `"${text}": ${outOfRange(seconds) ?? "out of range"}`;

  if (text.toLowerCase() === "now") return absolute(now);
  if (/^\d+$/.test(text)) return absolute(Number(text));
  if (AGE.test(text)) {
    let age = 0;
    for (const [, count, unit] of text.matchAll(/(\d+)([smhdw])/gi)) age += Number(count) * UNIT_SECONDS[unit!.toLowerCase()]!;
    const seconds = now - age;
    return inRange(seconds) ? { seconds, wholeDay: false } : `"${text}" ago is before 1970-01-01`;
  }
  const date = DATE.exec(text);
  if (date) {
    const seconds = utcSeconds(Number(date[1]), Number(date[2]), Number(date[3]));
    return seconds === undefined ? notATime(text) : absolute(seconds, true);
  }
  const dateTime = DATE_TIME.exec(text);
  if (dateTime) {
    const [, y, mo, d, h, mi, s, zone] = dateTime;
    const local = utcSeconds(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0));
    const offset = zoneOffset(zone);
    return local === undefined || offset === undefined ? notATime(text) : absolute(local - offset);
  }
  return notATime(text);
}

/** The canonical way to write a timestamp: a date at UTC midnight, else a UTC date-time. */
export function formatTime(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  return seconds % DAY === 0 ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
}

/** Current time in whole UNIX seconds. */
export function nowSeconds(now: number | undefined): number {
  return Math.floor(now !== undefined && Number.isFinite(now) ? now : Date.now() / 1000);
}

/** A timestamp parameter written back: ISO when it is a valid timestamp, else as it is (and the parse will say why). */
export function showTime(raw: string): string {
  return /^\d+$/.test(raw) && Number(raw) <= MAX_TIME ? formatTime(Number(raw)) : raw;
}
