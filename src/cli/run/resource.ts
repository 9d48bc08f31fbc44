import type { Command } from "commander";
import { type ApiCall, callNeedsApp, prepareCall, urlWithQuery } from "../../api/api-call.js";
import { secretsMasker } from "../../api/answer-secrets.js";
import { parseAnswer } from "../../api/client.js";
import { tableColumns } from "../render/resource-table.js";
import { endpointPager, walkPages } from "../../api/paging-styles.js";
import {
  type AnyResource, actedForRefusal, itemCommandWords, withAlways, isKeyFlag, colonCommands, colonLine, commandWords, endpointOf, fillParams, itemLines, itemParams, itemRequests, listBody, listRequests, mergedItems, pathParams, readItems, sourcedItems,
  childRelation,
} from "../../resources/resource.js";
import { parseTime } from "../../query/time.js";
import { tokenize } from "../../query/tokenize.js";
import type { Grammar } from "../../query/grammar.js";
import type { CursorState } from "../../api/cursor.js";
import { jsonForTerminal } from "../../text/json.js";
import type { TableColumn } from "../../text/table.js";
import { ConfigError } from "../../config/config-file.js";
import type { ResourceItemFlags, ResourceListFlags } from "../commands/resource.js";
import { type Runtime, runCommand, warnMasked } from "../runtime.js";
import { activeTarget } from "./active-app.js";
import { camel, filterGiven, filterLine, filterParams } from "./filter-line.js";
import { type ExportLayout, type ExportPage, type PageNote, exportPages, numberedNote } from "../render/exporter.js";
import { progressLine, progressWanted } from "../render/progress.js";
import type { Page } from "../../api/paging.js";

/** A time flag's value in ms: a 13-digit ms value as given, else any time the filters read (2024-01-01, 2h, UNIX seconds). */
function millisecondsOf(flag: string, text: string): string {
  if (/^\d{13}$/.test(text)) return text;
  const time = parseTime(text, Math.floor(Date.now() / 1000));
  if (typeof time === "string") throw new ConfigError(`--${flag}: ${time}; nothing was sent`);
  return String(time.seconds * 1000);
}

/** The flags naming grammar keys and `--query`, parsed as one line by the list's grammar (filterParams); undefined when none was given. */
async function filterQuery(resource: AnyResource, flags: ResourceListFlags): Promise<{ params: Record<string, string>; grammar: Grammar } | undefined> {
  if (!filterGiven(resource.list!.flags ?? [], flags)) return undefined;
  const { grammarOf } = await import("../../resources/filter-grammar.js");
  const grammar = await grammarOf(resource);
  if (!grammar) throw new ConfigError(`${resource.name}: the service documents no filter for this list, so --query has nothing to send; nothing was sent`);
  return { params: filterParams((text) => grammar.parse(text), resource.list!.flags ?? [], flags), grammar };
}

/** The request for a path of the resource, its parameters filled in, for the active app (or the management API). */
async function callFor(runtime: Runtime, path: string, query: Record<string, string>): Promise<ApiCall> {
  const input = { method: "GET" as const, path, query };
  const app = callNeedsApp(input) ? await activeTarget(runtime) : undefined;
  return prepareCall(input, { app, management: runtime.settings.management, readOnly: runtime.settings.readOnly });
}

/**
 * `ccx <name> [<params>…]`: a page of the list, or every page (--all), as a table, --json or --ndjson;
 * `--share`: its view string on stderr. `before`: what runs first with the runtime (`ccx open` puts the
 * app its view names first).
 */
