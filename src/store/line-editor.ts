/**
 * Editing one line as readline does, as a pure function of the line and one
 * key: every line input of the explorer (`:`, `/`, the form's fields, the
 * user prompt) is this reducer over state in the store, so that keys are
 * applied in the order they arrive, with no component in between.
 */
import { segmentGraphemes } from "../text/grapheme-segments.js";

/** A key press as the explorer names it ("a", "enter", "ctrl-w", "alt-b", "left"), or a paste. */
export interface KeyPress {
  name: string;
  /** What the key types: one character for a printable key, the whole text for a paste. */
  text?: string;
  paste?: boolean;
}

export interface LineState {
  text: string;
  /** Where the cursor stands, in UTF-16 units, always on a grapheme boundary. */
  cursor: number;
}

export type LineOutcome =
  | { kind: "edit"; line: LineState }
  | { kind: "submit"; text: string }
  | { kind: "cancel" }
  /** Up (-1, older) or down (+1, newer) through the line's history. */
  | { kind: "recall"; step: -1 | 1 }
  | { kind: "complete"; step: 1 | -1 }
  /** At the line's end, → or End: take the rest the history suggests (suggestionOf). */
  | { kind: "accept" }
  /** ctrl-r: search the line's history backwards (history-search.ts). */
  | { kind: "search" }
  /** Not a line key: nothing changes. */
  | { kind: "ignore" };


/** Grapheme boundaries of `text`: 0, each cluster's end. */
function boundaries(text: string): number[] {
  const out = [0];
  for (const s of segmentGraphemes(text)) out.push(s.index + s.segment.length);
  return out;
}

const prevBoundary = (text: string, at: number) => boundaries(text).filter((b) => b < at).pop() ?? 0;
const nextBoundary = (text: string, at: number) => boundaries(text).find((b) => b > at) ?? text.length;

const isWordChar = (ch: string) => /[\p{L}\p{N}_]/u.test(ch);

/** Start of the word before `at` (alt-b): back over non-word characters, then over word characters. */
function wordStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && !isWordChar(text[i - 1]!)) i--;
  while (i > 0 && isWordChar(text[i - 1]!)) i--;
  return i;
}

/** End of the word after `at` (alt-f). */
function wordEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && !isWordChar(text[i]!)) i++;
  while (i < text.length && isWordChar(text[i]!)) i++;
  return i;
}

/** Start of the blank-delimited word before `at` (ctrl-w, as readline's unix-word-rubout). */
function blankWordStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  while (i > 0 && !/\s/.test(text[i - 1]!)) i--;
  return i;
}

// Controls (C0, DEL, C1) typed or pasted are not text: a line break or tab becomes a blank, the rest go.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Pasted text as one line: line breaks and tabs become blanks (a paste never
 * submits), controls and escape sequences go, and the blanks and quotes
 * around a pasted id are trimmed.
 */
