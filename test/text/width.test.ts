import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { displayWidth, fit, padEnd, padStart, truncate } from "../../src/text/index.js";
import { CHUNK } from "../../src/text/segments.js";
import { operationCounter, segmenterInputs } from "../support/operations.js";

const FAMILY = "👨‍👩‍👧";

describe("displayWidth", () => {
  it("counts terminal columns, not characters", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("日本語")).toBe(6);
    expect(displayWidth("한국")).toBe(4);
    expect(displayWidth("👍")).toBe(2);
    expect(displayWidth(FAMILY)).toBe(2);
    expect(displayWidth("🇺🇸")).toBe(2);
    expect(displayWidth("e\u0301")).toBe(1);
    expect(displayWidth("")).toBe(0);
  });

  it("agrees with string-width on every character it measures without segmenting", () => {
    const ranges: Array<[number, number]> = [[0x20, 0x7e], [0xa0, 0x2ff], [0x400, 0x481], [0x2010, 0x2027], [0x2190, 0x2193], [0x2500, 0x259f], [0x3041, 0x3096], [0x30a1, 0x30fa], [0x4e00, 0x9fff], [0xac00, 0xd7a3], [0xff01, 0xff60]];
    for (const [from, to] of ranges) {
      for (let code = from; code <= to; code++) {
        const char = String.fromCharCode(code);
        if (displayWidth(char) !== stringWidth(char)) expect.fail(`U+${code.toString(16)}: ${displayWidth(char)} vs ${stringWidth(char)}`);
      }
    }
  });

  it("cuts text of characters of known width where the graphemes end, as it cuts any other", () => {
    // Cut without segmenting (src/text/intl.ts): the same answer as the graphemes give.
    expect(truncate("Mobile huddle — staff", 10)).toBe("Mobile hu…");
    expect(truncate("日本語のグループ", 7)).toBe("日本語…");
    expect(truncate("日本語のグループ", 6)).toBe("日本…");
    expect(truncate("café ├── x", 6)).toBe("café …");
    // A known character followed by a combining mark is one grapheme: the cut keeps or drops it whole.
    expect(truncate("abce\u0301fgh", 5)).toBe("abce\u0301…");
    expect(truncate("abce\u0301fgh", 4)).toBe("abc…");
  });

  it("skips ANSI styling like string-width, and measures long text in linear work", () => {
    expect(displayWidth("\u001b[1mNAME\u001b[22m")).toBe(4);
    // Counted, not timed (`npm run bench text` times it): the work in src/text for 10× the text is
    // at most 11× (test/support/operations.ts), and Intl.Segmenter, whose own cost grows with its
    // whole input, is never given more than a chunk (src/text/segments.ts).
    const counter = operationCounter(new URL("../../src/text/", import.meta.url));
    const work = (repeats: number) => {
      const long = "日本語 text 👍🏽 e\u0301 ".repeat(repeats);
      const segmented = segmenterInputs(() => counter.count(() => [displayWidth(long), displayWidth(truncate(long, 30))] as const));
      const { ops, value: [width, truncated] } = segmented.value;
      expect(width).toBe(repeats * 17);
      expect(truncated).toBeLessThanOrEqual(30);
      expect(segmented.longest, "the longest text given to Intl.Segmenter").toBeLessThanOrEqual(CHUNK + 1);
      return ops;
    };
    expect(work(20_000) / work(2_000)).toBeLessThanOrEqual(11);
  });
});

describe("long emoji sequences", () => {
  it("measure the same wherever the text's chunks fall (fuzz: 50 \"👨‍🏽\" were 2 columns off once padded)", () => {
    const text = "👨‍🏽".repeat(50) + "\ud83d";
    const width = displayWidth(text);
    for (let pad = 0; pad < 40; pad++) expect(displayWidth(" ".repeat(pad) + text)).toBe(width + pad);
    for (const w of [150, 194, 200, 260, 300]) {
      expect(displayWidth(fit(text, w, "right"))).toBe(w);
      expect(displayWidth(fit(text, w, "left"))).toBe(w);
    }
  });

  it.each([
    ["a run of skin-tone modifiers (one grapheme longer than a chunk)", (n: number) => `${"🏽".repeat(n)}\ud83c`],
    ["a run of flags (regional indicators pair from the run's start)", (n: number) => "🇦".repeat(n)],
    ["a letter under thousands of combining marks", (n: number) => `e${"\u0301".repeat(n * 20)}`],
  ])("%s, of any length: fitted to exactly the width, padded on either side", (_what, make) => {
    for (let n = 60; n <= 200; n++) {
      const text = make(n);
      for (const w of [6, 10, 76]) {
        expect(displayWidth(fit(text, w, "right")), `${n} × ${w}`).toBe(w);
        expect(displayWidth(fit(text, w, "left")), `${n} × ${w}`).toBe(w);
      }
    }
  });
});

describe("truncate", () => {
  it("returns text that fits unchanged", () => {
    expect(truncate("hello", 5)).toBe("hello");
    expect(truncate("日本", 4)).toBe("日本");
  });

  it("cuts with an ellipsis inside the width", () => {
    expect(truncate("hello world", 8)).toBe("hello w…");
    expect(truncate("hello", 4, "...")).toBe("h...");
  });

  it("never splits a wide character: stays under the width instead", () => {
    expect(truncate("日本語テキスト", 6)).toBe("日本…");
    expect(displayWidth(truncate("日本語テキスト", 6))).toBe(5);
    expect(truncate("日本語", 1)).toBe("…");
  });

  it("keeps emoji ZWJ sequences and accents whole", () => {
    const out = truncate(FAMILY.repeat(4), 6);
    expect(out).toBe(`${FAMILY}${FAMILY}…`);
    expect(displayWidth(out)).toBeLessThanOrEqual(6);
    expect(truncate("e\u0301e\u0301e\u0301", 2)).toBe("e\u0301…");
  });

  it("handles tiny and odd widths", () => {
    expect(truncate("hello", 0)).toBe("");
    expect(truncate("hello", -3)).toBe("");
    expect(truncate("hello", Number.NaN)).toBe("");
    expect(truncate("hello", 2.9)).toBe("h…");
    expect(truncate("hello", 2, "...")).toBe("he");
  });
});

describe("fit, padEnd, padStart", () => {
  it("pads to exactly the width by display width", () => {
    expect(fit("日本", 6)).toBe("日本  ");
    expect(fit("日本", 6, "right")).toBe("  日本");
    expect(padEnd("ab", 4)).toBe("ab  ");
    expect(padStart("ab", 4)).toBe("  ab");
  });

  it("fills the column left by a wide character that did not fit", () => {
    const out = fit("日本語テキスト", 6);
    expect(out).toBe("日本… ");
    expect(displayWidth(out)).toBe(6);
  });

  it("truncates when longer", () => {
    expect(padEnd("abcdef", 4)).toBe("abc…");
    expect(padStart("abcdef", 4)).toBe("abc…");
    expect(displayWidth(fit(`${FAMILY}x${FAMILY}`, 4))).toBe(4);
  });
});

describe("conjuncts", () => {
  it("gives each letter of a conjunct its own cell, as terminals do (tmux, xterm, VTE)", () => {
    // र्के is one grapheme of two letters joined by a virama: string-width says 1, a terminal draws 2.
    expect(displayWidth("र्के")).toBe(2);
    expect(displayWidth("मार्केटिंग टीम")).toBe(11);
    expect(displayWidth(fit("मार्केटिंग टीम", 8))).toBe(8);
    // Emoji sequences keep string-width's measure.
    expect(displayWidth("👨‍👩‍👧")).toBe(2);
  });
});
