import { isSecretField } from "../../api/answer-secrets.js";
import { Box, Text } from "ink";
import { type ExplorerState, activeView } from "../../store/explorer-store.js";
import { LIVE } from "../../store/live-actions.js";
import type { ListState, LiveState, Row } from "../../store/types.js";
import { RESOURCE_LIST, resourceNamed } from "../../resources/index.js";
import { markedRows, verbKeyBindings } from "./verb-keys.js";
import { type AnyResource, listParams } from "../../resources/resource.js";
import { type ListRef, listRefOf, routeListKey } from "../../store/item-children.js";
import { sanitize } from "../../text/sanitize.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import { explorerColumns } from "./resource-columns.js";
import type { Binding, RouteOf, Screen } from "./types.js";
import { NothingSelected } from "../components/nothing-selected.js";
import { ResourcePreview } from "../components/resource-preview.js";
import { FilterForm, formHeight } from "../components/filter-form.js";
import { ListBody } from "../components/list-body.js";
import { LineView } from "../components/line-view.js";
import { narrowRows } from "../../resources/narrow-rows.js";
import { LIST_EXTENSIONS, type ListExtension } from "./list-extensions.js";

type ListRoute = RouteOf<"resource">;

/** The least the filter form leaves below it for the list's rows (their header and three rows), else it takes the body. */
const ROWS_BELOW_FORM = 4;

const keyOf = (route: ListRoute) => routeListKey(route);
const listOf = (state: ExplorerState, route: ListRoute): ListState | undefined => activeView(state).lists[keyOf(route)];

/** Narrowed rows, made once per answer and line: every key press draws again. */
const narrowed = new WeakMap<readonly unknown[], { line: string; rows: Row[] }>();

/** The rows a list shows: all it loaded, or, where the service documents no filter, those the `/` line narrows them to. */
export function shownRows(list: ListState | undefined): Row[] {
  if (!list) return [];
  if (!list.narrowing || !list.filter.trim()) return list.items;
  let made = narrowed.get(list.items);
  if (!made || made.line !== list.filter) narrowed.set(list.items, (made = { line: list.filter, rows: narrowRows(list.items, list.filter) as Row[] }));
  return made.rows;
}

/** A row's id, as its selection names it (and its mark, space). */
export const rowIdOf = (resource: AnyResource) => (row: Row) => String(row[resource.idField] ?? "");

/**
 * The selection of a list's row: its id, its JSON, and what Enter opens: the screen its resource registers
 * (a group's, a conversation's thread), else its generic item where the resource has one.
 */
export function rowSelection(state: ExplorerState, ref: ListRef | undefined, list: ListState | undefined) {
  const row = shownRows(list)[list?.selected ?? 0];
  if (!ref || !row) return undefined;
  const { resource } = ref;
  const id = rowIdOf(resource)(row);
  // Below an item that its path does not name (a user's calls), the rows are the resource's own: the item's id is not theirs.
  const params = ref.below ? ref.params.slice(0, listParams(resource.list!).length) : ref.params;
  const own = LIST_EXTENSIONS[resource.name]?.open;
  const as = ref.as ?? (ref.below?.actsAs ? ref.params.at(-1) : undefined);
  // An id that is a secret (an API key, an auth token) is masked in the row: it cannot name the item to open.
  const opens = own ? () => own(state, row, as) : resource.detail && !isSecretField(resource.idField) ? () => state.openResourceItem(resource.name, [...params, id]) : undefined;
  return { id, json: row, open: opens };
}

/** In live mode, a first column marks the rows that came (+) or changed (~) in the last few seconds. */
function liveMarkColumn(live: LiveState, idOf: (item: Row) => string, now: number): Column<Row> {
  const markOf = (item: Row) => {
    const mark = live.marks[idOf(item)];
    return mark && now - mark.at < LIVE.markMs ? mark.kind : undefined;
  };
  return {
    header: "",
    get: (item) => {
      const mark = markOf(item);
      return mark === "new" ? "+" : mark === "changed" ? "~" : "";
    },
    width: 1,
    priority: 10,
    color: (item, theme) => (markOf(item) === "new" ? theme.success : theme.warning),
  };
}


