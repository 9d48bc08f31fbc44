import { fieldText, withField } from "../query/line-edit.js";
import { type StoreContext, currentRoute } from "./context.js";
import { listRefOf } from "./item-children.js";
import { grammarFor, listFilterHelp, listInView, loadedFilterHelp, loadedGrammar } from "./list-actions.js";
import type { Grammar } from "../query/grammar.js";
import { type KeyPress, editLine, lineAt, suggestionOf } from "./line-editor.js";
import { matchOf, searchKey, startSearch } from "./history-search.js";
import type { Completion, ExplorerCore, FormState, PaneName, Prompt, PromptKind, UiState, VerbPrompt } from "./types.js";

/**
 * The explorer's input state (the open line, the filter form, histories,
 * cursors, panes) and the actions keys take on it. Each action applies at
 * once, so a key that follows sees what the one before left, whatever the
 * rendering does meanwhile.
 */
export interface UiActions {
  /** Opens a line input with `text`, its cursor at the end; `offer`: candidates listed above it, or a note there. */
  openPrompt(kind: PromptKind, text?: string, offer?: Pick<Prompt, "completion" | "note">): void;
  /**
   * One key for the open line. Returns the command submitted on the `:` line
   * (run by the caller, which knows the commands); the other lines act here.
   */
  keyInPrompt(key: KeyPress, complete?: (text: string) => Completion): { command?: string };
  /** f: the filter form of a list, one field a key of its grammar (loaded first); said when it documents none. */
  openForm(list: string): void;
  /** ? and :help: every key, then every list's filter keys (their grammars loaded as help opens). */
  openHelp(): void;
  closeForm(): void;
  moveFormField(to: number): void;
  /** Edits the focused field: choose from its values (when it has a list), or type. */
  editField(how: "choose" | "text"): void;
  /** Takes the focused field out of the filter. */
  clearField(): void;
  /** One key while a field's values are listed. */
  keyInChoice(key: KeyPress): void;
  setCursor(name: string, index: number): void;
  togglePane(pane: PaneName): boolean;
  /** A call's participants as a timeline ⇄ as a table. */
  toggleParticipants(): void;
  setFocus(focus: UiState["focus"]): void;
  setViewport(columns: number, rows: number): void;
  /** space: marks the row (or unmarks it) for a write on several rows at once. */
  toggleMark(id: string, row: Record<string, unknown>): void;
  clearMarks(): void;
}

/** Where marks belong: the app and the screen, as the route says it. */
const markPlace = (state: Pick<ExplorerCore, "views" | "activeKey">) => `${state.activeKey} ${JSON.stringify(currentRoute(state))}`;

/** The rows marked on the screen shown (none when the marks were made elsewhere). */
export function marksHere(state: Pick<ExplorerCore, "views" | "activeKey" | "ui">): NonNullable<UiState["marks"]>["rows"] {
  return state.ui.marks?.at === markPlace(state) ? state.ui.marks.rows : [];
}

const HISTORY_SIZE = 100;

export function initialUi(): UiState {
  return {
    history: { command: [], filter: [] },
    cursors: {},
    panes: { side: true, preview: true },
    participants: "timeline",
    focus: "main",
    viewport: { columns: 80, rows: 24 },
  };
}

/** The history a line kind recalls from, if any. */
export const historyOf = (kind: PromptKind): keyof UiState["history"] | undefined => (kind === "command" || kind === "filter" ? kind : undefined);

function remember(history: string[], text: string): string[] {
  if (text.trim() === "" || history[history.length - 1] === text) return history;
  return [...history.slice(-(HISTORY_SIZE - 1)), text];
}

/** The values a form field offers (the list shows "any" before them and "type a value…" after). */
function choicesOf(form: FormState): string[] {
  return [...(form.keys[form.field]?.choices ?? [])];
}

