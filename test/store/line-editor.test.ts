import { describe, expect, it } from "vitest";
import { type KeyPress, type LineState, editLine, lineAt, pastedText } from "../../src/store/line-editor.js";

/** Keys applied in order; the text with the cursor drawn as |. */
function run(start: string, ...keys: Array<string | KeyPress>): string {
  let line: LineState = start.includes("|") ? { text: start.replace("|", ""), cursor: start.indexOf("|") } : lineAt(start);
  for (const k of keys) {
    const key = typeof k === "string" ? ([...k].length === 1 ? { name: k, text: k } : { name: k }) : k;
    const out = editLine(line, key);
    if (out.kind === "edit") line = out.line;
  }
  return `${line.text.slice(0, line.cursor)}|${line.text.slice(line.cursor)}`;
}

describe("line editing as readline does it", () => {
  it("moves by character, to either end, and by words", () => {
    expect(run("type:public", "left", "left")).toBe("type:publ|ic");
    expect(run("type:public", "home")).toBe("|type:public");
    expect(run("type:public", "ctrl-a", "ctrl-e")).toBe("type:public|");
    expect(run("type:public tag:vip", "alt-b")).toBe("type:public tag:|vip");
    expect(run("type:public tag:vip", "alt-b", "alt-b", "alt-b")).toBe("type:|public tag:vip");
    expect(run("|type:public tag:vip", "alt-f", "alt-f")).toBe("type:public| tag:vip");
    expect(run("a b", "ctrl-left", "ctrl-right")).toBe("a b|");
    expect(run("ab", "right", "right")).toBe("ab|");
  });

  it("cuts to the start, to the end, a word before, and deletes either side", () => {
    expect(run("call wrong|-id", "ctrl-u")).toBe("|-id");
    expect(run("call wrong|-id", "ctrl-k")).toBe("call wrong|");
    expect(run("type:public tag:vip", "ctrl-w")).toBe("type:public |");
    expect(run("type:public tag:vip  ", "ctrl-w")).toBe("type:public |");
    expect(run("type:public tag:vip", "alt-backspace")).toBe("type:public tag:|");
    expect(run("ab|cd", "backspace", "delete")).toBe("a|d");
    expect(run("ab|cd", "ctrl-h", "ctrl-d")).toBe("a|d");
    expect(run("|ab", "backspace")).toBe("|ab");
  });

  it("types at the cursor, and steps over a character made of several code points whole", () => {
    expect(run("ac", "left", "b")).toBe("ab|c");
    expect(run("👨‍👩‍👧x", "left", "left")).toBe("|👨‍👩‍👧x");
    expect(run("é日", "backspace", "backspace")).toBe("|");
  });

  it("says what Enter, Esc, ↑/↓ and tab ask for, and ignores keys that are not the line's", () => {
    expect(editLine(lineAt("x"), { name: "enter" })).toEqual({ kind: "submit", text: "x" });
    expect(editLine(lineAt("x"), { name: "escape" })).toEqual({ kind: "cancel" });
    expect(editLine(lineAt("x"), { name: "up" })).toEqual({ kind: "recall", step: -1 });
    expect(editLine(lineAt("x"), { name: "down" })).toEqual({ kind: "recall", step: 1 });
    expect(editLine(lineAt("x"), { name: "tab" })).toEqual({ kind: "complete", step: 1 });
    expect(editLine(lineAt("x"), { name: "shift-tab" })).toEqual({ kind: "complete", step: -1 });
    expect(editLine(lineAt("x"), { name: "pageDown" })).toEqual({ kind: "ignore" });
    expect(editLine(lineAt("x"), { name: "unknown" })).toEqual({ kind: "ignore" });
  });

  it("takes a paste as text: line breaks never submit, controls go, blanks and quotes around an id are trimmed", () => {
    expect(run("call |", { name: "paste", text: "  v1.us.abc.123  \n", paste: true })).toBe("call v1.us.abc.123|");
    expect(run("call |", { name: "paste", text: '"v1.us.abc.123"', paste: true })).toBe("call v1.us.abc.123|");
    expect(run("", { name: "paste", text: "type:public\ntag:vip\r\n", paste: true })).toBe("type:public tag:vip|");
    expect(run("", { name: "paste", text: "a\u001b[31mb\u0007c\u009b", paste: true })).toBe("abc|");
    expect(pastedText("'a b'")).toBe("'a b'");
  });
});
