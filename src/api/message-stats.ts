/**
 * The service's message metrics, GET /stats/messages (docs/service.md,
 * Analytics): messages sent, delivery receipts and read receipts per interval
 * (five minutes over the last hour, says the export). Used alike by
 * `ccx stats --messages` and the explorer's `:stats`.
 */
import * as v from "valibot";
import type { AppClient } from "./client.js";
import { isApiError } from "./errors.js";
import { answer, num, opt, unixMs } from "./schemas.js";
import { isoSeconds } from "./stats.js";

export const MESSAGE_SERIES = ["messagesSent", "deliveryReceipts", "readReceipts"] as const;
export type MessageSeries = (typeof MESSAGE_SERIES)[number];
export type MessageCounts = Record<MessageSeries, number>;

export interface MessageInterval extends MessageCounts {
  /** ISO date-times (UTC); null when the answer gave no time ccx could read. */
  from: string | null;
  to: string | null;
}

/** What `ccx stats --messages --json` prints and the chart draws. */
export interface MessageStats {
  appId: string | null;
  from: string | null;
  to: string | null;
  intervals: MessageInterval[];
  totals: MessageCounts;
  /** Intervals with a count in a form ccx could not read (counted as 0). */
  unreadable: number;
}

/** The message metrics, or the code reading them failed with (the explorer shows them beside the calls). */
export type MessageMetrics = MessageStats | { error: string };

const time = v.fallback(opt(unixMs), undefined);
/** The answer's fields around its data points, wherever they sit. */
const holder = v.looseObject({ dataPoints: v.array(v.unknown()), startTime: time, endTime: time, appId: v.fallback(opt(v.union([v.string(), v.number()])), undefined) });

/**
 * Every form the export gives: its example nests everything in `data`, its
 * schema puts `dataPoints` at the top level; times are strings of milliseconds
 * or numbers (seconds read too).
 */
const messageStatsSchema = answer(v.union([v.pipe(v.looseObject({ data: holder }), v.transform((a) => a.data)), holder]));

const pointSchema = v.looseObject({ startTime: time, endTime: time });
const count = opt(num);

/** ISO for milliseconds, or null for none (or one no date can write). */
const isoOf = (ms: number | undefined) => (ms !== undefined && Math.abs(ms) <= 8.64e15 ? isoSeconds(ms / 1000) : null);

const noCounts = (): MessageCounts => ({ messagesSent: 0, deliveryReceipts: 0, readReceipts: 0 });

/** The data points as intervals: a count missing counts 0; one, or a time, ccx cannot read marks its interval. */
function readMessageStats(body: v.InferOutput<typeof messageStatsSchema>): MessageStats {
  const totals = noCounts();
  let unreadable = 0;
  const intervals = body.dataPoints.map((raw): MessageInterval => {
    const point = (raw !== null && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const times = v.parse(pointSchema, point);
    const counts = noCounts();
    let odd = point !== raw || (["startTime", "endTime"] as const).some((name) => point[name] != null && times[name] === undefined);
    for (const name of MESSAGE_SERIES) {
      const read = v.safeParse(count, point[name]);
      odd ||= !read.success;
      counts[name] = (read.success ? read.output : undefined) ?? 0;
      totals[name] += counts[name];
    }
    if (odd) unreadable++;
    return { from: isoOf(times.startTime), to: isoOf(times.endTime), ...counts };
  });
  return {
    appId: body.appId === undefined ? null : String(body.appId),
    from: isoOf(body.startTime) ?? intervals[0]?.from ?? null,
    to: isoOf(body.endTime) ?? intervals.at(-1)?.to ?? null,
    intervals,
    totals,
    unreadable,
  };
}

/** GET /stats/messages on the chat host, where the export puts it; a failure is thrown. */
export async function messageStats(client: AppClient, signal?: AbortSignal): Promise<MessageStats> {
  const { value } = await client.get("chat", "/stats/messages", {}, messageStatsSchema, signal);
  return readMessageStats(value);
}

/** As messageStats, a failure read as its code (for the explorer to say), except a cancel. */
export async function messageMetrics(client: AppClient, signal?: AbortSignal): Promise<MessageMetrics> {
  try {
    return await messageStats(client, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { error: isApiError(error) ? error.code : "CCX_ERROR" };
  }
}
