import { InvalidArgumentError } from "commander";

/** Exit codes of design.md. */
export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3, auth: 4 } as const;

/** Option parsers for commander: each throws a message naming what is wrong, which exits 2. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number, got "${raw}".`);
    const value = Number(raw);
    if (value < min || value > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got ${value}.`);
    return value;
  };
}

export function shareOption(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new InvalidArgumentError(`expected a share from 0 to 1 (e.g. 0.1), got "${raw}".`);
  }
  return value;
}

/** UNIX seconds, an ISO date, or "now". */
export function timeOption(raw: string): number {
  if (raw === "now") return Math.floor(Date.now() / 1000);
  if (/^\d+$/.test(raw)) return Number(raw);
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new InvalidArgumentError(`expected UNIX seconds, an ISO date or "now", got "${raw}".`);
  return Math.floor(ms / 1000);
}

export function collect<T>(parse: (raw: string) => T) {
  return (raw: string, previous: T[] = []): T[] => [...previous, parse(raw)];
}
