import type { AppRoute, RequestContext } from "../context.js";
import { callMetrics } from "../data/call-stats.js";
import { messageDataPoints } from "../data/message-stats.js";
import { badRequest } from "../errors.js";
import { answersIn } from "../options.js";
import { QueryReader } from "../query.js";

const THIRTY_DAYS_MS = 30 * 86_400_000;
/**
 * The export calls fromDate and toDate a "Unix timestamp" and answers time_range in milliseconds:
 * a value below this is taken as seconds (1e11 ms is 1973; 1e11 s, the year 5138).
 */
const SECONDS_BELOW = 1e11;
const inMs = (time: number | undefined) => (time === undefined || time >= SECONDS_BELOW ? time : time * 1000);

/**
 * GET /stats (docs/service.md, Analytics): metrics over the app's calls whose
 * initiatedAt falls in [fromDate, toDate], in seconds or milliseconds, both
 * included, answered in milliseconds; by default the 30 days before the world's
 * clock. onBehalfOf is checked but does not narrow: analytics are the app's.
 */
function usage(ctx: RequestContext) {
  const q = new QueryReader(ctx.params);
  const asked = { fromDate: inMs(q.integer("fromDate", { min: 0 })), toDate: inMs(q.integer("toDate", { min: 0 })) };
  q.done();
  const toDate = asked.toDate ?? ctx.now * 1000;
  const fromDate = asked.fromDate ?? Math.max(0, toDate - THIRTY_DAYS_MS);
  if (fromDate > toDate) throw badRequest({ fromDate: [`The fromDate (${fromDate}) must not be after the toDate (${toDate}).`] });
  const calls = ctx.app.calls.filter((c) => c.initiatedAt * 1000 >= fromDate && c.initiatedAt * 1000 <= toDate);
  return { data: { metrics: callMetrics(calls, ctx.now), time_range: { fromDate, toDate } } };
}

/**
 * GET /stats/messages: the documented example's form (in `data`, times as strings of milliseconds);
 * with the variant `stats-top-level`, the schema's (at the top level, times as numbers).
 */
function messageMetrics(ctx: RequestContext) {
  const points = messageDataPoints(ctx.app, ctx.now);
  const topLevel = answersIn(ctx.options, "stats-top-level");
  const time = (seconds: number) => (topLevel ? seconds * 1000 : String(seconds * 1000));
  const body = {
    startTime: time(points[0]!.startTime),
    endTime: time(points.at(-1)!.endTime),
    dataPoints: points.map((p) => ({ messagesSent: p.messagesSent, readReceipts: p.readReceipts, deliveryReceipts: p.deliveryReceipts, startTime: time(p.startTime), endTime: time(p.endTime) })),
    appId: ctx.app.appId,
  };
  return topLevel ? body : { data: body };
}

/**
 * Both on the chat host, where the export puts them. GET /stats is still answered on the calls host
 * too, where ccx asked for it before (docs/emulator.md).
 */
export const statsRoutes: AppRoute[] = [
  { api: "chat", method: "GET", path: /^\/stats\/?$/, handle: usage },
  { api: "calls", method: "GET", path: /^\/stats\/?$/, handle: usage },
  { api: "chat", method: "GET", path: /^\/stats\/messages\/?$/, handle: messageMetrics },
];
