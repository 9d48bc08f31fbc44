import { describe, expect, it } from "vitest";
import { type HistorySearch, matchOf, searchKey, startSearch } from "../../src/store/history-search.js";
import type { KeyPress } from "../../src/store/line-editor.js";

/** Oldest first, as the store keeps it. */
const HISTORY = ["groups", "call v1.us.app.1", "user alice", "call v1.us.app.2", "call v1.us.app.1", "resources"];

const key = (k: string): KeyPress => ([...k].length === 1 ? { name: k, text: k } : { name: k });

/** Keys applied in order from ctrl-r; the search left, and the entry it shows. */
function run(...keys: Array<string | KeyPress>): { search: HistorySearch; match?: string; last: string } {
  let search = startSearch();
  let last = "search";
  for (const k of keys) {
    const out = searchKey(search, typeof k === "string" ? key(k) : k, HISTORY);
    last = out.kind;
    if (out.kind === "search") search = out.search;
  }
  return { search, match: matchOf(search, HISTORY), last };
}

describe("ctrl-r: the history searched backwards", () => {
  it("what is typed narrows to the newest entry that holds it", () => {
    expect(run("c", "a", "l").match).toBe("call v1.us.app.1");
    expect(run("a", "l", "i").match).toBe("user alice");
    expect(run("a", "l", "i").search.at).toBe(2);
  });

  it("ctrl-r goes to the next older match, passing over a line already shown; at the oldest it stays and says so", () => {
    expect(run("c", "a", "l", "l", "ctrl-r").match).toBe("call v1.us.app.2");
    // The entry at 1 says what the first match (at 4) said: passed over.
    const oldest = run("c", "a", "l", "l", "ctrl-r", "ctrl-r");
    expect(oldest.match).toBe("call v1.us.app.2");
    expect(oldest.search.oldest).toBe(true);
  });

  it("ctrl-r with nothing typed goes through every entry, newest first", () => {
    expect(run("ctrl-r").match).toBe("resources");
    expect(run("ctrl-r", "ctrl-r").match).toBe("call v1.us.app.1");
  });

  it("typing on keeps the match shown while it holds what is typed, else the newest that does; none is no match; backspace widens", () => {
    expect(run("a", "p", "p", "ctrl-r", ".").match).toBe("call v1.us.app.2");
    expect(run("a", "p", "p", "ctrl-r", ".", "1").match).toBe("call v1.us.app.1");
    const none = run("z", "z");
    expect(none.match).toBeUndefined();
    expect(none.search.query).toBe("zz");
    expect(run("u", "s", "e", "r", "x", "backspace").match).toBe("user alice");
    expect(run("a", "p", "p", ".", "2", "backspace", "backspace").match).toBe("call v1.us.app.1");
  });

  it("a paste narrows as typed text; enter takes the match, esc and ctrl-g leave, another line key takes it and then acts", () => {
    expect(run({ name: "paste", text: "  alice\n", paste: true }).match).toBe("user alice");
    expect(run("a", "enter").last).toBe("take");
    expect(run("a", "escape").last).toBe("cancel");
    expect(run("a", "ctrl-g").last).toBe("cancel");
    expect(searchKey(startSearch(), key("ctrl-a"), HISTORY)).toEqual({ kind: "take-then", key: key("ctrl-a") });
    expect(searchKey(startSearch(), key("left"), HISTORY)).toEqual({ kind: "take-then", key: key("left") });
  });
});
