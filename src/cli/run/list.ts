import type { Command } from "commander";
import { ioOf } from "../io.js";
import { secretsMasker } from "../../api/answer-secrets.js";
import { type Page, pageCounts, trustedTotal } from "../../api/paging.js";
import type { CursorState } from "../../api/cursor.js";
import { ConfigError } from "../../config/config-file.js";
import { sanitize } from "../../text/sanitize.js";
import { displayWidth } from "../../text/width.js";
import { type TableColumn, type TableLayout, planTable, tableHeader, tableNote, tableRows } from "../../text/table.js";
import { LIST_KINDS, type ListItems, type ListKind, type ListKindSpec } from "../../resources/list-kinds.js";
import type { FilterToken, ParsedFilter } from "../../query/index.js";
import type { FilterFlag, ListFlags, ListSpec } from "../list-command.js";
import { tableColumns } from "../render/resource-table.js";
import { activeAppClient } from "./active-app.js";
import { type ProgressLine, progressLine, progressWanted } from "../render/progress.js";
import { type Runtime, runCommand, warnMasked } from "../runtime.js";
import { jsonForTerminal } from "../../text/json.js";

/** A flag's name as commander keys its value: `--receiver-type` → `receiverType`. */
export const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Flags and --query as one filter line, so that one parser checks both. */
export function filterLine(filterFlags: readonly FilterFlag[], flags: ListFlags): string {
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

export function runList<K extends ListKind>(spec: ListSpec<K>, flags: ListFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const kind = LIST_KINDS[spec.name] as unknown as ListKindSpec<ListItems[K]>;
    const params = filterParams(kind.parse, spec.filterFlags, flags);
    // What the table needs (withTags for its TAGS column), unless the filter says otherwise; --json asks the filter alone.
    if (!flags.json && !flags.ndjson) for (const [name, value] of Object.entries(spec.tableQuery ?? {})) params[name] ??= value;
    const progress = flags.all && progressWanted(command) ? progressLine(kind.noun, ioOf(command).err) : undefined;
    const next = nextPageHint(spec.name, kind.parse(filterLine(spec.filterFlags, flags)).tokens, params, kind.cursorItem?.timeOf as ((item: unknown) => unknown) | undefined);
    const client = await activeAppClient(runtime);
    // Acting for a user, a group's row says their scope and when they joined (the service answers them then).
    const columns = tableColumns(kind.resource, { actingUser: client.target.onBehalfOf !== undefined });
    await printPages(kind.pages(client, params), columns, { ...flags, progress }, runtime, next);
  });
}

/** A word the shell passes on as written. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * How to ask for the page after this one: `--page N` by number; in cursor
 * mode (after:/before:) the whole command with the cursor the walk derived
 * from the items (the SDK's way: docs/service.md), since `--page` does not
 * move a cursor. The filter goes whole into --query, in place of the flags.
 */
function nextPageHint(command: string, tokens: readonly FilterToken[], params: Record<string, string>, timeOf?: (item: unknown) => unknown): PageFooter<unknown> {
  const perPage = params.perPage === undefined ? undefined : Number(params.perPage);
  return (page, shown) => {
    const walk = (page as { walk?: CursorState }).walk;
    if (walk) {
      const summary = shown === 0 ? "none" : `${shown} shown`;
      if (walk.done || walk.at === undefined) return { summary: `${summary} · no more` };
      const kept = tokens.filter((t) => t.key !== "after" && t.key !== "before" && t.key !== "page").map((t) => t.text);
      const cursor = `${walk.affix === "append" ? "after" : "before"}:${walk.at}`;
      // A time can carry only the position, not which of the items at it were had: where items share
      // times (this page shows some that do), or the server counts the cursor's own time in (this page
      // starts with items at it), the next page may repeat some at its start, or skip some.
      const times = page.items.map((item) => Number(timeOf?.(item)));
      const inclusive = times.includes(Number(params.updatedAt));
      const tie = inclusive || new Set(times).size < times.length ? " (items here share times: the next page may repeat or skip some at its start; --all does not)" : "";
      return { summary: `${summary}${tie}`, next: `ccx ${command} --query ${shellWord([...kept, cursor].join(" "))}` };
    }
    return numberedNote(page, shown, perPage, params.page === undefined ? 1 : Number(params.page));
  };
}

