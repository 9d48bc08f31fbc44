import { Box, Text } from "ink";
import { type ExplorerState, activeView } from "../../store/explorer-store.js";
import type { StatsState } from "../../store/types.js";
import { formatCount } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { messageStatsReport } from "../../text/message-stats-report.js";
import { statsReport } from "../../text/stats-report.js";
import { FailureBox } from "../components/failure-box.js";
import { bodyHeight, frameLayout } from "../layout.js";
import type { Theme } from "../theme.js";
import type { RouteOf, Screen } from "./types.js";

/** The report's lines for a width, the message metrics under the calls', kept for the last one asked: every key press asks again. */
let drawn: { stats: StatsState; width: number; lines: string[] } | undefined;
function reportLines(stats: StatsState, width: number): string[] {
  if (!stats.report) return [];
  if (drawn?.stats !== stats || drawn.width !== width) {
    const messages = stats.messages ? ["", ...messageStatsReport(stats.messages, width)] : [];
    drawn = { stats, width, lines: [...statsReport(stats.report, width, stats.filter), ...messages] };
  }
  return drawn.lines;
}

const statsOf = (state: ExplorerState) => activeView(state).stats;
/** The first line shown; j/k scroll the report by moving it. */
const topOf = (state: ExplorerState) => state.ui.cursors.stats ?? 0;
/** The lines the report has below the status line, at the width the view has. */
const scrollable = (state: ExplorerState) => {
  const stats = statsOf(state);
  const lines = stats ? reportLines(stats, frameLayout(state.ui, false).main).length : 0;
  return Math.max(1, lines - (bodyHeight(state.ui) - 1) + 1);
};

function statusLine(stats: StatsState | undefined): string {
  if (!stats) return "";
  const { calls, total } = stats.progress;
  const read = `${formatCount(calls)}${total === undefined ? "" : ` of ${formatCount(total)}`} calls`;
  if (stats.loading) return `⟳ computing: ${read} read · esc stops`;
  if (stats.stopped) return `stopped after ${read} · r computes again`;
  return stats.report ? "r computes again · j/k scroll · Y copies the figures as JSON" : "";
}

function StatsView({ stats, top, height, width, theme }: { stats: StatsState | undefined; top: number; height: number; width: number; theme: Theme }) {
  const lines = stats ? reportLines(stats, width) : [];
  const rows = height - 1;
  const first = Math.max(0, Math.min(top, lines.length - rows));
  return (
    <Box flexDirection="column">
      <Text color={theme.muted} wrap="truncate-end">{statusLine(stats)}</Text>
      {stats?.error ? <FailureBox failure={stats.error} theme={theme} /> : null}
      {stats && !stats.report ? <Text wrap="truncate-end">{`calls where ${sanitize(stats.filter)}`}</Text> : null}
      {/* An empty Text takes no row: a blank line is a space. */}
      {lines.slice(first, first + rows).map((line, i) => <Text key={first + i} wrap="truncate-end">{line || " "}</Text>)}
    </Box>
  );
}

/** Call analytics (:stats) over the calls list's filter: the report of `ccx stats`, then `ccx stats --messages`'s chart, scrolled with j/k. */
export const statsScreen: Screen<RouteOf<"stats">> = {
  title: "Call stats",
  crumb: () => "stats",
  bindings: [
    { keys: ["r"], description: "compute the figures again (over the calls filter as it stands)", footer: "recompute", run: (c) => c.store.getState().computeStats() },
    { keys: ["escape"], description: "stop computing; when done, back", footer: "back", run: (c) => {
      const state = c.store.getState();
      if (statsOf(state)?.loading) state.stopStats();
      else state.back();
    } },
  ],
  cursor: (state) => ({ index: Math.min(topOf(state), scrollable(state) - 1), count: scrollable(state) }),
  select: (store, _route, index) => store.getState().setCursor("stats", index),
  selection: (state) => {
    const stats = statsOf(state);
    return stats?.report && { json: { ...stats.report, messages: stats.messages } };
  },
  render: ({ state, height, width, theme }) => <StatsView stats={statsOf(state)} top={topOf(state)} height={height} width={width} theme={theme} />,
};
