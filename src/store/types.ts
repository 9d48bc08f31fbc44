import type { AppTarget } from "../api/client.js";
import type { Region } from "../api/regions.js";
import type { RateLimit } from "../api/errors.js";
import type { MessageMetrics } from "../api/message-stats.js";
import type { StatsProgress, StatsReport } from "../api/stats.js";
import type { HealthReport } from "../api/health.js";
import type { HealthLine } from "../api/health-lines.js";
import type { TraceReport } from "../api/trace.js";
import type { Verdict } from "../api/why.js";
import type { JournalEntry } from "../writes/journal.js";
import type { FilterKeyHelp, FilterToken } from "../query/index.js";
import type { HistorySearch } from "./history-search.js";
import type { LineState } from "./line-editor.js";
import type { Dialog, Marks, VerbPrompt } from "./write-types.js";

export type { Dialog, Marks, VerbForm, VerbFormField, VerbPrompt, WriteRequest } from "./write-types.js";

/** An app the explorer can switch to. `key` is `appId:region`. */
export interface AppRef {
  key: string;
  label: string;
  appId: string;
  region: string;
  source: string;
  /** Writes are refused (--read-only, CCX_READ_ONLY=1, the profile's readOnly): the header says so. */
  readOnly?: boolean;
  /** Resolved when first needed (it may run a key command). */
  target: () => AppTarget;
}

/** One entry of the navigation stack; the breadcrumbs are drawn from the stack. */
export type Route =
  /** One recording of an item (a call's), whole: the item's name and parameters, then the recording's id. */
  | { view: "recording"; name: string; params: string[]; rid: string }
  | { view: "apps" }
  | { view: "log" }
  | { view: "stats" }
  /** What is failing now (:health [since]): `ccx health`'s lines; Enter opens the list a line counts. */
  | { view: "health" }
  | { view: "help" }
  /** Any documented GET as a tree (:api <path>). */
  | { view: "api"; path: string }
  /**
   * A list of a resource (src/resources/): its path's parameters given (the children of item `w1`: ["w1"]),
   * and the user it is asked as when it is one of its own (a 1:1's messages), whoever is acted for.
   */
  | { view: "resource"; name: string; params: string[]; as?: string }
  /** Every resource, by group (:resources). */
  | { view: "resources" }
  /** One item of such a resource: its list's parameters, then its id. */
  | { view: "resource-item"; name: string; params: string[] }
  /** What happened to one message, and why (`T` on a message, `:trace <messageId>`); `why`: each recipient's verdict above it (`W`). */
  | { view: "trace"; messageId: string; why?: true }
  /** Every write sent, newest first (`:journal`); U undoes one. */
  | { view: "journal" }
  /** The webhook events the receiver got (`:listen`), newest last; Enter opens what one names. */
  | { view: "listen" }
  /** Nothing is configured: try the demo, or set up (the explorer's only screen then). */
  | { view: "welcome" };

/** A failure as the explorer shows it: the service's code and what to do. */
export interface Failure {
  code: string;
  message: string;
  hint?: string;
}

/** A row of a list: an item as sent (secrets masked), read by its resource's schema. */
export type Row = Record<string, unknown>;

/**
 * A list of any resource, by resourceKey (its name and path's parameters): the filter line, the rows of
 * the page shown (numbered pages: n/p flip them) or of the walk so far (a cursor: more load below).
 */
export interface ListState<Item = Row> {
  /** The filter line as typed. */
  filter: string;
  tokens: FilterToken[];
  /** Tokens that do not parse: marked in place, and nothing is sent while there are any. */
  errors: FilterToken[];
  /** The query parameters of the last valid filter. */
  params: Record<string, string>;
  /** The service documents no filter for this list: the line narrows the rows loaded by their text. */
  narrowing?: boolean;
  items: Item[];
  /**
   * A walk (a cursor, `meta.next`, a log id): rows dropped to keep the list bounded (MAX_LIST_ROWS): from
   * the top, or, in a chat, from the newest end at the bottom.
   */
  dropped?: number;
  total?: number;
  page: number;
  totalPages?: number;
  /** The rows come from a walk, not numbered pages: more load below as the cursor nears the end (and n). */
  walk?: boolean;
  /** Its definition reads it as a chat: oldest first, the walk loading older rows above as the cursor nears the top. */
  chat?: boolean;
  /** The list is paged by number (n/p flip its pages); neither this nor `walk`: one answer holds it all. */
  numbered?: boolean;
  /** A walk's next query; none after the last. */
  next?: Record<string, string>;
  hasMore: boolean;
  loading: boolean;
  /**
   * The rows shown are not the current query's: its answer is waiting out the pause or on its way
   * (a new filter, page or refresh; not "load more", whose rows stay good). Keys that act on rows wait for it.
   */
  awaiting?: boolean;
  error?: Failure;
  selected: number;
  /** What the last request asked when it failed, so that r retries it (the page or walk step that failed, not the page shown). */
  retry?: { query: Record<string, string>; append: boolean };
  /** The exact request of the shown answer (path and query). */
  request?: string;
  /** The query of the page shown, which live mode asks again. */
  asked?: Record<string, string>;
  /** Live mode (w): the list follows the service, asked again every interval. */
  live?: LiveState;
}

