import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { keyNames } from "../../src/tui/keys.js";

const plain = { ctrl: false, meta: false, shift: false } as Key;

describe("key presses in one input event", () => {
  it("splits a run of plain text into one key press a character (keys faster than frames, over SSH)", () => {
    expect(keyNames("jj", plain)).toEqual(["j", "j"]);
    expect(keyNames("/ty\r", plain)).toEqual(["/", "t", "y", "enter"]);
    expect(keyNames("a\x7f\tq", plain)).toEqual(["a", "backspace", "tab", "q"]);
    expect(keyNames("x\x10", plain)).toEqual(["x", "ctrl-p"]);
    expect(keyNames("日本", plain)).toEqual(["日", "本"]);
  });

  it("leaves one key press whole: a letter, an escape sequence, a ctrl key", () => {
    expect(keyNames("G", { ...plain, shift: true })).toEqual(["G"]);
    expect(keyNames("", { ...plain, downArrow: true })).toEqual(["down"]);
    expect(keyNames("\x1b[A", { ...plain, upArrow: true })).toEqual(["up"]);
    expect(keyNames("r", { ...plain, ctrl: true })).toEqual(["ctrl-r"]);
    expect(keyNames("", { ...plain, return: true })).toEqual(["enter"]);
  });
});
