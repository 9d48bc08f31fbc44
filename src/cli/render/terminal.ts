/** Columns to lay out for: the terminal's, else COLUMNS, else 80 (a pipe). */
export function terminalWidth(stream: NodeJS.WriteStream = process.stdout): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  const fromEnv = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

/** Colour unless --no-color, NO_COLOR (set and not empty, as no-color.org says), or output that is not a terminal. */
export function useColor(noColorFlag: boolean, stream: NodeJS.WriteStream = process.stdout): boolean {
  return !noColorFlag && !process.env.NO_COLOR && Boolean(stream.isTTY);
}
