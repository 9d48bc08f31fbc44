import { callNeedsApp, prepareCall, urlWithQuery } from "../api/api-call.js";
import { maskAnswerSecrets } from "../api/answer-secrets.js";
import type { ManagementTarget } from "../api/apps.js";
import type { Read } from "../api/trace.js";
import { whyMessage } from "../api/why.js";
import { type StoreContext, currentRoute } from "./context.js";
import { detailOf, withDetail } from "./details.js";
import { toFailure } from "./failure.js";
import type { TraceState } from "./types.js";

/**
 * The trace screen: what happened to one message and why, read as `ccx trace`
 * reads it (src/api/trace.ts: at most 8 requests in flight, one per endpoint
 * per recipient), push tokens masked, with each recipient's verdict as `ccx
 * why` gives it (the same reads, and their read receipts). One trace per
 * message at a time; r traces again.
 */
export interface TraceActions {
  /** Opens the trace of a message (`why`: its verdicts above it); traces it unless it has a report already. */
  openTrace(messageId: string, why?: boolean): void;
  /** Traces the message in view again (r). */
  reloadTrace(): void;
  /** Scrolls the report to a line. */
  selectTraceLine(index: number): void;
}

/** The most requests a trace has in flight, as on the command line. */
const IN_FLIGHT = 8;
/** Group members a trace follows, as `ccx trace`'s default. */
const MEMBERS = 50;

export function traceActions(ctx: StoreContext, management: ManagementTarget | undefined): TraceActions {
  const setTrace = (appKey: string, messageId: string, patch: Partial<TraceState>) =>
    ctx.updateView(appKey, (v) => withDetail(v, "trace", messageId, { loading: false, selected: 0 }, patch));

  const trace = (messageId: string) => {
    const appKey = ctx.get().activeKey;
    const target = ctx.clientFor(appKey).target;
    const request = ctx.slots.begin(`${appKey}/trace/${messageId}`);
    setTrace(appKey, messageId, { loading: true, error: undefined });
    const read: Read = async (path, query = {}, as) => {
      const input = { method: "GET" as const, path, query };
      const app = as ? { ...target, onBehalfOf: as.onBehalfOf } : target;
      const call = prepareCall(input, { app: callNeedsApp(input) ? app : undefined, management, readOnly: true });
      return (await ctx.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers, signal: request.signal })).json;
    };
    whyMessage(read, messageId, { members: MEMBERS, inFlight: IN_FLIGHT }).then(
      ({ trace: report, verdicts }) => {
        // Push tokens masked, as every list of the explorer keeps secrets (a verdict's facts kept as read, for its fix; its screen masks them).
        if (request.isCurrent()) setTrace(appKey, messageId, { loading: false, report: maskAnswerSecrets(report).value, verdicts });
      },
      (error: unknown) => {
        if (request.isCurrent()) setTrace(appKey, messageId, { loading: false, error: toFailure(error) });
      },
    ).finally(request.finish);
  };

  return {
    openTrace(messageId, why) {
      const state = ctx.get();
      state.navigate({ view: "trace", messageId, ...(why ? { why: true as const } : {}) });
      const known = detailOf(state.views[state.activeKey], "trace", messageId);
      if (!known || known.error) trace(messageId);
    },

    reloadTrace() {
      const route = currentRoute(ctx.get());
      if (route.view === "trace") trace(route.messageId);
    },

    selectTraceLine(index) {
      const route = currentRoute(ctx.get());
      if (route.view === "trace") setTrace(ctx.get().activeKey, route.messageId, { selected: Math.max(0, index) });
    },
  };
}
