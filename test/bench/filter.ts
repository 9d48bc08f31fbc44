/**
 * The filter line parser on huge lines (the lines of test/fuzz/filter-lines.ts, whose work
 * test/fuzz/filter.test.ts counts): the time of a 100,000-character line, the slowest of the
 * shapes that once were (or could be) slow and of random lines, best of 3 runs each, both
 * grammars; and how time grows with the line: 10× the tokens against 1×, best of 5.
 * Budget (the test it replaces): a 100k-character line in well under a second (≤ 500 ms);
 * 10× the line in less than 30× the time (or 50 ms).
 */
import fc from "fast-check";
import { parseCallFilter, parseGroupFilter } from "../../src/query/index.js";
import { repeatTo } from "../fuzz/arbitraries.js";
import { HUGE, LINEAR_PIECES, hugeShapes, randomHugeLine } from "../fuzz/filter-lines.js";
import { type Figure, fastestOf as best } from "./emulator-groups.js";

const NOW = 1_700_000_000;
const PARSERS = { groups: parseGroupFilter, calls: parseCallFilter } as const;

/** The slowest of `lines` × both grammars, best of 3 each, after a warm-up. */
function slowest(lines: Record<string, string>): { ms: number; name: string } {
  let worst = { ms: 0, name: "" };
  for (const [name, line] of Object.entries(lines)) {
    for (const [grammar, parse] of Object.entries(PARSERS)) {
      parse(line, { now: NOW });
      const ms = best(3, () => parse(line, { now: NOW }));
      if (ms > worst.ms) worst = { ms, name: `${name}, ${grammar}` };
    }
  }
  return worst;
}

export async function benchFilter(): Promise<Figure[]> {
  const shapes = hugeShapes();
  const shaped = slowest(shapes);
  const randomLines = Object.fromEntries(fc.sample(randomHugeLine(), { numRuns: 10, seed: 9 }).map((line, i) => [`random line ${i + 1}`, line]));
  const random = slowest(randomLines);

  // The worst ratio, and whether every pair kept to the budget (a small line's few ms make a noisy ratio: hence the 50 ms).
  let growth = { ratio: 0, name: "" };
  let allOk = true;
  for (const piece of LINEAR_PIECES) {
    const small = repeatTo(piece, HUGE / 10);
    const large = repeatTo(piece, HUGE);
    for (const [grammar, parse] of Object.entries(PARSERS)) {
      parse(small, { now: NOW }); // warm up
      const smallMs = best(5, () => parse(small, { now: NOW }));
      const largeMs = best(5, () => parse(large, { now: NOW }));
      const ratio = largeMs / smallMs;
      const name = `${JSON.stringify(piece.trim())}, ${grammar}: ${smallMs.toFixed(1)} → ${largeMs.toFixed(1)} ms`;
      allOk &&= largeMs < Math.max(30 * smallMs, 50);
      if (ratio > growth.ratio) growth = { ratio, name };
    }
  }

  const count = Object.keys(shapes).length;
  return [
    { what: `filter parser, 100k-char line, slowest of ${count} shapes × 2 grammars (${shaped.name})`, value: +shaped.ms.toFixed(1), unit: "ms", budget: "≤ 500 ms", ok: shaped.ms <= 500 },
    { what: `filter parser, 100k-char line, slowest of 10 random lines × 2 grammars`, value: +random.ms.toFixed(1), unit: "ms", budget: "≤ 500 ms", ok: random.ms <= 500 },
    { what: `filter parser, 10× the line (10k → 100k chars): time ratio, worst (${growth.name})`, value: +growth.ratio.toFixed(1), unit: "×", budget: "< 30× (or 50 ms)", ok: allOk },
  ];
}
