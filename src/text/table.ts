import { sanitize } from "./sanitize.js";
import { type Align, displayWidth, displayWidthUpTo, fit, padWhole, truncate } from "./width.js";

/**
 * Tables for people, laid out for a terminal `width` columns wide (80 over SSH,
 * 40 in a tmux split). Every cell is sanitized and measured. When the natural
 * widths do not fit, columns give up space down to their `min` (flex ones
 * first); when even that is too wide, the rightmost columns are dropped and a
 * last line names them. An unbounded width (Infinity: stdout is a pipe and no
 * width was asked for) shrinks, caps and drops nothing, so that grep finds
 * whole values. Lines carry no trailing spaces. With `color`, the header is
 * bold: the only escape sequence ccx writes here.
 */

export interface TableColumn<Row> {
  header: string;
  get: (row: Row) => unknown;
  align?: Align;
  /** Narrowest width before the column is dropped instead; by default its header's width (at least 3). */
  min?: number;
  /** Widest the column grows, however long its cells. */
  max?: number;
  /** Shrinks before columns without flex; a higher weight gives up more. */
  flex?: number;
}

export interface TableOptions {
  /** Columns to fit in; Infinity for none (a pipe): every value whole. */
  width: number;
  color?: boolean;
}

const GAP = "  ";
const BOLD = "\u001b[1m";
const NORMAL = "\u001b[22m";

interface Measured {
  natural: number;
  min: number;
  flex: number;
}

/** A cell's text; a getter that throws on an odd row shows "?" instead of failing the whole table. */
function cellText<Row>(column: TableColumn<Row>, row: Row): string {
  try {
    return sanitize(column.get(row));
  } catch {
    return "?";
  }
}

function measure<Row>(column: TableColumn<Row>, header: string, cells: string[], width: number): Measured {
  const headerWidth = displayWidth(header);
  let natural = headerWidth;
  for (const cell of cells) natural = Math.max(natural, displayWidthUpTo(cell, width));
  // `max` keeps a long column from crowding the others on a screen; a pipe has no others to crowd.
  natural = Math.min(natural, width === Infinity ? Infinity : column.max ?? Infinity, width);
  const min = Math.min(natural, Math.max(0, column.min ?? Math.max(headerWidth, 3)));
  return { natural, min, flex: column.flex ?? 0 };
}

/**
 * Widths for the given columns within `available` columns of content, or
 * undefined if their minimums do not fit. Space is taken one column at a time
 * from the flex column with the most to give (weighted), then from the widest
 * other column, so shrinking spreads evenly.
 */
function allocate(columns: Measured[], available: number): number[] | undefined {
  const widths = columns.map((c) => c.natural);
  const minimum = columns.reduce((sum, c) => sum + c.min, 0);
  if (minimum > available) return undefined;
  let excess = widths.reduce((sum, w) => sum + w, 0) - available;
  const pickers = [
    (i: number) => (columns[i]!.flex > 0 ? widths[i]! * columns[i]!.flex : -1),
    (i: number) => widths[i]!,
  ];
  for (const score of pickers) {
    while (excess > 0) {
      let best = -1;
      for (let i = 0; i < columns.length; i++) {
        if (widths[i]! <= columns[i]!.min || score(i) < 0) continue;
        if (best === -1 || score(i) > score(best)) best = i;
      }
      if (best === -1) break;
      widths[best]!--;
      excess--;
    }
  }
  return widths;
}

/** The last line when columns are hidden, as long a version as fits. */
function hiddenNote(names: string[], width: number): string {
  const list = names.join(", ");
  const candidates = [
    `(hidden: ${list} — widen the terminal or use --json)`,
    `(hidden: ${list} — use --json)`,
    `(hidden: ${list})`,
  ];
  return candidates.find((note) => displayWidth(note) <= width) ?? truncate(candidates[2]!, width);
}

/**
 * How many columns to show, from the left, and their widths: drop from the
 * right until the rest fit. The first column always stays, cut to the width
 * if need be.
 */
function layout(measured: Measured[], width: number): { shown: number; widths: number[] } {
  for (let shown = measured.length; shown > 0; shown--) {
    const widths = allocate(measured.slice(0, shown), width - GAP.length * (shown - 1));
    if (widths) return { shown, widths };
  }
  return { shown: 1, widths: [Math.min(measured[0]!.natural, width)] };
}

const trimEnd = (line: string) => line.replace(/ +$/, "");

/** Which columns a table shows and how wide: planned on some rows, kept for the rows that follow. */
export interface TableLayout<Row> {
  columns: readonly TableColumn<Row>[];
  headers: string[];
  shown: number;
  widths: number[];
  width: number;
  color: boolean;
}

/** Lays a table out for the given rows (for a stream: its first page). */
export function planTable<Row>(columns: readonly TableColumn<Row>[], rows: readonly Row[], options: TableOptions): TableLayout<Row> {
  const width = options.width === Infinity ? Infinity : Math.max(1, Math.floor(Number.isFinite(options.width) ? options.width : 80));
  const headers = columns.map((c) => sanitize(c.header).toUpperCase());
  const measured = columns.map((c, i) => measure(c, headers[i]!, rows.map((row) => cellText(c, row)), width));
  const { shown, widths } = columns.length === 0 ? { shown: 0, widths: [] } : layout(measured, width);
  return { columns, headers, shown, widths, width, color: Boolean(options.color) };
}

/**
 * A row in the planned widths: cut to them on a terminal; in a pipe (unbounded) a cell wider than its
 * column (a later page of --all, planned on the first) is printed whole and pushes the rest along.
 */
function lineOf<Row>(plan: TableLayout<Row>, texts: string[]): string {
  const cell = plan.width === Infinity ? padWhole : fit;
  return trimEnd(texts.slice(0, plan.shown).map((text, i) => cell(text, plan.widths[i]!, plan.columns[i]!.align ?? "left")).join(GAP));
}

/** The header line of a planned table. */
export function tableHeader<Row>(plan: TableLayout<Row>): string {
  const header = lineOf(plan, plan.headers);
  return plan.color && header ? `${BOLD}${header}${NORMAL}` : header;
}

/** One line per row, in the planned columns and widths (a wider cell is cut). */
export function tableRows<Row>(plan: TableLayout<Row>, rows: readonly Row[]): string[] {
  return rows.map((row) => lineOf(plan, plan.columns.map((c) => cellText(c, row))));
}

/** The note naming the hidden columns, if any are. */
export function tableNote<Row>(plan: TableLayout<Row>): string | undefined {
  if (plan.shown >= plan.columns.length) return undefined;
  const hidden = plan.columns.slice(plan.shown).map((c, i) => sanitize(c.header).trim() || `column ${plan.shown + i + 1}`);
  return hiddenNote(hidden, plan.width);
}

/** The table as lines: the header first, then one line per row, then a note if columns were hidden. */
export function renderTable<Row>(columns: readonly TableColumn<Row>[], rows: readonly Row[], options: TableOptions): string[] {
  if (columns.length === 0) return [];
  const plan = planTable(columns, rows, options);
  const note = tableNote(plan);
  return [tableHeader(plan), ...tableRows(plan, rows), ...(note === undefined ? [] : [note])];
}
