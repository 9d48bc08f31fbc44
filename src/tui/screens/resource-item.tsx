import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { type ExplorerState, activeView, detailOf, resourceKey } from "../../store/explorer-store.js";
import { type ItemChild, childKey, childrenOf, listRefOf, shownChildOf } from "../../store/item-children.js";
import type { ListState, ResourceItemState, Row } from "../../store/types.js";
import { RESOURCE_LIST, resourceNamed } from "../../resources/index.js";
import { type AnyResource, itemLines, listParams, narrowsBeyondPath } from "../../resources/resource.js";
import { countOf } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import type { Theme } from "../theme.js";
import { rowIdOf, rowSelection } from "./resource-list.js";
import { Rows } from "../components/rows.js";
import { explorerColumns } from "./resource-columns.js";
import type { Binding, KeyContext, RouteOf, Screen, ScreenProps, Selection } from "./types.js";
import { markedRows, verbKeyBindings } from "./verb-keys.js";

type ItemRoute = RouteOf<"resource-item">;

const oneSection = (c: KeyContext<ItemRoute>) => (childrenOf(resourceNamed(c.route.name)).length > 1 ? undefined : "one section at most here");

const itemOf = (state: ExplorerState, route: ItemRoute): ResourceItemState | undefined => detailOf(activeView(state), "resource", resourceKey(route.name, route.params));
/** The section below the item (tab chooses among them). */
const childOf = (state: ExplorerState, route: ItemRoute) => shownChildOf(resourceNamed(route.name), itemOf(state, route));
/** The key of the list below the item in view; undefined with none (or a section of one item). */
const childKeyIn = (state: ExplorerState, route: ItemRoute) => {
  const child = childOf(state, route);
  return child && !child.single ? childKey(resourceNamed(route.name)!, child, route.params) : undefined;
};
const childListOf = (state: ExplorerState, route: ItemRoute): ListState | undefined => {
  const key = childKeyIn(state, route);
  return key === undefined ? undefined : activeView(state).lists[key];
};
/** The one item a section shows (a user's preferences). */
const childItemOf = (state: ExplorerState, route: ItemRoute, child: ItemChild) => detailOf(activeView(state), "resource", resourceKey(child.resource.name, route.params));

/** Which numbered page of the list below this is: `· page 2/3 (n/p)`; nothing when one page holds it (a walk says more in its status). */
function childPages(list: ListState): string {
  if (list.walk) return "";
  const keys = [list.hasMore ? "n" : "", list.page > 1 ? "p" : ""].filter(Boolean).join("/");
  const where = list.totalPages !== undefined && list.totalPages > 1 ? `page ${list.page}/${list.totalPages}` : list.page > 1 || list.hasMore ? `page ${list.page}` : "";
  return where ? ` · ${where}${keys ? ` (${keys})` : ""}` : "";
}

/** "Members (230) · page 1/3 (n/p) · tab: banned": the section shown, how many, its page, and the others tab shows next. */
function childHeading(resource: AnyResource, child: ItemChild, list: ListState | undefined): string {
  const children = childrenOf(resource);
  const at = children.findIndex((c) => c.resource === child.resource);
  const others = [...children.slice(at + 1), ...children.slice(0, at)].map((c) => c.title);
  const title = `${child.title[0]!.toUpperCase()}${child.title.slice(1)}${child.single ? "" : ` (${list?.total ?? list?.items.length ?? "…"})${list ? childPages(list) : ""}`}`;
  return others.length === 0 ? title : `${title} · tab: ${others.join(", ")}`;
}

