import { InvalidArgumentError } from "commander";
import { parseSeconds } from "../config/resolve.js";

/** Exit codes of docs/commands.md. */
export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3, auth: 4, interrupted: 130 } as const;

/** Option parsers for commander: each throws a message naming what is wrong, which exits 2. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number, got "${raw}".`);
    const value = Number(raw);
    if (value < min || value > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got ${value}.`);
    return value;
  };
}

/** Seconds for --timeout, checked as the config checks CCX_TIMEOUT. */
export function secondsOption(raw: string): number {
  const value = parseSeconds(raw);
  if (typeof value === "string") throw new InvalidArgumentError(value);
  return value;
}

export function shareOption(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new InvalidArgumentError(`expected a share from 0 to 1 (e.g. 0.1), got "${raw}".`);
  }
  return value;
}

/** 9999-12-31T23:59:59Z, the last second an ISO date can write. */
const MAX_TIME = 253_402_300_799;

/** UNIX seconds, an ISO date, or "now". */
export function timeOption(raw: string): number {
  if (raw === "now") return Math.floor(Date.now() / 1000);
  const seconds = /^\d+$/.test(raw) ? Number(raw) : Math.floor(Date.parse(raw) / 1000);
  if (Number.isNaN(seconds)) throw new InvalidArgumentError(`expected UNIX seconds, an ISO date or "now", got "${raw}".`);
  // Fuzz: --now 99999999999999999999 was taken, and every date the emulator made was nonsense.
  if (seconds < 0 || seconds > MAX_TIME) throw new InvalidArgumentError(`expected a time from 1970 to 9999, got "${raw}".`);
  return seconds;
}

/** `key=value` (-f): the key before the first `=`, the rest the value (which may hold `=`). */
export function keyValueOption(raw: string): [string, string] {
  const eq = raw.indexOf("=");
  if (eq <= 0) throw new InvalidArgumentError(`expected key=value, got "${raw}".`);
  return [raw.slice(0, eq), raw.slice(eq + 1)];
}

export function collect<T>(parse: (raw: string) => T) {
  return (raw: string, previous: T[] = []): T[] => [...previous, parse(raw)];
}
