/**
 * The journal read from its end (src/writes/journal-read.ts), fuzzed: entries of any size (across and
 * far beyond its 64 KiB chunks, multi-byte text split anywhere), their outcome lines appended out of
 * order as writes in flight together do, lines torn by a crash between them, empty lines, an older
 * ccx's one-line entries first. Read newest first, every whole entry comes back once, in reverse order
 * of its write's line, numbered, folded with its latest outcome (unknown with none), and every torn line
 * is said once; read for one bulk run, that run's entries alone, folded alike; the tail gives the last
 * number.
 */
import fc from "fast-check";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { journalTail, newestFirst } from "../../src/writes/journal-read.js";
import { scratchDir } from "../support/scratch.js";

const dir = scratchDir("ccx-journal-fuzz-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Planned {
  text: string;
  answered: boolean;
  /** How many writes later its outcome line comes (writes in flight together answer in any order). */
  lag: number;
  tornBefore: boolean;
  /** The bulk run it was part of, if any: both its lines say it. */
  batch?: "runA" | "runB";
}

const planned = fc.record({
  text: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }).map((s) => s.repeat(1 + (s.length % 7) * 3000))),
  answered: fc.boolean(),
  lag: fc.integer({ min: 0, max: 3 }),
  tornBefore: fc.boolean(),
  batch: fc.constantFrom(undefined, "runA", "runB"),
});

describe("newestFirst", () => {
  it("every whole entry once, newest first, folded with its outcome; every torn line said", async () => {
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.array(planned, { maxLength: 12 }), fc.nat({ max: 4 }), fc.boolean(), async (writes, older, tornAtEnd) => {
      const path = join(dir, `journal-${run++}.ndjson`);
      const lines: string[] = [];
      const due: Array<{ at: number; line: string }> = [];
      let torn = 0;
      // The first `older` writes as an older ccx wrote them: one line each, no number (their place is theirs).
      writes.slice(0, older).forEach((w) => {
        lines.push(JSON.stringify({ id: `old${lines.length}`, time: "t", verb: "user update", item: w.text, app: "a", region: "us", method: "PUT", host: "chat", path: "/users/x", outcome: w.answered ? "done" : "unknown", ...(w.batch ? { batch: w.batch } : {}) }));
      });
      writes.forEach((w, i) => {
        if (i < older) return;
        const seq = i + 1;
        if (w.tornBefore) {
          lines.push(`{"seq":${seq},"id":"torn${seq}","verb":"user upd`);
          torn++;
        }
        const batch = w.batch ? { batch: w.batch } : {};
        lines.push(JSON.stringify({ seq, id: `w${seq}`, time: "t", outcome: "pending", verb: "user update", item: w.text, app: "a", region: "us", method: "PUT", host: "chat", path: "/users/x", ...batch }));
        if (w.answered) due.push({ at: i + w.lag, line: JSON.stringify({ seq, id: `w${seq}`, ...batch, outcome: "done", status: 200 }) });
        for (const d of due.filter((d) => d.at <= i)) lines.push(d.line);
        due.splice(0, due.length, ...due.filter((d) => d.at > i));
        if (i % 3 === 2) lines.push("");
      });
      for (const d of due) lines.push(d.line);
      let text = `${lines.join("\n")}\n`;
      if (tornAtEnd) {
        text += '{"seq":99,"id":"cut","verb":"user update","item":"ab';
        torn++;
      }
      writeFileSync(path, text);
      const said: number[] = [];
      const read = [];
      for await (const entry of newestFirst(path, (at) => said.push(at))) read.push(entry);
      expect(read.map((e) => [e.seq, e.item, e.outcome, e.unanswered ?? false])).toEqual(
        writes.map((w, i) => [i + 1, w.text, w.answered ? "done" : "unknown", !w.answered && i >= older]).reverse(),
      );
      const runA = [];
      for await (const entry of newestFirst(path, undefined, { batch: "runA" })) runA.push(entry);
      expect(runA.map((e) => [e.seq, e.outcome])).toEqual(writes.flatMap((w, i) => (w.batch === "runA" ? [[i + 1, w.answered ? "done" : "unknown"]] : [])).reverse());
      expect(said).toHaveLength(torn);
      expect(new Set(said).size).toBe(torn);
      expect(await journalTail(path)).toEqual({ lastSeq: writes.length, endsWithNewline: !tornAtEnd });
    }), { numRuns: 150 });
  });
});
