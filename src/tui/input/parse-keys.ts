import type { KeyPress } from "../../store/line-editor.js";
import { SESSION_ID } from "../../api/session-id.js";
import { ID_SHAPE } from "../../resources/id-kinds.js";

/**
 * Bytes from the terminal → key presses, in order, however the bytes were cut
 * into reads: a sequence split across two reads is held until its end comes,
 * and a bracketed paste (ESC[200~ … ESC[201~) is one paste, whatever it holds.
 * Names are the keymap's: "j", "G", "enter", "escape", "up", "pageDown",
 * "ctrl-a", "alt-b", "ctrl-left", "delete", "shift-tab", "paste".
 */

const ESC = "\u001b";
const PASTE_END = `${ESC}[201~`;
/** The most of one paste kept: a paste is a line of text, and a runaway one must not fill memory. */
export const MAX_PASTE = 64 * 1024;

const CSI_LETTERS: Record<string, string> = { A: "up", B: "down", C: "right", D: "left", H: "home", F: "end", Z: "shift-tab", E: "clear" };
const CSI_TILDE: Record<string, string> = { 1: "home", 7: "home", 4: "end", 8: "end", 2: "insert", 3: "delete", 5: "pageUp", 6: "pageDown" };
const SS3_LETTERS: Record<string, string> = { A: "up", B: "down", C: "right", D: "left", H: "home", F: "end", P: "f1", Q: "f2", R: "f3", S: "f4" };

/** A key named from one control or printable character. */
export function charKey(char: string): KeyPress {
  switch (char) {
    case "\r":
    case "\n":
      return { name: "enter" };
    case "\t":
      return { name: "tab" };
    case "\u007f":
    case "\b":
      return { name: "backspace" };
    case ESC:
      return { name: "escape" };
    default: {
      const code = char.codePointAt(0)!;
      if (code >= 1 && code <= 26) return { name: `ctrl-${String.fromCharCode(code + 96)}` };
      if (code < 32 || (code >= 0x80 && code < 0xa0)) return { name: "unknown" };
      return { name: char, text: char };
    }
  }
}

/** A CSI sequence's key: its parameters and final byte. */
function csiKey(params: string, final: string): KeyPress | "paste-start" | "paste-end" {
  const [first = "", modifier] = params.split(";");
  if (final === "~") {
    if (first === "200") return "paste-start";
    if (first === "201") return "paste-end";
    const name = CSI_TILDE[first];
    return name ? { name } : { name: "unknown" };
  }
  const name = CSI_LETTERS[final];
  if (!name) return { name: "unknown" };
  // xterm's modifier: 1 + (shift 1, alt 2, ctrl 4). Word moves are ctrl- or alt-arrows.
  const mod = Number(modifier ?? 1) - 1;
  if ((name === "left" || name === "right") && mod & 6) return { name: `ctrl-${name}` };
  return { name };
}

/** Controls that no pasted line holds (a tab may; line breaks are looked at apart). */
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/** Text, then the line breaks that end it (and nothing after them). */
const ENDED_LINE = /^[^\u0000-\u0008\u000a-\u001f\u007f-\u009f]*[\r\n]+$/;

/**
 * One id as a program makes them: 4 characters or more, a letter or digit at either end and one of
 * `_ . @ -` inside (`grp-7`, `user_12`, `alice_user_bob`), which a person's keys bunched by a slow link
 * hardly make (`-` removes, but a box asks first). Letters and digits alone are what such keys look like
 * (`ualice⏎` is u, then a uid typed into its prompt; `jj1`), so they stay keys: an id of those is looked
 * up when the terminal marks its paste (bracketed paste).
 */
const isMadeId = (line: string) => ID_SHAPE.test(line) && /^[\p{L}\p{N}].{2,}[\p{L}\p{N}]$/u.test(line) && /.[_.@-]./u.test(line);

/**
 * Text that holds a session id, or is one id made by a program, and nothing
 * a key sends but text (a line break may end it): an id pasted where the
 * terminal does not mark pastes, or typed by a program. It is a paste, as a
 * bracketed one is, never keys (its `u` opened the act-as prompt); its line
 * breaks at the end are Enter.
 */
function unmarkedPaste(text: string): KeyPress[] | undefined {
  const line = text.replace(/[\r\n]+$/, "");
  if (CONTROLS.test(line) || !(SESSION_ID.test(line) || isMadeId(line))) return undefined;
  const enters = text.slice(line.length).replaceAll("\r\n", "\r");
  return [{ name: "paste", text: line, paste: true }, ...[...enters].map(charKey)];
}

export class KeyParser {
  private pending = "";
  private paste: string[] | undefined;
  private pasteLength = 0;
  /**
   * Text of more than one character a read, its reads following each other
   * closely: the start of a paste the terminal did not mark (SSH and mosh
   * hand a long one over in several reads a few ms apart), or keys bunched
   * together. Held until a read ends it or none comes for a moment, then
   * taken whole: a paste if it holds a session id or is one made id, else the keys
   * it is. A key alone in its read, as a person types, is never held.
   */
  private burst = "";
  /** The last read ended such a paste with CR: an LF first in the next is the rest of its CRLF, not a second Enter. */
  private pasteEndedInCR = false;

  /** The keys these bytes complete; an unfinished sequence, or text that may start a paste, waits for the next read. */
  push(read: string): KeyPress[] {
    const chunk = this.pasteEndedInCR && read.startsWith("\n") ? read.slice(1) : read;
    this.pasteEndedInCR = false;
    if (this.pending !== "" || this.paste) return this.parse(chunk);
    const text = this.burst + chunk;
    if (!CONTROLS.test(chunk) && (this.burst !== "" || [...chunk].length > 1) && text.length <= MAX_PASTE) {
      this.burst = text;
      return [];
    }
    // A line break ends a paste: the text up to it is taken whole now.
    if (ENDED_LINE.test(chunk)) {
      this.burst = "";
      return this.unmarked(text);
    }
    return [...this.flushBurst(), ...this.parse(chunk)];
  }

