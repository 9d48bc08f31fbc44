import { listInView } from "../../store/list-actions.js";
import { type ExplorerStore, currentRoute } from "../../store/explorer-store.js";
import type { Dialog, PromptKind } from "../../store/types.js";
import { type KeyPress, editLine, pastedText } from "../../store/line-editor.js";
import { ID_COMMANDS, completeCommand, isCommand, runCommand } from "../commands.js";
import { type Identified, namesNothing } from "../../store/identify.js";
import { ID_SHAPE } from "../../resources/id-kinds.js";
import { looksLikeView } from "../../store/view-string.js";
import { CONFIRM_BINDINGS, FORM_BINDINGS, GLOBAL_BINDINGS, REVEAL_BINDINGS, SECRET_BINDINGS, SIDE_BINDINGS, VERB_FORM_BINDINGS, bindingIn, footerHints } from "../keymap.js";
import { bodyHeight, frameLayout } from "../layout.js";
import { screenFor } from "../screens/registry.js";
import { SESSION_ID } from "../../api/session-id.js";
import { SIDE_PANE } from "../screens/side-pane.js";
import type { Binding, KeyContext, Services } from "../screens/types.js";
import { KeyParser, charKey } from "./parse-keys.js";

/**
 * The one input router: every byte from the terminal is parsed into keys,
 * and each key is applied to the store before the next is looked at, in
 * the order they arrived. Rendering follows the store; no component listens
 * to keys. A key goes to the open line if there is one, else to the layer
 * that has the keys (the form's value list, the apps pane, the form, the
 * screen), then to the keys that work everywhere.
 */
export interface InputRouter {
  /** Bytes as they were read; what waits for more is taken as it stands when none come for its wait (WAIT_MS). */
  feed(chunk: string): void;
  /** One key, as if it had been read. */
  dispatch(key: KeyPress): void;
  /** What waits for more bytes, if anything: a paste's rest, the rest of a sequence, or text that may start a paste. */
  waiting(): "paste" | "sequence" | "burst" | undefined;
  /** Applies what waits as it stands (a lone ESC is the Escape key). */
  flush(): void;
  /** Keys held until the rows they act on arrive. */
  held(): number;
  dispose(): void;
}

/**
 * How long a lone ESC waits for the rest of a sequence before it is the
 * Escape key (a terminal sends a sequence in one write; a split one arrives
 * within this over a slow link), how long a bracketed paste waits for its end
 * marker between reads, and how long text that may start an unmarked paste
 * waits for the next read: SSH and mosh deliver a long paste's reads a few ms
 * apart, where a person's keys come 30 ms apart or more (and a key alone in
 * its read never waits). 25 ms, not less: a busy machine (or tmux's server)
 * may hand two reads over more than 15 ms apart.
 */
const WAIT_MS = { sequence: 50, paste: 1000, burst: 25 } as const;
/**
 * The longest such text is held, however its reads follow each other: a
 * paste's reads are all in by then, and keys that keep coming closer than the
 * wait (a held key's repeats bunched over a slow link) still move the screen.
 */
const MAX_BURST_MS = 50;

/** The keys of each kind of box over the view: nothing else has them while it is open. */
const DIALOG_BINDINGS: Readonly<Record<Dialog["kind"], readonly Binding[]>> = { confirm: CONFIRM_BINDINGS, secret: SECRET_BINDINGS, reveal: REVEAL_BINDINGS, form: VERB_FORM_BINDINGS };

/** The lines that ask for something a session id never is: a uid (act-as), a filter. */
const NOT_A_SESSION_ID: ReadonlySet<PromptKind> = new Set(["act-as", "filter"]);

/** What the status line says of a session id pasted into a line that does not take one. */
const CALL_OFFER = "that is a call's session id: enter opens the call · esc leaves it";

/** The session id a paste is, whole (blanks and quotes around it aside), if it is one. */
function wholeSessionId(key: KeyPress): string | undefined {
  if (!key.paste) return undefined;
  const text = pastedText(key.text ?? "");
  return SESSION_ID.exec(text)?.[0] === text ? text : undefined;
}

/** Whether the keys act on a list whose new rows are on their way (a new filter, page or refresh). */
function awaitingRows(store: ExplorerStore): boolean {
  const state = store.getState();
  const route = currentRoute(state);
  if (state.ui.prompt || state.ui.dialog || state.ui.form || state.ui.focus === "side") return false;
  return screenFor(route).awaitingRows?.(state, route) ?? false;
}

/** Alt and a letter that nothing binds: Escape and that letter, typed faster than one read (ESC then `:`). */
function splitAlt(key: KeyPress): KeyPress[] | undefined {
  const alt = /^alt-(.)$/u.exec(key.name);
  return alt ? [{ name: "escape" }, charKey(alt[1]!)] : undefined;
}

