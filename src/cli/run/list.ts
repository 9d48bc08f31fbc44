import type { Command } from "commander";
import { ioOf } from "../io.js";
import type { Page } from "../../api/paging.js";
import type { CursorState } from "../../api/cursor.js";
import { ConfigError } from "../../config/config-file.js";
import { sanitize } from "../../text/sanitize.js";
import { displayWidth } from "../../text/width.js";
import { LIST_KINDS, type ListItems, type ListKind, type ListKindSpec } from "../../resources/list-kinds.js";
import type { FilterToken, ParsedFilter } from "../../query/index.js";
import type { FilterFlag, ListFlags, ListSpec } from "../list-command.js";
import { tableColumns } from "../render/resource-table.js";
import { activeAppClient } from "./active-app.js";
import { progressLine, progressWanted } from "../render/progress.js";
import { type PageFooter, exportPages, numberedNote } from "../render/exporter.js";
import { runCommand } from "../runtime.js";

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
    // What the table shows (withTags for its TAGS column), unless the filter says otherwise: --json and --ndjson carry it too.
    for (const [name, value] of Object.entries(spec.tableQuery ?? {})) params[name] ??= value;
    const progress = flags.all && progressWanted(command) ? progressLine(kind.noun, ioOf(command).err) : undefined;
    const next = nextPageHint(spec.name, kind.parse(filterLine(spec.filterFlags, flags)).tokens, params, kind.cursorItem?.timeOf as ((item: unknown) => unknown) | undefined);
    const client = await activeAppClient(runtime);
    // Acting for a user, a group's row says their scope and when they joined (the service answers them then).
    const columns = tableColumns(kind.resource, { actingUser: client.target.onBehalfOf !== undefined });
    await exportPages(kind.pages(client, params), { columns }, { ...flags, progress }, runtime, next);
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
function nextPageHint(command: string, tokens: readonly FilterToken[], params: Record<string, string>, timeOf?: (item: unknown) => unknown): PageFooter<Page<unknown>> {
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
    return numberedNote(page.pagination, shown, perPage, params.page === undefined ? 1 : Number(params.page));
  };
}