/** The list of any resource, from its definition (:groups, :webhooks, :transcripts <sessionId>, …): the one list screen. */
export const resourceListScreen: Screen<ListRoute> = {
  title: "A list (:groups, :calls, any resource's :<name>)",
  legend: [
    "each list from its resource's definition: its columns, its host and paging; Enter opens the row (a call's screen, a conversation's thread, else the item: a group's, a user's, any other's fields)",
    "under the list: the rows, of how many when the service's count can be true, and the page (n/p flip numbered pages; a walk, as after:/before: or a log, loads more as you scroll)",
    `live (w): + marks a row that came, ~ one whose status changed, for ${LIVE.markMs / 1000} s`,
  ],
  crumb: (route) => sanitize(LIST_EXTENSIONS[route.name]?.crumb?.(route.params, route.as) ?? [route.name, ...route.params].join(" ")),
  bindings: [
    { keys: ["/"], description: "filter as you type: the query parameters the service documents for this list (docs/filters.md); where it documents none, the rows loaded narrowed by their text", footer: "filter", run: (c) => c.store.getState().openPrompt("filter", listOf(c.state, c.route)?.filter ?? "") },
    { keys: ["f"], description: "filter form: every documented parameter, the same filter as the / line", footer: "form", run: (c) => c.store.getState().openForm(keyOf(c.route)) },
    { keys: ["enter"], description: "open the selected row", footer: "open", onRows: true, disabled: (c) => (c.selection()?.open ? undefined : "no item view here"), run: (c) => c.selection()?.open?.() },
    {
      keys: ["n"], description: "next page (a walk: load more below)", footer: "next page", onRows: true,
      disabled: (c) => {
        const list = listOf(c.state, c.route);
        return list?.hasMore || list?.error ? undefined : list?.walk ? "every row is loaded" : "this is the last page";
      },
      run: (c) => c.store.getState().nextPage(keyOf(c.route)),
    },
    {
      keys: ["p"], description: "previous page", onRows: true,
      disabled: (c) => {
        const list = listOf(c.state, c.route);
        return list && !list.walk && list.page > 1 ? undefined : "this is the first page";
      },
      run: (c) => c.store.getState().prevPage(keyOf(c.route)),
    },
    { keys: ["w"], description: "live: follow the list (asked again every interval, :interval; new and changed rows marked)", footer: "live", run: (c) => c.store.getState().toggleLive(keyOf(c.route)) },
    { keys: ["r"], description: "ask again (after a failure: what failed)", footer: "refresh", run: (c) => c.store.getState().refresh() },
    // The writes on a resource's rows (+ a friend, - a trigger, D a group, t a user's token), from their
    // definitions; a list asked as a user of its own (a 1:1) gives that user after its parameters.
    ...verbKeyBindings<ListRoute>(RESOURCE_LIST.map((r) => r.name), (c) => ({
      on: c.route.name, params: c.route.as === undefined ? c.route.params : [...c.route.params, c.route.as], row: c.selection()?.json as Row | undefined,
    })),
  ],
  cursor: (state, route) => {
    const list = listOf(state, route);
    return { index: list?.selected ?? 0, count: shownRows(list).length };
  },
  select: (store, route, index) => store.getState().select(keyOf(route), index),
  awaitingRows: (state, route) => listOf(state, route)?.awaiting === true,
  selection: (state, route) => rowSelection(state, listRefOf(keyOf(route)), listOf(state, route)),
  render: ({ state, route, height, width, theme }) => {
    const resource = resourceNamed(route.name);
    if (!resource) return <Text>{`no resource ${sanitize(route.name)}`}</Text>;
    const list = listOf(state, route);
    const prompt = state.ui.prompt;
    const key = keyOf(route);
    const form = state.ui.form;
    if (form?.list === key && list) {
      const field = prompt?.kind === "field" && prompt.list === key ? prompt : undefined;
      // With room for every field and a few rows, the list's first rows stay in sight below the form and
      // follow its fields as they change; a short terminal gives the form the whole body.
      const formRows = formHeight(form.keys.length);
      const rowsBelow = height - formRows >= ROWS_BELOW_FORM ? height - formRows : 0;
      const filterForm = <FilterForm noun={resource.name} endpoint={`GET ${resource.list!.path.split("?")[0]}`} fields={form.keys} list={list} form={form} editing={field} height={height - rowsBelow} width={width} theme={theme} />;
      if (rowsBelow === 0) return filterForm;
      const rows = shownRows(list);
      return (
        <Box flexDirection="column" height={height}>
          {filterForm}
          {/* No row selected: the cursor is on the form's fields. */}
          <Rows columns={explorerColumns(resource, { width, actingUser: Boolean(state.user), rows })} rows={rows} selected={-1} height={rowsBelow} width={width} theme={theme} />
        </Box>
      );
    }
    // What its rows are, where the resource says it (`messages of group design`), else its name.
    const noun = sanitize(LIST_EXTENSIONS[resource.name]?.crumb?.(route.params, route.as) ?? resource.name);
    if (!list) return <Text color={theme.muted}>{`loading ${noun}…`}</Text>;
    const editing = prompt?.kind === "filter" && prompt.list === key ? prompt : undefined;
    const rows = shownRows(list);
    const idOf = rowIdOf(resource);
    const columns = explorerColumns(resource, { width, actingUser: Boolean(state.user), rows });
    const shown = rows === list.items ? list : { ...list, items: rows };
    const narrowLine = list.narrowing ? <NarrowLine list={list} editing={editing} width={width} theme={theme} /> : undefined;
    // The selected row whole below the rows, where the resource draws one (a message's text).
    const detail = LIST_EXTENSIONS[resource.name]?.detail;
    const selected = rows[list.selected];
    const below = detail && selected ? { node: detail.draw({ item: selected, width, theme }), height: detail.height } : undefined;
    return (
      <ListBody noun={noun} list={shown} columns={list.live ? [liveMarkColumn(list.live, idOf, state.clock), ...columns] : columns}
        editing={editing} filterLine={narrowLine} below={below} height={height} width={width} theme={theme} marked={markedRows(state, idOf)} />
    );
  },
  preview: ({ state, route, height, width, theme }) => {
    const resource = resourceNamed(route.name);
    const list = listOf(state, route);
    const row = shownRows(list)[list?.selected ?? 0];
    if (!resource || !row) return <NothingSelected theme={theme} />;
    const Preview = LIST_EXTENSIONS[resource.name]?.preview;
    return Preview ? <Preview item={row} width={width} height={height} theme={theme} /> : <ResourcePreview resource={resource} row={row} height={height} theme={theme} />;
  },
};

