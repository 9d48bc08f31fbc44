/** Generators and helpers the fuzz suites share. */
import fc from "fast-check";

/** Any UTF-16 code unit, lone surrogates included. */
export const everyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** C0, DEL, C1 and every kind of Unicode space and line break. */
export const controlsAndSpaces = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(" ", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\u180e"),
  fc.constantFrom("a", "b", ":", '"'),
);

/** `piece` repeated and cut to exactly `length` code units. */
export function repeatTo(piece: string, length: number): string {
  if (piece === "") return "";
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}

/** The error `fn` throws, or undefined when it returns. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * fast-check parameters for `n` runs, scaled by CCX_FUZZ_SCALE (e.g. 20 for a
 * long hunt; the default keeps the whole directory within its time budget).
 */
export function runs(n: number): { numRuns: number } {
  const scale = Number(process.env.CCX_FUZZ_SCALE ?? "1");
  return { numRuns: Math.max(1, Math.round(n * (Number.isFinite(scale) && scale > 0 ? scale : 1))) };
}