export function runResourceList(resource: AnyResource, params: string[], flags: ResourceListFlags, command: Command, before?: (runtime: Runtime) => Promise<void>): Promise<void> {
  return runCommand(command, async (runtime) => {
    await before?.(runtime);
    const list = resource.list!;
    const endpoint = endpointOf(list.path);
    const values = [...params, ...(list.required ?? []).map((r) => String(flags[camel(r.flag)] ?? ""))];
    const query: Record<string, string> = Object.fromEntries(flags.field);
    if (flags.perPage !== undefined || list.perPage) query.perPage ??= String(flags.perPage ?? list.perPage!.default);
    if (flags.page !== undefined) query.page = String(flags.page);
    // The flags that are query parameters; those naming grammar keys join the filter's line below.
    for (const f of list.flags ?? []) {
      if (isKeyFlag(f)) continue;
      const value = flags[camel(f.flag)];
      if (value === true && f.switch) query[f.param] = "true";
      else if (typeof value === "string") query[f.param] = f.time === "ms" ? millisecondsOf(f.flag, value) : value;
    }
    const filter = await filterQuery(resource, flags);
    Object.assign(query, filter?.params);
    // What the table shows beyond the filter (the tags of a TAGS column), unless the filter says otherwise: --json and --ndjson carry it too.
    withAlways(list, query);
    if (list.sources) return printSources(runtime, resource, values, flags);
    const narrowed = list.narrowed;
    const narrowedBy = narrowed && flags[camel(narrowed.flag)];
    const clash = narrowedBy === undefined ? undefined : narrowed?.excludes?.find((flag) => flags[camel(flag)] !== undefined);
    if (clash) throw new ConfigError(`--${clash} does not go with --${narrowed!.flag}; nothing was sent`);
    const asked = narrowed && narrowedBy !== undefined
      ? { path: fillParams(narrowed.path, typeof narrowedBy === "string" ? [...params, narrowedBy] : params), query: {} }
      : listRequests(list, values)[0]!;
    const call = await callFor(runtime, asked.path, { ...asked.query, ...query });
    if (flags.share) await shareList(runtime, resource, params, flags);
    const refused = actedForRefusal(resource, call.headers.onBehalfOf);
    if (refused) throw refused;
    // On a terminal's stderr, --all says how far it is (--no-progress: not).
    const progress = flags.all && progressWanted(command) ? progressLine(resource.name, runtime.io.err) : undefined;
    const fetch = async (asked: Record<string, string>) => {
      const { json } = await runtime.http.send({ method: "GET", url: urlWithQuery(call.url, asked), headers: call.headers });
      if (list.answer) parseAnswer(list.answer, json, `GET ${list.path.split("?")[0]}`);
      return listBody(list, json);
    };
    const walk = walkPages(endpointPager(endpoint, call.query), fetch, () => runtime.warn("stopped: the service gave the same cursor again"));
    async function* pages(): AsyncGenerator<ResourcePage> {
      for await (const { body, step } of walk) yield { raw: step.items, pagination: (body as { meta?: { pagination?: Page<unknown>["pagination"] } } | undefined)?.meta?.pagination, next: step.next, walk: step.walk };
    }
    const page = flags.page ?? 1;
    const perPage = Number(call.query.perPage) || undefined;
    // Whether more follow is the pager's to say: the same rule --all walks by.
    const footer = (last: ResourcePage, shown: number): PageNote => {
      if (last.walk) return cursorNote(resource, last, shown, { flags, grammar: filter?.grammar, from: call.query });
      if (endpoint.paging !== "pages") return { summary: countOf(shown), more: last.next !== undefined };
      const { summary } = numberedNote(last.pagination, shown, perPage, page);
      const counted = summary.replace(/ · the last page$/, "");
      return last.next ? { summary: counted, next: `--page ${page + 1}` } : { summary: `${counted} · the last page` };
    };
    // Acting for a user, a group's row says their scope and when they joined (the service answers them then).
    await exportPages(pages(), layoutOf(resource, call.headers.onBehalfOf !== undefined), { ...flags, progress }, runtime, footer);
  });
}

/**
 * The list's view string on stderr (src/store/view-string.ts): its app, list, path parameters and
 * filter line (--query and the flags that are filter keys), which `ccx open` and the explorer open.
 * What a view cannot carry (another query parameter, -f, a required or narrowing flag) is refused:
 * the string would open other rows.
 */
async function shareList(runtime: Runtime, resource: AnyResource, params: string[], flags: ResourceListFlags): Promise<void> {
  const list = resource.list!;
  const other = [
    ...(list.flags ?? []).filter((f) => !isKeyFlag(f) && flags[camel(f.flag)] !== undefined).map((f) => `--${f.flag}`),
    ...(list.required ?? []).map((r) => `--${r.flag}`),
    ...(list.narrowed && flags[camel(list.narrowed.flag)] !== undefined ? [`--${list.narrowed.flag}`] : []),
    ...(flags.field.length > 0 ? ["-f"] : []),
  ];
  if (other.length > 0) throw new ConfigError(`--share: a view string carries the list and its filter line (--query, and the flags that are filter keys), not ${other.join(", ")}; nothing was sent`);
  const target = await activeTarget(runtime);
  if (!target) throw new ConfigError("--share: the list is of no app (the management API's): a view string names an app; nothing was sent");
  const { encodeView } = await import("../../store/view-string.js");
  const view = { region: target.region, appId: target.appId, resource: resource.name, params, filter: filterLine(list.flags ?? [], flags) };
  // Whom the rows were asked as (--as): the same rows for whoever opens the view.
  runtime.io.err.write(`${encodeView(target.onBehalfOf === undefined ? view : { ...view, as: target.onBehalfOf })}\n`);
}