/** The binding layers in force: the first that binds a key has it. */
export function activeLayers(store: ExplorerStore): ReadonlyArray<readonly Binding[]> {
  const state = store.getState();
  const route = currentRoute(state);
  if (state.ui.dialog) return [DIALOG_BINDINGS[state.ui.dialog.kind]];
  if (state.ui.focus === "side" && frameLayout(state.ui, false).side > 0) return [SIDE_BINDINGS, GLOBAL_BINDINGS];
  if (state.ui.form && route.view === "resource") return [FORM_BINDINGS, GLOBAL_BINDINGS];
  const screen = screenFor(route);
  return screen.standalone ? [screen.bindings] : [screen.bindings, GLOBAL_BINDINGS];
}

/** What the footer offers now: the active layers' hints, less the keys that would do nothing here. */
export function activeHints(store: ExplorerStore): string[] {
  // The footer only reads the context: services are never called from it.
  const inert: Services = { quit: () => {}, copy: () => {}, open: () => {} };
  return footerHints(activeLayers(store), keyContext(store, inert));
}

/** The context a binding runs with, read from the store as it is now. */
function keyContext(store: ExplorerStore, services: Services): KeyContext {
  const state = store.getState();
  const route = currentRoute(state);
  const screen = screenFor(route);
  // PgUp/PgDn move by the rows a list shows: its body less the filter line, its request, its header and its summary.
  const base = { store, state, route, services, pageRows: Math.max(1, bodyHeight(state.ui) - 4) };
  if (state.ui.focus === "side" && frameLayout(state.ui, false).side > 0) {
    const { index, count } = SIDE_PANE.cursor(state);
    return { ...base, cursor: { index, count, set: (i) => SIDE_PANE.select(store, i) }, selection: () => SIDE_PANE.selection(store) };
  }
  if (state.ui.form && route.view === "resource") {
    const { form } = state.ui;
    return { ...base, cursor: { index: form.field, count: form.keys.length, set: (i) => store.getState().moveFormField(i) }, selection: () => undefined };
  }
  const { index, count } = screen.cursor(state, route);
  return {
    ...base,
    cursor: { index, count, set: (i) => screen.select(store, route, i) },
    selection: () => screen.selection(store.getState(), route),
  };
}