/**
 * The note under a page by number: a total only when it is believable (at least the rows shown), and
 * the next page when one may follow (the page count, else a full page, says so). `firstPage`: the page
 * asked for, when the service does not say which it answered.
 */
export function numberedNote(page: Page<unknown>, shown: number, perPage?: number, firstPage = 1): PageNote {
  const counts = pageCounts(page.pagination, shown, page.items.length, perPage);
  const current = page.pagination?.current_page;
  const of = counts.total === undefined ? "" : ` of ${counts.total}`;
  const where = current === undefined ? "" : counts.lastPage === undefined ? ` · page ${current}` : ` · page ${current}/${counts.lastPage}`;
  const summary = `${shown === 0 ? "none" : `${shown} shown`}${of}${where}`;
  if (counts.more === false) return { summary: `${summary} · the last page` };
  return { summary, next: `--page ${(current ?? firstPage) + 1}`, ...(counts.more === undefined ? { maybe: true } : {}) };
}

/** Output options the list commands share. */
export interface PrintFlags {
  json?: boolean;
  ndjson?: boolean;
  all?: boolean;
  color?: boolean;
  /** With --all on a terminal: the progress line, and what it counts. */
  progress?: ProgressLine;
  /** --json and --ndjson show the secrets the items hold (a call message's channel secret) instead of masking them. */
  reveal?: boolean;
}

/** What one page says for people: what was shown, and how to get the next page when one may follow. */
export interface PageNote {
  summary: string;
  next?: string;
  /** What the next page is called: "next" by default, "older" or "newer" for messages. */
  label?: string;
  /** Whether a next page exists is not known (a full page with no counts to believe). */
  maybe?: boolean;
}

/** The note under one page (`shown`: the rows so far). */
export type PageFooter<Item> = (page: Page<Item>, shown: number) => PageNote;

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
  pageFooter: (page: P, shown: number) => PageNote,
): Promise<void> {
  if (flags.json && flags.ndjson) throw new ConfigError("choose one of --json and --ndjson");
  const { warn } = runtime;
  const width = runtime.width;
  const color = runtime.color;
  let first = true;
  let count = 0;
  let plan: TableLayout<Item> | undefined;
  const mask = secretsMasker(flags.reveal);
  const progress = flags.all ? flags.progress : undefined;
  // Rows written to the terminal the progress is on: the line is cleared first, and drawn again after.
  const write = async (text: string) => {
    if (progress && runtime.io.out.isTTY) progress.done();
    await runtime.write(text);
  };
  for await (const page of pages) {
    if (flags.ndjson) {
      if (page.raw.length > 0) await write(`${page.raw.map((item) => jsonForTerminal(mask.show(item))).join("\n")}\n`);
    } else if (flags.json) {
      // The array opens with the first answer: a run that fails before it prints nothing on stdout.
      if (page.raw.length > 0) await write(`${first ? "[\n" : ",\n"}${page.raw.map((item) => jsonForTerminal(mask.show(item))).join(",\n")}`);
    } else if (page.items.length > 0) {
      const header = plan === undefined;
      plan ??= planTable(columns, page.items, { width, color });
      await write(`${[...(header ? [tableHeader(plan)] : []), ...tableRows(plan, page.items)].join("\n")}\n`);
    }
    count += page.items.length;
    progress?.update(count, trustedTotal(page.pagination?.total, count), runtime.io.out.isTTY);
    if (page.items.length > 0) first = false;
    if (!flags.all) {
      // For people, on stderr: stdout keeps only rows (or JSON), for grep, wc and jq.
      const note = pageFooter(page, count);
      const next = note.next && `${note.maybe ? "more may follow" : note.label ?? "next"}: ${note.next}, or --all`;
      if (!flags.json && !flags.ndjson) warn(next ? `${note.summary} · ${next}` : note.summary);
      else if (next) warn(`${note.summary}; ${next}`);
      break;
    }
  }
  progress?.done();
  if (flags.json) await write(first ? "[]\n" : "\n]\n");
  warnMasked(runtime, mask.paths());
  const note = plan && tableNote(plan);
  if (note) await write(`${note}\n`);
}
