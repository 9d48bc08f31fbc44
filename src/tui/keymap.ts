import { type ExplorerState, type ExplorerStore, activeView } from "../store/explorer-store.js";
import type { ListKind, Route } from "../store/types.js";
import { jsonForTerminal } from "../text/json.js";
import { sanitize } from "../text/sanitize.js";

/**
 * The one keymap: it dispatches key presses and it is what the help screen
 * lists. Each binding names its keys, what it does, and where it works.
 */

export type Scope = "global" | "list" | "form" | "call" | "group" | "recording" | "picker";
export type Mode = "normal" | "filter" | "command" | "user" | "form";

/** What a handler can reach: the store, and the screen's own controls. */
export interface KeyContext {
  store: ExplorerStore;
  state: ExplorerState;
  route: Route;
  /** The selectable rows of the current view. */
  cursor: { index: number; count: number; set(index: number): void };
  /** Rows the view shows at once, for PgUp/PgDn. */
  pageRows: number;
  setMode(mode: Mode): void;
  quit(): void;
  copy(text: string, what: string): void;
  open(url: string): void;
  /** The id or URL and the JSON of what is selected, for y, Y and o. */
  selection(): { id?: string; url?: string; json?: unknown; open?: () => void } | undefined;
  /** The filter form's focused field: edit it (choose from its values, or type), or take it out. */
  form: { edit(how: "choose" | "text"): void; clear(): void };
}

export interface Binding {
  keys: string[];
  description: string;
  scope: Scope;
  run(ctx: KeyContext): void;
}

export function scopesOf(route: Route, mode: Mode = "normal"): Scope[] {
  if (mode === "form") return ["form", "global"];
  switch (route.view) {
    case "groups":
    case "calls":
      return ["list", "global"];
    case "call":
      return ["call", "global"];
    case "group":
      return ["group", "global"];
    case "recording":
      return ["recording", "global"];
    default:
      return ["picker", "global"];
  }
}

const listKind = (route: Route): ListKind | undefined => (route.view === "groups" || route.view === "calls" ? route.view : undefined);
const move = (ctx: KeyContext, to: number) => ctx.cursor.set(Math.max(0, Math.min(to, ctx.cursor.count - 1)));

export const KEYMAP: Binding[] = [
  { keys: ["?"], description: "help: every key", scope: "global", run: (c) => c.store.getState().navigate({ view: "help" }) },
  { keys: ["q", "ctrl-c"], description: "quit", scope: "global", run: (c) => c.quit() },
  { keys: [":"], description: "command bar (:groups :calls :call <id> :page <n> :app :region :user :log :q)", scope: "global", run: (c) => c.setMode("command") },
  { keys: ["escape"], description: "back", scope: "global", run: (c) => c.store.getState().back() },
  { keys: ["j", "down"], description: "down", scope: "global", run: (c) => move(c, c.cursor.index + 1) },
  { keys: ["k", "up"], description: "up", scope: "global", run: (c) => move(c, c.cursor.index - 1) },
  { keys: ["g"], description: "top", scope: "global", run: (c) => move(c, 0) },
  { keys: ["G"], description: "bottom", scope: "global", run: (c) => move(c, c.cursor.count - 1) },
  { keys: ["pageDown"], description: "page down", scope: "global", run: (c) => move(c, c.cursor.index + c.pageRows) },
  { keys: ["pageUp"], description: "page up", scope: "global", run: (c) => move(c, c.cursor.index - c.pageRows) },
  { keys: ["r"], description: "refresh (retry)", scope: "global", run: (c) => c.store.getState().refresh() },
  { keys: ["tab"], description: "groups ⇄ calls", scope: "global", run: (c) => c.store.getState().openRoot(c.route.view === "groups" ? "calls" : "groups") },
  { keys: ["ctrl-p"], description: "apps", scope: "global", run: (c) => c.store.getState().navigate({ view: "apps" }) },
  { keys: ["ctrl-r"], description: "next region (us → eu → in)", scope: "global", run: (c) => nextRegion(c.state, c.store) },
  { keys: ["u"], description: "act on behalf of a user (empty: nobody)", scope: "global", run: (c) => c.setMode("user") },
  { keys: ["L"], description: "request log", scope: "global", run: (c) => c.store.getState().navigate({ view: "log" }) },
  { keys: ["y"], description: "copy the id or URL (OSC 52: works over SSH and in tmux)", scope: "global", run: (c) => copySelection(c, "id") },
  { keys: ["Y"], description: "copy the JSON", scope: "global", run: (c) => copySelection(c, "json") },
  { keys: ["o"], description: "open the URL", scope: "global", run: (c) => {
    const url = c.selection()?.url;
    if (url) c.open(url);
    else c.store.getState().notify("nothing to open here");
  } },
  { keys: ["/"], description: "live filter (results follow as you type)", scope: "list", run: (c) => c.setMode("filter") },
  { keys: ["f"], description: "filter form: every parameter, the same filter as the / line", scope: "list", run: (c) => c.setMode("form") },
  { keys: ["enter"], description: "open", scope: "list", run: (c) => openSelected(c) },
  { keys: ["n"], description: "next page (cursor: load more)", scope: "list", run: (c) => c.store.getState().nextPage(listKind(c.route)!) },
  { keys: ["p"], description: "previous page", scope: "list", run: (c) => c.store.getState().prevPage(listKind(c.route)!) },
  { keys: ["enter"], description: "choose the field's value (or type it)", scope: "form", run: (c) => c.form.edit("choose") },
  { keys: ["e"], description: "type the field's value (results follow as you type)", scope: "form", run: (c) => c.form.edit("text") },
  { keys: ["x", "backspace"], description: "clear the field (take it out of the filter)", scope: "form", run: (c) => c.form.clear() },
  { keys: ["tab"], description: "next field", scope: "form", run: (c) => move(c, c.cursor.index + 1) },
  { keys: ["shift-tab"], description: "previous field", scope: "form", run: (c) => move(c, c.cursor.index - 1) },
  { keys: ["escape", "f"], description: "close the form (the filter stays)", scope: "form", run: (c) => c.setMode("normal") },
  { keys: ["enter"], description: "show the recording, or open the participant's calls", scope: "call", run: (c) => c.selection()?.open?.() },
  { keys: ["n"], description: "next page of members", scope: "group", run: (c) => pageMembers(c, 1) },
  { keys: ["p"], description: "previous page of members", scope: "group", run: (c) => pageMembers(c, -1) },
  { keys: ["enter"], description: "choose", scope: "picker", run: (c) => c.selection()?.open?.() },
];

