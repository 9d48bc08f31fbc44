import { Box, Text } from "ink";
import type { Call, Group } from "../../api/schemas.js";
import type { ListState } from "../../store/types.js";
import { formatMinutes, formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { FilterLine } from "../components/filter-line.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import { type Theme, statusColor } from "../theme.js";

export const groupColumns = (withUser: boolean): Column<Group>[] => [
  { header: "name", get: (g) => g.name ?? "", flex: 3 },
  { header: "guid", get: (g) => g.guid, flex: 2 },
  { header: "type", get: (g) => g.type ?? "", width: 9 },
  { header: "members", get: (g) => g.membersCount ?? "", width: 7, align: "right" },
  ...(withUser ? [{ header: "scope", get: (g: Group) => (g.hasJoined ? g.scope ?? "member" : "—"), width: 11 }] : []),
  { header: "tags", get: (g) => (g.tags ?? []).join(","), flex: 1 },
  { header: "owner", get: (g) => g.owner ?? "", width: 12 },
  { header: "created", get: (g) => formatTime(g.createdAt), width: 16 },
  { header: "updated", get: (g) => formatTime(g.updatedAt), width: 16 },
];

export const callColumns: Column<Call>[] = [
  { header: "session id", get: (c) => c.sessionId, width: 40 },
  { header: "status", get: (c) => c.status ?? "", width: 10, color: (c, t) => statusColor(t, c.status) },
  { header: "type", get: (c) => c.type ?? "", width: 5 },
  { header: "mode", get: (c) => c.mode ?? "", width: 9 },
  { header: "receiver", get: (c) => c.receiver ?? "", flex: 1 },
  { header: "parts", get: (c) => c.totalParticipants ?? c.participants?.length ?? "", width: 5, align: "right" },
  { header: "duration", get: (c) => formatMinutes(c.totalDurationInMinutes), width: 8, align: "right" },
  { header: "started", get: (c) => formatTime(c.startedAt), width: 16 },
  { header: "rec", get: (c) => (c.hasRecording ? "rec" : ""), width: 3 },
];

export interface ListViewProps<Item> {
  kind: "groups" | "calls";
  list: ListState<Item>;
  columns: Column<Item>[];
  editing: boolean;
  onFilterChange(line: string): void;
  onFilterSubmit(): void;
  height: number;
  width: number;
  theme: Theme;
}

function summary<Item>(list: ListState<Item>): string {
  if (list.params.updatedAt !== undefined) {
    return `${list.items.length} loaded${list.hasMore ? " · more below (n, or scroll)" : " · all loaded"}`;
  }
  const total = list.total === undefined ? "" : ` of ${list.total}`;
  const pages = list.totalPages ? ` · page ${list.page}/${Math.max(1, list.totalPages)} (n/p)` : "";
  return `${list.items.length}${total}${pages}`;
}

/** Groups or calls: the filter line, the rows that fit, and where in the list this is. */
export function ListView<Item>({ kind, list, columns, editing, onFilterChange, onFilterSubmit, height, width, theme }: ListViewProps<Item>) {
  const rowsHeight = Math.max(2, height - 3);
  let body;
  if (list.error && list.items.length === 0) {
    body = <FailureBox failure={list.error} theme={theme} />;
  } else if (list.items.length === 0) {
    body = <Text color={theme.muted}>{list.loading ? `loading ${kind}…` : `no ${kind} match`}</Text>;
  } else {
    body = <Rows columns={columns} rows={list.items} selected={list.selected} height={rowsHeight} width={width} theme={theme} />;
  }
  return (
    <Box flexDirection="column" height={height}>
      <FilterLine value={list.filter} editing={editing} tokens={list.tokens} errors={list.errors} request={list.request}
        onChange={onFilterChange} onSubmit={onFilterSubmit} theme={theme} />
      <Box flexGrow={1} flexDirection="column" overflow="hidden">{body}</Box>
      <Text color={list.error ? theme.error : theme.muted} wrap="truncate-end">
        {list.loading ? "⟳ " : ""}
        {summary(list)}
        {list.error && list.items.length > 0 ? ` · ✗ ${sanitize(list.error.code)} (r retries)` : ""}
      </Text>
    </Box>
  );
}
