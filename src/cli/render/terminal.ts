/** COLUMNS, when it names a width. */
function columnsFromEnv(): number | undefined {
  const fromEnv = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}

/** Columns a terminal stream has (progress on stderr): the terminal's, else COLUMNS, else 80. */
export function terminalWidth(stream: NodeJS.WriteStream = process.stdout): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  return columnsFromEnv() ?? 80;
}

/**
 * Columns to lay stdout out for: `--width`, else the terminal's, else COLUMNS. In a pipe with
 * neither, none (Infinity): no column is shrunk or dropped and no value cut, so that
 * `ccx users | grep 'Barry Allen'` finds the whole name, as gh and kubectl print in pipes.
 */
export function outputWidth(asked: number | undefined, stream: NodeJS.WriteStream = process.stdout): number {
  if (asked !== undefined) return asked;
  if (stream.isTTY && stream.columns) return stream.columns;
  return columnsFromEnv() ?? Infinity;
}

/** Colour unless --no-color, NO_COLOR (set and not empty, as no-color.org says), or output that is not a terminal. */
export function useColor(noColorFlag: boolean, stream: NodeJS.WriteStream = process.stdout): boolean {
  return !noColorFlag && !process.env.NO_COLOR && Boolean(stream.isTTY);
}
