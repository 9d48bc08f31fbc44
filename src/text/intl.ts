/**
 * Intl objects, each made on its first use. The first Intl object a process
 * makes loads ICU's data: 7–14 ms measured here, more than the rest of ccx's
 * own start-up, and `ccx call <id> --json` or `ccx groups --json` need none.
 * So no module makes one when it loads (test/cli/intl.test.ts holds to it).
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Grapheme clusters (user-perceived characters), whatever the machine's locale. */
export const graphemeSegmenter = lazily(() => new Intl.Segmenter(undefined, { granularity: "grapheme" }));
