import { Box, Text } from "ink";
import { quotaText } from "../../api/errors.js";
import { curlCommand } from "../../store/request-log.js";
import type { LogEntry } from "../../store/types.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import type { RouteOf, Screen } from "./types.js";
import type { ExplorerState } from "../../store/explorer-store.js";

const logColumns: Column<LogEntry>[] = [
  { header: "status", get: (e) => (e.done ? e.code ?? e.status ?? "" : "…"), width: 24, color: (e, t) => (e.code || (e.status ?? 0) >= 400 ? t.error : undefined) },
  { header: "ms", get: (e) => (e.durationMs === undefined ? "" : Math.round(e.durationMs)), width: 6, align: "right" },
  { header: "retries", get: (e) => e.retries ?? "", width: 7, align: "right" },
  { header: "quota", get: (e) => quotaText(e.rateLimit), width: 11, align: "right", priority: 3 },
  { header: "request", get: (e) => `${e.method} ${e.url}`, flex: 1 },
];

function LogView({ log, selected, height, width, theme }: { log: LogEntry[]; selected: number; height: number; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column">
      <Text color={theme.muted}>the latest requests, newest last · quota: requests left/limit · y copies one as curl ($CCX_API_KEY)</Text>
      {log.length === 0 ? <Text color={theme.muted}>no requests yet</Text> : (
        <Rows columns={logColumns} rows={log} selected={selected} height={height - 1} width={width} theme={theme} />
      )}
    </Box>
  );
}

const cursorOf = (state: ExplorerState) => Math.min(state.ui.cursors.log ?? state.log.length - 1, state.log.length - 1);

/** The request log (L): status, duration and retries of the latest requests; y copies one as curl. */
export const logScreen: Screen<RouteOf<"log">> = {
  title: "The request log",
  crumb: () => "log",
  bindings: [],
  cursor: (state) => ({ index: Math.max(0, cursorOf(state)), count: state.log.length }),
  select: (store, _route, index) => store.getState().setCursor("log", index),
  selection: (state) => {
    const entry = state.log[cursorOf(state)];
    return entry && { id: curlCommand(entry, state.caFile), json: entry };
  },
  render: ({ state, height, width, theme }) => <LogView log={state.log} selected={Math.max(0, cursorOf(state))} height={height} width={width} theme={theme} />,
};