/** A list in live mode: how often it asks, and which rows came or changed lately. */
export interface LiveState {
  /** Slowed down after a 429: the wait until the next request, above the interval; halves back on each clean answer. */
  slowedMs?: number;
  /** Rows new or changed at the last answers, by id, with when (ms): drawn marked for a few seconds. */
  marks: Record<string, { kind: "new" | "changed"; at: number }>;
  /** Answers had since live mode began. */
  polls: number;
}

/** Call analytics (:stats) over the calls list's filter, computed by streaming every page. */
export interface StatsState {
  /** The calls filter's parameters they are over, and that filter as people read it. */
  params: Record<string, string>;
  filter: string;
  loading: boolean;
  progress: StatsProgress;
  report?: StatsReport;
  /** The service's GET /stats/messages, asked beside the calls (its failure, a code, does not fail the report). */
  messages?: MessageMetrics;
  error?: Failure;
  /** Stopped before the end (Esc while computing): r computes again. */
  stopped?: boolean;
}

/** The :health screen's report, over the window since `sinceText` (an age, a date). */
export interface HealthState {
  sinceText: string;
  loading: boolean;
  report?: HealthReport;
  /** The report as lines, each with the list it opens. */
  lines?: HealthLine[];
  error?: Failure;
}

/** The answer of one path on the :api screen. */
export interface ApiViewState {
  /** As typed: `/users/alice`, `/groups?perPage=5`. */
  path: string;
  loading: boolean;
  /** The answer, its secrets masked. */
  body?: unknown;
  /** Where secrets were masked. */
  masked?: string[];
  error?: Failure;
  /** The nodes whose fold is flipped from the default (json-tree.ts). */
  toggled: string[];
  /** The page shown: 1, then one more each n. */
  page: number;
  /** A documented list (n pages it). */
  paged?: boolean;
  /** The next page's query; none after the last. */
  next?: Record<string, string>;
  /** The request of the answer shown: method and URL. */
  request?: string;
}

/** One item of such a resource, as sent (secrets masked). */
export interface ResourceItemState {
  loading: boolean;
  item?: Record<string, unknown>;
  error?: Failure;
  /** Which of its sub-resources shows below it (tab), by its place in the definition. */
  child?: number;
  /** Where its secrets were masked (`settings.giphyApiKey`): what v offers to show. */
  masked?: string[];
  /** Its secrets are shown whole: v was asked and confirmed; r reads it again masked. */
  revealed?: boolean;
  /** The selected row of what its screen draws of it below its fields (a call's participants, then its recordings). */
  selected?: number;
}

/** A message's trace (src/api/trace.ts), and the line the view is scrolled to. */
export interface TraceState {
  loading: boolean;
  report?: TraceReport;
  /** Each recipient's verdict (src/api/why.ts), from the same reads; their facts as read, for the fixes. */
  verdicts?: Verdict[];
  error?: Failure;
  selected: number;
}

/** What the explorer keeps of one thing it opened, by the kind of thing (store/details.ts). */
export interface DetailStates {
  /** An item of a resource made from a definition, by resourceKey (name and parameters). */
  resource: ResourceItemState;
  /** A message's trace, by its id. */
  trace: TraceState;
}

export type DetailKind = keyof DetailStates;

/** An entry's key among an app's details: its kind, then its id. */
export type DetailKey = `${DetailKind}:${string}`;

/** Everything the explorer remembers of one app, kept when switching away and back. */
export interface AppViewState {
  /** Every list opened, by resourceKey (its name and path's parameters): the groups, a call's transcripts (`transcripts/v1.us.…`), a user's calls (`calls/alice@users`), a 1:1's messages asked as one side (`user-messages/bob#alice`). */
  lists: Record<string, ListState>;
  /** What was opened, by kind and id (store/details.ts): `resource:webhooks/w1`, `trace:<messageId>`, … */
  details: Partial<Record<DetailKey, DetailStates[DetailKind]>>;
  /** The :stats screen's figures, over the calls list's filter. */
  stats?: StatsState;
  /** The :health screen's report. */
  health?: HealthState;
  /** The :api screen's answers, by path (the last few asked). */
  apis?: Record<string, ApiViewState>;
  nav: Route[];
}

export interface LogEntry {
  id: number;
  method: string;
  url: string;
  onBehalfOf?: string;
  /** Sent without the API key (a recording's signed URL). */
  keyless?: boolean;
  status?: number;
  code?: string;
  durationMs?: number;
  bytes?: number;
  retries?: number;
  /** The app's quota after it, when the answer said it. */
  rateLimit?: RateLimit;
  at: number;
  done: boolean;
}

