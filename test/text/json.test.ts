import { describe, expect, it } from "vitest";
import { jsonForTerminal } from "../../src/text/json.js";

describe("JSON for a terminal (--json, --ndjson, Y)", () => {
  it("says escaped every character sanitize marks, C1 and tag characters, and reads back the same", () => {
    const hidden = String.fromCodePoint(0xe0069); // a tag "i": hidden text
    const value = { name: `a\u009b2Jb\u202ec\u00add\u3164e${hidden}`, n: 1 };
    const text = jsonForTerminal(value);
    expect(text).toBe('{"name":"a\\u009b2Jb\\u202ec\\u00add\\u3164e\\udb40\\udc69","n":1}');
    expect(JSON.parse(text)).toEqual(value);
    expect(jsonForTerminal({ plain: "日本語 ok" }, 2)).toBe('{\n  "plain": "日本語 ok"\n}');
  });
});
