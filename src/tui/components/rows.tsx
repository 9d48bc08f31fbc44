import { Box, Text } from "ink";
import { Fragment, useMemo } from "react";
import { sanitize } from "../../text/sanitize.js";
import { fit, hasKnownWidths } from "../../text/width.js";
import type { Theme } from "../theme.js";
import { useScrollWindow } from "./use-scroll-window.js";

export interface Column<Row> {
  header: string;
  get: (row: Row) => unknown;
  /** A fixed width; columns without one share what is left, by `flex` weight, never under `minWidth`. */
  width?: number;
  flex?: number;
  minWidth?: number;
  /** When not all fit, the lowest go first (the rightmost among equals). */
  priority?: number;
  align?: "left" | "right";
  color?: (row: Row, theme: Theme) => string | undefined;
}

interface Layout<Row> {
  columns: Array<Column<Row> & { size: number }>;
  hidden: number;
}

const GAP = 2;
const MIN_FLEX = 8;

/** Fixed columns as given, flexible ones share the rest; the least important drop when even that does not fit. */
function layout<Row>(columns: Column<Row>[], width: number): Layout<Row> {
  const shown = [...columns];
  const needed = () => shown.reduce((sum, c) => sum + (c.width ?? c.minWidth ?? MIN_FLEX) + GAP, -GAP);
  // The " …" that says columns are hidden needs its two cells too.
  const room = () => width - (shown.length < columns.length ? 2 : 0);
  while (shown.length > 1 && needed() > room()) {
    let drop = shown.length - 1;
    for (let i = shown.length - 2; i >= 0; i--) if ((shown[i]!.priority ?? 5) < (shown[drop]!.priority ?? 5)) drop = i;
    shown.splice(drop, 1);
  }
  // Flexible columns get their minimum first, then share what is left by weight.
  const flexTotal = shown.reduce((sum, c) => sum + (c.width === undefined ? c.flex ?? 1 : 0), 0);
  const spare = Math.max(0, room() - needed());
  const sized = shown.map((c) => ({
    ...c,
    size: c.width ?? (c.minWidth ?? MIN_FLEX) + Math.floor((spare * (c.flex ?? 1)) / Math.max(1, flexTotal)),
  }));
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
  /** Rows marked for a write on several (space): a ✓ before each, and a gutter before every row while any is. */
  marked?: (row: Row) => boolean;
}

/**
 * A row's cells, fitted and spaced, as runs of one colour each: neighbouring cells of the same colour (most
 * are of none) are one text, not an element each. Ink draws a screenful of rows on every frame, the first
 * one too, where every element costs (docs/benchmarks.md). No theme: the selected row, in no colour.
 */
function colourRuns<Row>(columns: Array<Column<Row> & { size: number }>, row: Row, theme: Theme | undefined): Array<{ color?: string; text: string }> {
  const runs: Array<{ color?: string; text: string }> = [];
  columns.forEach((c, k) => {
    const color = theme ? c.color?.(row, theme) : undefined;
    const text = `${k > 0 ? " ".repeat(GAP) : ""}${fit(sanitize(c.get(row)), c.size, c.align)}`;
    const last = runs.at(-1);
    if (last && last.color === color) last.text += text;
    else runs.push({ color, text });
  });
  return runs;
}

/** The gutter a table gives its marks while any row is marked. */
const MARK_GUTTER = 2;

/**
 * A table that draws only the rows that fit: with 1,000 rows loaded a key
 * press still renders one screenful. Cells are sanitized and fitted by
 * display width, so wide and hostile names keep the columns straight.
 */
export function Rows<Row>({ columns, rows, selected, height, width, theme, marked }: RowsProps<Row>) {
  const gutter = marked ? MARK_GUTTER : 0;
  const { columns: cols, hidden } = useMemo(() => layout(columns, width - gutter), [columns, width, gutter]);
  const visible = Math.max(1, height - 1);
  const start = useScrollWindow(selected, rows.length, visible);
  const slice = rows.slice(start, start + visible);
  const lines = slice.map((row, i) => {
    const index = start + i;
    const isSelected = index === selected;
    const runs = colourRuns(cols, row, isSelected ? undefined : theme);
    return { index, isSelected, runs, plain: runs.every((run) => hasKnownWidths(run.text)), mark: marked ? (marked(row) ? "✓ " : "  ") : undefined };
  });
  const cells = (shown: (typeof lines)[number]) => (
    <>
      {shown.mark !== undefined ? <Text color={theme.accent}>{shown.mark}</Text> : null}
      {shown.runs.map((run, k) => (run.color ? <Text key={k} color={run.color}>{run.text}</Text> : run.text))}
    </>
  );
  // Neighbouring rows of plain text are lines of one text: one element for Ink to lay out and measure, where
  // each row was one (a screenful of them was a third of the first frame's layout, docs/benchmarks.md). They
  // measure the same in ccx and in Ink (hasKnownWidths), so that none wraps. A row of other text (emoji,
  // combining marks, a hostile name) is a text of its own, which Ink cuts at the edge if it measures it wider.
  const groups: Array<{ plain: boolean; lines: typeof lines }> = [];
  for (const shown of lines) {
    const last = groups.at(-1);
    if (shown.plain && last?.plain) last.lines.push(shown);
    else groups.push({ plain: shown.plain, lines: [shown] });
  }
  return (
    <Box flexDirection="column">
      <Text bold color={theme.muted} wrap="truncate-end">
        {" ".repeat(gutter)}
        {cols.map((c) => fit(c.header.toUpperCase(), c.size, c.align)).join(" ".repeat(GAP))}
        {hidden > 0 ? " …" : ""}
      </Text>
      {groups.map(({ plain, lines: shown }) =>
        plain ? (
          <Text key={`lines-${shown[0]!.index}`}>
            {shown.map((l, i) => (
              <Fragment key={l.index}>
                {i > 0 ? "\n" : null}
                {l.isSelected ? <Text inverse>{cells(l)}</Text> : cells(l)}
              </Fragment>
            ))}
          </Text>
        ) : (
          <Text key={`row-${shown[0]!.index}`} inverse={shown[0]!.isSelected} wrap="truncate-end">
            {cells(shown[0]!)}
          </Text>
        ),
      )}
    </Box>
  );
}