/** The `/` line of a list that documents no filter: what it narrows, said as such (nothing is sent). */
function NarrowLine({ list, editing, width, theme }: { list: ListState; editing: Parameters<typeof LineView>[0]["line"] | undefined; width: number; theme: Theme }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box>
        <Text color={theme.accent}>/ </Text>
        {editing ? <LineView line={editing} width={width - 2} /> : <Text>{sanitize(list.filter)}</Text>}
      </Box>
      <Text color={theme.muted} wrap="truncate-end">{`  no filter documented: narrowing the ${list.items.length} rows loaded (${shownRows(list).length} match)`}</Text>
    </Box>
  );
}

/** The generic list screen with an extension's keys after its own (a key both bind is the extension's) and its title in help. */
function extendedListScreen(keys: NonNullable<ListExtension["keys"]>): Screen<ListRoute> {
  const taken = new Set(keys.bindings.flatMap((b) => b.keys));
  const bindings: ReadonlyArray<Binding<ListRoute>> = [...resourceListScreen.bindings.filter((b) => !b.keys.some((k) => taken.has(k))), ...keys.bindings];
  return { ...resourceListScreen, title: keys.title, legend: [...(keys.legend ?? []), ...(resourceListScreen.legend ?? [])], bindings };
}

/** The lists whose resource adds keys (a thread's T), by name: their screen; the keys' sections of help, each once. */
export const LIST_SCREENS: Readonly<Record<string, Screen<ListRoute>>> = Object.fromEntries(
  Object.entries(LIST_EXTENSIONS).flatMap(([name, extension]) => (extension.keys ? [[name, extendedListScreen(extension.keys)]] : [])),
);
export const LIST_KEY_SECTIONS = [...new Set(Object.values(LIST_EXTENSIONS).flatMap((extension) => (extension.keys ? [extension.keys] : [])))];
