/** An output stream, as far as laying out for it goes: whether it is a terminal, and how wide. */
export type TerminalStream = { isTTY?: boolean; columns?: number };

/** COLUMNS, when it names a width. */
function columnsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}

/** Columns a terminal stream has (progress on stderr): the terminal's, else COLUMNS, else 80. */
export function terminalWidth(stream: TerminalStream = process.stdout, env: NodeJS.ProcessEnv = process.env): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  return columnsFromEnv(env) ?? 80;
}

/**
 * Columns to lay stdout out for: `--width`, else the terminal's, else COLUMNS. In a pipe with
 * neither, none (Infinity): no column is shrunk or dropped and no value cut, so that
 * `ccx users | grep 'Barry Allen'` finds the whole name, as gh and kubectl print in pipes.
 */
export function outputWidth(asked: number | undefined, stream: TerminalStream = process.stdout, env: NodeJS.ProcessEnv = process.env): number {
  if (asked !== undefined) return asked;
  if (stream.isTTY && stream.columns) return stream.columns;
  return columnsFromEnv(env) ?? Infinity;
}

/** Colour unless --no-color, NO_COLOR (set and not empty, as no-color.org says), or output that is not a terminal. */
export function useColor(noColorFlag: boolean, stream: TerminalStream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  return !noColorFlag && !env.NO_COLOR && Boolean(stream.isTTY);
}
