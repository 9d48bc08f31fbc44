import { Box, Text } from "ink";
import type { Call, Group } from "../../api/schemas.js";
import type { ListState } from "../../store/types.js";
import { formatMinutes, formatRelative, formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { FilterLine } from "../components/filter-line.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import { type Theme, statusColor } from "../theme.js";

/** Below these widths times are shown as ages and session ids without their app prefix. */
const WIDE_GROUPS = 110;
const WIDE_CALLS = 120;

const age = (seconds: unknown) => formatRelative(seconds as number).replace(/ ago$/, "");

export const groupColumns = (withUser: boolean, width = WIDE_GROUPS): Column<Group>[] => {
  const wide = width >= WIDE_GROUPS;
  const time = (get: (g: Group) => unknown) => (g: Group) => (wide ? formatTime(get(g) as number) : age(get(g)));
  return [
    { header: "name", get: (g) => g.name ?? "", flex: 3, minWidth: 16, priority: 9 },
    { header: "guid", get: (g) => g.guid, flex: 2, minWidth: 12, priority: 9 },
    { header: "type", get: (g) => g.type ?? "", width: 9, priority: 7 },
    { header: "members", get: (g) => g.membersCount ?? "", width: 7, align: "right", priority: 6 },
    ...(withUser
      ? [
        { header: "scope", get: (g: Group) => (g.hasJoined ? g.scope ?? "member" : "—"), width: 11, priority: 8 },
        { header: "joined", get: (g: Group) => (g.hasJoined ? time((x) => x.joinedAt)(g) : ""), width: wide ? 16 : 8, priority: 6 },
      ]
      : []),
    { header: "tags", get: (g) => (g.tags ?? []).join(","), flex: 1, priority: 5 },
    { header: "owner", get: (g) => g.owner ?? "", width: 12, priority: 3 },
    { header: "created", get: time((g) => g.createdAt), width: wide ? 16 : 8, priority: 4 },
    { header: "updated", get: time((g) => g.updatedAt), width: wide ? 16 : 8, priority: 2 },
  ];
};

/** `v1.us.<appId>.` is the same on every row of an app: narrow screens show what follows. */
const sessionTail = (id: string) => id.replace(/^v\d+\.[a-z]+\.[^.]+\./, "…");

export const callColumns = (width = WIDE_CALLS): Column<Call>[] => {
  const wide = width >= WIDE_CALLS;
  return [
    wide
      ? { header: "session id", get: (c) => c.sessionId, width: 40, priority: 9 }
      : { header: "session", get: (c) => sessionTail(c.sessionId), flex: 2, minWidth: 12, priority: 9 },
    { header: "rec", get: (c) => (c.hasRecording ? "rec" : ""), width: 3, priority: 7 },
    { header: "status", get: (c) => c.status ?? "", width: 10, color: (c, t) => statusColor(t, c.status), priority: 8 },
    { header: "type", get: (c) => c.type ?? "", width: 5, priority: 6 },
    { header: "mode", get: (c) => c.mode ?? "", width: 9, priority: 5 },
    { header: "receiver", get: (c) => c.receiver ?? "", flex: 1, minWidth: 10, priority: 5 },
    { header: "parts", get: (c) => c.totalParticipants ?? c.participants?.length ?? "", width: 5, align: "right", priority: 4 },
    { header: "duration", get: (c) => formatMinutes(c.totalDurationInMinutes), width: 8, align: "right", priority: 4 },
    { header: "started", get: (c) => (wide ? formatTime(c.startedAt) : age(c.startedAt)), width: wide ? 16 : 8, priority: 3 },
  ];
};

export interface ListViewProps<Item> {
  kind: "groups" | "calls";
  list: ListState<Item>;
  columns: Column<Item>[];
  editing: boolean;
  /** Remounts the filter input (cursor at the end) when keys were typed into it from outside. */
  inputKey?: number;
  onFilterChange(line: string): void;
  onFilterSubmit(): void;
  height: number;
  width: number;
  theme: Theme;
}

function summary<Item>(list: ListState<Item>): string {
  // A failure with nothing loaded is said above, in place: no count to give.
  if (list.error && list.items.length === 0) return "";
  if (list.params.updatedAt !== undefined) {
    const dropped = list.dropped ? ` · ${list.dropped} earlier rows let go (kept: the latest ${list.items.length})` : "";
    return `${list.items.length} loaded${list.hasMore ? " · more below (n, or scroll)" : " · all loaded"}${dropped}`;
  }
  const total = list.total === undefined ? "" : ` of ${list.total}`;
  const pages = list.totalPages ? ` · page ${list.page}/${Math.max(1, list.totalPages)} (n/p)` : "";
  return `${list.items.length}${total}${pages}`;
}

/** Groups or calls: the filter line, the rows that fit, and where in the list this is. */
export function ListView<Item>({ kind, list, columns, editing, inputKey, onFilterChange, onFilterSubmit, height, width, theme }: ListViewProps<Item>) {
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
      <FilterLine value={list.filter} editing={editing} inputKey={inputKey} tokens={list.tokens} errors={list.errors} request={list.request}
        onChange={onFilterChange} onSubmit={onFilterSubmit} theme={theme} />
      <Box flexGrow={1} flexShrink={1} flexDirection="column" overflow="hidden">{body}</Box>
      <Box flexShrink={0}>
        <Text color={list.error ? theme.error : theme.muted} wrap="truncate-end">
          {list.loading ? "⟳ " : ""}
          {summary(list)}
          {list.error && list.items.length > 0 ? ` · ✗ ${sanitize(list.error.code)} (r retries)` : ""}
        </Text>
      </Box>
    </Box>
  );
}
