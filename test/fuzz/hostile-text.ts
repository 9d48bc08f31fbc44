/**
 * Huge hostile strings for the sanitizer and the width functions, shared by the fuzz suite
 * (sanitize.test.ts, which counts the work they take) and the benchmark (test/bench/text.ts,
 * which times it).
 */
import { repeatTo } from "./arbitraries.js";

export function hugeHostileText(n = 100_000): Record<string, string> {
  return {
    "escape sequences": repeatTo("\u001b]0;x\u0007\u001b[31m\u009b2J", n),
    "zero-width and bidi": repeatTo("a\u200b\u202e\u2066\ufeff", n),
    "combining marks on one letter": `a${repeatTo("\u0301", n)}`,
    "emoji families": repeatTo("👨‍👩‍👧‍👦", n),
    "ZWJs alone": repeatTo("\u200d", n),
    "lone surrogates": repeatTo("\ud800", n),
    "Prepend characters": repeatTo("\u0600", n),
    "Hangul jamo": repeatTo("\u1100\u1161\u11a8", n),
    "regional indicators": repeatTo("🇺", n),
  };
}