/** The line inputs: the command bar, the live filter, the user prompt, a field of the filter form, a search in a tree, a value a write needs (a message's text). */
export type PromptKind = "command" | "filter" | "act-as" | "field" | "search" | "verb";

/** The :journal screen: its entries, newest first, and the one selected. */
export interface JournalViewState {
  entries: JournalEntry[];
  selected: number;
  loading: boolean;
  error?: Failure;
}

/** The open line: its text and cursor, and what it edits. */
export interface Prompt extends LineState {
  kind: PromptKind;
  /** The list a filter or a form field edits (its resourceKey). */
  list?: string;
  /** A form field: the filter key it edits, and the filter line before, for Esc. */
  field?: { key: string; original: string };
  /** Browsing the history (↑/↓): the entry shown, and the line as it was typed before. */
  recall?: { at: number; typed: string };
  /** ctrl-r: the history searched backwards; the line keeps what it said until the match is taken. */
  search?: HistorySearch;
  /** Tab with several candidates: each as the whole line it makes, listed under the line; tab and shift-tab go through them (`at`: -1 before the first). */
  completion?: { candidates: string[]; at: number };
  /** What the line above it says while no candidates are listed (an id pasted that names nothing here); typing ends it. */
  note?: string;
  /** A value a write needs (`+`: the uids to add; `e`: a new name): the write, and the argument or flag typed here. */
  verb?: VerbPrompt;
}

/** What tab makes of the command bar's line: it completed as far as every candidate agrees, and the candidates, each the whole line it makes. */
export interface Completion {
  line: string;
  candidates: string[];
}

/** The filter form (f) of a list: the focused field, and the value list open for it, if any. */
export interface FormState {
  /** The list it filters (its resourceKey). */
  list: string;
  /** Its fields: the keys of the list's grammar, in order. */
  keys: ReadonlyArray<FilterKeyHelp>;
  field: number;
  /** Choosing the field's value: the highlighted choice, and the filter line before, for Esc. */
  choice?: { index: number; original: string };
}

export type PaneName = "side" | "preview";

/** The explorer's input and layout state: keys change it through the store, in the order they arrive. */
export interface UiState {
  prompt?: Prompt;
  dialog?: Dialog;
  form?: FormState;
  /** Earlier `:` commands and filters, oldest first, kept while ccx runs. */
  history: { command: string[]; filter: string[] };
  /** The words `/` narrows help (?) to: only the lines holding every one show. */
  helpFilter?: string;
  /** f was pressed on this list (its key) and its grammar is loading: the keys after f wait for the form. */
  formLoading?: string;
  /** Every list's filter keys, for help: loaded when help first opens (the grammars load on first use). */
  helpFilters?: ReadonlyArray<{ list: string; keys: ReadonlyArray<FilterKeyHelp> }>;
  /** The selected row of views whose rows are not the store's own (apps, log, help, the side pane). */
  cursors: Record<string, number>;
  /** Panes the user wants; each shows when the terminal is wide enough. */
  panes: Record<PaneName, boolean>;
  /** How a call's participants show: as their timeline (bars over the call's span) or as a table (v switches). */
  participants: "timeline" | "table";
  /** Where j/k/Enter go: the main view, or the side pane of apps. */
  focus: "main" | "side";
  /** Rows marked (space) for a write on several at once: on one screen, gone when the screen changes. */
  marks?: Marks;
  viewport: { columns: number; rows: number };
}

/**
 * The store's state as data, with the actions of the store itself (explorer-store.ts): what every slice of
 * actions (`*-actions.ts`) may read and call. A slice names what else it uses of the others as narrow
 * services of its own (its `Needs`), so that no slice depends on the whole state, nor on another slice.
 */
export interface ExplorerCore {
  apps: AppRef[];
  activeKey: string;
  /** The user requests act for (onBehalfOf), if any. */
  user?: string;
  views: Record<string, AppViewState>;
  /** The :journal screen's entries (the journal is ccx's, not an app's). */
  journal?: JournalViewState;
  inflight: number;
  lastError?: Failure;
  log: LogEntry[];
  caFile?: string;
  /** A passing message: "copied", "no recording here", … */
  notice?: string;
  /** What the command line said at start and help and :apps keep (ExplorerOptions.note). */
  note?: string;
  /** The input and layout state: keys change it through the store, in the order they arrive. */
  ui: UiState;

  switchApp(key: string): void;
  switchRegion(region: Region): void;
  setUser(uid: string | undefined): void;
  navigate(route: Route): void;
  /** Pops the navigation stack; never below the root view. */
  back(): void;
  /** Asks again for what the view in front shows (r; a list made stale, shown again): store/tables.ts's ROUTE_LOADS. */
  refresh(): void;
  /** Replaces the stack with a resource's list (the groups): the lists tab goes through. */
  openRoot(name: string): void;
  notify(text: string | undefined): void;
  setLastError(failure: Failure | undefined): void;
  dispose(): void;
}