function ItemView({ resource, detail, child, body, state, route, height, width, theme }: { resource: AnyResource; detail?: ResourceItemState; child?: ItemChild; body?: ItemBody; state: ExplorerState; route: ItemRoute; height: number; width: number; theme: Theme }) {
  const id = sanitize(route.params.at(-1) ?? "");
  if (!detail || (detail.loading && !detail.item)) return <Text color={theme.muted}>{resource.detail?.find ? `looking for ${id} in every known app…` : `loading ${resource.singular} ${id}…`}</Text>;
  if (detail.error && !detail.item) return <FailureBox failure={detail.error} theme={theme} />;
  // A body draws the item in its own words, in place of its field lines.
  if (body) return <Box flexDirection="column" height={height}>{body.render({ state, route, height, width, theme, item: detail.item ?? {}, selected: detail.selected ?? 0 })}</Box>;
  const fields = itemLines(resource, detail.item ?? {});
  // The fields take what the section (its status, header and five rows) leaves.
  const room = child ? Math.max(3, height - 9) : height;
  const shown = fields.slice(0, room);
  const list = childListOf(state, route);
  const below = Math.max(3, height - shown.length - 2);
  return (
    <Box flexDirection="column" height={height}>
      {detail.revealed ? <Text color={theme.accent}>{"secrets shown whole (r masks them again)"}</Text> : null}
      {shown.map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
      {fields.length > shown.length ? <Text color={theme.muted}>{`… ${countOf(fields.length - shown.length, "more field")} (Y copies the JSON)`}</Text> : null}
      {child ? <Text bold wrap="truncate-end">{childHeading(resource, child, list)}</Text> : null}
      {child?.single ? <ChildItem child={child} detail={childItemOf(state, route, child)} height={below} theme={theme} /> : null}
      {child && !child.single ? <ChildRows child={child} list={list} height={below} width={width} theme={theme} marked={markedRows(state, rowIdOf(child.resource))} /> : null}
    </Box>
  );
}

/** A section of one item (a user's preferences): its fields, as its own screen shows them (Enter opens it). */
function ChildItem({ child, detail, height, theme }: { child: ItemChild; detail?: ResourceItemState; height: number; theme: Theme }) {
  if (!detail || (detail.loading && !detail.item)) return <Text color={theme.muted}>{`loading ${child.title}…`}</Text>;
  if (detail.error && !detail.item) return <FailureBox failure={detail.error} theme={theme} />;
  const fields = itemLines(child.resource, detail.item ?? {});
  return (
    <Box flexDirection="column">
      {fields.slice(0, height).map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
      {fields.length > height ? <Text color={theme.muted}>{`… ${countOf(fields.length - height, "more field")} (Enter shows them all)`}</Text> : null}
    </Box>
  );
}

/** The list below an item under its status: its request, how many rows; the selected row in inverse video. */
function ChildRows({ child, list, height, width, theme, marked }: { child: ItemChild; list: ListState | undefined; height: number; width: number; theme: Theme; marked?: (row: Record<string, unknown>) => boolean }) {
  const rows = list?.items ?? [];
  const status = !list ? "" : list.loading && rows.length === 0 ? `⟳ ${list.request ?? "asking"}` : `${list.loading ? "⟳ " : ""}${rows.length} loaded${list.walk && list.hasMore ? " · more below (n)" : ""} · ${list.request ?? ""}`;
  return (
    <Box flexDirection="column">
      <Text color={theme.muted} wrap="truncate-end">{sanitize(status)}</Text>
      {list?.error ? <FailureBox failure={list.error} theme={theme} /> : null}
      {rows.length === 0 && list && !list.loading && !list.error ? <Text color={theme.muted}>{`no ${child.title}`}</Text> : null}
      {rows.length > 0 ? <Rows columns={explorerColumns(child.resource, { width, rows, actingUser: child.relation.actsAs })} rows={rows} selected={list!.selected} height={height - 1 - (list?.error ? 3 : 0)} width={width} theme={theme} marked={marked} /> : null}
    </Box>
  );
}

/** One item of a resource made from a definition: every field as sent, then its sub-resources' lists, one at a time. */
export const resourceItemScreen: Screen<ItemRoute> = {
  title: "A resource's item (:<singular> <id>, or Enter on a list)",
  legend: ["every field the service sent, the telling ones first, secrets masked (v shows them, asked first); below, the item's sub-resources, one at a time (a webhook's triggers; a group's members, then the users it banned)"],
  crumb: (route) => sanitize(`${resourceNamed(route.name)?.singular ?? route.name} ${route.params.at(-1) ?? ""}`),
  bindings: [
    { keys: ["enter"], description: "open the selected row of the list below, where it has an item view", footer: "open", onRows: true, disabled: (c) => (c.selection()?.open ? undefined : "no item view here"), run: (c) => c.selection()?.open?.() },
    { keys: ["tab", "right", "l"], description: "the next section below (a message's thread, then its reactions; a user's groups, then their calls)", footer: "next below", disabled: oneSection, run: (c) => c.store.getState().stepResourceChild(1) },
    { keys: ["shift-tab", "left", "h"], description: "the section before", disabled: oneSection, run: (c) => c.store.getState().stepResourceChild(-1) },
    {
      keys: ["n"], description: "the next page of the list below (a walk: load more)", footer: "next page", onRows: true,
      disabled: (c) => {
        const list = childListOf(c.state, c.route);
        return !list ? "no list below" : list.hasMore || list.error ? undefined : list.walk ? "every row is loaded" : "this is the last page";
      },
      run: (c) => c.store.getState().nextPage(childKeyIn(c.state, c.route)!),
    },
    {
      keys: ["p"], description: "the previous page of the list below", onRows: true,
      disabled: (c) => {
        const list = childListOf(c.state, c.route);
        return !list ? "no list below" : !list.walk && list.page > 1 ? undefined : "this is the first page";
      },
      run: (c) => c.store.getState().prevPage(childKeyIn(c.state, c.route)!),
    },
    { keys: ["r"], description: "ask again (its secrets masked again)", footer: "refresh", run: (c) => c.store.getState().reloadResource() },
    { keys: ["v"], description: "show its secrets whole (asked first: the screen may be shared); r masks them again", footer: "reveal",
      disabled: (c) => (itemOf(c.state, c.route)?.masked?.length && !itemOf(c.state, c.route)?.revealed ? undefined : "no secret masked here"),
      run: (c) => c.store.getState().askReveal() },
    // The item's own writes (a key `on` its resource's singular: e edits a group, D deactivates a user), then
    // for the other keys those of the rows below (a webhook's triggers: + adds, - removes), as on their own list.
    ...verbKeyBindings<ItemRoute>(RESOURCE_LIST.flatMap((r) => [r.name, r.singular]), (c) => {
      const spot = itemSpot(c);
      const resource = resourceNamed(c.route.name);
      return [
        // The item's own parameters go with it: a user's preferences (`:preferences alice`) are named by them, not by a field.
        ...(resource ? [{ on: resource.singular, params: spot.params, row: spot.item ?? { [resource.idField]: c.route.params.at(-1) }, item: true as const }] : []),
        ...(spot.child ? [{ on: spot.child.name, params: spot.childParams, row: spot.row }] : []),
      ];
    }),
  ],
  cursor: (state, route) => {
    const list = childListOf(state, route);
    return { index: list?.selected ?? 0, count: list?.items.length ?? 0 };
  },
  select: (store, _route, index) => store.getState().selectChildRow(index),
  // Keys typed with the command that opens it (`:group g1⏎jD`) wait for its rows, as on a list.
  awaitingRows: (state, route) => {
    const item = itemOf(state, route);
    return (item?.loading === true && !item.item) || childListOf(state, route)?.awaiting === true;
  },
  selection: (state, route) => {
    const child = childOf(state, route);
    const list = childListOf(state, route);
    if (child && !child.single && list?.items.length) return rowSelection(state, listRefOf(childKeyIn(state, route)!), list);
    const shown = child?.single && childItemOf(state, route, child)?.item;
    if (child && shown) return { id: route.params.at(-1), json: shown, open: () => state.openResourceItem(child.resource.name, route.params) };
    const item = itemOf(state, route)?.item;
    return item && { id: route.params.at(-1), json: item };
  },
  render: ({ state, route, height, width, theme }) => {
    const resource = resourceNamed(route.name);
    if (!resource?.detail) return <Text>{`no item view of ${sanitize(route.name)}`}</Text>;
    return <ItemView resource={resource} detail={itemOf(state, route)} child={childOf(state, route)} state={state} route={route} height={height} width={width} theme={theme} />;
  },
};

/**
 * What an item's key acts on: its path's parameters, the item as read and its body's row selected, the resource
 * listed below it, that list's own parameters (not the item's id where its path does not name it: a user's
 * calls) and the row selected there.
 */
export function itemSpot(c: KeyContext<ItemRoute>): { params: readonly string[]; item?: Row; selected: number; child?: AnyResource; childParams: readonly string[]; row?: Row } {
  const child = childOf(c.state, c.route);
  const list = childListOf(c.state, c.route);
  const item = itemOf(c.state, c.route);
  const params = c.route.params;
  const childParams = child?.resource.list && narrowsBeyondPath(child.relation) ? params.slice(0, listParams(child.resource.list).length) : params;
  return { params, item: item?.item, selected: item?.selected ?? 0, child: child?.single ? undefined : child?.resource, childParams, row: list?.items[list.selected] };
}

/**
 * What an extension draws of the item itself, in place of its field lines and of the list of its children
 * (a call: its summary, its participants, its recordings), with a cursor of its own over its rows: the item
 * as read (secrets masked), and the row selected (the item's `selected`, set by selectItemRow).
 */
export interface ItemBody {
  /** How many rows its cursor goes over. */
  rows(item: Row): number;
  /** What y, Y, o and Enter act on at row `index` (the item itself where it has no row). */
  selection(state: ExplorerState, route: ItemRoute, item: Row, index: number): Selection | undefined;
  render(props: ScreenProps<ItemRoute> & { item: Row; selected: number }): ReactNode;
}

/**
 * What a resource adds to its generic item screen, registered by the resource's name (item-screens.ts),
 * as k9s decorates its generic views: a title and a legend of its own in help, and keys of its own.
 */
export interface ItemExtension {
  title: string;
  legend?: readonly string[];
  bindings: ReadonlyArray<Binding<ItemRoute>>;
  /** What it draws of the item below its fields, its rows the cursor's: none, the list of its children. */
  body?: ItemBody;
}

/** The generic item screen with an extension's keys after its own (a key both bind is the extension's), and its body's cursor. */
export function extendedItemScreen(extension: ItemExtension): Screen<ItemRoute> {
  const taken = new Set(extension.bindings.flatMap((b) => b.keys));
  const { body } = extension;
  return {
    ...resourceItemScreen,
    title: extension.title,
    legend: [...(extension.legend ?? []), ...(resourceItemScreen.legend ?? [])],
    bindings: [...resourceItemScreen.bindings.filter((b) => !b.keys.some((k) => taken.has(k))), ...extension.bindings],
    ...(body ? {
      cursor: (state, route) => {
        const item = itemOf(state, route);
        return { index: item?.selected ?? 0, count: item?.item ? body.rows(item.item) : 0 };
      },
      select: (store, _route, index) => store.getState().selectItemRow(index),
      selection: (state, route) => {
        const item = itemOf(state, route);
        return item?.item && body.selection(state, route, item.item, item.selected ?? 0);
      },
      render: ({ state, route, height, width, theme }) => (
        <ItemView resource={resourceNamed(route.name)!} detail={itemOf(state, route)} body={body} state={state} route={route} height={height} width={width} theme={theme} />
      ),
    } satisfies Partial<Screen<ItemRoute>> : {}),
  };
}
