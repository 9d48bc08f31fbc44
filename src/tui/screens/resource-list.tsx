import { isSecretField } from "../../api/answer-secrets.js";
import { Box, Text } from "ink";
import { type ExplorerState, activeView, resourceKey } from "../../store/explorer-store.js";
import { resourceRows } from "../../store/resource-actions.js";
import type { ResourceListState } from "../../store/types.js";
import { RESOURCE_LIST, resourceNamed } from "../../resources/index.js";
import { markedRows, verbKeyBindings } from "./verb-keys.js";
import { type AnyResource, readItems } from "../../resources/resource.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import { Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import { explorerColumns } from "./resource-columns.js";
import type { RouteOf, Screen } from "./types.js";
import { NothingSelected } from "../components/nothing-selected.js";
import { ResourcePreview } from "../components/resource-preview.js";
import { FilterLine } from "../components/filter-line.js";
import { FilterForm } from "../components/filter-form.js";
import { LineView } from "../components/line-view.js";
import { narrowRows } from "../../resources/narrow-rows.js";

type ListRoute = RouteOf<"resource">;

const listOf = (state: ExplorerState, route: ListRoute): ResourceListState | undefined => activeView(state).resourceLists?.[resourceKey(route.name, route.params)];

/** The status above a list of a resource: its request, how many rows (of how many, where the answer counts them), whether n loads more. */
export function listStatus(list: ResourceListState | undefined): string {
  if (!list) return "";
  if (list.loading && list.rows.length === 0) return `⟳ ${list.request ?? "asking"}`;
  const more = list.next ? " · n loads more" : list.page > 0 ? " (all)" : "";
  const of = list.total === undefined ? "" : ` of ${list.total}`;
  return `${list.loading ? "⟳ " : ""}${list.rows.length}${of} loaded${more} · ${list.request ?? ""}`;
}

/** Narrowed rows, made once per answer and line: every key press draws again. */
const narrowed = new WeakMap<readonly unknown[], { line: string; rows: unknown[] }>();

/** The rows a list shows: all it loaded, or, where the service documents no filter, those the `/` line narrows them to. */
export function shownRows(list: ResourceListState | undefined): unknown[] {
  if (!list) return [];
  if (!list.narrowing || !list.filter?.trim()) return list.rows;
  let made = narrowed.get(list.rows);
  if (!made || made.line !== list.filter) narrowed.set(list.rows, (made = { line: list.filter, rows: narrowRows(list.rows, list.filter) }));
  return made.rows;
}

/**
 * The rows read by their schema and the columns sized to them, made once per answer: every key press
 * draws again, and reading 5,000 rows each time would be felt.
 */
const drawn = new WeakMap<readonly unknown[], { rows: Array<Record<string, unknown>>; width: number; columns: ReturnType<typeof explorerColumns> }>();
function drawable(resource: AnyResource, list: ResourceListState | undefined, width: number) {
  if (!list) return { rows: [], columns: [] };
  const shown = shownRows(list);
  let made = drawn.get(shown);
  if (!made || made.width !== width) {
    const rows = made?.rows ?? (resourceRows(resource, { ...list, rows: shown }) as Array<Record<string, unknown>>);
    drawn.set(shown, (made = { rows, width, columns: explorerColumns(resource, { width, rows }) }));
  }
  return made;
}

/** A list's rows under its status; the selected row in inverse video. */
export function ResourceRows({ resource, list, height, width, theme, marked }: { resource: AnyResource; list: ResourceListState | undefined; height: number; width: number; theme: Theme; marked?: (row: Record<string, unknown>) => boolean }) {
  const { rows, columns } = drawable(resource, list, width);
  return (
    <Box flexDirection="column">
      <Text color={theme.muted} wrap="truncate-end">{sanitize(listStatus(list))}</Text>
      {list?.error ? <FailureBox failure={list.error} theme={theme} /> : null}
      {rows.length === 0 && list && !list.loading && !list.error ? <Text color={theme.muted}>{`no ${resource.name}`}</Text> : null}
      {rows.length > 0 ? <Rows columns={columns} rows={rows} selected={list!.selected} height={height - 1 - (list?.error ? 3 : 0)} width={width} theme={theme} marked={marked} /> : null}
    </Box>
  );
}

/** A row's id, as its selection names it (and its mark, space). */
export const rowIdOf = (resource: AnyResource) => (row: Record<string, unknown>) => String(row[resource.idField] ?? "");

/**
 * The selection of a list's row: its id, its JSON as sent, and what Enter opens: the screen its definition
 * names (a conversation's thread), else its item when the resource has one.
 */
export function rowSelection(state: ExplorerState, resource: AnyResource | undefined, list: ResourceListState | undefined, params: readonly string[]) {
  const row = shownRows(list)[list?.selected ?? 0] as Record<string, unknown> | undefined;
  if (!resource || !row) return undefined;
  const id = rowIdOf(resource)(row);
  if (resource.open) {
    const target = resource.open(readItems(resource, { data: [row] })[0]!, state.user);
    return { id, json: row, open: () => (target ? state.openThread(target.thread) : state.notify(`this ${resource.singular} names no one to open`)) };
  }
  // An id that is a secret (an API key, an auth token) is masked in the row: it cannot name the item to open.
  const opens = resource.detail && !isSecretField(resource.idField);
  return { id, json: row, open: opens ? () => state.openResourceItem(resource.name, [...params, id]) : undefined };
}