export function pastedText(text: string): string {
  const flat = text
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "")
    .replace(/\r\n|[\r\n\t]/g, " ")
    .replace(CONTROLS, "")
    .trim();
  const quoted = /^(["'`])(\S+)\1$/.exec(flat);
  return quoted ? quoted[2]! : flat;
}

const insert = (line: LineState, text: string): LineState =>
  text === "" ? line : { text: line.text.slice(0, line.cursor) + text + line.text.slice(line.cursor), cursor: line.cursor + text.length };

const cut = (line: LineState, from: number, to: number): LineState =>
  ({ text: line.text.slice(0, from) + line.text.slice(to), cursor: from });

export function lineAt(text: string): LineState {
  return { text, cursor: text.length };
}

/**
 * The keys of every line, as data: what each does to the line, and the words help and the footer say
 * for it (gemini-cli's key bindings, in miniature). `editLine` dispatches from this table and the help
 * screen and the line's footer are written from it, so the three cannot disagree.
 */
export interface LineBinding {
  /** Key names as the parser names them; the first is the one help and the footer show first. */
  keys: readonly string[];
  description: string;
  /** The short word the footer shows while a line is open; bindings without one are in help only. */
  footer?: string;
  /** It acts on the line's history: only the command bar and the filter line have one (the footer leaves it out elsewhere). */
  history?: true;
  apply(line: LineState): LineOutcome;
}

const edit = (line: LineState): LineOutcome => ({ kind: "edit", line });

export const LINE_BINDINGS: readonly LineBinding[] = [
  { keys: ["enter"], description: "runs the line (a filter applies, a command runs)", footer: "apply", apply: ({ text }) => ({ kind: "submit", text }) },
  { keys: ["escape", "ctrl-c"], description: "closes the line", footer: "close", apply: () => ({ kind: "cancel" }) },
  { keys: ["up", "ctrl-p"], description: "an earlier command or filter (kept while ccx runs)", footer: "earlier", history: true, apply: () => ({ kind: "recall", step: -1 }) },
  { keys: ["down", "ctrl-n"], description: "a later command or filter", history: true, apply: () => ({ kind: "recall", step: 1 }) },
  { keys: ["ctrl-r"], description: "searches earlier commands or filters: what is typed narrows to the newest that holds it, ctrl-r an older one, enter puts it in the line (enter again runs it), esc or ctrl-g leaves the line as it was", footer: "search", history: true, apply: () => ({ kind: "search" }) },
  { keys: ["tab"], description: "completes a command and its argument (the command bar); with several, lists them under the line and goes to the next", apply: () => ({ kind: "complete", step: 1 }) },
  { keys: ["shift-tab"], description: "the candidate before (the command bar)", apply: () => ({ kind: "complete", step: -1 }) },
  { keys: ["left", "ctrl-b"], description: "a character back", apply: ({ text, cursor }) => edit({ text, cursor: prevBoundary(text, cursor) }) },
  { keys: ["right", "ctrl-f"], description: "a character on (at the end: takes the rest of an earlier line, shown grey)", apply: ({ text, cursor }) => (cursor < text.length ? edit({ text, cursor: nextBoundary(text, cursor) }) : { kind: "accept" }) },
  { keys: ["ctrl-a", "home"], description: "to the start", footer: "start", apply: ({ text }) => edit({ text, cursor: 0 }) },
  { keys: ["ctrl-e", "end"], description: "to the end (there: takes the rest of an earlier line, shown grey)", footer: "end", apply: ({ text, cursor }) => (cursor < text.length ? edit({ text, cursor: text.length }) : { kind: "accept" }) },
  { keys: ["alt-b", "ctrl-left"], description: "a word back", apply: ({ text, cursor }) => edit({ text, cursor: wordStart(text, cursor) }) },
  { keys: ["alt-f", "ctrl-right"], description: "a word on", apply: ({ text, cursor }) => edit({ text, cursor: wordEnd(text, cursor) }) },
  { keys: ["backspace", "ctrl-h"], description: "deletes the character before the cursor", apply: (line) => edit(cut(line, prevBoundary(line.text, line.cursor), line.cursor)) },
  { keys: ["delete", "ctrl-d"], description: "deletes the character under the cursor", apply: (line) => edit(cut(line, line.cursor, nextBoundary(line.text, line.cursor))) },
  { keys: ["ctrl-u"], description: "cuts to the start", footer: "cut to start", apply: (line) => edit(cut(line, 0, line.cursor)) },
  { keys: ["ctrl-k"], description: "cuts to the end", footer: "cut to end", apply: (line) => edit(cut(line, line.cursor, line.text.length)) },
  { keys: ["ctrl-w"], description: "cuts the blank-separated word before the cursor", footer: "cut word", apply: (line) => edit(cut(line, blankWordStart(line.text, line.cursor), line.cursor)) },
  { keys: ["alt-backspace"], description: "cuts the word before the cursor", apply: (line) => edit(cut(line, wordStart(line.text, line.cursor), line.cursor)) },
  { keys: ["alt-d"], description: "cuts the word after the cursor", apply: (line) => edit(cut(line, line.cursor, wordEnd(line.text, line.cursor))) },
];

const LINE_KEY = new Map(LINE_BINDINGS.flatMap((b) => b.keys.map((k) => [k, b] as const)));

/** What one key does to a line: a paste is text, a line key does what its binding says, a printable key types. */
export function editLine(line: LineState, key: KeyPress): LineOutcome {
  if (key.paste) return edit(insert(line, pastedText(key.text ?? "")));
  const binding = LINE_KEY.get(key.name);
  if (binding) return binding.apply(line);
  // A printable key types its character; other named keys do nothing to the line.
  return key.text !== undefined && key.text.replace(CONTROLS, "") !== "" ? edit(insert(line, key.text.replace(CONTROLS, ""))) : { kind: "ignore" };
}

/**
 * What the history suggests for a line being typed, as fish does: the newest earlier line that starts with
 * what is typed and says more, while the cursor is at the end and no earlier line is being browsed; the
 * rest of it is drawn grey after the cursor, and → or End takes it.
 */
export function suggestionOf(line: LineState & { recall?: unknown }, history: readonly string[]): string | undefined {
  if (line.recall !== undefined || line.text.trim() === "" || line.cursor < line.text.length) return undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const earlier = history[i]!;
    if (earlier.length > line.text.length && earlier.startsWith(line.text)) return earlier;
  }
  return undefined;
}
