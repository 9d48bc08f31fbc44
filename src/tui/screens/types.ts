import type { ReactNode } from "react";
import type { ExplorerState, ExplorerStore } from "../../store/explorer-store.js";
import type { Route } from "../../store/types.js";
import type { Theme } from "../theme.js";

/** What y, Y, o and Enter act on: the selected row's id or URL, its JSON, and what opening it does. */
export interface Selection {
  id?: string;
  url?: string;
  /** What y copies, as the notice names it, when it is not the row's id: "request as curl". */
  what?: string;
  json?: unknown;
  open?: () => void;
}

/** What the command line runs once the explorer has left the terminal: the welcome screen's choices. */
export type ExplorerNext = "demo" | "init";

/** What the explorer lends a key's handler beyond the store: the terminal's services. */
export interface Services {
  /** Leaves the explorer; `next` is what the command line runs then. */
  quit(next?: ExplorerNext): void;
  /** Puts text on the clipboard (OSC 52) and says so. */
  copy(text: string, what: string): void;
  /** Opens a URL where a browser can be reached, else copies it. */
  open(url: string): void;
}

/**
 * What a handler can reach, read from the store at the moment its key is applied; `route` is its screen's
 * (a screen's bindings are typed by its route: no handler narrows it again).
 */
export interface KeyContext<R extends Route = Route> {
  store: ExplorerStore;
  state: ExplorerState;
  route: R;
  /** The selectable rows where the keys go (the view, the form's fields, the side pane). */
  cursor: { index: number; count: number; set(index: number): void };
  /** Rows the view shows at once, for PgUp/PgDn. */
  pageRows: number;
  selection(): Selection | undefined;
  services: Services;
}

export interface Binding<R extends Route = Route> {
  keys: string[];
  description: string;
  /** The short word the footer shows for it (or words from the context: "y download"); bindings without one are in help only. */
  footer?: string | ((ctx: KeyContext<R>) => string);
  /**
   * Why the key does nothing here and now ("this is the last page"), as lazygit's GetDisabledReason: the
   * footer leaves it out, and pressing it says the reason instead of running it.
   */
  disabled?: (ctx: KeyContext<R>) => string | undefined;
  /**
   * It acts on the list's rows (moves, opens, copies, pages): while a new query's rows are on their way,
   * it waits for them (and every key after it waits too), so that it acts on the rows the user will see.
   */
  onRows?: boolean;
  /** It writes: in read-only mode it is refused at once, and the footer shows it as unavailable. */
  write?: true;
  /**
   * Whether the key means anything on this screen as it is now (a key shared by every resource's list,
   * that only some of them offer): when not, neither the footer nor read-only mode mention it.
   */
  offered?: (ctx: KeyContext<R>) => boolean;
  run(ctx: KeyContext<R>): void;
}

export interface ScreenProps<R extends Route> {
  state: ExplorerState;
  route: R;
  height: number;
  width: number;
  theme: Theme;
}

/** One screen: its route's crumb, its keys, where its cursor is, what is selected, and how it draws. */
export interface Screen<R extends Route = Route> {
  /** The title of its keys in help. */
  title: string;
  /** What help says of the screen beyond its keys: what its marks and columns mean, what moving does. */
  legend?: readonly string[];
  crumb(route: R): string;
  bindings: ReadonlyArray<Binding<R>>;
  /** Its keys alone (none of the global ones, no paste) and no panes beside it: the welcome, before any app is known. */
  standalone?: boolean;
  cursor(state: ExplorerState, route: R): { index: number; count: number };
  select(store: ExplorerStore, route: R, index: number): void;
  selection(state: ExplorerState, route: R): Selection | undefined;
  /**
   * Its rows are on their way and none are shown yet: keys that act on rows (onRows) wait for them, as on
   * a list, so that ":msgs⏎T" typed at once traces the newest message instead of finding none.
   */
  awaitingRows?(state: ExplorerState, route: R): boolean;
  render(props: ScreenProps<R>): ReactNode;
  /**
   * What the preview pane beside it shows on wide terminals: the selected row, from the list's own
   * answer (no request of its own), so that it follows the cursor. A screen without one has no pane.
   */
  preview?(props: ScreenProps<R>): ReactNode;
}

export type RouteOf<V extends Route["view"]> = Extract<Route, { view: V }>;
