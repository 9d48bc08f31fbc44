import { sanitize } from "./sanitize.js";
import { type Align, displayWidth, displayWidthUpTo, fit, truncate } from "./width.js";

/**
 * Tables for people, laid out for a terminal `width` columns wide (80 over SSH,
 * 40 in a tmux split). Every cell is sanitized and measured. When the natural
 * widths do not fit, columns give up space down to their `min` (flex ones
 * first); when even that is too wide, the rightmost columns are dropped and a
 * last line names them. Lines carry no trailing spaces. With `color`, the
 * header is bold: the only escape sequence ccx writes here.
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
  natural = Math.min(natural, column.max ?? Infinity, width);
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

/** The table as lines: the header first, then one line per row, then a note if columns were hidden. */
export function renderTable<Row>(columns: readonly TableColumn<Row>[], rows: readonly Row[], options: TableOptions): string[] {
  const width = Math.max(1, Math.floor(Number.isFinite(options.width) ? options.width : 80));
  if (columns.length === 0) return [];
  const headers = columns.map((c) => sanitize(c.header).toUpperCase());
  const cells = rows.map((row) => columns.map((c) => cellText(c, row)));
  const measured = columns.map((c, i) => measure(c, headers[i]!, cells.map((r) => r[i]!), width));

  const { shown, widths } = layout(measured, width);
  const line = (texts: string[]) =>
    trimEnd(texts.slice(0, shown).map((text, i) => fit(text, widths[i]!, columns[i]!.align ?? "left")).join(GAP));
  const header = line(headers);
  const lines = [options.color && header ? `${BOLD}${header}${NORMAL}` : header, ...cells.map(line)];

  if (shown < columns.length) {
    const hidden = columns.slice(shown).map((c, i) => sanitize(c.header).trim() || `column ${shown + i + 1}`);
    lines.push(hiddenNote(hidden, width));
  }
  return lines;
}
