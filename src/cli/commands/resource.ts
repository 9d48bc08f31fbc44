import { Argument, type Command, Option } from "commander";
import { type AnyResource, endpointOf, narrowedTakesValue, pathParams } from "../../resources/resource.js";
import { RESOURCE_LIST } from "../../resources/index.js";
import { completeWith } from "../completion/completers.js";
import { collect, integerOption, keyValueOption } from "../usage-error.js";

export interface ResourceListFlags {
  field: Array<[string, string]>;
  /** The narrower path's value (`--reaction 👍`), by its flag's name. */
  [narrowed: string]: unknown;
  page?: number;
  perPage?: number;
  all?: boolean;
  json?: boolean;
  ndjson?: boolean;
  reveal?: boolean;
  color?: boolean;
}

export interface ResourceItemFlags {
  json?: boolean;
  reveal?: boolean;
}

/** `<sessionId>` for `{sessionId}`: a path's parameters as a command's arguments. */
const argumentsOf = (path: string) => pathParams(path).map((name) => new Argument(`<${name}>`, `the ${name} the path takes`));

/** `ccx <name>` (its list) and `ccx <singular> <id>` (one item), made from the definition. */
export function resourceRegistrar(resource: AnyResource) {
  return (program: Command): void => {
    if (resource.list) {
      const endpoint = endpointOf(resource.list.path);
      const list = program.command(resource.name).description(`${resource.description} (GET ${resource.list.path})`);
      for (const alias of resource.aliases ?? []) list.alias(alias);
      for (const argument of argumentsOf(resource.list.path)) list.addArgument(argument);
      const query = endpoint.query ?? [];
      list.addOption(completeWith(new Option("-f, --field <key=value>", "a query parameter of the list (repeatable)").argParser(collect(keyValueOption)).default([]), (typed) =>
        typed.includes("=") ? [] : query.filter((q) => q.startsWith(typed)).map((q) => ({ value: `${q}=` }))));
      for (const f of resource.list.flags ?? []) list.option(`--${f.flag} <value>`, `${f.description} (${f.param})`);
      const narrowed = resource.list.narrowed;
      if (narrowed) list.option(narrowedTakesValue(resource.list) ? `--${narrowed.flag} <value>` : `--${narrowed.flag}`, `${narrowed.description} (GET ${narrowed.path})`);
      if (endpoint.paging === "pages") list.addOption(new Option("--page <n>", "this page (from 1)").argParser(integerOption(1)));
      if (resource.list.perPage) list.addOption(new Option("--per-page <n>", `items a page (default ${resource.list.perPage.default})`).argParser(integerOption(1, resource.list.perPage.max)));
      if (endpoint.paging && endpoint.paging !== "none") list.option("--all", "every page, streamed");
      list
        .option("--json", "the items as the service sent them, one array")
        .option("--ndjson", "the items as sent, one JSON object a line")
        .option("--reveal", "show the secrets the items hold instead of masking them")
        .action(async (...args: unknown[]) => {
          const command = args.at(-1) as Command;
          const { runResourceList } = await import("../run/resource.js");
          await runResourceList(resource, command.processedArgs as string[], command.optsWithGlobals() as ResourceListFlags, command);
        });
    }
    if (resource.detail) {
      endpointOf(resource.detail.path);
      const item = program.command(resource.singular).description(`one of ${resource.name}, every field the service sent (GET ${resource.detail.path})`);
      for (const argument of argumentsOf(resource.detail.path)) item.addArgument(argument);
      item
        .option("--json", "the item as the service sent it")
        .option("--reveal", "show the secrets it holds instead of masking them")
        .action(async (...args: unknown[]) => {
          const command = args.at(-1) as Command;
          const { runResourceItem } = await import("../run/resource.js");
          await runResourceItem(resource, command.processedArgs as string[], command.opts() as ResourceItemFlags, command);
        });
    }
  };
}

/** `ccx resources`: every resource defined, where it lives and how it pages, as `kubectl api-resources`. */
export function registerResourcesCommand(program: Command): void {
  program
    .command("resources")
    .description("every resource ccx knows as a definition: its commands, host, paths and paging")
    .option("--json", "one object a resource")
    .action(async (flags: { json?: boolean }, command: Command) => {
      const { runResources } = await import("../run/resource.js");
      await runResources(RESOURCE_LIST, flags, command);
    });
}
