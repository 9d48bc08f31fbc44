import { Argument, type Command, Option } from "commander";
import { type AnyResource, endpointOf, itemParams, narrowedTakesValue, pathParams } from "../../resources/resource.js";
import { RESOURCE_LIST } from "../../resources/index.js";
import { completeWith } from "../completion/completers.js";
import { type ListFlags, addDerivedSyntaxHelp, addFilterFlags } from "../list-command.js";
import { LIST_EXTENSIONS } from "./list-extensions.js";
import { collect, integerOption, keyValueOption } from "../usage-error.js";

/** A list's flags: the output's and paging's, its filters' and its narrower path's value (`--reaction 👍`) by their names, and `-f`. */
export interface ResourceListFlags extends ListFlags {
  field: Array<[string, string]>;
}

export interface ResourceItemFlags {
  json?: boolean;
  reveal?: boolean;
}

/** `<sessionId>` for `{sessionId}`: a path's parameters as a command's arguments. */
const argumentsOf = (path: string) => pathParams(path).map((name) => new Argument(`<${name}>`, `the ${name} the path takes`));

/** The detail of a grouped resource that its list command reaches with one more argument (`ccx moderation rules [<ruleId>]`). */
const itemByListCommand = (resource: AnyResource) =>
  (resource.command || resource.itemByList) && resource.list && resource.detail && itemParams(resource).length === pathParams(resource.list.path).length + 1 ? resource.detail : undefined;

/** The list's command: its arguments, query flags and paging options; `item` when an id argument may follow. */
function defineList(list: Command, resource: AnyResource): void {
  const definition = resource.list!;
  const endpoint = endpointOf(definition.path);
  for (const alias of resource.aliases ?? []) if (!resource.command) list.alias(alias);
  for (const argument of argumentsOf(definition.path)) list.addArgument(argument);
  const item = itemByListCommand(resource);
  const id = item && itemParams(resource).at(-1);
  if (id) list.addArgument(new Argument(`[${id}]`, `one of them: every field the service sent`));
  const query = endpoint.query ?? [];
  list.addOption(completeWith(new Option("-f, --field <key=value>", "a query parameter of the list (repeatable)").argParser(collect(keyValueOption)).default([]), (typed) =>
    typed.includes("=") ? [] : query.filter((q) => q.startsWith(typed)).map((q) => ({ value: `${q}=` }))));
  // Every derived list takes it; one that documents no filter says so when it runs (its grammar is loaded then, not at start-up).
  list.option("-q, --query <filter>", "filters in the filter syntax, one key a documented query parameter (see below)");
  addDerivedSyntaxHelp(list, resource, `GET ${definition.path.split("?")[0]}`);
  for (const f of definition.required ?? []) list.requiredOption(`--${f.flag} <value>`, `${f.description} (${f.param})`);
  addFilterFlags(list, definition.flags ?? []);
  const extension = Object.hasOwn(LIST_EXTENSIONS, resource.name) ? LIST_EXTENSIONS[resource.name] : undefined;
  extension?.options(list);
  const narrowed = definition.narrowed;
  if (narrowed) list.option(narrowedTakesValue(definition) ? `--${narrowed.flag} <value>` : `--${narrowed.flag}`, `${narrowed.description} (GET ${narrowed.path})`);
  if (endpoint.paging === "pages") list.addOption(new Option("--page <n>", "this page (from 1)").argParser(integerOption(1)));
  if (definition.perPage) list.addOption(new Option("--per-page <n>", `items a page (default ${definition.perPage.default})`).argParser(integerOption(1, definition.perPage.max)));
  if (endpoint.paging && endpoint.paging !== "none") list.option("--all", "every page, streamed");
  list
    .option("--json", item ? "the items (or the one item) as the service sent them" : "the items as the service sent them, one array")
    .option("--ndjson", "the items as sent, one JSON object a line")
    .option("--reveal", "show the secrets the items hold instead of masking them")
    .option("--share", "print this view's string on stderr: ccx open '<string>' (or a paste into the explorer) opens it")
    .action(async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const given = (command.processedArgs as Array<string | undefined>).filter((a): a is string => a !== undefined);
      const run = await import("../run/resource.js");
      const flags = command.optsWithGlobals() as ResourceListFlags;
      // A mode of the command that is not a listing (calls --watch) runs instead of it.
      if (await extension?.instead(flags, command)) return;
      // An id after the list's own parameters: that one item.
      if (item && given.length > pathParams(definition.path).length) return run.runResourceItem(resource, given, flags, command);
      await run.runResourceList(resource, given, flags, command);
    });
}

