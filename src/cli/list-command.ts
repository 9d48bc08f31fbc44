import type { Command } from "commander";
import type { ListKind } from "../resources/list-kinds.js";
import type { FilterKeyHelp } from "../query/filter.js";
import type { AnyResource } from "../resources/resource.js";
import { integerOption } from "./usage-error.js";

/**
 * What `ccx groups` and `ccx calls` share: filters given as flags and as
 * `--query` in the filter syntax (both become filter tokens, parsed once), and
 * output as a table, `--json` (one array) or `--ndjson` (one object a line),
 * one page or `--all` of them, streamed in bounded memory by the one exporter
 * (render/exporter.ts). This file only declares the command; run/list.ts runs
 * it, loaded when it does.
 */

export interface FilterFlag {
  flag: string;
  description: string;
  /** The filter-syntax token for the flag's value, e.g. (v) => keyToken("type", v). */
  token: (value: string) => string;
  boolean?: boolean;
}

export interface ListSpec<K extends ListKind> {
  /** The command's name: the kind of list it prints. */
  name: K;
  description: string;
  filterFlags: FilterFlag[];
  /** The endpoint its --help names beside its filter keys. */
  endpoint: string;
  /**
   * What the table shows that must be asked beyond the filter, e.g. `withTags=true` for a TAGS column
   * (the service leaves tags out unless asked). The user's own filter wins (`withtags:false`); --json and
   * --ndjson ask it too, so that they carry the fields the table shows. The table's columns are the definition's.
   */
  tableQuery?: Record<string, string>;
  /** Runs another mode of the command when its flags ask for one; true when it did. */
  instead?: (flags: ListFlags, command: Command) => Promise<boolean>;
}

export interface ListFlags {
  query?: string;
  json?: boolean;
  ndjson?: boolean;
  all?: boolean;
  perPage?: number;
  page?: number;
  color?: boolean;
  reveal?: boolean;
  [flag: string]: unknown;
}

/** The grammars a command's --help lists, by the list it filters. */
export type FilterHelpKind = ListKind | "messages";
let filterKeys: Record<FilterHelpKind, ReadonlyArray<FilterKeyHelp>> | undefined;
/** The keys of a list made from a definition (its grammar written by hand, or derived from the catalogue), once loaded. */
let derivedKeys: ((resource: AnyResource) => ReadonlyArray<FilterKeyHelp> | undefined) | undefined;

/**
 * Loads the filter keys for --help. Why not at start: the grammars cost every
 * start several ms (measured on `ccx --version`), and only help lists them.
 */
export async function loadFilterHelp(): Promise<void> {
  const [q, derived, { DERIVED_RESOURCES }] = await Promise.all([import("../query/index.js"), import("../resources/filter-grammar.js"), import("../resources/index.js")]);
  const written = new Map(await Promise.all(DERIVED_RESOURCES.filter((r) => r.list?.grammar).map(async (r) => [r.name, await derived.grammarOf(r)] as const)));
  derivedKeys = (resource) => (written.has(resource.name) ? written.get(resource.name) : derived.listGrammar(resource))?.keys;
  filterKeys = { groups: q.GROUP_FILTER_KEYS, calls: q.CALL_FILTER_KEYS, users: q.USER_FILTER_KEYS, messages: q.MESSAGE_FILTER_KEYS };
}

/** The grammar each command's --query takes, so that completion follows the command. */
const syntaxKinds = new WeakMap<Command, FilterHelpKind>();
/** The same for the commands of the lists made from definitions. */
const syntaxResources = new WeakMap<Command, AnyResource>();

/** The filter keys of the command's --query, loaded as for --help; undefined when it takes none. */
export async function filterKeysOf(command: Command): Promise<ReadonlyArray<FilterKeyHelp> | undefined> {
  const kind = syntaxKinds.get(command);
  const resource = syntaxResources.get(command);
  if (kind === undefined && resource === undefined) return undefined;
  await loadFilterHelp();
  return kind !== undefined ? filterKeys?.[kind] : derivedKeys?.(resource!);
}

/** Under a derived list's --help: the keys of its grammar, or that the service documents none. */
export function addDerivedSyntaxHelp(command: Command, resource: AnyResource, endpoint: string): Command {
  syntaxResources.set(command, resource);
  return command.addHelpText("after", () => {
    if (!derivedKeys) return "";
    const keys = derivedKeys(resource);
    if (!keys) return `\nFilter syntax (--query): the service documents no filter for ${endpoint}, so --query takes none.`;
    return ["", `Filter syntax (--query), every documented parameter of ${endpoint} (docs/filters.md):`, ...keys.map((k) => `  ${k.example.padEnd(30)}${k.description}`)].join("\n");
  });
}

/** The filter syntax under a list command's --help: every key of the grammar, with an example. */
export function addSyntaxHelp(command: Command, endpoint: string, kind: FilterHelpKind): Command {
  syntaxKinds.set(command, kind);
  return command.addHelpText("after", () => {
    const keys = filterKeys?.[kind];
    if (!keys) return "";
    return ["", `Filter syntax (--query), every parameter of ${endpoint}:`, ...keys.map((k) => `  ${k.example.padEnd(30)}${k.description}`)].join("\n");
  });
}

/** The output options every list command takes. */
export function addOutputOptions(command: Command): Command {
  return command
    .option("--all", "every page, streamed")
    .option("--json", "the server's objects, every field kept, as one JSON array")
    .option("--ndjson", "the server's objects, one JSON object a line")
    .option("--reveal", "with --json or --ndjson: show the secrets they hold (a call message's channel secret) instead of masking them");
}

/** The paging and output options every list command paged by number takes. */
export function addPagingOptions(command: Command): Command {
  return addOutputOptions(command
    .option("--per-page <n>", "items per request (1..1000)", integerOption(1, 1000))
    .option("--page <n>", "page to start at", integerOption(1)));
}

/** The filters as flags: `--type video`, `--has-recording`. */
export function addFilterFlags(command: Command, flags: readonly FilterFlag[]): Command {
  for (const f of flags) command.option(f.boolean ? `--${f.flag}` : `--${f.flag} <value>`, f.description);
  return command;
}

export function registerListCommand<K extends ListKind>(program: Command, spec: ListSpec<K>, more?: (command: Command) => void): void {
  const command = program.command(spec.name).description(spec.description);
  more?.(command);
  addFilterFlags(command, spec.filterFlags)
    .option("-q, --query <filter>", "filters in the filter syntax (see below)");
  addSyntaxHelp(addPagingOptions(command), spec.endpoint, spec.name)
    .action(async (flags: ListFlags, cmd: Command) => {
      // A mode of the command that is not a listing (calls --watch) runs instead of it.
      if (await spec.instead?.(flags, cmd)) return;
      const { runList } = await import("./run/list.js");
      await runList(spec, flags, cmd);
    });
}
