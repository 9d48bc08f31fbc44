import type { AppRoute, RequestContext } from "../context.js";
import type { App, Call } from "../data/model.js";
import { notFound } from "../errors.js";
import { QueryReader, paginate, readPage } from "../query.js";
import { callJson, transcriptionJson } from "../serialize.js";

const OPS = ["gte", "lte", "gt", "lt", "eq"] as const;
const STATUSES = ["initiated", "ongoing", "ended", "unanswered", "rejected", "canceled"] as const;

type Bounds = Partial<Record<(typeof OPS)[number], number>>;

function within(value: number | undefined, b: Bounds): boolean {
  if (value === undefined) return Object.keys(b).length === 0;
  return (b.gte === undefined || value >= b.gte) && (b.lte === undefined || value <= b.lte) &&
    (b.gt === undefined || value > b.gt) && (b.lt === undefined || value < b.lt) && (b.eq === undefined || value === b.eq);
}

/**
 * GET /calls filters (docs/service.md). As the docs use them: `startedAt=T` is
 * "started on or after T", `endedAt=T` "ended on or before T" (so ongoing calls
 * drop out), `participantsCount=N` is exact. Each also takes [gte|lte|gt|lt|eq].
 * Lists accept comma-separated values. Newest first.
 */
function callFilter(q: QueryReader): (call: Call) => boolean {
  const types = q.list("type", ["audio", "video"] as const);
  const modes = q.list("mode", ["call", "meet", "presenter"] as const);
  const statuses = q.list("status", STATUSES);
  const receiverType = q.oneOf("receiverType", ["user", "group"] as const);
  const uid = q.string("uid");
  const hasRecording = q.boolean("hasRecording");
  const hasTranscription = q.boolean("hasTranscription");
  const participants: Bounds = { eq: q.integer("participantsCount", { min: 0 }), ...q.operators("participantsCount", OPS) };
  const started: Bounds = { gte: q.integer("startedAt", { min: 0 }), ...q.operators("startedAt", OPS) };
  const ended: Bounds = { lte: q.integer("endedAt", { min: 0 }), ...q.operators("endedAt", OPS) };
  for (const b of [participants, started, ended]) for (const k of OPS) if (b[k] === undefined) delete b[k];
  return (c) =>
    (!types || types.includes(c.type)) && (!modes || modes.includes(c.mode)) && (!statuses || statuses.includes(c.status)) &&
    (!receiverType || c.receiverType === receiverType) && (uid === undefined || c.uids.has(uid)) &&
    (hasRecording === undefined || c.hasRecording === hasRecording) &&
    (hasTranscription === undefined || c.hasTranscription === hasTranscription) &&
    within(c.totalParticipants, participants) && within(c.startedAt, started) && within(c.endedAt, ended);
}

/**
 * The last query's matches, per app: walking 100,000 calls page by page asked the same filter of every
 * call once a page (the emulator, not the client, set the pace of `ccx stats`). Not in live mode, where
 * calls change in place; a world that gained a call asks again.
 */
const lastMatches = new WeakMap<App, { key: string; count: number; calls: Call[] }>();

function filtered(ctx: RequestContext, uid: string | undefined, run: () => Call[]): Call[] {
  if (ctx.options.live) return run();
  const params = new URLSearchParams(ctx.params);
  params.delete("page");
  params.delete("perPage");
  params.sort();
  const key = `${uid ?? ""}?${params.toString()}`;
  const known = lastMatches.get(ctx.app);
  if (known && known.key === key && known.count === ctx.app.calls.length) return known.calls;
  const calls = run();
  lastMatches.set(ctx.app, { key, count: ctx.app.calls.length, calls });
  return calls;
}

/** A call the onBehalfOf user took no part in is, for that user, not found. */
function findCall(ctx: RequestContext, sessionId: string): Call {
  const call = ctx.app.callBySessionId.get(sessionId);
  if (!call || (ctx.onBehalfOf && !call.uids.has(ctx.onBehalfOf.user.uid))) {
    throw notFound("ERR_CALL_SESSION_NOT_FOUND", "call session", sessionId);
  }
  return call;
}

export const callRoutes: AppRoute[] = [
  {
    api: "calls",
    method: "GET",
    path: /^\/calls\/?$/,
    handle: (ctx) => {
      const q = new QueryReader(ctx.params);
      const page = readPage(q, { perPage: 100, max: 1000 });
      const matches = callFilter(q);
      q.done();
      const uid = ctx.onBehalfOf?.user.uid;
      const calls = filtered(ctx, uid, () => ctx.app.calls.filter((c) => (uid === undefined || c.uids.has(uid)) && matches(c)));
      const { data, pagination } = paginate(calls, page);
      return { data: data.map((c) => callJson(ctx.app, c, ctx.options)), meta: { pagination } };
    },
  },
  {
    api: "calls",
    method: "GET",
    path: /^\/calls\/(?<sessionId>[^/]+)\/?$/,
    handle: (ctx, { sessionId }) => {
      if (!ctx.app.callBySessionId.has(sessionId!) && ctx.options.variants.has("empty-detail")) return { data: [] };
      const json = callJson(ctx.app, findCall(ctx, sessionId!), ctx.options, true);
      return { data: ctx.options.variants.has("call-data-array") ? [json] : json };
    },
  },
  {
    api: "calls",
    method: "GET",
    path: /^\/calls\/(?<sessionId>[^/]+)\/transcriptions\/?$/,
    handle: (ctx, { sessionId }) => {
      const call = findCall(ctx, sessionId!);
      const q = new QueryReader(ctx.params);
      const page = readPage(q, { perPage: 100, max: 1000 });
      q.done();
      const { data, pagination } = paginate(call.transcriptions, page);
      return { data: data.map((t) => transcriptionJson(t, ctx.options)), meta: { pagination } };
    },
  },
];
