import { Box, Text } from "ink";
import type { AppRef, LogEntry } from "../../store/types.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";

const appColumns = (activeKey: string): Column<AppRef>[] => [
  { header: " ", get: (a) => (a.key === activeKey ? "*" : ""), width: 1 },
  { header: "name", get: (a) => a.label, flex: 2 },
  { header: "app id", get: (a) => a.appId, width: 16 },
  { header: "region", get: (a) => a.region, width: 6 },
  { header: "source", get: (a) => a.source, width: 10 },
];

export function AppsView({ apps, activeKey, selected, height, width, theme }: { apps: AppRef[]; activeKey: string; selected: number; height: number; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column">
      <Text color={theme.muted}>enter switches to the app; each app keeps its own filters and place</Text>
      <Rows columns={appColumns(activeKey)} rows={apps} selected={selected} height={height - 1} width={width} theme={theme} />
    </Box>
  );
}

const logColumns: Column<LogEntry>[] = [
  { header: "status", get: (e) => (e.done ? e.code ?? e.status ?? "" : "…"), width: 24, color: (e, t) => (e.code || (e.status ?? 0) >= 400 ? t.error : undefined) },
  { header: "ms", get: (e) => (e.durationMs === undefined ? "" : Math.round(e.durationMs)), width: 6, align: "right" },
  { header: "retries", get: (e) => e.retries ?? "", width: 7, align: "right" },
  { header: "request", get: (e) => `${e.method} ${e.url}`, flex: 1 },
];

export function LogView({ log, selected, height, width, theme }: { log: LogEntry[]; selected: number; height: number; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column">
      <Text color={theme.muted}>the latest requests, newest last · y copies the request as curl (the key as $CCX_API_KEY)</Text>
      {log.length === 0 ? <Text color={theme.muted}>no requests yet</Text> : (
        <Rows columns={logColumns} rows={log} selected={selected} height={height - 1} width={width} theme={theme} />
      )}
    </Box>
  );
}