/** One item's command: `ccx webhook <webhookId>`, or a grouped resource's only command (`ccx notifications preferences <uid>`). */
function defineItem(item: Command, resource: AnyResource): void {
  for (const name of itemParams(resource)) item.addArgument(new Argument(`<${name}>`, `the ${name} the path takes`));
  item
    .option("--json", "the item as the service sent it")
    .option("--reveal", "show the secrets it holds instead of masking them")
    .action(async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const { runResourceItem } = await import("../run/resource.js");
      await runResourceItem(resource, command.processedArgs as string[], command.opts() as ResourceItemFlags, command);
    });
}

/** `ccx <name>` (its list) and `ccx <singular> <id>` (one item), made from the definition. */
export function resourceRegistrar(resource: AnyResource) {
  return (program: Command): void => {
    // A list read by a flag of a shared command (`ccx messages --group`) is that command's, not one of its own.
    if (resource.list && !resource.listFlag) defineList(program.command(resource.name).description(`${resource.description} (GET ${resource.list.path.split("?")[0]})`), resource);
    if (resource.detail && !resource.itemByList && !resource.ownItemCommand) {
      endpointOf(resource.detail.path);
      defineItem(program.command(resource.singular).description(`one of ${resource.name}, every field the service sent (GET ${resource.detail.path.split("?")[0]})`), resource);
    }
  };
}

/** `ccx <group> <word>` for each resource of a command group (`ccx notifications logs`, `ccx moderation rules [<ruleId>]`). */
export function resourceGroupRegistrar(group: string, description: string, resources: readonly AnyResource[]) {
  return (program: Command): void => {
    const parent = program.command(group).description(description);
    // The group alone is a question: its words and what each answers (stdout, exit 0), as `ccx <group> --help`.
    parent.allowExcessArguments(true).action((_flags: unknown, command: Command) => {
      // A word that is none of its commands: commander's own message, with its suggestion.
      if (command.args.length > 0) (command as unknown as { unknownCommand(): never }).unknownCommand();
      parent.help();
    });
    for (const resource of resources) {
      const word = resource.command!.word;
      const path = (resource.list ?? resource.detail)!.path.split("?")[0];
      const command = parent.command(word).description(`${resource.description} (GET ${path})`);
      if (resource.list) defineList(command, resource);
      else defineItem(command, resource);
    }
  };
}

/**
 * A command whose flag chooses which of several documented reads it makes (`ccx conversation --as U
 * (--user UID | --group GUID | --id ID)`): a flag for each resource it groups (their `itemFlag`), exactly
 * one of them given, its value the item's id.
 */
export function resourceFlagRegistrar(name: string, description: string, resources: readonly AnyResource[]) {
  return (program: Command): void => {
    const command = program.command(name).description(description);
    // Each flag's value is what its read's path takes last (`--user <uid>`, `--group <guid>`).
    const valueOf = (r: AnyResource) => pathParams(r.detail!.path).at(-1)!;
    for (const r of resources) command.option(`--${r.itemFlag!.flag} <${valueOf(r)}>`, `${r.description} (GET ${r.detail!.path.split("?")[0]})`);
    command
      .option("--json", `the ${name} as the service sent it`)
      .option("--reveal", "show the secrets it holds instead of masking them")
      .action(async (flags: ResourceItemFlags & Record<string, unknown>, command: Command) => {
        const given = resources.filter((r) => flags[r.itemFlag!.flag] !== undefined);
        if (given.length !== 1) {
          const { runCommand } = await import("../runtime.js");
          const { ConfigError } = await import("../../config/config-file.js");
          const flagsSaid = resources.map((r) => `--${r.itemFlag!.flag} ${valueOf(r).toUpperCase()}`);
          const choices = `${flagsSaid.slice(0, -1).join(", ")} or ${flagsSaid.at(-1)}`;
          return runCommand(command, () => {
            throw new ConfigError(`say which ${name}: ${choices} (one of them); nothing was sent`);
          });
        }
        const { runResourceItem } = await import("../run/resource.js");
        await runResourceItem(given[0]!, [String(flags[given[0]!.itemFlag!.flag])], flags, command);
      });
  };
}

/** `ccx resources`: every resource defined, where it lives and how it pages, as `kubectl api-resources`. */
export function registerResourcesCommand(program: Command): void {
  program
    .command("resources")
    .description("every resource ccx knows as a definition: its commands, host, paths and paging")
    .option("--json", "the resources as one JSON array")
    .option("--ndjson", "one JSON object a resource, a line each")
    .action(async (flags: { json?: boolean; ndjson?: boolean }, command: Command) => {
      const { runResources } = await import("../run/resource.js");
      await runResources(RESOURCE_LIST, flags, command);
    });
}
