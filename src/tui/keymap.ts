import { REGIONS } from "../api/regions.js";
import { activeApp } from "../store/explorer-store.js";
import { jsonForTerminal } from "../text/json.js";
import { sanitize } from "../text/sanitize.js";
import { frameLayout } from "./layout.js";
import type { Binding, KeyContext } from "./screens/types.js";

/**
 * The keys that work everywhere, in the filter form and in the apps pane.
 * Each screen declares its own (screens/); the router looks a key up in the
 * layer that has the keys (the form, the pane, the screen), then here. The
 * same tables draw the footer and the help.
 */

export const move = (ctx: KeyContext, to: number) => ctx.cursor.set(Math.max(0, Math.min(to, ctx.cursor.count - 1)));

export function copySelection(c: KeyContext, what: "id" | "json"): void {
  const selection = c.selection();
  const notify = c.store.getState().notify;
  if (what === "json") {
    if (selection?.json === undefined) return notify("no JSON to copy here");
    // A copy is pasted into a terminal: C1, bidi and invisible characters go escaped, as in --json.
    return c.services.copy(jsonForTerminal(selection.json, 2), "JSON");
  }
  const text = selection?.url ?? selection?.id;
  if (!text) return notify("nothing to copy here");
  // Why sanitized: an id or URL is server text, and a paste of a raw ESC (or a line break, which
  // runs the line) would act on the terminal it is pasted into. Ids as the screen shows them.
  c.services.copy(sanitize(text), selection?.url ? "URL" : "id");
}

function nextRegion(c: KeyContext): void {
  const current = REGIONS.findIndex((r) => r === activeApp(c.state)?.region);
  c.store.getState().switchRegion(REGIONS[(current + 1) % REGIONS.length]!);
}

function togglePane(c: KeyContext, pane: "side" | "preview", name: string): void {
  const state = c.store.getState();
  const on = state.togglePane(pane);
  const shown = frameLayout(state.ui, true)[pane] > 0;
  state.notify(on ? (shown ? `${name} shown` : `${name} on: it shows when the terminal is wide enough`) : `${name} hidden`);
}

function openApps(c: KeyContext): void {
  const state = c.store.getState();
  // With the apps pane in view, ctrl-p moves there; else the apps screen opens.
  if (frameLayout(state.ui, false).side > 0) return state.setFocus("side");
  state.navigate({ view: "apps" });
}

export const GLOBAL_BINDINGS: Binding[] = [
  { keys: ["?"], description: "help: every key", footer: "help", run: (c) => c.store.getState().navigate({ view: "help" }) },
  { keys: ["q", "ctrl-c"], description: "quit", footer: "quit", run: (c) => c.services.quit() },
  { keys: [":"], description: "command bar (:groups :calls :users :call <id> :user <uid> :msgs :as <uid> :stats :interval :app :region :log :q; tab completes)", run: (c) => c.store.getState().openPrompt("command") },
  { keys: ["escape"], description: "back", footer: "back", run: (c) => c.store.getState().back() },
  { keys: ["j", "down"], description: "down", onRows: true, run: (c) => move(c, c.cursor.index + 1) },
  { keys: ["k", "up"], description: "up", onRows: true, run: (c) => move(c, c.cursor.index - 1) },
  { keys: ["g", "home"], description: "top", onRows: true, run: (c) => move(c, 0) },
  { keys: ["G", "end"], description: "bottom", onRows: true, run: (c) => move(c, c.cursor.count - 1) },
  { keys: ["pageDown"], description: "page down", onRows: true, run: (c) => move(c, c.cursor.index + c.pageRows) },
  { keys: ["pageUp"], description: "page up", onRows: true, run: (c) => move(c, c.cursor.index - c.pageRows) },
  { keys: ["r"], description: "refresh (retry)", footer: "refresh", run: (c) => c.store.getState().refresh() },
  { keys: ["tab"], description: "groups ⇄ calls", footer: "groups⇄calls", run: (c) => c.store.getState().openRoot(c.route.view === "groups" ? "calls" : "groups") },
  { keys: ["ctrl-p"], description: "apps (the apps pane when it shows, else the apps screen)", footer: "apps", run: openApps },
  { keys: ["ctrl-r"], description: `next region (${REGIONS.join(" → ")})`, run: nextRegion },
  { keys: ["u"], description: "act on behalf of a user (empty: nobody)", footer: "act as", run: (c) => c.store.getState().openPrompt("user", c.state.user ?? "") },
  { keys: ["L"], description: "request log", footer: "log", run: (c) => c.store.getState().navigate({ view: "log" }) },
  { keys: ["y"], description: "copy the id or URL (OSC 52: works over SSH and in tmux)", footer: "copy", onRows: true, run: (c) => copySelection(c, "id") },
  { keys: ["Y"], description: "copy the JSON", onRows: true, run: (c) => copySelection(c, "json") },
  { keys: ["o"], description: "open the URL", onRows: true, run: (c) => {
    const url = c.selection()?.url;
    if (url) c.services.open(url);
    else c.store.getState().notify("nothing to open here");
  } },
  { keys: ["["], description: "apps pane on or off (wide terminals)", run: (c) => togglePane(c, "side", "apps pane") },
  { keys: ["]"], description: "preview pane on or off (wide terminals)", run: (c) => togglePane(c, "preview", "preview pane") },
];

