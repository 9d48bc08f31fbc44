/**
 * Lines for the filter parser that the fuzz suite (filter.test.ts, which counts the
 * parser's work) and the benchmark (test/bench/filter.ts, which times it) share.
 */
import fc from "fast-check";
import { everyCodeUnit, repeatTo } from "./arbitraries.js";

/** Keys, operators and values of the syntax, mixed with hostile characters. */
export const PIECES = [
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

/** The length of a huge line: a paste of 100,000 characters. */
export const HUGE = 100_000;

/**
 * Huge lines in shapes that once were (or could be) slow: one giant key (edit distances), a key
 * repeated thousands of times (the unknown-key message), giant numbers, ages, quotes and lists.
 */
export function hugeShapes(n = HUGE): Record<string, string> {
  return {
    "one letter": repeatTo("a", n),
    "a 100k-letter unknown key": `${repeatTo("a", n)}:x`,
    "a 100k-letter key close to type": `t${repeatTo("y", n)}pe:public`,
    "20,000 unknown keys": repeatTo("xx:1 ", n),
    "groups' tag: in the calls grammar": repeatTo("tag:a ", n),
    "bare words": repeatTo("ab ", n),
    "the same key repeated": repeatTo("type:public ", n),
    "the same key, other values": repeatTo("per:1 per:2 ", n),
    "only quotes": repeatTo('"', n),
    "an unterminated quote": `"${repeatTo("a b ", n)}`,
    "escaped quotes": `"${repeatTo('\\"', n)}`,
    "backslashes": repeatTo("\\", n),
    "a giant count": `members:${repeatTo("1", n)}`,
    "a giant range": `members:${repeatTo("1..", n)}`,
    "a giant age": `created:${repeatTo("1d", n)}`,
    "a giant age, spoiled at the end": `created:${repeatTo("1d", n)}x`,
    "a giant date-time": `created:2024-01-01T${repeatTo("1", n)}`,
    "commas": `type:${repeatTo(",", n)}`,
    "a giant list": `type:${repeatTo("public,", n)}`,
    "lone surrogates": repeatTo("\ud800", n),
    "emoji families": repeatTo("👨‍👩‍👧 ", n),
    "colons": repeatTo(":", n),
    "key after key": repeatTo("a:", n),
    "controls": repeatTo("\u0000\u001b[", n),
    "Unicode spaces": repeatTo("a\u00a0b\u2028c\u3000", n),
  };
}

/** Random huge lines: a few pieces and random code units, repeated to `n` characters. */
export function randomHugeLine(n = HUGE): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom(...PIECES, " "), fc.string({ unit: everyCodeUnit, maxLength: 8 })), { minLength: 1, maxLength: 30 })
    .map((parts) => repeatTo(parts.join(""), n));
}

/** Whole tokens, repeated: a line of 10× the characters has 10× the tokens and nothing else new. */
export const LINEAR_PIECES = ["xx:1 ", "typo:1 ", "a:", "type:public ", "ab "] as const;
