import { randomBytes } from "node:crypto";
import { appendFile, chmod, mkdir, open, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { maskAnswerSecrets, shownUrl } from "../api/answer-secrets.js";
import type { WriteRequest } from "./verb.js";

/**
 * The journal of every write ccx sent: one JSON object a line in
 * `$XDG_STATE_HOME/ccx/journal.ndjson` (`~/.local/state/ccx/…` by default),
 * made 0600 in a 0700 directory, as the service's answers may name people.
 * Each entry says what was sent, for which app, what came back, and the
 * request that undoes it where there is one; bodies with their secrets masked.
 */

export interface JournalEntry {
  /** Its number in the journal, from 1: its line's, counted as the journal is read (lines are only appended). */
  seq: number;
  /** Its own name, to find its line again: writes made at once (4 in a bulk, two ccx at a time) append in any order. */
  id: string;
  time: string;
  /** The write's words: `user deactivate`. */
  verb: string;
  /** The item it acted on: `alice`, `crew/bob`. */
  item: string;
  profile?: string;
  app: string;
  region: string;
  method: string;
  host: string;
  path: string;
  body?: unknown;
  as?: string;
  /** done: the service acted; refused: it answered an error (it did not act); unknown: no answer, or a 5xx. */
  outcome: "done" | "refused" | "unknown";
  status?: number;
  code?: string;
  /** The request that undoes it, made from what was read before it. */
  inverse?: WriteRequest;
  /** Why it cannot be undone. */
  irreversible?: string;
  /** The entry this one undid. */
  undoes?: number;
  /** The bulk run it was part of (the same verb, app and items): a run again skips what it did. */
  batch?: string;
}

/** Where the journal is: $XDG_STATE_HOME/ccx/journal.ndjson, else ~/.local/state/ccx/journal.ndjson. */
export function journalPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), ".local", "state");
  return join(base, "ccx", "journal.ndjson");
}

/** Every entry, oldest first; lines that are not entries (cut short by a crash) are skipped. */
export async function readJournal(path: string): Promise<JournalEntry[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries = text.split("\n").flatMap((line) => {
    try {
      const entry = JSON.parse(line) as Omit<JournalEntry, "seq">;
      return typeof entry?.id === "string" ? [entry] : [];
    } catch {
      return [];
    }
  });
  return entries.map((entry, i) => ({ ...entry, seq: i + 1 }));
}

/** Appends one entry (one write of one line: whole, whatever else appends); the file made 0600 (and kept so) in a 0700 directory. */
export async function appendJournal(path: string, entry: Omit<JournalEntry, "seq" | "time" | "id">): Promise<JournalEntry> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const masked = (value: unknown) => (value === undefined ? undefined : maskAnswerSecrets(value).value);
  const id = randomBytes(6).toString("hex");
  // A secret in the path (an auth token revoked) is kept masked, as in every URL ccx shows.
  const full = { id, time: new Date().toISOString(), ...entry, path: shownUrl(entry.path), body: masked(entry.body), ...(entry.inverse ? { inverse: { ...entry.inverse, body: masked(entry.inverse.body) } } : {}) };
  // Created 0600 before anything is in it; a journal made by hand with looser bits is tightened.
  const handle = await open(path, "a", 0o600);
  await handle.close();
  await chmod(path, 0o600);
  await appendFile(path, `${JSON.stringify(full)}\n`, { mode: 0o600 });
  const seq = (await readJournal(path)).findIndex((e) => e.id === id) + 1;
  return { ...full, seq };
}

/** Why an entry's own request cannot be sent again from the journal, when it cannot: its body's secrets are kept masked. */
export const unsendable = (entry: JournalEntry): string | undefined =>
  maskAnswerSecrets(entry.body).paths.length > 0 ? "the journal keeps its body's secrets masked (a webhook's password): it is not sent again from there" : undefined;

/** An entry's own request, to send again when its undo is undone; none when its body held a secret. */
export function originalOf(entry: JournalEntry): WriteRequest | undefined {
  if (unsendable(entry)) return undefined;
  return { method: entry.method as WriteRequest["method"], path: entry.path, body: entry.body, ...(entry.as ? { as: entry.as } : {}) };
}
