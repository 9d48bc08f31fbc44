import { Box, Text } from "ink";
import { useMemo } from "react";
import { sanitize } from "../../text/sanitize.js";
import { fit } from "../../text/width.js";
import type { Theme } from "../theme.js";

export interface Column<Row> {
  header: string;
  get: (row: Row) => unknown;
  /** A fixed width; columns without one share what is left, by `flex` weight. */
  width?: number;
  flex?: number;
  align?: "left" | "right";
  color?: (row: Row, theme: Theme) => string | undefined;
}

interface Layout<Row> {
  columns: Array<Column<Row> & { size: number }>;
  hidden: number;
}

const GAP = 2;

/** Fixed columns as given, flexible ones share the rest; the rightmost drop when even that does not fit. */
function layout<Row>(columns: Column<Row>[], width: number): Layout<Row> {
  const shown = [...columns];
  const fixedWidth = (cols: Column<Row>[]) => cols.reduce((sum, c) => sum + (c.width ?? 8) + GAP, -GAP);
  while (shown.length > 1 && fixedWidth(shown) > width) shown.pop();
  const flexTotal = shown.reduce((sum, c) => sum + (c.width === undefined ? c.flex ?? 1 : 0), 0);
  const spare = Math.max(0, width - shown.reduce((sum, c) => sum + (c.width ?? 0) + GAP, -GAP));
  const sized = shown.map((c) => ({ ...c, size: c.width ?? Math.max(4, Math.floor((spare * (c.flex ?? 1)) / Math.max(1, flexTotal))) }));
  return { columns: sized, hidden: columns.length - shown.length };
}

export interface RowsProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  selected: number;
  /** Lines available, the header included. */
  height: number;
  width: number;
  theme: Theme;
}

/**
 * A table that draws only the rows that fit: with 1,000 rows loaded a key
 * press still renders one screenful. Cells are sanitized and fitted by
 * display width, so wide and hostile names keep the columns straight.
 */
export function Rows<Row>({ columns, rows, selected, height, width, theme }: RowsProps<Row>) {
  const { columns: cols, hidden } = useMemo(() => layout(columns, width), [columns, width]);
  const visible = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(selected - Math.floor(visible / 2), rows.length - visible));
  const slice = rows.slice(start, start + visible);
  const line = (cells: string[]) => cells.join(" ".repeat(GAP));
  return (
    <Box flexDirection="column">
      <Text bold color={theme.muted}>
        {line(cols.map((c) => fit(c.header.toUpperCase(), c.size, c.align)))}
        {hidden > 0 ? " …" : ""}
      </Text>
      {slice.map((row, i) => {
        const index = start + i;
        const isSelected = index === selected;
        return (
          <Text key={index} inverse={isSelected} wrap="truncate-end">
            {cols.map((c, k) => (
              <Text key={k} color={isSelected ? undefined : c.color?.(row, theme)}>
                {k > 0 ? " ".repeat(GAP) : ""}
                {fit(sanitize(c.get(row)), c.size, c.align)}
              </Text>
            ))}
          </Text>
        );
      })}
    </Box>
  );
}
