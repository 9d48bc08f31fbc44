import type { Command } from "commander";
import { AppClient } from "../api/client.js";
import type { Page } from "../api/paging.js";
import { ConfigError } from "../config/config-file.js";
import type { ParsedFilter } from "../query/index.js";
import { renderTable } from "../text/index.js";
import type { TableColumn } from "../text/table.js";
import { terminalWidth, useColor } from "./render/terminal.js";
import { type Runtime, runCommand } from "./runtime.js";
import { integerOption } from "./usage-error.js";

/**
 * What `ccx groups` and `ccx calls` share: filters given as flags and as
 * `--query` in the filter syntax (both become filter tokens, parsed once), and
 * output as a table, `--json` (one array) or `--ndjson` (one object a line),
 * one page or `--all` of them, streamed in bounded memory.
 */

export interface FilterFlag {
  flag: string;
  description: string;
  /** The filter-syntax token for the flag's value, e.g. (v) => `type:${v}`. */
  token: (value: string) => string;
  boolean?: boolean;
}

export interface ListSpec<Item> {
  name: string;
  description: string;
  filterFlags: FilterFlag[];
  syntaxHelp: string;
  parse: (line: string) => ParsedFilter;
  pages: (client: AppClient, params: Record<string, string>) => AsyncGenerator<Page<Item> & { raw: unknown[] }>;
  columns: TableColumn<Item>[];
}

interface OutputFlags {
  query?: string;
  json?: boolean;
  ndjson?: boolean;
  all?: boolean;
  perPage?: number;
  page?: number;
  color?: boolean;
  [flag: string]: unknown;
}

/** Quotes a value that the filter syntax would otherwise split. */
const quoted = (value: string) => (/[\s"]/.test(value) ? `"${value.replace(/"/g, "")}"` : value);

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export function registerListCommand<Item>(program: Command, spec: ListSpec<Item>): void {
  const command = program.command(spec.name).description(spec.description);
  for (const f of spec.filterFlags) {
    if (f.boolean) command.option(`--${f.flag}`, f.description);
    else command.option(`--${f.flag} <value>`, f.description);
  }
  command
    .option("-q, --query <filter>", "filters in the filter syntax (see below)")
    .option("--per-page <n>", "items per request (1..1000)", integerOption(1, 1000))
    .option("--page <n>", "page to start at", integerOption(1))
    .option("--all", "every page, streamed")
    .option("--json", "the server's objects, every field kept, as one JSON array")
    .option("--ndjson", "the server's objects, one JSON object a line")
    .addHelpText("after", `\n${spec.syntaxHelp}`)
    .action((flags: OutputFlags, cmd: Command) => runCommand(cmd, (runtime) => runList(spec, flags, runtime)));
}

function filterLine<Item>(spec: ListSpec<Item>, flags: OutputFlags): string {
  const tokens = spec.filterFlags.flatMap((f) => {
    const value = flags[camel(f.flag)];
    if (value === undefined || value === false) return [];
    return [f.token(f.boolean ? "true" : quoted(String(value)))];
  });
  if (flags.perPage !== undefined) tokens.push(`per:${flags.perPage}`);
  if (flags.page !== undefined) tokens.push(`page:${flags.page}`);
  return [...tokens, flags.query ?? ""].join(" ").trim();
}

async function runList<Item>(spec: ListSpec<Item>, flags: OutputFlags, runtime: Runtime): Promise<void> {
  if (flags.json && flags.ndjson) throw new ConfigError("choose one of --json and --ndjson");
  const line = filterLine(spec, flags);
  const parsed = spec.parse(line);
  if (parsed.errors.length > 0) {
    const marks = parsed.errors.map((t) => `  ${line}\n  ${" ".repeat(t.start)}${"^".repeat(Math.max(1, t.end - t.start))} ${t.error}`);
    throw new ConfigError(`the filter does not parse; nothing was sent:\n${marks.join("\n")}`);
  }
  const { settings, http, write, warn } = runtime;
  if (!settings.active) await settings.loadManagementApps(http);
  const app = settings.active;
  if (!app) throw new ConfigError("no app is configured: pass --app-id and --api-key, use a profile (--profile), or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET");
  if (app.key.value === undefined && app.key.command === undefined) await settings.loadManagementApps(http);
  const client = new AppClient(http, settings.targetOf(app));
  const width = terminalWidth();
  const color = useColor(flags.color === false);
  let first = true;
  let count = 0;
  if (flags.json) await write("[");
  for await (const page of spec.pages(client, parsed.params)) {
    if (flags.ndjson) {
      if (page.raw.length > 0) await write(`${page.raw.map((item) => JSON.stringify(item)).join("\n")}\n`);
    } else if (flags.json) {
      if (page.raw.length > 0) await write(`${first ? "\n" : ",\n"}${page.raw.map((item) => JSON.stringify(item)).join(",\n")}`);
    } else {
      const lines = renderTable(spec.columns, page.items, { width, color });
      // Later pages continue the table without repeating its header.
      if (page.items.length > 0) await write(`${(first ? lines : lines.slice(1)).join("\n")}\n`);
    }
    count += page.items.length;
    if (page.items.length > 0) first = false;
    if (!flags.all) {
      // For people, on stderr: stdout keeps only rows, for grep and wc.
      if (!flags.json && !flags.ndjson) warn(footer(page, count));
      break;
    }
  }
  if (flags.json) await write(first ? "]\n" : "\n]\n");
}

function footer<Item>(page: Page<Item>, shown: number): string {
  const p = page.pagination;
  if (!p) return `${shown} shown`;
  const more = p.current_page < p.total_pages ? ` · next: --page ${p.current_page + 1}, or --all` : "";
  return `${shown === 0 ? "none" : `${shown} shown`} of ${p.total} · page ${p.current_page}/${Math.max(1, p.total_pages)}${more}`;
}