  /** Held text taken as it stands. */
  private flushBurst(): KeyPress[] {
    const text = this.burst;
    this.burst = "";
    return text === "" ? [] : this.unmarked(text);
  }

  /** Text no terminal marked as a paste: a paste if it holds a session id or is one id, else its keys. */
  private unmarked(text: string): KeyPress[] {
    const paste = unmarkedPaste(text);
    if (!paste) return this.parse(text);
    this.pasteEndedInCR = text.endsWith("\r");
    return paste;
  }

  private parse(chunk: string): KeyPress[] {
    const keys: KeyPress[] = [];
    let input = this.pending + chunk;
    this.pending = "";
    let i = 0;
    while (i < input.length) {
      if (this.paste) {
        const end = input.indexOf(PASTE_END, i);
        if (end < 0) {
          // Keep back what may be the start of the end marker.
          let keep = 0;
          for (let n = Math.min(PASTE_END.length - 1, input.length - i); n > 0; n--) {
            if (PASTE_END.startsWith(input.slice(input.length - n))) {
              keep = n;
              break;
            }
          }
          this.addPaste(input.slice(i, input.length - keep));
          this.pending = input.slice(input.length - keep);
          return keys;
        }
        this.addPaste(input.slice(i, end));
        keys.push({ name: "paste", text: this.paste.join(""), paste: true });
        this.paste = undefined;
        this.pasteLength = 0;
        i = end + PASTE_END.length;
        continue;
      }
      const char = String.fromCodePoint(input.codePointAt(i)!);
      if (char !== ESC) {
        keys.push(charKey(char));
        i += char.length;
        continue;
      }
      const parsed = this.escape(input, i);
      if (parsed === "incomplete") {
        this.pending = input.slice(i);
        return keys;
      }
      i = parsed.next;
      if (parsed.key === "paste-start") {
        this.paste = [];
        this.pasteLength = 0;
        // The rest of the input is the paste's: parse it in that state.
        input = input.slice(i);
        i = 0;
      } else if (parsed.key !== "paste-end") {
        keys.push(parsed.key);
      }
    }
    return keys;
  }

  /**
   * What waits for more bytes: a paste's rest, the rest of a sequence (a lone
   * ESC may be the Escape key), or text that may start a paste no terminal marked.
   */
  waiting(): "paste" | "sequence" | "burst" | undefined {
    if (this.paste) return "paste";
    if (this.burst !== "") return "burst";
    return this.pending !== "" ? "sequence" : undefined;
  }

  /**
   * Takes what waits as it stands: called when no more bytes came for a while.
   * A lone ESC is the Escape key; an unfinished paste is a paste; held text is
   * a paste if it holds a session id or is one made id, else keys.
   */
  flush(): KeyPress[] {
    if (this.burst !== "") return this.flushBurst();
    const rest = this.pending;
    this.pending = "";
    if (this.paste) {
      this.addPaste(rest);
      const text = this.paste.join("");
      this.paste = undefined;
      this.pasteLength = 0;
      return [{ name: "paste", text, paste: true }];
    }
    if (rest === "") return [];
    const [first, ...others] = [...rest];
    return [charKey(first!), ...this.parse(others.join(""))];
  }

  private addPaste(text: string): void {
    if (!this.paste || text === "") return;
    const room = MAX_PASTE - this.pasteLength;
    if (room <= 0) return;
    const kept = text.length > room ? text.slice(0, room) : text;
    this.paste.push(kept);
    this.pasteLength += kept.length;
  }

  /** The escape sequence at `at` (which is an ESC). */
  private escape(input: string, at: number): { key: KeyPress | "paste-start" | "paste-end"; next: number } | "incomplete" {
    const next = input[at + 1];
    if (next === undefined) return "incomplete";
    if (next === "[") {
      // Parameters and intermediates, then a final byte.
      let j = at + 2;
      while (j < input.length && /[0-9;:<=>?]/.test(input[j]!)) j++;
      if (j >= input.length) return "incomplete";
      const final = input[j]!;
      // ESC [ [ A: the Linux console's F1..F5.
      if (final === "[" && j === at + 2) return j + 1 < input.length ? { key: { name: "unknown" }, next: j + 2 } : "incomplete";
      // Focus in/out and mouse reports are not keys.
      if (final === "I" || final === "O" || final === "M") return { key: { name: "unknown" }, next: j + 1 };
      return { key: csiKey(input.slice(at + 2, j), final), next: j + 1 };
    }
    if (next === "O") {
      const final = input[at + 2];
      if (final === undefined) return "incomplete";
      return { key: { name: SS3_LETTERS[final] ?? "unknown" }, next: at + 3 };
    }
    if (next === ESC) {
      // ESC ESC [ A (alt-arrow in some terminals) or two Escape presses: the first is Escape either way.
      return { key: { name: "escape" }, next: at + 1 };
    }
    const char = String.fromCodePoint(input.codePointAt(at + 1)!);
    if (char === "\u007f" || char === "\b") return { key: { name: "alt-backspace" }, next: at + 2 };
    // Escape, then a control key (Esc and Tab pressed in a row): two keys.
    if (char.codePointAt(0)! < 0x20) return { key: { name: "escape" }, next: at + 1 };
    // Alt (meta) with a printable key: alt-b, alt-f, alt-d.
    return { key: { name: `alt-${char}` }, next: at + 1 + char.length };
  }
}
