import { describe, expect, it } from "vitest";
import { hasHostileCharacters, sanitize } from "../../src/text/index.js";

/** Anything a terminal would act on or that hides or reorders text. */
const DANGEROUS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff\u061c\u180e]/;

describe("sanitize: hostile strings from the server", () => {
  it.each([
    ["an OSC window-title change", "\u001b]0;pwned\u0007Title", "␛]0;pwned␇Title"],
    ["a screen clear and cursor home", "\u001b[2J\u001b[H", "␛[2J␛[H"],
    ["colour codes", "\u001b[31mRED\u001b[0m", "␛[31mRED␛[0m"],
    ["an 8-bit C1 CSI", "C1 \u009b31m", "C1 ␛[31m"],
    ["an 8-bit OSC and DCS", "\u009d0;x\u009c \u0090q\u009c", "␛]0;x␛\\ ␛Pq␛\\"],
    ["a right-to-left override", "\u202eevil", "�evil"],
    ["a zero-width space", "zero\u200bwidth", "zero�width"],
    ["bell, backspace and NUL", "Bell\u0007\u0008\u0000", "Bell␇␈␀"],
    ["DEL", "a\u007fb", "a␡b"],
    ["a carriage return that would overwrite the line", "safe\rEVIL", "safe␍EVIL"],
    ["an OSC 8 hyperlink", "\u001b]8;;https://evil\u001b\\click\u001b]8;;\u001b\\", "␛]8;;https://evil␛\\click␛]8;;␛\\"],
    ["an OSC 52 clipboard write", "\u001b]52;c;cm0gLXJmIC8K\u0007", "␛]52;c;cm0gLXJmIC8K␇"],
    ["a DCS string", "\u001bPq#0;2;0;0;0\u001b\\", "␛Pq#0;2;0;0;0␛\\"],
    ["a lone surrogate", "a\ud800b\udc00", "a�b�"],
  ])("%s leaves no control and a visible trace", (_name, input, expected) => {
    const out = sanitize(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(DANGEROUS);
    expect(hasHostileCharacters(input)).toBe(true);
  });

  it("marks every bidi control and zero-width character", () => {
    const invisible = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u200c\u200d\u2060\ufeff\u180e";
    expect(sanitize(`x${invisible}y`)).toBe(`x${"�".repeat(invisible.length)}y`);
  });

  it("leaves ordinary text of any script alone", () => {
    for (const text of ["plain ascii", "日本語のグループ", "Ünïcödé café", "emoji 👍🏽 🇺🇸", "עברית", "नमस्ते"]) {
      expect(sanitize(text)).toBe(text);
      expect(hasHostileCharacters(text)).toBe(false);
    }
  });

  it("drops a ZWJ between emoji without a mark, and marks any other", () => {
    expect(sanitize("👨‍👩‍👧")).toBe("👨👩👧");
    expect(sanitize("🧑🏽‍💻")).toBe("🧑🏽💻");
    expect(hasHostileCharacters("👨‍👩‍👧")).toBe(false);
    expect(sanitize("ad\u200dmin")).toBe("ad�min");
    expect(hasHostileCharacters("ad\u200dmin")).toBe(true);
  });
});

describe("sanitize: whitespace", () => {
  it("folds tabs and line breaks to one space each on a single line", () => {
    expect(sanitize("a\tb\nc\r\nd\u2028e")).toBe("a b c d e");
  });

  it("keeps line breaks and expands tabs when multiline", () => {
    expect(sanitize("a\tb\nc\r\nd", { multiline: true })).toBe("a    b\nc\nd");
    expect(sanitize("x\u001b[2Ky\n", { multiline: true })).toBe("x␛[2Ky\n");
  });

  it("does not count whitespace as hostile", () => {
    expect(hasHostileCharacters("a\tb\nc\r\nd")).toBe(false);
  });
});

describe("sanitize: values that are not strings", () => {
  it("turns each kind into text", () => {
    expect(sanitize(null)).toBe("");
    expect(sanitize(undefined)).toBe("");
    expect(sanitize(42)).toBe("42");
    expect(sanitize(1.5)).toBe("1.5");
    expect(sanitize(false)).toBe("false");
    expect(sanitize(10n)).toBe("10");
    expect(sanitize(["a", 1])).toBe('["a",1]');
    expect(sanitize({ name: "x" })).toBe('{"name":"x"}');
  });

  it("sanitizes what JSON makes of an object", () => {
    const out = sanitize({ name: "\u202e\u009b" });
    expect(out).not.toMatch(DANGEROUS);
  });

  it("never throws on values JSON cannot encode", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => sanitize(circular)).not.toThrow();
    expect(sanitize({ big: 1n })).toBe("[object Object]");
    expect(sanitize(Object.create(null))).toBe("{}");
    expect(sanitize(Symbol("s"))).toBe("Symbol(s)");
    expect(sanitize(() => 1)).toBe("[function]");
  });
});

describe("blanks that draw nothing", () => {
  it("marks the soft hyphen, grapheme joiner, Hangul fillers, Khmer inherent vowels and Mongolian selectors", () => {
    for (const blank of ["\u00ad", "\u034f", "\u115f", "\u1160", "\u3164", "\uffa0", "\u17b4", "\u17b5", "\u180b", "\u180f"]) {
      expect(sanitize(`a${blank}b`), `U+${blank.codePointAt(0)!.toString(16)}`).toBe("a\ufffdb");
    }
    expect(sanitize("한국어 ok")).toBe("한국어 ok");
  });
});

describe("tag characters", () => {
  it("marks hidden tag text, and keeps a subdivision flag whole", () => {
    const hidden = [..."ignore this"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
    expect(sanitize(`ok${hidden}`)).toBe(`ok${"\ufffd".repeat(11)}`);
    const scotland = "\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}";
    expect(sanitize(`flag ${scotland}`)).toBe(`flag ${scotland}`);
  });
});
