import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { JournalEntry } from "./journal.js";

/**
 * Reading the journal (src/writes/journal.ts) newest first, from its end backwards in chunks: what
 * `ccx journal | head`, `ccx undo` and :journal need is at the end, and is found there without reading
 * the rest. Lines are folded by id as they are met: a write's outcome line comes after its own, so it is
 * met first and kept until its write's line (a few at most: those in flight together). Memory is bounded
 * by what is in flight, whatever the journal's length. A line that is not an entry (cut short by a crash)
 * is skipped and said, never fatal.
 */

const CHUNK_BYTES = 64 * 1024;
/** A line longer than this is no entry ccx wrote (a file damaged some other way): skipped, not held in memory. */
const LONGEST_LINE_BYTES = 16 * 1024 * 1024;
const NEWLINE = 0x0a;

/** A line's bytes (undefined: too long to be an entry) and where it starts in the file. */
interface RawLine {
  bytes: Buffer | undefined;
  start: number;
}

/** The file's lines, last first, empty ones left out, a chunk's worth at a time; none when there is no file. */
async function* linesBackward(path: string): AsyncGenerator<RawLine[]> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    let position = (await handle.stat()).size;
    // The pieces of the line being read, last piece first; dropped once it is too long to be an entry.
    let pieces: Buffer[] = [];
    let held = 0;
    let tooLong = false;
    const line = (start: number): RawLine | undefined => {
      // A line within one chunk (most are) is a view of it, not a copy.
      const bytes = tooLong ? undefined : pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces.reverse());
      const empty = !tooLong && bytes!.length === 0;
      pieces = [];
      held = 0;
      tooLong = false;
      return empty ? undefined : { bytes, start };
    };
    while (position > 0) {
      const size = Math.min(CHUNK_BYTES, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, position);
      let end = size;
      const lines: RawLine[] = [];
      for (let at = chunk.lastIndexOf(NEWLINE, end - 1); at >= 0; at = end > 0 ? chunk.lastIndexOf(NEWLINE, end - 1) : -1) {
        if (!tooLong) pieces.push(chunk.subarray(at + 1, end));
        const found = line(position + at + 1);
        if (found) lines.push(found);
        end = at;
      }
      if (lines.length > 0) yield lines;
      if (end > 0 && !tooLong) {
        pieces.push(chunk.subarray(0, end));
        held += end;
        if (held > LONGEST_LINE_BYTES) {
          tooLong = true;
          pieces = [];
        }
      }
    }
    const first = line(0);
    if (first) yield [first];
  } finally {
    await handle.close();
  }
}

/** A line of the journal as written: a write's (with its verb) or an outcome's. */
type Line = Partial<Omit<JournalEntry, "outcome">> & { id: string; outcome?: JournalEntry["outcome"] | "pending" };