/** What the lines and boxes use of the others: the lists' filters, :api's search, a write's value and box. */
interface UiNeeds {
  setFilter(list: string, line: string): void;
  submitFilter(list: string): void;
  searchApi(text: string): void;
  submitVerbValue(prompt: VerbPrompt, text: string): void;
  closeDialog(): void;
}

export function uiActions(ctx: StoreContext<UiNeeds & UiActions>): UiActions {
  const ui = () => ctx.get().ui;
  const setUi = (patch: Partial<UiState>) => ctx.set({ ui: { ...ui(), ...patch } });
  const formKey = (form: FormState) => form.keys[form.field]!.key;
  /** What the form (or a field's line) edits: its list's filter. */
  const formFilter = (form: { list?: string }) => (form.list ? ctx.get().views[ctx.get().activeKey]!.lists[form.list]?.filter ?? "" : "");
  const setFormFilter = (form: { list?: string }, line: string) => form.list && ctx.get().setFilter(form.list, line);
  const submitFormFilter = (form: { list?: string }) => form.list && ctx.get().submitFilter(form.list);

  /** What a line does as it is typed: a filter or a form's field sends (after the pause), help narrows: one entry a kind of line. */
  const LINE_CHANGES: { [K in PromptKind]: (prompt: Prompt) => void } = {
    filter: (prompt) => prompt.list !== undefined && ctx.get().setFilter(prompt.list, prompt.text),
    field: (prompt) => prompt.field && setFormFilter(prompt, withField(prompt.field.original, prompt.field.key, prompt.text)),
    // `/` in help narrows its lines as you type, from the top.
    search: (prompt) => currentRoute(ctx.get()).view === "help" && setUi({ helpFilter: prompt.text, cursors: { ...ui().cursors, help: 0 } }),
    command: () => {},
    "act-as": () => {},
    verb: () => {},
  };
  const lineChanged = (prompt: Prompt) => LINE_CHANGES[prompt.kind](prompt);

  /** What Enter on a line sends: one entry a kind of line. */
  const LINE_SUBMITS: { [K in PromptKind]: (prompt: Prompt, text: string) => void } = {
    filter: (prompt) => prompt.list !== undefined && ctx.get().submitFilter(prompt.list),
    field: (prompt) => submitFormFilter(prompt),
    "act-as": (_prompt, text) => ctx.get().setUser(text.trim() || undefined),
    search: (_prompt, text) => ctx.get().searchApi(text),
    verb: (prompt, text) => prompt.verb && ctx.get().submitVerbValue(prompt.verb, text),
    // The command bar's line is the input router's to run (src/tui/commands.ts): the store knows no command.
    command: () => {},
  };

  return {
    openPrompt(kind, text = "", offer = {}) {
      const list = listInView(ctx.get());
      if ((kind === "field" || kind === "filter") && list === undefined) return;
      // The list's grammar loads as the line opens: the first keys typed are marked at once.
      const ref = kind === "filter" && list !== undefined ? listRefOf(list) : undefined;
      if (ref) void grammarFor(ref.resource);
      setUi({ prompt: { kind, ...(kind === "field" || kind === "filter" ? { list } : {}), ...lineAt(text), ...offer } });
    },

    keyInPrompt(key, complete) {
      const prompt = ui().prompt;
      if (!prompt) return {};
      const searched = prompt.search && historyOf(prompt.kind);
      if (prompt.search && searched) {
        const history = ui().history[searched];
        const found = searchKey(prompt.search, key, history);
        if (found.kind === "search" || found.kind === "cancel") {
          setUi({ prompt: { ...prompt, search: found.kind === "search" ? found.search : undefined } });
          return {};
        }
        // Taken (a match or not, the search ends): the line says the match, as if typed, and nothing runs.
        const match = matchOf(prompt.search, history);
        const next: Prompt = { ...prompt, ...(match === undefined ? {} : lineAt(match)), search: undefined, recall: undefined };
        setUi({ prompt: next });
        if (next.text !== prompt.text) lineChanged(next);
        return found.kind === "take-then" ? ctx.get().keyInPrompt(found.key, complete) : {};
      }
      const outcome = editLine(prompt, key);
      switch (outcome.kind) {
        case "edit": {
          // Typing ends the list of candidates: the next tab completes what the line says then.
          const next: Prompt = { ...prompt, ...outcome.line, recall: undefined, completion: undefined, note: undefined };
          setUi({ prompt: next });
          if (next.text !== prompt.text) lineChanged(next);
          return {};
        }
        case "recall": {
          const name = historyOf(prompt.kind);
          if (!name) return {};
          const history = ui().history[name];
          // An entry the line already says is passed over (the filter line opens on the last filter).
          let at = (prompt.recall?.at ?? history.length) + outcome.step;
          while (at >= 0 && at < history.length && history[at] === prompt.text) at += outcome.step;
          if (at < 0 || at > history.length) return {};
          const typed = prompt.recall?.typed ?? prompt.text;
          const text = at === history.length ? typed : history[at]!;
          const next: Prompt = { ...prompt, ...lineAt(text), recall: at === history.length ? undefined : { at, typed }, completion: undefined };
          setUi({ prompt: next });
          if (next.text !== prompt.text) lineChanged(next);
          return {};
        }
        case "accept": {
          const name = historyOf(prompt.kind);
          const suggested = name && suggestionOf(prompt, ui().history[name]);
          if (!suggested) return {};
          const next: Prompt = { ...prompt, ...lineAt(suggested), recall: undefined, completion: undefined };
          setUi({ prompt: next });
          lineChanged(next);
          return {};
        }
        case "search":
          if (historyOf(prompt.kind)) setUi({ prompt: { ...prompt, search: startSearch(), completion: undefined } });
          return {};
        case "complete": {
          const shown = prompt.completion;
          // Going through the candidates listed: each in turn is the line.
          if (shown) {
            const at = (shown.at + outcome.step + shown.candidates.length + (shown.at < 0 && outcome.step < 0 ? 1 : 0)) % shown.candidates.length;
            setUi({ prompt: { ...prompt, ...lineAt(shown.candidates[at]!), recall: undefined, completion: { ...shown, at } } });
            return {};
          }
          const found = complete?.(prompt.text);
          if (!found || (found.line === prompt.text && found.candidates.length < 2)) return {};
          setUi({ prompt: { ...prompt, ...lineAt(found.line), recall: undefined, ...(found.candidates.length > 1 ? { completion: { candidates: found.candidates, at: -1 } } : {}) } });
          return {};
        }
        case "cancel":
          setUi({ prompt: undefined });
          // A field's Esc puts the filter back as it was; the filter line keeps what was typed.
          if (prompt.kind === "field" && prompt.field) setFormFilter(prompt, prompt.field.original);
          // Esc instead of typing back a destroying write's id: its box goes too, nothing sent.
          if (prompt.verb && "typeBack" in prompt.verb.into) ctx.get().closeDialog();
          return {};
        case "submit": {
          const name = historyOf(prompt.kind);
          setUi({ prompt: undefined, ...(name ? { history: { ...ui().history, [name]: remember(ui().history[name], outcome.text) } } : {}) });
          LINE_SUBMITS[prompt.kind](prompt, outcome.text);
          return prompt.kind === "command" ? { command: outcome.text } : {};
        }
        default:
          return {};
      }
    },

    openHelp() {
      ctx.get().navigate({ view: "help" });
      if (ui().helpFilters) return;
      const loaded = loadedFilterHelp();
      if (loaded) setUi({ helpFilters: loaded });
      else void listFilterHelp().then((helpFilters) => setUi({ helpFilters }));
    },

    openForm(list) {
      const ref = listRefOf(list);
      if (!ref) return;
      const open = (grammar: Grammar | undefined) => {
        if (!grammar) return ctx.get().notify(`the service documents no filter for ${ref.resource.name}: / narrows the rows loaded`);
        setUi({ form: { list, keys: grammar.keys, field: ui().form?.list === list ? ui().form!.field : 0 } });
      };
      const loaded = loadedGrammar(ref.resource);
      if (loaded) return open(loaded.grammar);
      // Until the grammar is in, the keys typed after f wait (the input router holds them): they are the form's.
      setUi({ formLoading: list });
      void grammarFor(ref.resource).then((grammar) => {
        setUi({ formLoading: undefined });
        // Moved on while it loaded: the form belongs to the list it was asked on.
        if (listInView(ctx.get()) === list) open(grammar);
      });
    },

    closeForm() {
      setUi({ form: undefined, prompt: ui().prompt?.kind === "field" ? undefined : ui().prompt });
    },

    moveFormField(to) {
      const form = ui().form;
      if (!form) return;
      const count = form.keys.length;
      setUi({ form: { ...form, field: Math.max(0, Math.min(to, count - 1)) } });
    },

    editField(how) {
      const form = ui().form;
      if (!form) return;
      const original = formFilter(form);
      const key = formKey(form);
      const choices = choicesOf(form);
      if (how === "choose" && choices.length > 0) {
        // The list: (any), each value, type a value…; the current value highlighted.
        const current = choices.indexOf(fieldText(original, key));
        return setUi({ form: { ...form, choice: { index: current + 1, original } } });
      }
      setUi({ prompt: { kind: "field", list: form.list, field: { key, original }, ...lineAt(fieldText(original, key)) } });
    },

    clearField() {
      const form = ui().form;
      if (form) setFormFilter(form, withField(formFilter(form), formKey(form), ""));
    },

    keyInChoice(key) {
      const form = ui().form;
      const choice = form?.choice;
      if (!form || !choice) return;
      const choices = choicesOf(form);
      // Entries: 0 (any), 1..n the values, n+1 type a value.
      const last = choices.length + 1;
      const move = (index: number) => setUi({ form: { ...form, choice: { ...choice, index: Math.max(0, Math.min(index, last)) } } });
      switch (key.name) {
        case "up":
        case "k":
          return move(choice.index - 1);
        case "down":
        case "j":
          return move(choice.index + 1);
        case "home":
        case "g":
          return move(0);
        case "end":
        case "G":
          return move(last);
        case "escape":
          return setUi({ form: { ...form, choice: undefined } });
        case "enter": {
          setUi({ form: { ...form, choice: undefined } });
          if (choice.index === last) return ctx.get().editField("text");
          const value = choice.index === 0 ? "" : choices[choice.index - 1]!;
          setFormFilter(form, withField(choice.original, formKey(form), value));
          return submitFormFilter(form);
        }
        default:
      }
    },

    setCursor(name, index) {
      if (ui().cursors[name] !== index) setUi({ cursors: { ...ui().cursors, [name]: index } });
    },

    togglePane(pane) {
      const on = !ui().panes[pane];
      setUi({ panes: { ...ui().panes, [pane]: on }, ...(pane === "side" && !on ? { focus: "main" as const } : {}) });
      return on;
    },

    toggleParticipants() {
      setUi({ participants: ui().participants === "timeline" ? "table" : "timeline" });
    },

    setFocus(focus) {
      if (ui().focus !== focus) setUi({ focus });
    },

    setViewport(columns, rows) {
      const { viewport } = ui();
      if (viewport.columns !== columns || viewport.rows !== rows) setUi({ viewport: { columns, rows } });
    },

    toggleMark(id, row) {
      const rows = marksHere(ctx.get());
      const marked = rows.some((m) => m.id === id);
      setUi({ marks: { at: markPlace(ctx.get()), rows: marked ? rows.filter((m) => m.id !== id) : [...rows, { id, row }] } });
    },

    clearMarks() {
      if (ui().marks) setUi({ marks: undefined });
    },
  };
}
