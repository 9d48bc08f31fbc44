/**
 * Editing one line as readline does, as a pure function of the line and one
 * key: every line input of the explorer (`:`, `/`, the form's fields, the
 * user prompt) is this reducer over state in the store, so that keys are
 * applied in the order they arrive, with no component in between.
 */
import { graphemeSegmenter } from "../text/intl.js";

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
  | { kind: "complete" }
  /** Not a line key: nothing changes. */
  | { kind: "ignore" };


/** Grapheme boundaries of `text`: 0, each cluster's end. */
function boundaries(text: string): number[] {
  const out = [0];
  for (const s of graphemeSegmenter().segment(text)) out.push(s.index + s.segment.length);
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

/** What one key does to a line. */
export function editLine(line: LineState, key: KeyPress): LineOutcome {
  const { text, cursor } = line;
  const edit = (next: LineState): LineOutcome => ({ kind: "edit", line: next });
  if (key.paste) return edit(insert(line, pastedText(key.text ?? "")));
  switch (key.name) {
    case "enter":
      return { kind: "submit", text };
    case "escape":
    case "ctrl-c":
      return { kind: "cancel" };
    case "up":
    case "ctrl-p":
      return { kind: "recall", step: -1 };
    case "down":
    case "ctrl-n":
      return { kind: "recall", step: 1 };
    case "tab":
      return { kind: "complete" };
    case "left":
    case "ctrl-b":
      return edit({ text, cursor: prevBoundary(text, cursor) });
    case "right":
    case "ctrl-f":
      return edit({ text, cursor: nextBoundary(text, cursor) });
    case "home":
    case "ctrl-a":
      return edit({ text, cursor: 0 });
    case "end":
    case "ctrl-e":
      return edit({ text, cursor: text.length });
    case "alt-b":
    case "ctrl-left":
      return edit({ text, cursor: wordStart(text, cursor) });
    case "alt-f":
    case "ctrl-right":
      return edit({ text, cursor: wordEnd(text, cursor) });
    case "backspace":
    case "ctrl-h":
      return edit(cut(line, prevBoundary(text, cursor), cursor));
    case "delete":
    case "ctrl-d":
      return edit(cut(line, cursor, nextBoundary(text, cursor)));
    case "ctrl-u":
      return edit(cut(line, 0, cursor));
    case "ctrl-k":
      return edit(cut(line, cursor, text.length));
    case "ctrl-w":
      return edit(cut(line, blankWordStart(text, cursor), cursor));
    case "alt-backspace":
      return edit(cut(line, wordStart(text, cursor), cursor));
    case "alt-d":
      return edit(cut(line, cursor, wordEnd(text, cursor)));
    default:
      // A printable key types its character; other named keys do nothing to the line.
      return key.text !== undefined && key.text.replace(CONTROLS, "") !== "" ? edit(insert(line, key.text.replace(CONTROLS, ""))) : { kind: "ignore" };
  }
}
