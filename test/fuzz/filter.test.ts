/**
 * Bad input, fuzzed: the filter line parser (groups and calls). test/query/properties.test.ts
 * checks round trips and short arbitrary lines; this file throws everything else at it: the
 * whole of Unicode with lone surrogates and controls, huge lines, pasted junk, and counts the
 * work each takes (V8's block counters, test/support/operations.ts), which does not depend on
 * how busy the machine is. The same lines are timed in `npm run bench` (test/bench/filter.ts).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type ParsedFilter, parseCallFilter, parseGroupFilter } from "../../src/query/index.js";
import { type OperationCounter, operationCounter } from "../support/operations.js";
import { controlsAndSpaces, everyCodeUnit, repeatTo, runs } from "./arbitraries.js";
import { HUGE, LINEAR_PIECES, PIECES, hugeShapes, randomHugeLine } from "./filter-lines.js";

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

/**
 * The parser's work, counted: calls and block passes in src/query (test/support/operations.ts).
 * Today's parsers take at most 9 per character (a line of Unicode spaces, in the calls grammar).
 * The regressions this file found cost far more: an edit distance against every key for a
 * 100k-letter key, about 550 per character; a message worked out again for each repeat of an
 * unknown key, about 210; and a tokenizer that looks back over its tokens (quadratic) takes 350
 * to 12,500 per character at 100,000 characters.
 */
const OPS_PER_CHAR = 20;
/** What a parse costs whatever the line: the grammar's setup, an empty line's checks. */
const OPS_FIXED = 1_000;

let counter: OperationCounter;
beforeAll(() => {
  counter = operationCounter(new URL("../../src/query/", import.meta.url));
});

/** Parses `line`, checks the parse, and returns the work it took. */
function countedParse(parse: (typeof PARSERS)[number][1], line: string): number {
  const { ops, value } = counter.count(() => parse(line, { now: NOW }));
  checkParse(line, value);
  return ops;
}

function expectLinearWork(ops: number, line: string, what: string): void {
  expect(ops, `${what}: ${ops} operations for ${line.length} characters (${(ops / line.length).toFixed(1)} per character)`).toBeLessThanOrEqual(
    OPS_PER_CHAR * line.length + OPS_FIXED,
  );
}

describe("the filter parser on huge lines", () => {
  it.each(Object.entries(hugeShapes()))("%s: parses without throwing, in work linear in its length", (name, line) => {
    for (const [grammar, parse] of PARSERS) expectLinearWork(countedParse(parse, line), line, `${name}, ${grammar}`);
  });

  it(`random ${HUGE.toLocaleString("en")}-character lines parse in work linear in their length`, () => {
    fc.assert(
      fc.property(randomHugeLine(), (line) => {
        for (const [grammar, parse] of PARSERS) expectLinearWork(countedParse(parse, line), line, grammar);
      }),
      runs(10),
    );
  });

  it("work grows linearly: 10× the line costs at most 11× the operations (a quadratic parser: about 100×)", () => {
    // Whole tokens, so that the two lines differ only in how many there are.
    for (const piece of LINEAR_PIECES) {
      const small = repeatTo(piece, HUGE / 10);
      const large = repeatTo(piece, HUGE);
      for (const [grammar, parse] of PARSERS) {
        const ratio = countedParse(parse, large) / countedParse(parse, small);
        expect(ratio, `${JSON.stringify(piece)}, ${grammar}`).toBeLessThanOrEqual(11);
      }
    }
  });

  it("counts the same work for the same line (the counts are no timing)", () => {
    const line = repeatTo("type:public xx:1 created:<7d ", HUGE);
    for (const [, parse] of PARSERS) expect(countedParse(parse, line)).toBe(countedParse(parse, line));
  });
});

describe("regressions found by fuzzing", () => {
  it("a 100,000-letter unknown key no longer costs an edit distance against every key (it took about 1 s)", () => {
    const line = `${"a".repeat(100_000)}:x`;
    const { ops, value } = counter.count(() => parseGroupFilter(line, { now: NOW }));
    expect(value.errors[0]!.error).toMatch(/^unknown filter "a+:"; try /);
    // The edit distance alone would be 100,000 × the key's length for each key: millions.
    expectLinearWork(ops, line, "a 100k-letter key");
  });

  it("an unknown key repeated 20,000 times is judged once (it took about 0.4 s)", () => {
    const line = "xx:1 ".repeat(20_000);
    for (const [grammar, parse] of PARSERS) {
      const { ops, value } = counter.count(() => parse(line, { now: NOW }));
      expect(value.errors).toHaveLength(20_000);
      expect(new Set(value.errors.map((e) => e.error)).size).toBe(1);
      // Each repeat costs no more than a repeat of a known key (judging it each time: 50× that).
      const known = counter.count(() => parse("per:1 ".repeat(20_000), { now: NOW })).ops;
      expect(ops, grammar).toBeLessThanOrEqual(2 * known);
      expectLinearWork(ops, line, `20,000 unknown keys, ${grammar}`);
    }
  });

  it("a typo still finds its key", () => {
    expect(parseGroupFilter("tpye:public").errors[0]!.error).toBe('unknown filter "tpye:"; did you mean type:?');
    expect(parseCallFilter("partcipants:3").errors[0]!.error).toBe('unknown filter "partcipants:"; did you mean participants:?');
  });
});
