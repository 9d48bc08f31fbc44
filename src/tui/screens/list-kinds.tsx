import type { ReactNode } from "react";
import { LIST_KINDS, type ListItems, type ListKind } from "../../resources/list-kinds.js";
import type { AnyResource } from "../../resources/resource.js";
import { explorerColumns } from "./resource-columns.js";
import type { ExplorerStore } from "../../store/explorer-store.js";
import type { Column } from "../components/rows.js";
import { CallPreview, GroupPreview } from "../components/previews.js";
import { UserPreview } from "../components/chat-previews.js";
import type { Theme } from "../theme.js";

/**
 * How the explorer shows each kind of list: its columns at a width, what
 * Enter opens, and the preview beside it on wide terminals. With the data
 * side in resources/list-kinds.ts, an entry per kind (a kind without one does not
 * compile).
 */
export interface ListView<Item> {
  columns(rows: readonly Item[], width: number, withUser: boolean): Column<Item>[];
  open(store: ExplorerStore, item: Item): void;
  preview(props: { item: Item; width: number; height: number; theme: Theme }): ReactNode;
}

/** A kind's columns for its rows at a width, from its definition (the acting user's scope and joined time while one is acted for). */
export const kindColumns = <K extends ListKind>(kind: K, rows: readonly ListItems[K][], width: number, actingUser: boolean): Column<ListItems[K]>[] =>
  explorerColumns(LIST_KINDS[kind].resource as unknown as AnyResource, { width, actingUser, rows: rows as unknown as ReadonlyArray<Record<string, unknown>> }) as unknown as Column<ListItems[K]>[];

export const LIST_VIEWS: { [K in ListKind]: ListView<ListItems[K]> } = {
  groups: {
    columns: (rows, width, withUser) => kindColumns("groups", rows, width, withUser),
    open: (store, group) => store.getState().openGroup(group.guid),
    preview: GroupPreview,
  },
  calls: {
    columns: (rows, width, withUser) => kindColumns("calls", rows, width, withUser),
    open: (store, call) => store.getState().openCall(call.sessionId),
    preview: CallPreview,
  },
  users: {
    columns: (rows, width, withUser) => kindColumns("users", rows, width, withUser),
    open: (store, user) => store.getState().openUser(user.uid),
    preview: UserPreview,
  },
};
