import { secretsMasker } from "../../api/answer-secrets.js";
import { type Page, pageCounts, trustedTotal } from "../../api/paging.js";
import { ConfigError } from "../../config/config-file.js";
import { jsonForTerminal } from "../../text/json.js";
import { type TableColumn, type TableLayout, planTable, tableHeader, tableNote, tableRows } from "../../text/table.js";
import { type Runtime, warnMasked } from "../runtime.js";
import type { ProgressLine } from "./progress.js";

/**
 * The one exporter of every list command (gh's single exporter): a table for people, `--json` (one
 * array, `[]` when empty), `--ndjson` (one object a line), one page or `--all` of them streamed in
 * bounded memory, and the notes for people on stderr (counts, the next page, what was masked), so
 * that stdout keeps only rows or JSON for grep, wc and jq. Each list gives its pages, its columns
 * and, for one page, the note under it.
 */

/** A page to export: the objects as sent (--json, --ndjson) and the rows the table draws from them. */
export interface ExportPage<Item> {
  raw: readonly unknown[];
  /** The rows, read by the list's own client; else `ExportLayout.rowsOf` reads them from the objects as shown. */
  items?: readonly Item[];
  pagination?: Page<unknown>["pagination"];
}

export interface ExportLayout<Item> {
  columns: ReadonlyArray<TableColumn<Item>>;
  /** The rows of a page read from its objects as shown (secrets masked): a definition's list. */
  rowsOf?: (shown: readonly unknown[]) => readonly Item[];
  /** Counted by the progress line: "groups". */
  noun?: string;
}

/** Output options the list commands share. */
export interface ExportFlags {
  json?: boolean;
  ndjson?: boolean;
  /** Every page; without it, the first page and the note saying how to get the next. */
  all?: boolean;
  /** --json and --ndjson show the secrets the objects hold (a call message's channel secret) instead of masking them. */
  reveal?: boolean;
  /** With --all on a terminal: the progress line. */
  progress?: ProgressLine;
}

/** What one page says for people: what was shown, and how to get the next page when one may follow. */
export interface PageNote {
  summary: string;
  /** The flags that ask for the next page: `--page 2`. */
  next?: string;
  /** What the next page is called: "next" by default, "older" or "newer" for messages. */
  label?: string;
  /** Whether a next page exists is not known (a full page with no counts to believe). */
  maybe?: boolean;
  /** More follow that only --all reaches (a cursor no flag takes). */
  more?: boolean;
}

/** The note under one page (`shown`: the rows so far). */
export type PageFooter<P> = (page: P, shown: number) => PageNote;

/**
 * The note under the one page shown, by number: a total only when it is believable (at least the rows
 * shown), and the next page when one may follow (the page count, else a full page, says so).
 * `firstPage`: the page asked for, when the service does not say which it answered.
 */
export function numberedNote(pagination: Page<unknown>["pagination"], shown: number, perPage?: number, firstPage = 1): PageNote {
  const counts = pageCounts(pagination, shown, shown, perPage);
  const current = pagination?.current_page;
  const of = counts.total === undefined ? "" : ` of ${counts.total}`;
  const where = current === undefined ? "" : counts.lastPage === undefined ? ` · page ${current}` : ` · page ${current}/${counts.lastPage}`;
  const summary = `${shown === 0 ? "none" : `${shown} shown`}${of}${where}`;
  if (counts.more === false) return { summary: `${summary} · the last page` };
  return { summary, next: `--page ${(current ?? firstPage) + 1}`, ...(counts.more === undefined ? { maybe: true } : {}) };
}

/** The note as said on stderr: after a table always; after JSON only when more may follow (the count is in the JSON). */
function noteLine(note: PageNote, table: boolean): string | undefined {
  const next = note.next ? `${note.maybe ? "more may follow" : note.label ?? "next"}: ${note.next}, or --all` : note.more ? "more follow: --all" : undefined;
  if (table) return next ? `${note.summary} · ${next}` : note.summary;
  return next && `${note.summary}; ${next}`;
}

/**
 * Exports pages: the table planned on the first rows and kept, so that --all streams one table with
 * steady columns. Without --all, the first page, then `footer`'s note. Returns the objects shown.
 */
export async function exportPages<Item, P extends ExportPage<Item>>(
  pages: AsyncIterable<P> | Iterable<P>,
  layout: ExportLayout<Item>,
  flags: ExportFlags,
  runtime: Runtime,
  footer?: PageFooter<P>,
): Promise<number> {
  if (flags.json && flags.ndjson) throw new ConfigError("choose one of --json and --ndjson");
  const table = !flags.json && !flags.ndjson;
  const mask = secretsMasker(flags.reveal);
  const progress = flags.all ? flags.progress : undefined;
  let count = 0;
  let plan: TableLayout<Item> | undefined;
  // Written to the terminal the progress is on: the line is cleared first, and drawn again after.
  const write = async (text: string) => {
    if (progress && runtime.io.out.isTTY) progress.done();
    await runtime.write(text);
  };
  for await (const page of pages) {
    // Masked only where the objects are printed or read for rows: a table of rows read by the client skips it.
    const shown = () => page.raw.map((item) => mask.show(item));
    if (flags.ndjson) {
      if (page.raw.length > 0) await write(`${shown().map((item) => jsonForTerminal(item)).join("\n")}\n`);
    } else if (flags.json) {
      // The array opens with the first answer: a run that fails before it prints nothing on stdout.
      if (page.raw.length > 0) await write(`${count === 0 ? "[\n" : ",\n"}${shown().map((item) => jsonForTerminal(item)).join(",\n")}`);
    } else {
      const rows = page.items ?? layout.rowsOf?.(shown()) ?? [];
      if (rows.length > 0) {
        const header = plan === undefined;
        plan ??= planTable([...layout.columns], rows, { width: runtime.width, color: runtime.color });
        await write(`${[...(header ? [tableHeader(plan)] : []), ...tableRows(plan, rows)].join("\n")}\n`);
      }
    }
    count += page.raw.length;
    progress?.update(count, trustedTotal(page.pagination?.total, count), runtime.io.out.isTTY);
    if (!flags.all) {
      const line = footer && noteLine(footer(page, count), table);
      if (line) runtime.warn(line);
      break;
    }
  }
  progress?.done();
  if (flags.json) await write(count === 0 ? "[]\n" : "\n]\n");
  warnMasked(runtime, mask.paths());
  const note = plan && tableNote(plan);
  if (note) await write(`${note}\n`);
  return count;
}
