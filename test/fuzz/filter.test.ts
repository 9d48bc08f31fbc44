/**
 * Bad input, fuzzed: the filter line parser (groups and calls). test/query/properties.test.ts
 * checks round trips and short arbitrary lines; this file throws everything else at it: the
 * whole of Unicode with lone surrogates and controls, huge lines, pasted junk, and times it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParsedFilter, parseCallFilter, parseGroupFilter } from "../../src/query/index.js";
import { controlsAndSpaces, everyCodeUnit, repeatTo, timed, runs } from "./arbitraries.js";

const NOW = 1_700_000_000;
const PARSERS = [
  ["groups", parseGroupFilter],
  ["calls", parseCallFilter],
] as const;

/**
 * What is wrong with a parse, or undefined: the line's tokens lie in order within it, errors
 * are its tokens that have one (each with a message), and a line with errors sends nothing.
 * Plain checks, not one expect per token: a huge line has tens of thousands of tokens.
 */
function problemOf(line: string, parsed: ParsedFilter): string | undefined {
  let previousEnd = 0;
  for (const [i, t] of parsed.tokens.entries()) {
    if (t.start < previousEnd || t.end <= t.start || t.end > line.length) return `token ${i} [${t.start}, ${t.end}) is out of place`;
    if (t.text !== line.slice(t.start, t.end)) return `token ${i} is not the text at its offsets`;
    previousEnd = t.end;
  }
  const withErrors = parsed.tokens.filter((t) => t.error !== undefined);
  if (withErrors.length !== parsed.errors.length || withErrors.some((t, i) => parsed.errors[i] !== t)) return "errors are not the tokens with one";
  if (parsed.errors.some((t) => typeof t.error !== "string" || !/\S/.test(t.error))) return "an error without a message";
  if (parsed.errors.length > 0 && Object.keys(parsed.params).length > 0) return "params despite errors";
  if (Object.values(parsed.params).some((v) => typeof v !== "string")) return "a param that is not a string";
  return undefined;
}

function checkParse(line: string, parsed: ParsedFilter): void {
  expect(problemOf(line, parsed)).toBeUndefined();
}

function parseBoth(line: string): void {
  for (const [, parse] of PARSERS) checkParse(line, parse(line, { now: NOW }));
}

/** Keys, operators and values of the syntax, mixed with hostile characters. */
const PIECES = [
  "type:", "tag:", "guid:", "in:", "members:", "created:", "updated:", "after:", "before:", "joined:", "sort:", "per:", "page:",
  "mode:", "status:", "receiver:", "uid:", "rec:", "transcript:", "participants:", "started:", "ended:", "withtags:",
  "TYPE:", "Type:", "typo:", "a:", "x-y_z:", "__proto__:", "constructor:", "toString:", "hasOwnProperty:",
  ">=", "<=", ">", "<", "=", "..", "...", ",", ",,", "-", "+", ":", "::", '"', '\\"', "\\", "\\\\",
  "public", "video", "ended", "cancelled", "yes", "no", "true", "name", "-createdAt",
  "0", "1", "10", "1000", "1001", "-1", "1e3", "0x10", "9007199254740993", "99999999999999999999999999",
  "7d", "1d12h", "999999999999w", "now", "NOW", "2024-01-01", "2024-02-30", "9999-12-31", "10000-01-01", "0000-01-01",
  "2024-01-01T25:00", "2024-01-01T12:00:00.5+14:00", "2024-01-01t00:00z", "1970-01-01", "253402300800",
  "\u00a0", "\u2028", "\u3000", "\ufeff", "\u200b", "\u202e", "\u0000", "\u001b[31m", "\u009b", "\ud800", "\udc00", "👨‍👩‍👧", "e\u0301",
];
const syntaxSoup = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.constantFrom(" ", " ", "\t"), fc.string({ unit: everyCodeUnit, maxLength: 3 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));

const anyLine = fc.oneof(
  syntaxSoup,
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ unit: everyCodeUnit, maxLength: 200 }),
  fc.string({ unit: controlsAndSpaces, maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
);

describe("the filter parser on arbitrary lines", () => {
  it("never throws; tokens and errors lie within the line; a line with errors yields no params", () => {
    fc.assert(fc.property(anyLine, parseBoth), runs(400));
  });

  it("keeps to the line on long lines of repeated pieces (thousands of tokens)", () => {
    const longLine = fc
      .tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }), fc.integer({ min: 2_000, max: 20_000 }))
      .map(([parts, length]) => repeatTo(parts.join(""), length));
    fc.assert(fc.property(longLine, parseBoth), runs(15));
  });

  it("marks an unknown key, with a suggestion or the list of keys, whatever its length", () => {
    const key = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,60}$/);
    fc.assert(
      fc.property(key, (k) => {
        for (const [, parse] of PARSERS) {
          const parsed = parse(`${k}:1`, { now: NOW });
          expect(parsed.tokens).toHaveLength(1);
          if (parsed.errors.length > 0) expect(parsed.errors[0]!.error).toMatch(/\S/);
        }
      }),
      runs(200),
    );
  });
});

