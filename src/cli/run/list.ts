import type { Command } from "commander";
import type { Page } from "../../api/paging.js";
import { ConfigError } from "../../config/config-file.js";
import { sanitize } from "../../text/sanitize.js";
import { displayWidth } from "../../text/width.js";
import { type TableColumn, type TableLayout, planTable, tableHeader, tableNote, tableRows } from "../../text/table.js";
import { LIST_KINDS, type ListItems, type ListKind, type ListKindSpec } from "../../api/list-kinds.js";
import type { ParsedFilter } from "../../query/index.js";
import type { FilterFlag, ListFlags, ListRun, ListSpec } from "../list-command.js";
import { activeAppClient } from "./active-app.js";
import { type ProgressLine, progressLine, progressWanted } from "../render/progress.js";
import { terminalWidth, useColor } from "../render/terminal.js";
import { type Runtime, runCommand } from "../runtime.js";
import { jsonForTerminal } from "../../text/json.js";

/** A flag's name as commander keys its value: `--receiver-type` → `receiverType`. */
export const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Flags and --query as one filter line, so that one parser checks both. */
function filterLine(filterFlags: readonly FilterFlag[], flags: ListFlags): string {
  const tokens = filterFlags.flatMap((f) => {
    const value = flags[camel(f.flag)];
    if (value === undefined || value === false) return [];
    return [f.token(f.boolean ? "true" : String(value))];
  });
  if (flags.perPage !== undefined) tokens.push(`per:${flags.perPage}`);
  if (flags.page !== undefined) tokens.push(`page:${flags.page}`);
  return [...tokens, flags.query ?? ""].join(" ").trim();
}

/**
 * The query parameters of the filter flags and --query, parsed together; a token that does
 * not parse is shown with a caret under it, and nothing is sent.
 */
export function filterParams(parse: (line: string) => ParsedFilter, filterFlags: readonly FilterFlag[], flags: ListFlags): Record<string, string> {
  const line = filterLine(filterFlags, flags);
  const parsed = parse(line);
  if (parsed.errors.length > 0) {
    // The caret goes under the token by display width: wide characters take two columns, a tab is shown as a space.
    const shown = sanitize(line.replace(/\t/g, " "));
    const marks = parsed.errors.map((t) => {
      const before = displayWidth(sanitize(line.slice(0, t.start).replace(/\t/g, " ")));
      const under = displayWidth(sanitize(t.text));
      return `  ${shown}\n  ${" ".repeat(before)}${"^".repeat(Math.max(1, under))} ${t.error}`;
    });
    throw new ConfigError(`the filter does not parse; nothing was sent:\n${marks.join("\n")}`);
  }
  return parsed.params;
}

export function runList<K extends ListKind>(spec: ListSpec<K>, run: ListRun<K>, flags: ListFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const kind = LIST_KINDS[run.kind] as unknown as ListKindSpec<ListItems[K]>;
    const params = filterParams(kind.parse, spec.filterFlags, flags);
    const progress = flags.all && progressWanted(command) ? progressLine(kind.noun) : undefined;
    await printPages(kind.pages(await activeAppClient(runtime), params), run.columns, { ...flags, progress }, runtime);
  });
}

/** Output options the list commands share. */
export interface PrintFlags {
  json?: boolean;
  ndjson?: boolean;
  all?: boolean;
  color?: boolean;
  /** With --all on a terminal: the progress line, and what it counts. */
  progress?: ProgressLine;
}

/** The line under one page for people (stderr): what was shown and how to get more. */
export type PageFooter<Item> = (page: Page<Item>, shown: number) => string;

/**
 * Prints pages as a table for people (planned on the first page and kept, so
 * that --all streams one table with steady columns), --json (one array) or
 * --ndjson (one object a line), one page or --all of them, in bounded memory.
 */
export async function printPages<Item, P extends Page<Item> & { raw: unknown[] }>(
  pages: AsyncIterable<P>,
  columns: TableColumn<Item>[],
  flags: PrintFlags,
  runtime: Runtime,
  pageFooter: (page: P, shown: number) => string = footer,
): Promise<void> {
  if (flags.json && flags.ndjson) throw new ConfigError("choose one of --json and --ndjson");
  const { warn } = runtime;
  const width = terminalWidth();
  const color = useColor(flags.color === false);
  let first = true;
  let count = 0;
  let plan: TableLayout<Item> | undefined;
  const progress = flags.all ? flags.progress : undefined;
  // Rows written to the terminal the progress is on: the line is cleared first, and drawn again after.
  const write = async (text: string) => {
    if (progress && process.stdout.isTTY) progress.done();
    await runtime.write(text);
  };
  for await (const page of pages) {
    if (flags.ndjson) {
      if (page.raw.length > 0) await write(`${page.raw.map((item) => jsonForTerminal(item)).join("\n")}\n`);
    } else if (flags.json) {
      // The array opens with the first answer: a run that fails before it prints nothing on stdout.
      if (page.raw.length > 0) await write(`${first ? "[\n" : ",\n"}${page.raw.map((item) => jsonForTerminal(item)).join(",\n")}`);
    } else if (page.items.length > 0) {
      const header = plan === undefined;
      plan ??= planTable(columns, page.items, { width, color });
      await write(`${[...(header ? [tableHeader(plan)] : []), ...tableRows(plan, page.items)].join("\n")}\n`);
    }
    count += page.items.length;
    progress?.update(count, page.pagination?.total, process.stdout.isTTY);
    if (page.items.length > 0) first = false;
    if (!flags.all) {
      // For people, on stderr: stdout keeps only rows, for grep and wc.
      if (!flags.json && !flags.ndjson) warn(pageFooter(page, count));
      break;
    }
  }
  progress?.done();
  if (flags.json) await write(first ? "[]\n" : "\n]\n");
  const note = plan && tableNote(plan);
  if (note) await write(`${note}\n`);
}

function footer<Item>(page: Page<Item>, shown: number): string {
  const p = page.pagination;
  if (!p || p.current_page === undefined) return `${shown} shown`;
  const more = p.total_pages === undefined || p.current_page < p.total_pages ? ` · next: --page ${p.current_page + 1}, or --all` : "";
  const of = p.total === undefined ? "" : ` of ${p.total}`;
  const pages = p.total_pages === undefined ? `page ${p.current_page}` : `page ${p.current_page}/${Math.max(1, p.total_pages)}`;
  return `${shown === 0 ? "none" : `${shown} shown`}${of} · ${pages}${more}`;
}
