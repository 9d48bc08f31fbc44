import type { FaultOptions } from "../../src/emulator/options.js";
import type { EmulatorSettings } from "../../src/emulator/options.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * What the faults suite shares: an emulator whose every answer is recorded on
 * its side (path, outcome and the fault it carried, from its verbose log), the
 * scenarios (each fault flag at several rates), and the table each file prints.
 */

export type Kind = "5xx" | "429" | "drop" | "garbage" | "html";

export interface Served {
  method: string;
  /** Path and query, as the emulator saw them. */
  path: string;
  /** The status, `dropped` (a drop fault) or `closed` (the client hung up first). */
  outcome: string;
  fault?: string;
}

const LINE = /^(GET|POST) (\S+) (\d{3}|dropped|closed) [\d.]+ms(?: fault=(\w+))?(?: onBehalfOf=\S+)?$/;

/** An emulator that records what it served; `internal` holds any failure of its own (there must be none). */
export async function recordingEmulator(settings: EmulatorSettings) {
  const served: Served[] = [];
  const internal: string[] = [];
  const fx: EmulatorFixture = await emulatorFixture({
    ...settings,
    verbose: true,
    log: (line) => {
      const m = LINE.exec(line);
      if (m) served.push({ method: m[1]!, path: m[2]!, outcome: m[3]!, fault: m[4] });
      else internal.push(line);
    },
  });
  return { fx, served, internal };
}

/** The kind of fault an answer was, if any. */
export function kindOf(s: Served): Kind | undefined {
  if (s.outcome === "429") return "429";
  if (s.fault === "error") return "5xx";
  if (s.fault === "drop") return "drop";
  if (s.fault === "garbage") return "garbage";
  if (s.fault === "html") return "html";
  return undefined;
}

export function faultsMet(served: Served[]): Partial<Record<Kind, number>> {
  const met: Partial<Record<Kind, number>> = {};
  for (const s of served) {
    const kind = kindOf(s);
    if (kind) met[kind] = (met[kind] ?? 0) + 1;
  }
  return met;
}

export const describeMet = (met: Partial<Record<Kind, number>>) =>
  Object.entries(met).map(([k, n]) => `${k} ${n}`).join(", ") || "none";

/** How many times the emulator was asked for each path. */
export function countByPath(served: Served[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of served) counts.set(s.path, (counts.get(s.path) ?? 0) + 1);
  return counts;
}

/** The code a request ends in when its last attempt met this kind of fault. */
export const CODE_OF: Record<Kind, string> = {
  "5xx": "ERR_INTERNAL_SERVER_ERROR",
  "429": "ERR_TOO_MANY_REQUESTS",
  drop: "CCX_NETWORK_ERROR",
  garbage: "CCX_NOT_JSON",
  html: "CCX_HTTP_ERROR",
};

export interface Scenario {
  name: string;
  kind?: Kind;
  faults: Partial<FaultOptions>;
}

const RATES = [0.1, 0.3, 0.6];
const RATE_FLAG: Record<Exclude<Kind, "429">, keyof FaultOptions> = { "5xx": "errorRate", drop: "dropRate", garbage: "garbageRate", html: "htmlRate" };

/**
 * No faults, latency, each share-based fault at 10, 30 and 60 %, and the rate
 * limit at three budgets (its share of 429s follows from how fast requests come:
 * about one in limit + 1 for a client that waits out Retry-After and goes on).
 */
export function scenarios(latency: { min: number; max: number }, limits: number[]): Scenario[] {
  const list: Scenario[] = [
    { name: "no faults", faults: {} },
    { name: `latency ${latency.min}..${latency.max} ms`, faults: { latency } },
  ];
  for (const kind of ["5xx", "drop", "garbage", "html"] as const) {
    for (const rate of RATES) list.push({ name: `${kind} ${rate * 100}%`, kind, faults: { [RATE_FLAG[kind]]: rate } });
  }
  for (const limit of limits) list.push({ name: `429 over ${limit}/s`, kind: "429", faults: { rateLimit: { limit, windowSeconds: 1 } } });
  return list;
}

/** One row of a file's table. */
export interface Row {
  scenario: string;
  what: string;
  requests: number;
  met: string;
  outcome: string;
  ms: number;
}

export function printTable(title: string, rows: Row[]): void {
  const header = `${"scenario".padEnd(24)} ${"run".padEnd(30)} ${"requests".padStart(8)}  ${"faults met".padEnd(26)} ${"outcome".padEnd(34)} ${"time".padStart(7)}`;
  const lines = rows.map((r) =>
    `${r.scenario.padEnd(24)} ${r.what.slice(0, 30).padEnd(30)} ${String(r.requests).padStart(8)}  ${r.met.slice(0, 26).padEnd(26)} ${r.outcome.slice(0, 34).padEnd(34)} ${`${Math.round(r.ms)} ms`.padStart(7)}`);
  console.log(`faults · ${title}\n  ${header}\n${lines.map((l) => `  ${l}`).join("\n")}`);
}

/**
 * An answer with its recording URLs without the emulator's address: a twin emulator serves the same
 * world on another port, so only the address differs.
 */
export const portless = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replace(/https:\/\/127\.0\.0\.1:\d+\/recordings\//g, "https://emulator/recordings/"));