/** The filter form (f): its fields are the cursor. */
export const FORM_BINDINGS: Binding[] = [
  { keys: ["enter"], description: "choose the field's value (or type it)", footer: "choose", run: (c) => c.store.getState().editField("choose") },
  { keys: ["e"], description: "type the field's value (results follow as you type)", footer: "type", run: (c) => c.store.getState().editField("text") },
  { keys: ["x", "backspace", "delete"], description: "clear the field (take it out of the filter)", footer: "clear", run: (c) => c.store.getState().clearField() },
  { keys: ["tab"], description: "next field", footer: "next", run: (c) => move(c, c.cursor.index + 1) },
  { keys: ["shift-tab"], description: "previous field", run: (c) => move(c, c.cursor.index - 1) },
  { keys: ["escape", "f"], description: "close the form (the filter stays)", footer: "close", run: (c) => c.store.getState().closeForm() },
];

/** The apps pane, once ctrl-p moved there. */
export const SIDE_BINDINGS: Binding[] = [
  { keys: ["enter"], description: "switch to the app", footer: "switch", run: (c) => c.selection()?.open?.() },
  { keys: ["escape", "ctrl-p"], description: "back to the view", footer: "back", run: (c) => c.store.getState().setFocus("main") },
];

/** A write to confirm: it shows what will be sent; nothing else has the keys meanwhile. */
export const CONFIRM_BINDINGS: Binding[] = [
  { keys: ["y", "enter"], description: "send it", footer: "send", run: (c) => c.store.getState().runWrite() },
  { keys: ["n", "escape", "q"], description: "cancel: nothing is sent", footer: "cancel", run: (c) => c.store.getState().closeDialog() },
  { keys: ["ctrl-c"], description: "quit", run: (c) => c.services.quit() },
];

/** A secret shown once (an auth token): copy it, or close it and it is gone. */
export const SECRET_BINDINGS: Binding[] = [
  { keys: ["y"], description: "copy the token (OSC 52)", footer: "copy", run: (c) => {
    const dialog = c.state.ui.dialog;
    if (dialog?.kind === "secret") c.services.copy(dialog.value, "token");
  } },
  { keys: ["escape", "enter", "q"], description: "close: the token is not shown again", footer: "close", run: (c) => c.store.getState().closeDialog() },
  { keys: ["ctrl-c"], description: "quit", run: (c) => c.services.quit() },
];

/** A binding's key as help and the footer write it. */
export const keyLabel = (key: string) => (key === "escape" ? "esc" : key);

/** The first binding for `name` in the layers, in order. */
export function bindingIn(layers: ReadonlyArray<readonly Binding[]>, name: string): Binding | undefined {
  for (const layer of layers) {
    const found = layer.find((b) => b.keys.includes(name));
    if (found) return found;
  }
  return undefined;
}

/** Footer hints: the layer's own keys first, then the global ones no own key hides. */
export function footerHints(layers: ReadonlyArray<readonly Binding[]>): string[] {
  const seen = new Set<string>();
  const hints: string[] = [];
  for (const layer of layers) {
    for (const b of layer) {
      const hidden = b.keys.every((k) => seen.has(k));
      for (const k of b.keys) seen.add(k);
      if (b.footer && !hidden) hints.push(`${keyLabel(b.keys[0]!)} ${b.footer}`);
    }
  }
  return hints;
}
