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