/** A page of a definition's list, the query of the next (none after the last), and where a cursor's walk stands. */
type ResourcePage = ExportPage<Record<string, unknown>> & { next?: Record<string, string>; walk?: CursorState };

/** A word the shell passes on as written. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * The note under a page of a cursor's walk: how to ask for the next, as the whole command with the
 * cursor the walk derived from the items in the list's cursor keys (the SDK's way: docs/service.md),
 * since `--page` does not move a cursor. The filter goes whole into --query, in place of the flags.
 */
function cursorNote(resource: AnyResource, page: ResourcePage, shown: number, asked: { flags: ResourceListFlags; grammar?: Grammar; from: Record<string, string> }): PageNote {
  const walk = page.walk!;
  const summary = countOf(shown);
  if (walk.done || walk.at === undefined) return { summary: `${summary} · no more` };
  const keys = resource.list!.cursorKeys;
  if (!keys) return { summary, more: true };
  // The grammar's keys of the page size and the page: the size goes on in the line, a page number does not.
  const keyOf = (param: string) => asked.grammar?.keys.find((k) => k.params.length === 1 && k.params[0] === param)?.key;
  const per = keyOf("perPage");
  const line = [filterLine(resource.list!.flags ?? [], { ...asked.flags, query: undefined }), per && asked.flags.perPage !== undefined ? `${per}:${asked.flags.perPage}` : "", asked.flags.query ?? ""].join(" ");
  const dropped = new Set([keys.append, keys.prepend, keyOf("page")]);
  const kept = tokenize(line).filter((t) => !dropped.has(t.key)).map((t) => t.text);
  const cursor = `${walk.affix === "append" ? keys.append : keys.prepend}:${walk.at}`;
  // A time can carry only the position, not which of the items at it were had: where items share
  // times (this page shows some that do), or the server counts the cursor's own time in (this page
  // starts with items at it), the next page may repeat some at its start, or skip some.
  const times = page.raw.map((item) => Number((item as Record<string, unknown> | null)?.[walk.param]));
  const inclusive = times.includes(Number(asked.from[walk.param]));
  const tie = inclusive || new Set(times).size < times.length ? " (items here share times: the next page may repeat or skip some at its start; --all does not)" : "";
  return { summary: `${summary}${tie}`, next: `ccx ${commandWords(resource).join(" ")} --query ${shellWord([...kept, cursor].join(" "))}` };
}

/** A list made of several reads (the providers): each read once, its items in a table, or as sent with their source. */
async function printSources(runtime: Runtime, resource: AnyResource, values: readonly string[], flags: ResourceListFlags): Promise<void> {
  const list = resource.list!;
  // One page, every read at once, sent when the exporter asks for it (after it has checked the flags).
  async function* page(): AsyncGenerator<ExportPage<Record<string, unknown>>> {
    const bodies = await Promise.all(listRequests(list, values).map(async (request) => {
      const call = await callFor(runtime, request.path, request.query);
      return (await runtime.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers })).json;
    }));
    yield { raw: sourcedItems(list, bodies) };
  }
  await exportPages(page(), layoutOf(resource), flags, runtime, (_, shown) => ({ summary: countOf(shown) }));
}

/** A definition's table: its columns (those about the user acted for when one is), its rows read from the objects as shown. */
const layoutOf = (resource: AnyResource, actingUser = false): ExportLayout<Record<string, unknown>> =>
  ({ columns: tableColumns(resource, { actingUser }), rowsOf: (shown) => readItems(resource, { data: shown }) });

/** The count of a list that says no total. */
const countOf = (shown: number) => (shown === 0 ? "none" : `${shown} shown`);

/** `ccx <singular> <id>`: one item, every field the service sent, the telling ones first; --json as sent. */
export function runResourceItem(resource: AnyResource, params: string[], flags: ResourceItemFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const bodies = await Promise.all(itemRequests(resource, params).map(async (request) => {
      const call = await callFor(runtime, request.path, request.query);
      return (await runtime.http.send({ method: "GET", url: urlWithQuery(call.url, call.query), headers: call.headers })).json;
    }));
    const mask = secretsMasker(flags.reveal);
    const items = mergedItems(resource, bodies, params.at(-1) ?? "").map((item) => mask.show(item));
    // Several where the docs show one (a chat widget's settings): each of them, none dropped.
    if (flags.json) await runtime.write(`${jsonForTerminal(items.length === 1 ? items[0] : items, 2)}\n`);
    else {
      const shown = items.map((item, i) => {
        const lines = itemLines(resource, item);
        return [...(items.length > 1 ? [`${i + 1} of ${items.length}`] : []), ...(lines.length > 0 ? lines : ["none"])].join("\n");
      });
      await runtime.write(`${shown.join("\n\n")}\n`);
    }
    warnMasked(runtime, mask.paths());
  });
}

