import type { AppRoute } from "../context.js";
import { callMetrics } from "../data/call-stats.js";
import { badRequest } from "../errors.js";
import { QueryReader } from "../query.js";

const THIRTY_DAYS_MS = 30 * 86_400_000;

/**
 * GET /stats (docs/service.md, Analytics): metrics over the app's calls whose
 * initiatedAt falls in [fromDate, toDate], both in milliseconds and included;
 * by default the 30 days before the world's clock. onBehalfOf is checked but
 * does not narrow: analytics are the app's.
 */
export const statsRoutes: AppRoute[] = [
  {
    api: "calls",
    method: "GET",
    path: /^\/stats\/?$/,
    handle: (ctx) => {
      const q = new QueryReader(ctx.params);
      const asked = { fromDate: q.integer("fromDate", { min: 0 }), toDate: q.integer("toDate", { min: 0 }) };
      q.done();
      const toDate = asked.toDate ?? ctx.now * 1000;
      const fromDate = asked.fromDate ?? Math.max(0, toDate - THIRTY_DAYS_MS);
      if (fromDate > toDate) throw badRequest({ fromDate: [`The fromDate (${fromDate}) must not be after the toDate (${toDate}).`] });
      const calls = ctx.app.calls.filter((c) => c.initiatedAt * 1000 >= fromDate && c.initiatedAt * 1000 <= toDate);
      return { data: { metrics: callMetrics(calls, ctx.now), time_range: { fromDate, toDate } } };
    },
  },
];
