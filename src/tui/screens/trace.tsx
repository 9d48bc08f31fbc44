import { Box, Text } from "ink";
import { type ExplorerState, activeView, detailOf } from "../../store/explorer-store.js";
import type { TraceState } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import { traceLines } from "../../text/trace-report.js";
import { FailureBox } from "../components/failure-box.js";
import type { Binding, RouteOf, Screen } from "./types.js";

type TraceRoute = RouteOf<"trace">;

const traceOf = (state: ExplorerState, route: TraceRoute): TraceState | undefined => detailOf(activeView(state), "trace", route.messageId);

const bindings: Binding[] = [
  { keys: ["r"], description: "trace the message again", footer: "refresh", run: (c) => c.store.getState().reloadTrace() },
];

/** The lines of the report at this width (the table of recipients fits it). */
const linesOf = (trace: TraceState | undefined, width: number) => (trace?.report ? traceLines(trace.report, width, false) : []);

/** What happened to one message and why: the report of `ccx trace`, scrolled with the cursor keys. */
export const traceScreen: Screen<TraceRoute> = {
  title: "A message's trace (T on a message, :trace <messageId>)",
  legend: [
    "what happened to the message and why: moderation, each recipient's blocks, mutes, DND, push tokens and notification log lines, the webhooks for it",
    "each fact names the endpoint it came from; what could not be read is listed at the end with its code",
  ],
  crumb: (route) => `trace ${sanitize(route.messageId)}`,
  bindings,
  // The cursor is the report's top line: ↑/↓ and PgUp/PgDn scroll it.
  cursor: (state, route) => ({ index: traceOf(state, route)?.selected ?? 0, count: linesOf(traceOf(state, route), 200).length }),
  select: (store, _route, index) => store.getState().selectTraceLine(index),
  selection: (state, route) => {
    const report = traceOf(state, route)?.report;
    return report && { id: route.messageId, json: report };
  },
  render: ({ state, route, height, width, theme }) => {
    const trace = traceOf(state, route);
    if (!trace || (trace.loading && !trace.report)) return <Text color={theme.muted}>{`tracing message ${sanitize(route.messageId)}… (at most 8 requests at a time)`}</Text>;
    if (trace.error && !trace.report) return <FailureBox failure={trace.error} theme={theme} />;
    const lines = linesOf(trace, width);
    const top = Math.min(trace.selected, Math.max(0, lines.length - height));
    return (
      <Box flexDirection="column" height={height}>
        {lines.slice(top, top + height).map((line, i) => <Text key={top + i} wrap="truncate-end" bold={/^\S/.test(line)}>{line}</Text>)}
      </Box>
    );
  },
};
