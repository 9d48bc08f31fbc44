import type { Key } from "ink";

/**
 * A key press as one name, the way the keymap writes keys: "j", "G", "?",
 * "enter", "escape", "up", "pageDown", "ctrl-p", "tab".
 */
export function keyName(input: string, key: Key): string {
  if (key.ctrl && input) return `ctrl-${input.toLowerCase()}`;
  if (key.return) return "enter";
  if (key.escape) return "escape";
  if (key.upArrow) return "up";
  if (key.downArrow) return "down";
  if (key.leftArrow) return "left";
  if (key.rightArrow) return "right";
  if (key.pageUp) return "pageUp";
  if (key.pageDown) return "pageDown";
  if (key.tab) return key.shift ? "shift-tab" : "tab";
  if (key.backspace || key.delete) return "backspace";
  return input;
}

/** The name of one character typed in a run of plain text. */
function charName(char: string): string {
  if (char === "\r" || char === "\n") return "enter";
  if (char === "\t") return "tab";
  if (char === "\x7f" || char === "\b") return "backspace";
  const code = char.codePointAt(0)!;
  if (code >= 1 && code <= 26) return `ctrl-${String.fromCharCode(code + 96)}`;
  return char;
}

/**
 * The key presses in one input event. Ink hands over a run of plain text as
 * one event ("jj" when keys come faster than frames, over SSH, or pasted):
 * each character is a key press of its own.
 */
export function keyNames(input: string, key: Key): string[] {
  const chars = [...input];
  if (chars.length <= 1 || key.ctrl || key.meta || input.startsWith("\x1b")) return [keyName(input, key)];
  return chars.map(charName);
}