export function createInputRouter(store: ExplorerStore, services: Services): InputRouter {
  const parser = new KeyParser();
  // Keys that came while the rows they act on were on their way, and every key after them, in order.
  let held: KeyPress[] = [];
  let unsubscribe: (() => void) | undefined;
  /** A session id pasted into a line that does not take one: its call is offered while the notice says so. */
  let offered: string | undefined;
  /** An id pasted alone is being looked up: the keys after it wait for what it opens. */
  let identifying = false;

  const release = () => {
    if (identifying || awaitingRows(store) || store.getState().ui.formLoading !== undefined) return;
    unsubscribe?.();
    unsubscribe = undefined;
    const keys = held;
    held = [];
    for (const key of keys) dispatch(key);
  };

  const hold = (key: KeyPress) => {
    held.push(key);
    // Released once the list's answer (or its failure) is in; after the store's update, not inside it.
    unsubscribe ??= store.subscribe(() => queueMicrotask(release));
  };

  function dispatch(key: KeyPress): void {
    if (held.length > 0) {
      // ctrl-c quits at once, whatever waits; every other key waits its turn.
      if (key.name === "ctrl-c") {
        held = [];
        return services.quit();
      }
      return hold(key);
    }
    const state = store.getState();
    // A form on its way (f, its grammar loading), or what a pasted id names: every key after it is theirs, so it waits.
    if ((state.ui.formLoading !== undefined || identifying) && key.name !== "ctrl-c") return hold(key);
    const offer = offered;
    offered = undefined;
    if (offer && state.notice === CALL_OFFER) {
      // Enter takes the offer, as the command bar would run `call <id>`; Esc only declines it; any other key declines it and acts.
      if (key.name === "enter") return runLine(`call ${offer}`);
      state.notify(undefined);
      if (key.name === "escape") return;
    }
    if (state.ui.prompt) {
      // While ctrl-r searches, a paste is what is searched for.
      const id = NOT_A_SESSION_ID.has(state.ui.prompt.kind) && !state.ui.prompt.search ? wholeSessionId(key) : undefined;
      if (id) return offerCall(id);
      if (splitAlt(key) && editLine(state.ui.prompt, key).kind === "ignore") return splitAlt(key)!.forEach(dispatch);
      const { command } = state.keyInPrompt(key, (text) => completeCommand(text, store.getState()));
      if (command !== undefined) runCommand(command, store, services.quit);
      return;
    }
    if (state.ui.form?.choice) return state.keyInChoice(key);
    // A box that asks, or a screen of its own keys: a paste is not an answer.
    if (key.paste && (state.ui.dialog || screenFor(currentRoute(state)).standalone)) return;
    if (key.paste) return pasteWithNoLineOpen(store, key.text ?? "", openWhatItNames);
    const binding = bindingIn(activeLayers(store), key.name);
    if (!binding) {
      splitAlt(key)?.forEach(dispatch);
      return;
    }
    if (binding.onRows && awaitingRows(store)) return hold(key);
    if (state.notice) state.notify(undefined);
    const ctx = keyContext(store, services);
    const reason = binding.disabled?.(ctx);
    if (reason) return state.notify(reason);
    binding.run(ctx);
  }

  /** A line run as if typed after `:` and Enter pressed: it goes into the command history too. */
  function runLine(line: string): void {
    store.getState().openPrompt("command", line);
    const { command } = store.getState().keyInPrompt({ name: "enter" });
    if (command !== undefined) runCommand(command, store, services.quit);
  }

  /**
   * An id pasted alone, with no line open: what it names in the app opens, by the command bar's command
   * for it (`:user <uid>`), and the status line says what it was; named twice (a uid that is also a guid),
   * the command bar offers each (tab goes through them); named nothing, the command bar holds it and says so.
   */
  function openWhatItNames(id: string): void {
    identifying = true;
    void store.getState().identify(id).then((identified) => {
      identifying = false;
      if (identified) openNamed(id, identified);
      release();
    });
  }

  function openNamed(id: string, { kinds, switchedTo, othersAsked }: Identified): void {
    const lines = kinds.map((kind) => ID_COMMANDS[kind.name](id));
    // An Enter that ended the paste (or came while it was looked up) asked for what the id names: this is the answer.
    if (held[0]?.name === "enter") held.shift();
    if (lines.length === 1) {
      runLine(lines[0]!);
      store.getState().notify(`${id}: ${kinds[0]!.says}${switchedTo ? ` · switched to ${switchedTo}, which has it` : ""}`);
      return;
    }
    const state = store.getState();
    if (lines.length === 0) return state.openPrompt("command", id, { note: namesNothing(state, othersAsked) });
    state.openPrompt("command", lines[0]!, { completion: { candidates: lines, at: 0 } });
  }

  /**
   * A session id pasted into the act-as prompt or a filter line (its copy was
   * for `:call`, or a split paste's first keys opened the line): the line
   * closes as Esc closes it, nothing taken as a uid or a filter, and the
   * status line says what was pasted and offers its call.
   */
  function offerCall(id: string): void {
    store.getState().keyInPrompt({ name: "escape" });
    store.getState().notify(CALL_OFFER);
    offered = id;
  }

  const apply = (keys: KeyPress[]) => {
    for (const key of keys) dispatch(key);
  };
  let quiet: NodeJS.Timeout | undefined;
  /** When the text held now began to be held. */
  let burstSince: number | undefined;
  const flush = () => {
    clearTimeout(quiet);
    burstSince = undefined;
    apply(parser.flush());
  };
  /** How long what waits may wait for the next read. */
  const waitFor = (waiting: keyof typeof WAIT_MS) => {
    if (waiting !== "burst") return WAIT_MS[waiting];
    burstSince ??= Date.now();
    return Math.max(0, Math.min(WAIT_MS.burst, burstSince + MAX_BURST_MS - Date.now()));
  };

  return {
    feed: (chunk) => {
      clearTimeout(quiet);
      apply(parser.push(chunk));
      const waiting = parser.waiting();
      if (waiting !== "burst") burstSince = undefined;
      if (waiting) quiet = setTimeout(flush, waitFor(waiting));
    },
    dispatch,
    waiting: () => parser.waiting(),
    flush,
    held: () => held.length,
    dispose: () => {
      clearTimeout(quiet);
      unsubscribe?.();
      held = [];
    },
  };
}

/**
 * A paste with no line open: a view string (`ccx://v1/…`) opens its view; `:…` or `/…` opens that line with the rest; text
 * that holds a session id (the id alone, a log line) reads as `call <id>`; one
 * other id (not a command's name) is looked up (`openId`); any other text opens
 * the command bar with it. Nothing is run until Enter: a paste never submits.
 */
function pasteWithNoLineOpen(store: ExplorerStore, text: string, openId: (id: string) => void): void {
  const state = store.getState();
  const trimmed = text.trim();
  if (trimmed.startsWith("/") && listInView(state) !== undefined) {
    const current = activeFilter(store).trimEnd();
    state.openPrompt("filter", current ? `${current} ` : "");
    store.getState().keyInPrompt({ name: "paste", text: trimmed.slice(1), paste: true });
    return;
  }
  // A view string (S copies one): that view opens, or the status line says what is wrong with it.
  if (looksLikeView(trimmed)) return void state.openView(trimmed);
  const id = SESSION_ID.exec(trimmed)?.[0];
  const word = pastedText(trimmed);
  if (!id && ID_SHAPE.test(word) && !isCommand(word)) return openId(word);
  const command = trimmed.startsWith(":") ? trimmed.slice(1) : id ? `call ${id}` : trimmed;
  state.openPrompt("command");
  store.getState().keyInPrompt({ name: "paste", text: command, paste: true });
}

function activeFilter(store: ExplorerStore): string {
  const state = store.getState();
  const list = listInView(state);
  return list === undefined ? "" : state.views[state.activeKey]!.lists[list]?.filter ?? "";
}
