import { maskAnswerSecrets } from "../api/answer-secrets.js";
import { verbNamed } from "../writes/index.js";
import { HOME_LISTS } from "../resources/index.js";
import { REGIONS } from "../api/regions.js";
import type { WriteRequest } from "../store/types.js";
import { allCommands } from "./commands.js";
import { activeApp, activeView, marksHere } from "../store/explorer-store.js";
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

/** Why y, Y or o has nothing to act on here (the footer then leaves them out). */
const nothingToCopy = (c: KeyContext) => (c.selection()?.url ?? c.selection()?.id ? undefined : "nothing to copy here");
const noJson = (c: KeyContext) => (c.selection()?.json === undefined ? "no JSON to copy here" : undefined);
const nothingToOpen = (c: KeyContext) => (c.selection()?.url ? undefined : "nothing to open here");

export function copySelection(c: KeyContext, what: "id" | "json"): void {
  const selection = c.selection();
  // A copy is pasted into a terminal: C1, bidi and invisible characters go escaped, as in --json; and
  // it may land in a chat or a ticket: the secrets inside (a call message's channel secret) masked.
  if (what === "json") return c.services.copy(jsonForTerminal(maskAnswerSecrets(selection!.json).value, 2), "JSON");
  // Why sanitized: an id or URL is server text, and a paste of a raw ESC (or a line break, which
  // runs the line) would act on the terminal it is pasted into. Ids as the screen shows them.
  c.services.copy(sanitize(selection!.url ?? selection!.id!), selection!.what ?? (selection!.url ? "URL" : "id"));
}

/** The view string (src/store/view-string.ts) of the list in view, its cursor on the selected row; no key or secret in it. */
function shareView(c: KeyContext): void {
  try {
    const text = c.store.getState().shareView(c.selection()?.id);
    // Said whole too: where no clipboard takes OSC 52, it can be copied from the line.
    c.services.copy(text, `view string ${text}`);
  } catch (error) {
    c.store.getState().notify((error as Error).message);
  }
}

/** The list `step` away from the one in view, in the order tab goes through them (from another screen: the first). */
function stepList(c: KeyContext, step: 1 | -1): void {
  const at = c.route.view === "resource" && c.route.params.length === 0 ? HOME_LISTS.indexOf(c.route.name) : -1;
  const next = at < 0 ? 0 : (at + step + HOME_LISTS.length) % HOME_LISTS.length;
  c.store.getState().openRoot(HOME_LISTS[next]!);
}

/** What the command bar takes, for its binding's description: every command of the table. */
const commandNames = () => allCommands().map((c) => `:${c.name}${c.args ? ` ${c.args}` : ""}`).join(" ");

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
  { keys: ["?"], description: "help: every key", footer: "help", run: (c) => c.store.getState().openHelp() },
  { keys: ["q", "ctrl-c"], description: "quit", footer: "quit", run: (c) => c.services.quit() },
  { keys: [":"], description: `command bar (${commandNames()}; tab completes)`, run: (c) => c.store.getState().openPrompt("command") },
  { keys: ["escape"], description: "back (with rows marked: unmark them)", footer: (c) => (marksHere(c.state).length > 0 ? "unmark" : "back"),
    // A root screen (a list tab reaches, the first screen) has nothing under it: esc is not offered there.
    // Not `disabled`: esc is also how a footer's notice (the demo's source line) is dismissed, and a
    // disabled key pressed puts its reason in its place, so that no esc on a root screen could clear one.
    offered: (c) => marksHere(c.state).length > 0 || activeView(c.state).nav.length > 1,
    run: (c) => (marksHere(c.state).length > 0 ? c.store.getState().clearMarks() : c.store.getState().back()) },
  { keys: ["j", "down"], description: "down", onRows: true, run: (c) => move(c, c.cursor.index + 1) },
  { keys: ["k", "up"], description: "up", onRows: true, run: (c) => move(c, c.cursor.index - 1) },
  { keys: ["g", "home"], description: "top", onRows: true, run: (c) => move(c, 0) },
  { keys: ["G", "end"], description: "bottom", onRows: true, run: (c) => move(c, c.cursor.count - 1) },
  { keys: ["pageDown"], description: "page down", onRows: true, run: (c) => move(c, c.cursor.index + c.pageRows) },
  { keys: ["pageUp"], description: "page up", onRows: true, run: (c) => move(c, c.cursor.index - c.pageRows) },
  { keys: ["r"], description: "refresh (retry)", footer: "refresh", run: (c) => c.store.getState().refresh() },
  { keys: ["tab"], description: `the next list (${HOME_LISTS.join(" → ")} → ${HOME_LISTS[0]})`, footer: "next list", run: (c) => stepList(c, 1) },
  { keys: ["shift-tab"], description: "the list before", run: (c) => stepList(c, -1) },
  { keys: ["ctrl-p"], description: "apps (the apps pane when it shows, else the apps screen)", footer: "apps", run: openApps },
  { keys: ["ctrl-r"], description: `next region (${REGIONS.join(" → ")})`, run: nextRegion },
  { keys: ["u"], description: "act on behalf of a user (empty: nobody)", footer: "act as", run: (c) => c.store.getState().openPrompt("act-as", c.state.user ?? "") },
  { keys: ["L"], description: "request log", footer: "log", run: (c) => c.store.getState().navigate({ view: "log" }) },
  { keys: ["y"], description: "copy the id or URL (OSC 52: works over SSH and in tmux)", footer: "copy", onRows: true, disabled: nothingToCopy, run: (c) => copySelection(c, "id") },
  { keys: ["Y"], description: "copy the JSON", onRows: true, disabled: noJson, run: (c) => copySelection(c, "json") },
  { keys: ["S"], description: "share this view: copy a string that opens it again, filter and cursor (ccx open '<string>', or paste it here)", disabled: (c) => (c.route.view === "resource" ? undefined : "only a list's view can be shared"), run: shareView },
  { keys: ["o"], description: "open the URL", onRows: true, disabled: nothingToOpen, run: (c) => c.services.open(c.selection()!.url!) },
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

