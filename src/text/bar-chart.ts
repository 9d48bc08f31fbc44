/**
 * Bar charts of a few series side by side, one row per label, for the stats
 * reports (`ccx stats`, `ccx stats --messages`, the explorer's `:stats`): each
 * series a number and a bar, the bars sharing what the labels and numbers leave
 * of the width, each scaled to its own series' largest value.
 */
import { displayWidth, padEnd, padStart, truncate } from "./width.js";

/** A bar's last cell in eighths: ▏ is 1/8 of a cell, █ a whole one. */
const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
/** Columns between two side-by-side parts: the series of a chart, two tables. */
export const COLUMN_GAP = 2;

/** A bar of `cells` columns for `value` of `max`; a value above 0 shows at least ▏. */
export function bar(value: number, max: number, cells: number): string {
  if (cells <= 0 || max <= 0 || value <= 0) return "";
  const eighths = Math.max(1, Math.round((value / max) * cells * 8));
  return "█".repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

export interface Series {
  header: string;
  /** One value a row. */
  values: readonly number[];
  /** How a value is written beside its bar. */
  text: (value: number) => string;
  /** ANSI SGR colour of its bars, when the chart is drawn in colour (e.g. "36", cyan). */
  color?: string;
}

export interface ChartLayout {
  /** Columns the bars are fitted to. */
  width: number;
  /** Columns a line may take (Infinity in a pipe): a longer line is cut, and drawn without colour. */
  limit: number;
  color?: boolean;
}

/** The header and a row per label, each line at most `limit` columns; the series in the order given. */
export function seriesChart(labelHeader: string, labels: readonly string[], series: readonly Series[], layout: ChartLayout): string[] {
  const labelWidth = Math.max(displayWidth(labelHeader), ...labels.map(displayWidth));
  const texts = series.map((s) => s.values.map(s.text));
  const numberWidths = series.map((s, k) => Math.max(displayWidth(s.header), ...texts[k]!.map(displayWidth)));
  const fixed = labelWidth + numberWidths.reduce((sum, w, k) => sum + (k === 0 ? 1 : COLUMN_GAP) + w + 1, 0);
  const cells = Math.max(0, Math.floor((layout.width - fixed) / series.length));
  const maxima = series.map((s) => Math.max(...s.values));
  const last = series.length - 1;
  const gap = (k: number) => (k === 0 ? " " : " ".repeat(COLUMN_GAP));
  const header = padEnd(labelHeader, labelWidth) + series.map((s, k) => `${gap(k)}${padStart(s.header, numberWidths[k]!)}${k < last ? ` ${" ".repeat(cells)}` : ""}`).join("");
  const rows = labels.map((label, row) => {
    const bars = series.map((s, k) => bar(s.values[row]!, maxima[k]!, cells));
    const line = (paint: (text: string, k: number) => string) =>
      padEnd(label, labelWidth) + series.map((_, k) => `${gap(k)}${padStart(texts[k]![row]!, numberWidths[k]!)} ${paint(bars[k]!, k)}${k < last ? " ".repeat(cells - bars[k]!.length) : ""}`).join("");
    const plain = line((text) => text);
    if (!layout.color || displayWidth(plain) > layout.limit) return truncate(plain, layout.limit).trimEnd();
    return line((text, k) => (text && series[k]!.color ? `\u001b[${series[k]!.color}m${text}\u001b[39m` : text)).trimEnd();
  });
  return [truncate(header, layout.limit).trimEnd(), ...rows];
}
