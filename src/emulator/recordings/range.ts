/** What a `Range` header asks of a file of `size` bytes. */
export type RangeAsked =
  | { kind: "whole" }
  | { kind: "part"; start: number; /** Inclusive. */ end: number }
  | { kind: "unsatisfiable" };

const WHOLE: RangeAsked = { kind: "whole" };

/**
 * One `bytes=` range (RFC 9110 §14): `N-`, `N-M` (M past the end is the end)
 * and the suffix `-N`. A header that does not parse, or that asks for several
 * ranges, is ignored and the whole file sent, as the RFC lets a server do.
 */
export function readRange(header: string | undefined, size: number): RangeAsked {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return WHOLE;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    return suffix === 0 ? { kind: "unsatisfiable" } : { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? Infinity : Number(match[2]);
  if (end < start) return WHOLE;
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end: Math.min(end, size - 1) };
}