/** What confirming a write does, by the write: the footer names it. */
const WRITE_VERBS: Readonly<Record<WriteRequest["kind"], string>> = { download: "download", verb: "send" };
const confirmVerb = (c: KeyContext) => {
  const dialog = c.state.ui.dialog;
  if (dialog?.kind !== "confirm") return "confirm";
  return (dialog.write.kind === "verb" && !dialog.write.undo && verbNamed(dialog.write.words)?.confirmWord) || WRITE_VERBS[dialog.write.kind];
};

/** A write to confirm: it shows what will be done; nothing else has the keys meanwhile. */
export const CONFIRM_BINDINGS: Binding[] = [
  { keys: ["y", "enter"], description: "do it: send the message or the write, create the token or download the recordings the box shows", footer: confirmVerb, run: (c) => c.store.getState().runWrite() },
  { keys: ["n", "escape", "q"], description: "cancel: nothing is done", footer: "cancel", run: (c) => c.store.getState().closeDialog() },
  { keys: ["ctrl-c"], description: "quit", run: (c) => c.services.quit() },
];

const formOf = (c: KeyContext) => (c.state.ui.dialog?.kind === "form" ? c.state.ui.dialog : undefined);

/** A write's form (e): move between its fields, edit one in the line, then ask to send what changed. */
export const VERB_FORM_BINDINGS: Binding[] = [
  { keys: ["j", "down", "tab"], description: "next field", run: (c) => c.store.getState().moveVerbField((formOf(c)?.selected ?? 0) + 1) },
  { keys: ["k", "up", "shift-tab"], description: "previous field", run: (c) => c.store.getState().moveVerbField((formOf(c)?.selected ?? 0) - 1) },
  { keys: ["enter", "e"], description: "edit the field in the line (Enter puts it in the form)", footer: "edit field", run: (c) => c.store.getState().editVerbField() },
  { keys: ["y", "ctrl-s"], description: "send the fields changed: the request is shown and asked first", footer: "send", run: (c) => c.store.getState().sendVerbForm() },
  { keys: ["escape", "q"], description: "close the form: nothing is sent", footer: "cancel", run: (c) => c.store.getState().closeDialog() },
  { keys: ["ctrl-c"], description: "quit", run: (c) => c.services.quit() },
];

/** v on an item: show its secrets whole, or not. */
export const REVEAL_BINDINGS: Binding[] = [
  { keys: ["y", "enter"], description: "show them: the item is read again, its secrets whole on this screen", footer: "show them", run: (c) => c.store.getState().revealResourceItem() },
  { keys: ["n", "escape", "q"], description: "cancel: they stay masked", footer: "cancel", run: (c) => c.store.getState().closeDialog() },
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

const KEY_LABELS: Readonly<Record<string, string>> = { escape: "esc", up: "↑", down: "↓", left: "←", right: "→", " ": "space" };

/** A binding's key as help and the footer write it. */
export const keyLabel = (key: string) => KEY_LABELS[key] ?? key;

/** The first binding for `name` in the layers, in order. */
export function bindingIn(layers: ReadonlyArray<readonly Binding[]>, name: string): Binding | undefined {
  for (const layer of layers) {
    const found = layer.find((b) => b.keys.includes(name));
    if (found) return found;
  }
  return undefined;
}

/**
 * Footer hints: the layer's own keys first, then the global ones no own key hides; a key that does
 * nothing here (its `disabled` gives a reason) is left out, so the footer offers only what works.
 */
export function footerHints(layers: ReadonlyArray<readonly Binding[]>, ctx: KeyContext): string[] {
  const seen = new Set<string>();
  const hints: string[] = [];
  const readOnly = activeApp(ctx.state)?.readOnly === true;
  for (const layer of layers) {
    for (const b of layer) {
      const hidden = b.keys.every((k) => seen.has(k));
      for (const k of b.keys) seen.add(k);
      if (!b.footer || hidden || b.offered?.(ctx) === false) continue;
      const hint = `${keyLabel(b.keys[0]!)} ${typeof b.footer === "string" ? b.footer : b.footer(ctx)}`;
      // A write in read-only mode: shown, and shown as refused, so that nobody looks for it in vain.
      if (b.write && readOnly) hints.push(`${hint} (read-only)`);
      else if (!b.disabled?.(ctx)) hints.push(hint);
    }
  }
  return hints;
}
