import { sanitize } from "./sanitize.js";

/**
 * `ccx why` for people, and the explorer's W above the trace: each recipient's
 * verdict in a line, its evidence in brackets under it, and the command that
 * fixes it. Pure: the verdicts in, the lines out, with the verdict each line is of.
 */

export interface ShownVerdict {
  uid: string;
  verdict: string;
  evidence: ReadonlyArray<{ endpoint: string; fact: string }>;
  fix?: string;
}

export function whyLines(verdicts: readonly ShownVerdict[]): { lines: string[]; of: number[] } {
  const lines: string[] = [];
  const of: number[] = [];
  verdicts.forEach((v, i) => {
    const mine = [
      `${sanitize(v.uid)}: ${sanitize(v.verdict)}`,
      `  [${v.evidence.map((e) => `${sanitize(e.endpoint)}: ${sanitize(e.fact)}`).join("; ")}]`,
      ...(v.fix ? [`  fix: ${sanitize(v.fix)}`] : []),
    ];
    lines.push(...mine);
    of.push(...mine.map(() => i));
  });
  return { lines, of };
}