/** The binding a key press runs in this view (or the form), if any: its own before the global ones. */
export function bindingFor(name: string, route: Route, mode: Mode = "normal"): Binding | undefined {
  for (const scope of scopesOf(route, mode)) {
    const found = KEYMAP.find((b) => b.scope === scope && b.keys.includes(name));
    if (found) return found;
  }
  return undefined;
}

/** Short key hints for the footer: the view's own first. */
export function footerHints(route: Route, mode: Mode = "normal"): string[] {
  const order = scopesOf(route, mode);
  const shown = new Set(mode === "form" ? ["enter", "e", "x", "escape", "tab", "?"] : ["?", "/", "f", "enter", "escape", "n", "y", "r", "tab", "ctrl-p", "u", "L", "q"]);
  // A key the view binds hides the global binding of the same key.
  const own = new Set(KEYMAP.filter((b) => b.scope === order[0]).flatMap((b) => b.keys));
  return KEYMAP
    .filter((b) => order.includes(b.scope) && b.keys.some((k) => shown.has(k)))
    .filter((b) => b.scope === order[0] || !b.keys.some((k) => own.has(k)))
    .sort((a, b) => order.indexOf(a.scope) - order.indexOf(b.scope))
    .map((b) => `${b.keys[0] === "escape" ? "esc" : b.keys[0]} ${b.description.split(/[ (:]/)[0]}`);
}

function openSelected(c: KeyContext): void {
  const kind = listKind(c.route);
  if (!kind) return;
  const list = activeView(c.state)[kind];
  const item = list.items[list.selected] as { guid?: string; sessionId?: string } | undefined;
  if (!item) return;
  if (kind === "calls" && item.sessionId) c.store.getState().openCall(item.sessionId);
  if (kind === "groups" && item.guid) c.store.getState().openGroup(item.guid);
}

function copySelection(c: KeyContext, what: "id" | "json"): void {
  const selection = c.selection();
  if (what === "json") {
    if (selection?.json === undefined) return c.store.getState().notify("no JSON to copy here");
    // A copy is pasted into a terminal: C1, bidi and invisible characters go escaped, as in --json.
    return c.copy(jsonForTerminal(selection.json, 2), "JSON");
  }
  const text = selection?.url ?? selection?.id;
  if (!text) return c.store.getState().notify("nothing to copy here");
  // Why sanitized: an id or URL is server text, and a paste of a raw ESC (or a line break, which
  // runs the line) would act on the terminal it is pasted into. Ids as the screen shows them.
  c.copy(sanitize(text), selection?.url ? "URL" : "id");
}

function pageMembers(c: KeyContext, delta: number): void {
  if (c.route.view !== "group") return;
  const detail = activeView(c.state).groupDetails[c.route.guid];
  if (detail) c.store.getState().loadMembers(c.route.guid, detail.membersPage + delta);
}

function nextRegion(state: ExplorerState, store: ExplorerStore): void {
  const regions = ["us", "eu", "in"];
  const current = state.apps.find((a) => a.key === state.activeKey)?.region ?? "us";
  store.getState().switchRegion(regions[(regions.indexOf(current) + 1) % regions.length]!);
}