function parseLine(bytes: Buffer | undefined): Line | undefined {
  if (!bytes) return undefined;
  try {
    const record = JSON.parse(bytes.toString("utf8")) as Line | null;
    return typeof record?.id === "string" ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How many entries a journal written before entries carried their number holds up to `end`: their
 * numbers were their places among its entries. Read once, from the start: only such a journal needs it.
 */
async function entriesUpTo(path: string, end: number): Promise<number> {
  let count = 0;
  const lines = createInterface({ input: createReadStream(path, { start: 0, end: end - 1 }), crlfDelay: Infinity });
  for await (const text of lines) if (parseLine(Buffer.from(text))) count++;
  return count;
}

/** The journal's last number (0: none yet), and whether it ends with a whole line; read from its end, back to the last write's line. */
export async function journalTail(path: string, want: { seq: boolean } = { seq: true }): Promise<{ lastSeq: number; endsWithNewline: boolean }> {
  let endsWithNewline = true;
  const handle = await open(path, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (handle) {
    try {
      const { size } = await handle.stat();
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        endsWithNewline = last[0] === NEWLINE;
      }
    } finally {
      await handle.close();
    }
  }
  if (!want.seq) return { lastSeq: 0, endsWithNewline };
  for await (const lines of linesBackward(path)) for (const { bytes, start } of lines) {
    const record = parseLine(bytes);
    // Outcome lines come in any order after their writes' (a bulk's four in flight): the last write's line has the last number.
    if (!record || record.verb === undefined) continue;
    if (typeof record.seq === "number") return { lastSeq: record.seq, endsWithNewline };
    return { lastSeq: await entriesUpTo(path, start + bytes!.length), endsWithNewline };
  }
  return { lastSeq: 0, endsWithNewline };
}

/** Where a line that is not an entry starts, for the reader to say so. */
export type TornLine = (start: number) => void;

const NUMBERED = Buffer.from('{"seq":');

const CLOSING_BRACE = 0x7d;

/** The number a line ccx writes now starts with, read without parsing the line; undefined for others (a line cut short among them). */
function numberOf(bytes: Buffer): number | undefined {
  if (bytes.length < NUMBERED.length || !bytes.subarray(0, NUMBERED.length).equals(NUMBERED) || bytes.at(-1) !== CLOSING_BRACE) return undefined;
  let seq = 0;
  let at = NUMBERED.length;
  for (; at < bytes.length && bytes[at]! >= 0x30 && bytes[at]! <= 0x39; at++) seq = seq * 10 + bytes[at]! - 0x30;
  return at > NUMBERED.length ? seq : undefined;
}

/**
 * The journal's entries, newest first, each folded with its outcome (`unanswered` when none came) and
 * with the entry that undid it. Stop early and the rest is never read. `batch`: only that bulk run's
 * entries (both its lines carry it), the others' lines skipped unparsed: a run again reads the journal
 * through at the speed of a search, not of a parse. Their undos, other runs, are not read: `undoneBy`
 * is not given then.
 */
export async function* newestFirst(path: string, onTorn?: TornLine, only?: { batch: string }): AsyncGenerator<JournalEntry> {
  const answers = new Map<string, Line>();
  const undoneBy = new Map<number, number>();
  const wanted = only && Buffer.from(`"batch":${JSON.stringify(only.batch)}`);
  // The lowest number met: a journal's older lines, written before entries carried one, are numbered below it.
  let lowest: number | undefined;
  for await (const lines of linesBackward(path)) for (const { bytes, start } of lines) {
    const skipped = wanted && bytes && !bytes.includes(wanted) ? numberOf(bytes) : undefined;
    if (skipped !== undefined) {
      lowest = Math.min(lowest ?? Infinity, skipped);
      continue;
    }
    const record = parseLine(bytes);
    if (!record) {
      onTorn?.(start);
      continue;
    }
    if (typeof record.seq === "number") lowest = Math.min(lowest ?? Infinity, record.seq);
    else if (record.verb !== undefined) {
      // A write of an older ccx, on one line: numbered by its place among the entries.
      record.seq = lowest === undefined ? await entriesUpTo(path, start + bytes!.length) : lowest - 1;
      lowest = record.seq;
    }
    if (only && record.batch !== only.batch) continue;
    if (record.verb === undefined) {
      // An outcome: the latest one (met first) is the one that holds.
      if (!answers.has(record.id)) answers.set(record.id, record);
      continue;
    }
    let entry: JournalEntry;
    if (record.outcome === "pending") {
      const answer = answers.get(record.id);
      answers.delete(record.id);
      const { outcome: _pending, ...write } = record;
      entry = answer
        ? {
          ...write, outcome: answer.outcome as JournalEntry["outcome"], ...(answer.status !== undefined ? { status: answer.status } : {}), ...(answer.code ? { code: answer.code } : {}), ...(answer.checked ? { checked: true } : {}),
          // The inverse its answer named (a message sent, deleted by its id): it can be undone after all.
          ...(answer.inverse ? { inverse: answer.inverse, irreversible: undefined } : {}),
        } as JournalEntry
        : { ...write, outcome: "unknown", unanswered: true } as JournalEntry;
    } else entry = record as JournalEntry;
    const by = undoneBy.get(entry.seq);
    if (by !== undefined) {
      entry.undoneBy = by;
      undoneBy.delete(entry.seq);
    }
    // Met newest first: the oldest undo of an entry, set last, is the one named.
    if (entry.undoes !== undefined && entry.outcome === "done") undoneBy.set(entry.undoes, entry.seq);
    yield entry;
  }
}

/** The newest `limit` entries (all without one), newest first. */
export async function newestEntries(path: string, limit = Infinity, onTorn?: TornLine): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  if (limit <= 0) return entries;
  for await (const entry of newestFirst(path, onTorn)) {
    entries.push(entry);
    if (entries.length >= limit) break;
  }
  return entries;
}
