import { describe, expect, it } from "vitest";
import { KeyParser, MAX_PASTE } from "../../../src/tui/input/parse-keys.js";

const names = (parser: KeyParser, ...chunks: string[]) => chunks.flatMap((c) => parser.push(c)).map((k) => (k.paste ? `paste:${k.text}` : k.name));

describe("bytes to keys", () => {
  it("names keys as the keymap does", () => {
    const p = new KeyParser();
    expect(names(p, "jG?:\r\t\u007f\u0010\u0003")).toEqual(["j", "G", "?", ":", "enter", "tab", "backspace", "ctrl-p", "ctrl-c"]);
    expect(names(p, "\u001b[A\u001b[B\u001b[C\u001b[D\u001b[H\u001b[F\u001b[5~\u001b[6~\u001b[3~\u001b[Z")).toEqual(
      ["up", "down", "right", "left", "home", "end", "pageUp", "pageDown", "delete", "shift-tab"]);
    expect(names(p, "\u001bOA\u001bOH\u001b[1~\u001b[4~\u001b[1;5D\u001b[1;3C")).toEqual(["up", "home", "home", "end", "ctrl-left", "ctrl-right"]);
    expect(names(p, "\u001bb\u001bf\u001b\u007f")).toEqual(["alt-b", "alt-f", "alt-backspace"]);
    expect(names(p, "日")).toEqual(["日"]);
  });

  it("holds a sequence cut across reads until its end comes, at any cut", () => {
    const bytes = "a\u001b[1;5Db\u001b[6~c\u001bOAd";
    const whole = names(new KeyParser(), bytes);
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        expect(names(new KeyParser(), bytes.slice(0, i), bytes.slice(i, j), bytes.slice(j))).toEqual(whole);
      }
    }
  });

  it("takes a bracketed paste whole, whatever it holds and however it is cut, and knows a paste is still coming", () => {
    const bytes = "x\u001b[200~:q\r\u001b[A\u001b[201~y";
    for (let i = 0; i <= bytes.length; i++) {
      const p = new KeyParser();
      expect(names(p, bytes.slice(0, i), bytes.slice(i))).toEqual(["x", "paste::q\r\u001b[A", "y"]);
    }
    const p = new KeyParser();
    p.push("\u001b[200~half");
    expect(p.waiting()).toBe("paste");
    expect(names(p, " and the rest\u001b[201")).toEqual([]);
    expect(names(p, "~")).toEqual(["paste:half and the rest"]);
  });

  it("a lone ESC waits, and is the Escape key when flushed; Esc then a control key are two keys", () => {
    const p = new KeyParser();
    expect(names(p, "\u001b")).toEqual([]);
    expect(p.waiting()).toBe("sequence");
    expect(p.flush().map((k) => k.name)).toEqual(["escape"]);
    expect(names(p, "\u001b\t\u001b\r")).toEqual(["escape", "tab", "escape", "enter"]);
    expect(names(p, "\u001b\u001b[A")).toEqual(["escape", "up"]);
  });

  describe("text no terminal marked as a paste", () => {
    const ID = "v1.us.app0.u7a2b9";

    it("a key alone in its read is taken at once, whatever it is", () => {
      const p = new KeyParser();
      for (const key of ["u", "v", "1", ".", "日", "\t", "\r"]) {
        expect(p.push(key)).toHaveLength(1);
        expect(p.waiting()).toBeUndefined();
      }
    });

    it("a session id cut into reads anywhere, its reads close together, is one paste; its line break is Enter", () => {
      for (const line of [ID, `${ID}\r`, `${ID}\r\n`, `2026-11-01 12:00:03 ERROR\tsession=${ID} dropped`]) {
        const whole = line.endsWith("\n") || line.endsWith("\r") ? ["paste:" + line.trimEnd(), "enter"] : ["paste:" + line];
        for (let i = 1; i < line.length; i++) {
          for (const j of [i + 1, Math.floor((i + line.length) / 2), line.length]) {
            if (j <= i || j > line.length) continue;
            const p = new KeyParser();
            const got = names(p, line.slice(0, i), line.slice(i, j), line.slice(j));
            // No read came after the last: the quiet moment takes what is held.
            if (p.waiting()) got.push(...p.flush().map((k) => (k.paste ? `paste:${k.text}` : k.name)));
            // A single character first is a key at once (a person's): the paste then starts at the next read.
            if (i === 1) continue;
            expect(got, `cut at ${i} and ${j}`).toEqual(whole);
          }
        }
      }
    });

    it("waits for the next read only while it may be a paste's start; its line break ends it at once", () => {
      const p = new KeyParser();
      expect(p.push("v1.us.ap")).toEqual([]);
      expect(p.waiting()).toBe("burst");
      expect(p.push("p0.u7")).toEqual([]);
      expect(names(p, "a2b9\r")).toEqual([`paste:${ID}`, "enter"]);
      expect(p.waiting()).toBeUndefined();
    });

    it("text that holds no session id is the keys it is, in order, with the keys after it", () => {
      const p = new KeyParser();
      expect(names(p, "jj", "k")).toEqual([]);
      expect(names(p, "\u001b[A")).toEqual(["j", "j", "k", "up"]);
      expect(names(p, "ualice\r")).toEqual(["u", "a", "l", "i", "c", "e", "enter"]);
      expect(names(p, "gg")).toEqual([]);
      expect(p.flush().map((k) => k.name)).toEqual(["g", "g"]);
      // A bracketed paste after held text: the text first, then the paste.
      expect(names(p, "ab", "\u001b[200~x\u001b[201~")).toEqual(["a", "b", "paste:x"]);
    });

    it("one id as programs make them (a `-`, `_`, `.` or `@` inside) is a paste too; letters and digits alone, or a key at either end, stay keys", () => {
      const flushed = (p: KeyParser, ...reads: string[]) => [...names(p, ...reads), ...p.flush().map((k) => (k.paste ? `paste:${k.text}` : k.name))];
      expect(flushed(new KeyParser(), "grp", "-7a")).toEqual(["paste:grp-7a"]);
      expect(flushed(new KeyParser(), "alice_user_bob\r")).toEqual(["paste:alice_user_bob", "enter"]);
      expect(flushed(new KeyParser(), "jj1")).toEqual(["j", "j", "1"]);
      expect(flushed(new KeyParser(), "jj-")).toEqual(["j", "j", "-"]);
      expect(flushed(new KeyParser(), "dave")).toEqual(["d", "a", "v", "e"]);
    });
  });

  it("keeps at most MAX_PASTE of a runaway paste", () => {
    const p = new KeyParser();
    const keys = p.push(`\u001b[200~${"x".repeat(MAX_PASTE + 500)}\u001b[201~`);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.text!.length).toBe(MAX_PASTE);
  });
});
