import { LIST_KINDS, type ListItems, type ListKind, type ListKindSpec } from "../../resources/list-kinds.js";
import { type ExplorerState, activeView } from "../../store/explorer-store.js";
import { LIVE } from "../../store/live-actions.js";
import type { ListState, LiveState } from "../../store/types.js";
import type { Column } from "../components/rows.js";
import { FilterForm } from "../components/filter-form.js";
import { ListBody } from "../components/list-body.js";
import { NothingSelected } from "../components/nothing-selected.js";
import { LIST_VIEWS, type ListView } from "./list-kinds.js";
import type { Binding, RouteOf, Screen } from "./types.js";
import { markedRows } from "./verb-keys.js";

/**
 * A screen over one kind of list (groups, calls): the live filter line, the
 * filter form, paging, and Enter on a row. Everything kind-specific comes from
 * the two tables of list kinds.
 */
export function listScreen<K extends ListKind>(kind: K, extra: Binding[] = []): Screen<RouteOf<K>> {
  const spec: ListKindSpec<ListItems[K]> = LIST_KINDS[kind];
  const view: ListView<ListItems[K]> = LIST_VIEWS[kind];
  const listOf = (state: ExplorerState) => activeView(state).lists[kind] as ListState<ListItems[K]>;
  const selected = (state: ExplorerState) => {
    const list = listOf(state);
    return list.items[list.selected];
  };
  const bindings: Binding[] = [
    { keys: ["/"], description: "live filter (results follow as you type)", footer: "filter", run: (c) => c.store.getState().openPrompt("filter", listOf(c.state).filter) },
    { keys: ["f"], description: "filter form: every parameter, the same filter as the / line", footer: "form", run: (c) => c.store.getState().openForm(kind) },
    { keys: ["enter"], description: "open", footer: "open", onRows: true, run: (c) => {
      const item = selected(c.state);
      if (item) view.open(c.store, item);
    } },
    { keys: ["n"], description: "next page (cursor: load more)", footer: "next page", onRows: true, disabled: (c) => (listOf(c.state).hasMore || listOf(c.state).error ? undefined : "this is the last page"), run: (c) => c.store.getState().nextPage(kind) },
    { keys: ["p"], description: "previous page", onRows: true, disabled: (c) => (listOf(c.state).page > 1 && listOf(c.state).cursor === undefined ? undefined : "this is the first page"), run: (c) => c.store.getState().prevPage(kind) },
    { keys: ["w"], description: "live: follow the list (asked again every interval, :interval; new and changed rows marked)", footer: "live", run: (c) => c.store.getState().toggleLive(kind) },
    ...extra,
  ];
  return {
    title: `The ${spec.noun} list`,
    legend: [
      `under the list: the rows, of how many when the service's count can be true, and the page (n/p move; after:/before: load more as you scroll)`,
      `live (w): + marks a row that came, ~ one whose status changed, for ${LIVE.markMs / 1000} s`,
    ],
    crumb: () => spec.noun,
    bindings,
    cursor: (state) => ({ index: listOf(state).selected, count: listOf(state).items.length }),
    select: (store, _route, index) => store.getState().select(kind, index),
    selection: (state) => {
      const item = selected(state);
      return item && { id: spec.idOf(item), json: item };
    },
    render: ({ state, height, width, theme }) => {
      const list = listOf(state);
      const { ui } = state;
      if (ui.form?.list === kind) {
        const editing = ui.prompt?.kind === "field" ? ui.prompt : undefined;
        return <FilterForm noun={spec.noun} fields={spec.filterKeys} list={list as ListState<unknown>} form={ui.form} editing={editing} height={height} width={width} theme={theme} />;
      }
      const editing = ui.prompt?.kind === "filter" && ui.prompt.list === kind ? ui.prompt : undefined;
      const columns = view.columns(list.items, width, Boolean(state.user));
      return <ListBody noun={spec.noun} list={list} columns={list.live ? [liveMarkColumn(list.live, spec.idOf, state.clock), ...columns] : columns} editing={editing} height={height} width={width} theme={theme} marked={markedRows(state, spec.idOf)} />;
    },
    preview: ({ state, height, width, theme }) => {
      const item = selected(state);
      return item ? view.preview({ item, width, height, theme }) : <NothingSelected theme={theme} />;
    },
  };
}

/** In live mode, a first column marks the rows that came (+) or changed (~) in the last few seconds. */
function liveMarkColumn<Item>(live: LiveState, idOf: (item: Item) => string, now: number): Column<Item> {
  const markOf = (item: Item) => {
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

/** The selected row of a list screen, for the preview pane. */
export function selectedItem<K extends ListKind>(state: ExplorerState, kind: K): ListItems[K] | undefined {
  const list = activeView(state).lists[kind] as ListState<ListItems[K]>;
  return list.items[list.selected];
}
