/**
 * ctrl-r in a line with a history (the command bar, the filter line): a
 * reverse incremental search, as readline's, as a pure function of the
 * search and one key. What is typed narrows to the newest earlier line that
 * holds it; ctrl-r goes to the next older one; backspace widens.
 */
import { type KeyPress, pastedText } from "./line-editor.js";

export interface HistorySearch {
  /** What is searched for. */
  query: string;
  /** The entry of the history that matches (its index), if any. */
  at?: number;
  /** The last ctrl-r found nothing older: the match stays, and the line says so. */
  oldest?: boolean;
}

export type SearchOutcome =
  | { kind: "search"; search: HistorySearch }
  /** Enter: the match into the line, not run (a second Enter runs it). */
  | { kind: "take" }
  /** A line key (a move, an edit): the match into the line, and the key acts on it, as readline does. */
  | { kind: "take-then"; key: KeyPress }
  /** Esc or ctrl-g: the line as it was before ctrl-r. */
  | { kind: "cancel" };

/**
 * The newest entry at or before `from` that holds `query`. A line said several times is found once, where it
 * was said last: ctrl-r never shows the same line twice.
 */
function matchFrom(history: readonly string[], query: string, from: number): number | undefined {
  for (let i = Math.min(from, history.length - 1); i >= 0; i--) {
    if (history[i]!.includes(query) && history.lastIndexOf(history[i]!) === i) return i;
  }
  return undefined;
}

/** ctrl-r pressed on the line: nothing typed yet, no match. */
export const startSearch = (): HistorySearch => ({ query: "" });

/**
 * Narrowed to `query`: the match shown while it still holds it, else the newest that does (typing narrows,
 * backspace widens).
 */
function narrowed(history: readonly string[], query: string, at: number | undefined): HistorySearch {
  return { query, at: at !== undefined && history[at]!.includes(query) ? at : matchFrom(history, query, history.length - 1) };
}

/** What one key does to a search over `history` (oldest first). */
export function searchKey(search: HistorySearch, key: KeyPress, history: readonly string[]): SearchOutcome {
  const { query, at } = search;
  const typed = key.paste ? pastedText(key.text ?? "") : key.text?.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
  switch (key.name) {
    case "ctrl-r": {
      // The next older entry that holds it (and says something else than the match shown).
      const older = matchFrom(history, query, (at ?? history.length) - 1);
      return { kind: "search", search: older === undefined ? { ...search, oldest: at !== undefined } : { query, at: older } };
    }
    case "backspace":
    case "ctrl-h":
      return { kind: "search", search: narrowed(history, [...query].slice(0, -1).join(""), undefined) };
    case "enter":
      return { kind: "take" };
    case "escape":
    case "ctrl-g":
    case "ctrl-c":
      return { kind: "cancel" };
    default:
      // A character (or a paste) narrows.
      if (typed) return { kind: "search", search: narrowed(history, query + typed, at) };
      return { kind: "take-then", key };
  }
}

/** The entry the search shows, if any. */
export const matchOf = (search: HistorySearch, history: readonly string[]): string | undefined =>
  search.at === undefined ? undefined : history[search.at];