describe("the filter parser on huge lines", () => {
  // Shapes that once were (or could be) slow: one giant key (edit distances), a key repeated
  // thousands of times (the unknown-key message), giant numbers, ages, quotes and lists.
  const N = 100_000;
  const shapes: Record<string, string> = {
    "one letter": repeatTo("a", N),
    "a 100k-letter unknown key": `${repeatTo("a", N)}:x`,
    "a 100k-letter key close to type": `t${repeatTo("y", N)}pe:public`,
    "20,000 unknown keys": repeatTo("xx:1 ", N),
    "groups' tag: in the calls grammar": repeatTo("tag:a ", N),
    "bare words": repeatTo("ab ", N),
    "the same key repeated": repeatTo("type:public ", N),
    "the same key, other values": repeatTo("per:1 per:2 ", N),
    "only quotes": repeatTo('"', N),
    "an unterminated quote": `"${repeatTo("a b ", N)}`,
    "escaped quotes": `"${repeatTo('\\"', N)}`,
    "backslashes": repeatTo("\\", N),
    "a giant count": `members:${repeatTo("1", N)}`,
    "a giant range": `members:${repeatTo("1..", N)}`,
    "a giant age": `created:${repeatTo("1d", N)}`,
    "a giant age, spoiled at the end": `created:${repeatTo("1d", N)}x`,
    "a giant date-time": `created:2024-01-01T${repeatTo("1", N)}`,
    "commas": `type:${repeatTo(",", N)}`,
    "a giant list": `type:${repeatTo("public,", N)}`,
    "lone surrogates": repeatTo("\ud800", N),
    "emoji families": repeatTo("👨‍👩‍👧 ", N),
    "colons": repeatTo(":", N),
    "key after key": repeatTo("a:", N),
    "controls": repeatTo("\u0000\u001b[", N),
    "Unicode spaces": repeatTo("a\u00a0b\u2028c\u3000", N),
  };

  it.each(Object.entries(shapes))("%s: parses in well under a second, without throwing", (_name, line) => {
    for (const [, parse] of PARSERS) {
      const { ms, value } = timed(() => parse(line, { now: NOW }));
      checkParse(line, value);
      expect(ms).toBeLessThan(500);
    }
  });

  it("random 100k-character lines parse in well under a second", () => {
    const huge = fc
      .array(fc.oneof(fc.constantFrom(...PIECES, " "), fc.string({ unit: everyCodeUnit, maxLength: 8 })), { minLength: 1, maxLength: 30 })
      .map((parts) => repeatTo(parts.join(""), N));
    fc.assert(
      fc.property(huge, (line) => {
        for (const [, parse] of PARSERS) {
          const { ms, value } = timed(() => parse(line, { now: NOW }));
          checkParse(line, value);
          expect(ms).toBeLessThan(500);
        }
      }),
      runs(10),
    );
  });

  it("time grows linearly: 10× the line costs far less than 100× the time", () => {
    // Whole tokens, so that the two lines differ only in how many there are.
    for (const piece of ["xx:1 ", "typo:1 ", "a:", "type:public ", "ab "]) {
      const small = repeatTo(piece, 10_000);
      const large = repeatTo(piece, N);
      for (const [, parse] of PARSERS) {
        parse(small, { now: NOW }); // warm up
        const best = (line: string) => Math.min(...[0, 1, 2].map(() => timed(() => parse(line, { now: NOW })).ms));
        expect(best(large)).toBeLessThan(Math.max(30 * best(small), 50));
      }
    }
  });
});

describe("regressions found by fuzzing", () => {
  it("a 100,000-letter unknown key no longer costs an edit distance against every key (it took about 1 s)", () => {
    const line = `${"a".repeat(100_000)}:x`;
    const { ms, value } = timed(() => parseGroupFilter(line, { now: NOW }));
    expect(value.errors[0]!.error).toMatch(/^unknown filter "a+:"; try /);
    expect(ms).toBeLessThan(200);
  });

  it("an unknown key repeated 20,000 times is judged once (it took about 0.4 s)", () => {
    const line = "xx:1 ".repeat(20_000);
    const { ms, value } = timed(() => parseCallFilter(line, { now: NOW }));
    expect(value.errors).toHaveLength(20_000);
    expect(new Set(value.errors.map((e) => e.error)).size).toBe(1);
    expect(ms).toBeLessThan(200);
  });

  it("a typo still finds its key", () => {
    expect(parseGroupFilter("tpye:public").errors[0]!.error).toBe('unknown filter "tpye:"; did you mean type:?');
    expect(parseCallFilter("partcipants:3").errors[0]!.error).toBe('unknown filter "partcipants:"; did you mean participants:?');
  });
});
