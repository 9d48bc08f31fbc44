import { describe, expect, it } from "vitest";
import { formatValue, quote, tokenize } from "../../src/query/index.js";

describe("tokenize", () => {
  it("splits bare words and key:value tokens with offsets", () => {
    expect(tokenize("  foo type:public  ")).toEqual([
      { text: "foo", start: 2, end: 5, value: "foo" },
      { text: "type:public", start: 6, end: 17, key: "type", value: "public" },
    ]);
  });

  it("keeps a quoted phrase with spaces as one token", () => {
    expect(tokenize('"design team" x')).toEqual([
      { text: '"design team"', start: 0, end: 13, value: "design team" },
      { text: "x", start: 14, end: 15, value: "x" },
    ]);
  });

  it("reads quoted values after a key, and quotes in the middle of a token", () => {
    expect(tokenize('tag:"a b",c')).toEqual([{ text: 'tag:"a b",c', start: 0, end: 11, key: "tag", value: "a b,c" }]);
    expect(tokenize('ab"c d"e')[0]!.value).toBe("abc de");
  });

  it("unescapes \\\" and \\\\ inside quotes only", () => {
    expect(tokenize('"say \\"hi\\" \\\\ \\n"')[0]!.value).toBe('say "hi" \\ \\n');
    expect(tokenize("a\\b")[0]!.value).toBe("a\\b");
  });

  it("lower-cases keys; a quoted or non-letter start is a bare word", () => {
    expect(tokenize("Type:Public")[0]).toMatchObject({ key: "type", value: "Public" });
    expect(tokenize('"type:x"')[0]).toEqual({ text: '"type:x"', start: 0, end: 8, value: "type:x" });
    expect(tokenize("12:30")[0]!.key).toBeUndefined();
    expect(tokenize(":call")[0]!.key).toBeUndefined();
  });

  it("gives an empty value for key: and key:\"\"", () => {
    expect(tokenize("type:")[0]).toMatchObject({ key: "type", value: "" });
    expect(tokenize('type:""')[0]).toMatchObject({ key: "type", value: "" });
  });

  it("marks an unterminated quote up to the end of the line", () => {
    const [word, open] = tokenize('x tag:"a b');
    expect(word!.error).toBeUndefined();
    expect(open).toMatchObject({ start: 2, end: 10, error: expect.stringContaining("unterminated quote") });
  });

  it("treats any whitespace as a separator", () => {
    expect(tokenize("a\tb\nc\u00a0d").map((t) => t.value)).toEqual(["a", "b", "c", "d"]);
  });

  it("quotes values only when needed, so they read back the same", () => {
    expect(formatValue("abc")).toBe("abc");
    expect(formatValue("a b")).toBe('"a b"');
    expect(formatValue("")).toBe('""');
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
    for (const value of ["a b", 'x"y', "back\\slash \\", "", "\t", 'end\\"']) {
      expect(tokenize(`k:${formatValue(value)}`)).toEqual([expect.objectContaining({ key: "k", value })]);
    }
  });
});