/** The list of any resource made from a definition (:webhooks, :transcripts <sessionId>, …). */
export const resourceListScreen: Screen<ListRoute> = {
  title: "A resource's list (:<name>, made from its definition)",
  legend: [
    "the resources that `ccx resources` lists, each from its definition: its columns, its host and paging; Enter opens an item where the resource has an item view",
  ],
  crumb: (route) => sanitize([route.name, ...route.params].join(" ")),
  bindings: [
    { keys: ["/"], description: "filter as you type: the query parameters the service documents for this list (docs/filters.md); where it documents none, the rows loaded narrowed by their text", footer: "filter", run: (c) => c.route.view === "resource" && c.store.getState().openPrompt("filter", listOf(c.state, c.route)?.filter ?? "") },
    { keys: ["f"], description: "filter form: every documented parameter, the same filter as the / line", footer: "form", run: (c) => c.store.getState().openResourceForm() },
    { keys: ["enter"], description: "open the selected item (its fields, and its first sub-resource below; a conversation: its thread)", footer: "open", onRows: true, disabled: (c) => (c.selection()?.open ? undefined : "no item view here"), run: (c) => c.selection()?.open?.() },
    { keys: ["n"], description: "load the next page below", footer: "more", disabled: (c) => (c.route.view === "resource" && listOf(c.state, c.route)?.next ? undefined : "every page is loaded"), run: (c) => c.store.getState().moreResource() },
    { keys: ["r"], description: "ask again from the first page", footer: "refresh", run: (c) => c.store.getState().reloadResource() },
    // The writes on a resource's rows (+ a friend, - a trigger, D a webhook, e its fields), from their definitions.
    ...verbKeyBindings(RESOURCE_LIST.map((r) => r.name), (c) => (c.route.view === "resource" ? { on: c.route.name, params: c.route.params, row: c.selection()?.json as Record<string, unknown> | undefined } : undefined)),
  ],
  cursor: (state, route) => {
    const list = listOf(state, route);
    return { index: list?.selected ?? 0, count: shownRows(list).length };
  },
  select: (store, _route, index) => store.getState().selectResourceRow(index),
  awaitingRows: (state, route) => {
    const list = listOf(state, route);
    return list !== undefined && list.loading && list.rows.length === 0;
  },
  selection: (state, route) => rowSelection(state, resourceNamed(route.name), listOf(state, route), route.params),
  render: ({ state, route, height, width, theme }) => {
    const resource = resourceNamed(route.name);
    if (!resource) return <Text>{`no resource ${sanitize(route.name)}`}</Text>;
    const list = listOf(state, route);
    const prompt = state.ui.prompt;
    const key = resourceKey(route.name, route.params);
    const form = state.ui.form;
    if (form?.resourceList === key && list) {
      const shown = { filter: list.filter ?? "", tokens: list.tokens ?? [], errors: list.errors ?? [], request: list.request, loading: list.loading, error: list.error, total: undefined, items: list.rows };
      const field = prompt?.kind === "field" && prompt.resourceList === key ? prompt : undefined;
      return <FilterForm noun={resource.name} endpoint={`GET ${resource.list!.path.split("?")[0]}`} fields={form.keys} list={shown} form={form} editing={field} height={height} width={width} theme={theme} />;
    }
    const editing = prompt?.kind === "filter" && prompt.resourceList === key ? prompt : undefined;
    const filtering = editing !== undefined || Boolean(list?.filter);
    return (
      <Box flexDirection="column">
        {filtering && list?.narrowing ? <NarrowLine list={list} editing={editing} width={width} theme={theme} /> : null}
        {filtering && !list?.narrowing ? <FilterLine editing={editing} tokens={list?.tokens ?? []} errors={list?.errors ?? []} request={list?.request} width={width} theme={theme} /> : null}
        <ResourceRows resource={resource} list={list} height={height - (filtering ? 2 : 0)} width={width} theme={theme} marked={markedRows(state, rowIdOf(resource))} />
      </Box>
    );
  },
  preview: ({ state, route, height, theme }) => {
    const resource = resourceNamed(route.name);
    const list = listOf(state, route);
    const row = shownRows(list)[list?.selected ?? 0] as Record<string, unknown> | undefined;
    return resource && row ? <ResourcePreview resource={resource} row={row} height={height} theme={theme} /> : <NothingSelected theme={theme} />;
  },
};

/** The `/` line of a list that documents no filter: what it narrows, said as such (nothing is sent). */
function NarrowLine({ list, editing, width, theme }: { list: ResourceListState; editing: Parameters<typeof LineView>[0]["line"] | undefined; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box>
        <Text color={theme.accent}>/ </Text>
        {editing ? <LineView line={editing} width={width - 2} /> : <Text>{sanitize(list.filter ?? "")}</Text>}
      </Box>
      <Text color={theme.muted} wrap="truncate-end">{`  no filter documented: narrowing the ${list.rows.length} rows loaded (${shownRows(list).length} match)`}</Text>
    </Box>
  );
}
