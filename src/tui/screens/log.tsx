import { Box, Text } from "ink";
import { quotaText } from "../../api/errors.js";
import { curlCommand } from "../../store/request-log.js";
import type { LogEntry } from "../../store/types.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import type { RouteOf, Screen } from "./types.js";
import type { ExplorerState } from "../../store/explorer-store.js";

/**
 * The request as the log shows it: the method and the path from the API's version on, with its query
 * (`GET /groups?perPage=100`). The scheme, host and app come before that on every row alike, and at 100
 * columns they left no room for the path.
 */
export function requestText(e: LogEntry): string {
  let path: string;
  try {
    const url = new URL(e.url);
    path = `${url.pathname.replace(/^.*?\/v\d+(?=\/)/, "")}${url.search}`;
  } catch {
    path = e.url;
  }
  return `${e.method} ${path}`;
}

const logColumns: Column<LogEntry>[] = [
  { header: "request", get: requestText, flex: 1, minWidth: 24, priority: 9 },
  { header: "status", get: (e) => (e.done ? e.code ?? e.status ?? "" : "…"), width: 20, color: (e, t) => (e.code || (e.status ?? 0) >= 400 ? t.error : undefined), priority: 8 },
  { header: "ms", get: (e) => (e.durationMs === undefined ? "" : Math.round(e.durationMs)), width: 6, align: "right", priority: 7 },
  { header: "retries", get: (e) => e.retries ?? "", width: 7, align: "right", priority: 4 },
  { header: "quota", get: (e) => quotaText(e.rateLimit), width: 11, align: "right", priority: 3 },
];

function LogView({ log, selected, height, width, theme }: { log: LogEntry[]; selected: number; height: number; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column">
      <Text color={theme.muted} wrap="truncate-end">the latest requests, newest last · quota: requests left/limit · y copies one as curl ($CCX_API_KEY)</Text>
      {log.length === 0 ? <Text color={theme.muted}>no requests yet</Text> : (
        <Rows columns={logColumns} rows={log} selected={selected} height={height - 1} width={width} theme={theme} />
      )}
    </Box>
  );
}

const cursorOf = (state: ExplorerState) => Math.min(state.ui.cursors.log ?? state.log.length - 1, state.log.length - 1);

/** The request log (L): status, duration and retries of the latest requests; y copies one as curl. */
export const logScreen: Screen<RouteOf<"log">> = {
  title: "The request log (L)",
  legend: [
    "the latest requests, newest last: status (or the service's code), time taken, retries, the app's quota (requests left/limit) and the request",
    "y copies the selected request as curl, with $CCX_API_KEY standing in for the key; Y its entry as JSON",
  ],
  crumb: () => "log",
  bindings: [],
  cursor: (state) => ({ index: Math.max(0, cursorOf(state)), count: state.log.length }),
  select: (store, _route, index) => store.getState().setCursor("log", index),
  selection: (state) => {
    const entry = state.log[cursorOf(state)];
    return entry && { id: curlCommand(entry, state.caFile), what: "request as curl", json: entry };
  },
  render: ({ state, height, width, theme }) => <LogView log={state.log} selected={Math.max(0, cursorOf(state))} height={height} width={width} theme={theme} />,
};
