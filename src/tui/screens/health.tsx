import { Box, Text } from "ink";
import type { HealthLine } from "../../api/health-lines.js";
import { type ExplorerState, activeView } from "../../store/explorer-store.js";
import type { HealthState } from "../../store/types.js";
import { formatCount } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import type { RouteOf, Screen } from "./types.js";

/** What a line opens, as its column says it: the filter typed, the text the rows are narrowed by, or the list alone. */
const opensText = (line: HealthLine) => (line.opens ? `${line.opens.resource}${line.opens.filter ? ` ${line.opens.filter}` : line.opens.narrow ? ` / ${line.opens.narrow}` : ""}` : "");

const COLUMNS: Column<HealthLine>[] = [
  { header: " ", get: (l) => (l.problem && (l.count > 0 || l.note !== undefined) ? "!" : ""), width: 1, color: (_, theme) => theme.warning },
  { header: "count", get: (l) => formatCount(l.count), width: 7, align: "right" },
  { header: "what", get: (l) => `${l.label}${l.note ? ` (${l.note})` : ""}`, flex: 2, minWidth: 20 },
  { header: "opens", get: opensText, flex: 3, minWidth: 10, priority: -1 },
];

const healthOf = (state: ExplorerState) => activeView(state).health;
const linesOf = (state: ExplorerState) => healthOf(state)?.lines ?? [];
const cursorOf = (state: ExplorerState) => Math.min(state.ui.cursors.health ?? 0, Math.max(0, linesOf(state).length - 1));

function statusLine(health: HealthState | undefined): string {
  if (!health) return "";
  if (health.loading) return `⟳ reading the app's health since ${health.sinceText} ago · esc back`;
  return health.report ? `since ${health.report.since} · enter opens the list a line counts, its filter typed · r reads again` : "";
}

function HealthView({ health, selected, height, width, theme }: { health: HealthState | undefined; selected: number; height: number; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column">
      <Text color={theme.muted} wrap="truncate-end">{sanitize(statusLine(health))}</Text>
      {health?.error ? <FailureBox failure={health.error} theme={theme} /> : null}
      {health?.lines ? <Rows columns={COLUMNS} rows={health.lines} selected={selected} height={height - 1} width={width} theme={theme} /> : null}
    </Box>
  );
}

/** What is failing now (:health [since]): `ccx health`'s lines, each opening the list it counts. */
export const healthScreen: Screen<RouteOf<"health">> = {
  title: "Health",
  crumb: () => "health",
  bindings: [
    { keys: ["enter"], description: "open the list the line counts, its filter typed", footer: "open", run: (c) => c.selection()?.open?.() },
    { keys: ["r"], description: "read the app's health again, to now", footer: "read again", run: (c) => c.store.getState().computeHealth() },
  ],
  cursor: (state) => ({ index: cursorOf(state), count: linesOf(state).length }),
  select: (store, _route, index) => store.getState().setCursor("health", index),
  selection: (state) => {
    const line = linesOf(state)[cursorOf(state)];
    const report = healthOf(state)?.report;
    return line && { json: report, ...(line.opens ? { open: () => state.openHealthLine(line) } : {}) };
  },
  render: ({ state, height, width, theme }) => <HealthView health={healthOf(state)} selected={cursorOf(state)} height={height} width={width} theme={theme} />,
};
