import type { Sizes } from "./data/model.js";

/**
 * Shapes the real service is known to answer in (docs/service.md marks them
 * [conflict]). By default the emulator answers as the current exports do; each
 * variant switches it to another known shape (an older export's, the field
 * table's) so that clients can be tested against both.
 */
export const VARIANTS = {
  "cursor-top-level": "the groups cursor at the top level of the body instead of in meta",
  "call-data-array": "GET /calls/{sessionId} answers data as a one-element array; participants gain name and avatar",
  "participant-in-minutes": "participants carry their minutes as totalDurationInMinutes (the field table's name) instead of totalDuration (the current calls export's)",
  "transcript-date-seconds": "transcriptions send transcriptDate as UNIX seconds instead of an ISO-8601 string",
  "unread-count-number": "conversations send unreadMessageCount as a number instead of a string",
  "password-type": "protected groups are sent with type password",
  "string-numbers": "recordings send duration and startTime as strings",
  "ratelimit-camel": "rate-limit headers named X-RateLimit-* instead of X-Rate-Limit-*",
  "cursor-prepend": "every updatedAt cursor (groups, users, members, friends, blocked users) says affix prepend, whatever was asked (as every documented example)",
  "bare-404": "not found answered 404 with the body {} instead of the service's error",
  "empty-detail": "a call or group that does not exist answered 200 with data [] (calls) or {} (groups)",
  docs: "answers as the documented examples give them, mixed per item (from the seed): nulls, numbers as strings, entity objects for uids, participants still in the call (leftAt null), recordings without rid, metadata as [], GET /users' pagination with total 0 beside its rows, the cursor always prepend, call totals by the wall clock and the entries that joined, messages' editedAt/editedBy/deletedAt/deletedBy null when unset",
  "cursor-ties": "groups' updatedAt sent to the day, so many share one; a cursor answers its boundary again (inclusive) and pages end inside a run of equal times",
  "cdn-recordings": "recording_url in the real service's shape (https://recordings-{region}.cometchat.io/…), which the emulator does not serve",
  "notification-names": "notification preferences, log lines and providers in the names the emulator used before issue 27: mute.DND a boolean, subscriptions as words, sound.message; log lines' messageId a string and sentAtMS; providers' enabled, twilioFromNumber, fromEmail/fromName and basicAuth{enabled, username, password}",
  "push-settings-bare": "the push notification extension's settings answered {settings} alone, as its documented example, instead of in the data{statusCode, success, responseTime, body{data}} wrapper every other extension's example has",
  "stats-top-level": "GET /stats/messages answers startTime, endTime, dataPoints and appId at the top level, as the export's schema puts dataPoints, with the times as numbers, instead of in data with the times as strings (its example)",
} as const;
export type Variant = keyof typeof VARIANTS;

/** The variants `docs` brings with it, besides its own per-item mix. */
const DOCS_INCLUDES: ReadonlySet<Variant> = new Set(["cursor-prepend"]);

/** Whether answers take a variant's shape: named, or brought by `docs`. */
export function answersIn(options: { variants: ReadonlySet<Variant> }, variant: Variant): boolean {
  return options.variants.has(variant) || (options.variants.has("docs") && DOCS_INCLUDES.has(variant));
}

/**
 * `docs`: whether the item with this id takes the documented form number `form` (of `of`): a
 * stable pick from the id, so the same seed gives the same mix.
 */
export function docsForm(options: { variants: ReadonlySet<Variant> }, id: string, form: number, of: number): boolean {
  if (!options.variants.has("docs")) return false;
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return (hash >>> 0) % of === form;
}

export interface FaultOptions {
  /** Added to every answer, in milliseconds, drawn from [min, max]. */
  latency?: { min: number; max: number };
  /** Shares of requests, each from 0 to 1. */
  errorRate: number;
  dropRate: number;
  garbageRate: number;
  htmlRate: number;
  /** Per app (or per management key) in a fixed window. */
  rateLimit?: { limit: number; windowSeconds: number };
}

export interface EmulatorOptions {
  host: string;
  port: number;
  seed: number;
  sizes: Sizes;
  /** The clock the data is anchored to (UNIX seconds); fixed so that data is reproducible. */
  now: number;
  statuses: Record<string, number>;
  variants: ReadonlySet<Variant>;
  faults: FaultOptions;
  /** Logs each request to `log` when true. */
  verbose: boolean;
  log: (line: string) => void;
  /** The world moves with the clock: calls start, change and end, recordings appear (live/). */
  live: boolean;
  /** How many times faster than `clock` the live world runs. */
  liveSpeed: number;
  /** Milliseconds since the epoch that the live world reads; a test can pass a fixed one. */
  clock: () => number;
  /** Size of a served recording: bytes per minute of its duration. */
  recordingBytesPerMinute: number;
  /** Fault: every recording answer's body stops after this many bytes (the connection is closed). */
  recordingCutAfter?: number;
  /** Fault: every recording is answered as an HTML page (200, text/html). */
  recordingHtml: boolean;
}

export const DEFAULT_SIZES: Sizes = { apps: 3, groups: 250, calls: 200, users: 120, messages: 3000 };

/** 2026-11-01T00:00:00Z. */
export const DEFAULT_NOW = 1_793_491_200;

/** About 100 KB per minute: small enough for tests, big enough to show progress. */
export const DEFAULT_RECORDING_BYTES_PER_MINUTE = 102_400;

export const NO_FAULTS: FaultOptions = { errorRate: 0, dropRate: 0, garbageRate: 0, htmlRate: 0 };

/** What callers may give: any option, and any part of the sizes and faults. */
export type EmulatorSettings = Partial<Omit<EmulatorOptions, "sizes" | "faults">> & {
  sizes?: Partial<Sizes>;
  faults?: Partial<FaultOptions>;
};

export function emulatorOptions(partial: EmulatorSettings = {}): EmulatorOptions {
  return {
    host: "127.0.0.1",
    port: 0,
    seed: 1,
    now: DEFAULT_NOW,
    statuses: {},
    variants: new Set(),
    verbose: false,
    log: (line) => process.stderr.write(`${line}\n`),
    live: false,
    liveSpeed: 1,
    clock: Date.now,
    recordingBytesPerMinute: DEFAULT_RECORDING_BYTES_PER_MINUTE,
    recordingHtml: false,
    ...partial,
    sizes: { ...DEFAULT_SIZES, ...partial.sizes },
    faults: { ...NO_FAULTS, ...partial.faults },
  };
}
