import type { AppTarget } from "../api/client.js";
import type { Call, Group, Member } from "../api/schemas.js";
import type { FilterToken } from "../query/index.js";

/** An app the explorer can switch to. `key` is `appId:region`. */
export interface AppRef {
  key: string;
  label: string;
  appId: string;
  region: string;
  source: string;
  /** Resolved when first needed (it may run a key command). */
  target: () => AppTarget;
}

/** One entry of the navigation stack; the breadcrumbs are drawn from the stack. */
export type Route =
  | { view: "groups" }
  | { view: "calls" }
  | { view: "group"; guid: string }
  | { view: "call"; sessionId: string }
  | { view: "recording"; sessionId: string; rid: string }
  | { view: "apps" }
  | { view: "log" }
  | { view: "help" };

export type ListKind = "groups" | "calls";

/** A failure as the explorer shows it: the service's code and what to do. */
export interface Failure {
  code: string;
  message: string;
  hint?: string;
}

export interface ListState<Item> {
  /** The filter line as typed. */
  filter: string;
  tokens: FilterToken[];
  /** Tokens that do not parse: marked in place, and nothing is sent while there are any. */
  errors: FilterToken[];
  /** The query parameters of the last valid filter. */
  params: Record<string, string>;
  items: Item[];
  /** Cursor mode: rows dropped from the top to keep the list bounded (MAX_CURSOR_ROWS); 0 or absent when none. */
  dropped?: number;
  total?: number;
  page: number;
  totalPages?: number;
  /** Cursor mode (after:/before:): the next cursor to load more with, if any. */
  cursor?: { updatedAt: number; affix: "append" | "prepend" };
  hasMore: boolean;
  loading: boolean;
  error?: Failure;
  selected: number;
  /** What the last request asked when it failed, so that r retries it (the page or cursor load that failed, not the page shown). */
  retry?: { query: Record<string, string>; append: boolean };
  /** The exact request of the shown answer (path and query). */
  request?: string;
  /** Bumped by every request; an answer for an older one is dropped. */
  generation: number;
}

export interface CallDetailState {
  loading: boolean;
  call?: Call;
  raw?: unknown;
  /** The app the call was found in. */
  appLabel?: string;
  error?: Failure;
  /** The selected row: participants first, then recordings. */
  selected: number;
}

export interface GroupDetailState {
  loading: boolean;
  group?: Group;
  raw?: unknown;
  members: Member[];
  membersTotal?: number;
  membersPage: number;
  error?: Failure;
  selected: number;
}

/** Everything the explorer remembers of one app, kept when switching away and back. */
export interface AppViewState {
  groups: ListState<Group>;
  calls: ListState<Call>;
  callDetails: Record<string, CallDetailState>;
  groupDetails: Record<string, GroupDetailState>;
  nav: Route[];
}

export interface LogEntry {
  id: number;
  method: string;
  url: string;
  onBehalfOf?: string;
  status?: number;
  code?: string;
  durationMs?: number;
  bytes?: number;
  retries?: number;
  at: number;
  done: boolean;
}