/** A command as typed: `ccx webhook <webhookId>`, `ccx notifications tokens --auth-token <authToken>`. */
const commandLine = (words: readonly string[], params: readonly string[], flags: ReadonlyArray<{ flag: string; param: string }> = []) =>
  [`ccx ${words.join(" ")}`, ...params.map((p) => `<${p}>`), ...flags.map((f) => `--${f.flag} <${f.param}>`)].join(" ");

/** `--as <onBehalfOf>` where the definition or the catalogue says a path is read only as a user sees it. */
const actedFor = (r: AnyResource, path: string | undefined): string[] =>
  path !== undefined && (r.actedFor || endpointOf(path).onBehalfOf === "required") ? ["--as <onBehalfOf>"] : [];

/** The commands of a resource, as typed: its list's, then one item's. */
function commandsOf(r: AnyResource): string[] {
  const words = commandWords(r);
  const as = actedFor(r, r.detail?.path);
  const item = r.detail && itemCommandWords(r, as);
  return [
    // A list read by a flag of a shared command: the flag before the value it takes (`ccx messages --group <guid>`).
    ...(r.list ? [commandLine([...words, ...actedFor(r, r.list.path), ...(r.listFlag?.flag ? [`--${r.listFlag.flag}`] : [])], pathParams(r.list.path), r.list.required)] : []),
    ...(item ? [commandLine(item, itemParams(r))] : []),
  ];
}

/** Its `:` commands in the explorer. */
const explorerCommandsOf = (r: AnyResource): string[] => Object.values(colonCommands(r)).map(colonLine);

/** The resources shown below an item of `r`, by name. */
const childNames = (r: AnyResource): string[] => (r.children ?? []).map((child) => childRelation(child).name);

/** `ccx resources`: each resource's commands, host, paths and paging. */
export function runResources(resources: readonly AnyResource[], flags: { json?: boolean; ndjson?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const { writesByResource } = await import("../../writes/resource-writes.js");
    const writes = writesByResource(resources);
    const rows = resources.map((r) => {
      const list = r.list && endpointOf(r.list.path);
      const detail = r.detail && endpointOf(r.detail.path);
      return {
        name: r.name,
        singular: r.singular,
        aliases: [...(r.aliases ?? [])],
        commands: commandsOf(r),
        // Where it shows in the explorer: its `:` commands, and the item it is a sub-resource of.
        explorer: [...explorerCommandsOf(r),
          // Below a generic item (a group's members, a user's calls); from the screen of one written by hand (a call's transcripts: T).
          ...resources.filter((parent) => childNames(parent).includes(r.name)).map((parent) => `${parent.ownItemCommand ? "from" : "below"} a ${parent.singular}`)],
        host: (list ?? detail)!.host,
        group: (list ?? detail)!.group,
        list: r.list?.path.split("?")[0],
        // A list made of several reads: each of them.
        ...(r.list?.sources ? { sources: r.list.sources.map((source) => source.path) } : {}),
        detail: r.detail?.path.split("?")[0],
        paging: list?.paging ?? "none",
        children: childNames(r),
        // Beside its reads, the documented writes ccx sends by name that change it.
        writes: writes.get(r.name) ?? [],
        description: r.description,
      };
    });
    const columns: Array<TableColumn<(typeof rows)[number]>> = [
      { header: "name", get: (r) => r.name, min: 12 },
      { header: "commands", get: (r) => r.commands.join(", "), min: 16, flex: 1 },
      { header: "explorer", get: (r) => r.explorer.join(", "), min: 12, flex: 1 },
      { header: "host", get: (r) => r.host, min: 10 },
      { header: "paging", get: (r) => r.paging, min: 6 },
      { header: "list", get: (r) => `${r.list ?? ""}${r.sources ? ` and ${r.sources.length - 1} more` : ""}`, min: 12, flex: 1 },
      { header: "one", get: (r) => r.detail ?? "", min: 8, flex: 1 },
      { header: "writes", get: (r) => [...new Set(r.writes.map((w) => w.verb))].join(", "), min: 8, flex: 1 },
    ];
    // Nothing masked: these are ccx's own definitions, not answers.
    await exportPages([{ raw: rows, items: rows }], { columns }, { ...flags, reveal: true }, runtime);
  });
}
