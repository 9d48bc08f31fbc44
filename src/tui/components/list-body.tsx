import { Box, Text } from "ink";
import type { ReactNode } from "react";
import type { LineState } from "../../store/line-editor.js";
import type { ListState } from "../../store/types.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "./failure-box.js";
import { FilterLine } from "./filter-line.js";
import { type Column, Rows } from "./rows.js";
import type { Theme } from "../theme.js";

export interface ListBodyProps<Item> {
  noun: string;
  list: ListState<Item>;
  columns: Column<Item>[];
  /** The rows marked for a write on several (space). */
  marked?: (item: Item) => boolean;
  /** The filter line while it is being typed. */
  editing?: LineState;
  /** Drawn instead of the filter line (a list that documents no filter: what `/` narrows). */
  filterLine?: ReactNode;
  /** Drawn under the count, in `height` rows (a chat's selected message, whole). */
  below?: { node: ReactNode; height: number };
  height: number;
  width: number;
  theme: Theme;
}

function summary<Item>(list: ListState<Item>): string {
  // A failure with nothing loaded is said above, in place: no count to give.
  if (list.error && list.items.length === 0) return "";
  // One answer holds the whole list (a resource the service does not page): how many, and nothing of pages.
  if (list.walk === false && list.numbered === false) return `${list.items.length} loaded${list.live ? " · live (w stops)" : ""}`;
  // A chat: its older rows load above.
  if (list.walk && list.chat) {
    const dropped = list.dropped ? ` · ${list.dropped} newer let go (r reloads)` : "";
    return `${list.items.length} loaded${list.hasMore ? " · ↑ older load as you go up (n)" : " · from the first"}${dropped}${list.live ? " · live (w stops)" : ""}`;
  }
  if (list.walk) {
    const dropped = list.dropped ? ` · ${list.dropped} earlier rows let go (kept: the latest ${list.items.length})` : "";
    return `${list.items.length} loaded${list.hasMore ? " · more below (n, or scroll)" : " · all loaded"}${dropped}`;
  }
  // The store keeps a total and a page count only when they are believable (api/paging.ts).
  const total = list.total === undefined ? "" : ` of ${list.total}`;
  const keys = [list.hasMore ? "n" : "", list.page > 1 ? "p" : ""].filter(Boolean).join("/");
  const where = list.totalPages !== undefined ? `page ${list.page}/${list.totalPages}` : list.page > 1 || list.hasMore ? `page ${list.page}` : "";
  // After a failure nothing more is loaded, but that says nothing of what the service has: r retries.
  const last = !list.hasMore && !list.error ? " (the last)" : "";
  const pages = where ? ` · ${where}${last}${keys ? ` (${keys})` : ""}` : "";
  const live = list.live ? ` · live${list.live.slowedMs ? `, slowed to ${Math.round(list.live.slowedMs / 1000)} s after a 429` : ""} (w stops)` : "";
  return `${list.items.length}${total}${pages}${live}`;
}

/** A list: the filter line, the rows that fit, and where in the list this is. */
export function ListBody<Item>({ noun, list, columns, editing, filterLine, below, height, width, theme, marked }: ListBodyProps<Item>) {
  const rowsHeight = Math.max(2, height - 3 - (below?.height ?? 0));
  let body;
  if (list.error && list.items.length === 0) {
    body = <FailureBox failure={list.error} theme={theme} />;
  } else if (list.items.length === 0) {
    body = <Text color={theme.muted}>{list.loading ? `loading ${noun}…` : `no ${noun} match`}</Text>;
  } else {
    body = <Rows columns={columns} rows={list.items} selected={list.selected} height={rowsHeight} width={width} theme={theme} marked={marked} />;
  }
  return (
    <Box flexDirection="column" height={height}>
      {filterLine ?? <FilterLine editing={editing} tokens={list.tokens} errors={list.errors} request={list.request} width={width} theme={theme} />}
      <Box flexGrow={1} flexShrink={1} flexDirection="column" overflow="hidden">{body}</Box>
      <Box flexShrink={0}>
        <Text color={list.error ? theme.error : theme.muted} wrap="truncate-end">
          {list.loading ? "⟳ " : ""}
          {summary(list)}
          {list.error && list.items.length > 0 ? ` · ✗ ${sanitize(list.error.code)} (r retries)` : ""}
        </Text>
      </Box>
      {below?.node}
    </Box>
  );
}
