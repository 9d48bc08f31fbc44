import { Box, Text } from "ink";
import { type ExplorerState, activeView, detailOf } from "../../store/explorer-store.js";
import type { TraceState } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import { traceLines } from "../../text/trace-report.js";
import { whyLines } from "../../text/why-report.js";
import { fixOf, shownVerdict } from "../../writes/why-fixes.js";
import { FailureBox } from "../components/failure-box.js";
import type { Binding, KeyContext, RouteOf, Screen } from "./types.js";

type TraceRoute = RouteOf<"trace">;

const traceOf = (state: ExplorerState, route: TraceRoute): TraceState | undefined => detailOf(activeView(state), "trace", route.messageId);

/**
 * The lines of the report at this width (the table of recipients fits it); opened by W, each
 * recipient's verdict above it (`of`: the verdict each of those lines is of).
 */
function linesOf(trace: TraceState | undefined, route: TraceRoute, width: number): { lines: string[]; of: number[] } {
  const report = trace?.report ? traceLines(trace.report, width, false, trace.verdicts ?? []) : [];
  if (!route.why || !trace?.verdicts) return { lines: report, of: [] };
  const why = whyLines(trace.verdicts.map((v) => shownVerdict(v)));
  return { lines: [...why.lines, "", ...report], of: why.of };
}

/** The verdict of the line under the cursor, when W opened the screen. */
function verdictAt(c: KeyContext<TraceRoute>) {
  const trace = traceOf(c.state, c.route);
  const at = linesOf(trace, c.route, 200).of[trace?.selected ?? 0];
  return at === undefined ? undefined : trace?.verdicts?.[at];
}

const bindings: Array<Binding<TraceRoute>> = [
  { keys: ["r"], description: "trace the message again", footer: "refresh", run: (c) => c.store.getState().reloadTrace() },
  {
    keys: ["f"], description: "fix: the write that undoes the finding of the verdict under the cursor (asked, dry-run, journaled, undoable)", footer: "fix", write: true,
    offered: (c) => c.route.why === true,
    disabled: (c) => {
      const verdict = verdictAt(c);
      return !verdict ? "no verdict under the cursor" : fixOf(verdict) ? undefined : `${verdict.uid}: no write undoes this`;
    },
    run: (c) => {
      const fix = fixOf(verdictAt(c)!)!;
      c.store.getState().askVerb(fix.words, fix.input);
    },
  },
];

/** What happened to one message and why: the report of `ccx trace`, scrolled with the cursor keys. */
export const traceScreen: Screen<TraceRoute> = {
  title: "A message's trace (T or W on a message, :trace <messageId>)",
  legend: [
    "what happened to the message and why: moderation, each recipient's blocks, mutes, DND, push tokens and notification log lines, the webhooks for it",
    "each fact names the endpoint it came from; what could not be read is listed at the end with its code",
    "opened by W: each recipient's first break in the chain above it, and f on a verdict sends the write that fixes it",
  ],
  crumb: (route) => `trace ${sanitize(route.messageId)}`,
  bindings,
  // The cursor is the report's top line: ↑/↓ and PgUp/PgDn scroll it.
  cursor: (state, route) => ({ index: traceOf(state, route)?.selected ?? 0, count: linesOf(traceOf(state, route), route, 200).lines.length }),
  select: (store, _route, index) => store.getState().selectTraceLine(index),
  selection: (state, route) => {
    const report = traceOf(state, route)?.report;
    return report && { id: route.messageId, json: report };
  },
  render: ({ state, route, height, width, theme }) => {
    const trace = traceOf(state, route);
    if (!trace || (trace.loading && !trace.report)) return <Text color={theme.muted}>{`tracing message ${sanitize(route.messageId)}… (at most 8 requests at a time)`}</Text>;
    if (trace.error && !trace.report) return <FailureBox failure={trace.error} theme={theme} />;
    const { lines, of } = linesOf(trace, route, width);
    const top = Math.min(trace.selected, Math.max(0, lines.length - height));
    // Opened by W, the verdict under the cursor is marked: f acts on it.
    const marked = of[trace.selected];
    return (
      <Box flexDirection="column" height={height}>
        {lines.slice(top, top + height).map((line, i) => <Text key={top + i} wrap="truncate-end" bold={/^\S/.test(line)} inverse={marked !== undefined && of[top + i] === marked}>{line}</Text>)}
      </Box>
    );
  },
};
