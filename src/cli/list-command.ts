import type { Command } from "commander";
import type { FilterKeyHelp } from "../query/filter.js";
import type { AnyResource, ListFlag, Resource } from "../resources/resource.js";

/**
 * What the list commands share: filters given as flags and as `--query` in
 * the filter syntax (flags naming grammar keys join --query's line, parsed
 * once: run/filter-line.ts), the filter keys under --help and in completion,
 * and the output options. The lists of resources are made from their
 * definitions (commands/resource.ts); `ccx messages`, `ccx stats` and
 * `ccx download` are written by hand with these.
 */

export interface ListFlags {
  query?: string;
  json?: boolean;
  ndjson?: boolean;
  all?: boolean;
  perPage?: number;
  page?: number;
  color?: boolean;
  reveal?: boolean;
  share?: boolean;
  [flag: string]: unknown;
}

/** The grammars written by hand that a command's --help lists, by the list it filters (the others come from definitions). */
type FilterHelpKind = "messages";
let filterKeys: Record<FilterHelpKind, ReadonlyArray<FilterKeyHelp>> | undefined;
/** The keys of a list made from a definition (its grammar written by hand, or derived from the catalogue), once loaded. */
let derivedKeys: ((resource: AnyResource) => ReadonlyArray<FilterKeyHelp> | undefined) | undefined;

/**
 * Loads the filter keys for --help. Why not at start: the grammars cost every
 * start several ms (measured on `ccx --version`), and only help lists them.
 */
export async function loadFilterHelp(): Promise<void> {
  const [q, derived, { RESOURCE_LIST }] = await Promise.all([import("../query/messages.js"), import("../resources/filter-grammar.js"), import("../resources/index.js")]);
  const written = new Map(await Promise.all(RESOURCE_LIST.filter((r) => r.list?.grammar).map(async (r) => [r.name, await derived.grammarOf(r)] as const)));
  derivedKeys = (resource) => (written.has(resource.name) ? written.get(resource.name) : derived.listGrammar(resource))?.keys;
  filterKeys = { messages: q.MESSAGE_FILTER_KEYS };
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
export function addDerivedSyntaxHelp(command: Command, resource: Resource<any>, endpoint: string): Command {
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

/**
 * The filters as flags: `--type video`, `--has-recording`; one that is a query parameter says which,
 * one that names a grammar key says it in its description.
 */
export function addFilterFlags(command: Command, flags: readonly ListFlag[]): Command {
  for (const f of flags) command.option(f.switch ? `--${f.flag}` : `--${f.flag} <value>`, "param" in f ? `${f.description} (${f.param})` : f.description);
  return command;
}
