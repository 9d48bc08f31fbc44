import { appendFile, chmod, mkdir, open, readFile, rm, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { maskAnswerSecrets, shownUrl } from "../api/answer-secrets.js";
import { isSecretParameter } from "../api/secret-names.js";
import { maskKey } from "../config/mask.js";
import { journalTail } from "./journal-read.js";
import type { WriteRequest } from "./verb.js";

/**
 * The journal of every write ccx sent: JSON lines in `$XDG_STATE_HOME/ccx/journal.ndjson`
 * (`~/.local/state/ccx/…` by default; `CCX_JOURNAL` names another file: the demo's own), made 0600 in a
 * 0700 directory, as the service's answers may name people. Written ahead: a write's line (what is sent,
 * for which app, the state read before it, the request that undoes it) is appended with the outcome
 * `pending` before its request leaves; its answer appends a second, small line with the outcome under
 * the same id. A write whose second line never came (the process killed in between) reads as unknown.
 * Appending reads only the file's tail, never the whole of it: its cost does not grow with the journal.
 */

/** A write as the journal tells it: its line and its outcome's, folded. */
export interface JournalEntry {
  /** Its number in the journal, from 1, written in its lines: `ccx undo 12`, :journal's `#`. */
  seq: number;
  /** Its own name: its outcome's line finds its write's by it. */
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
  /** Its query (a preference's `uid`), a secret parameter's value masked (a push token's `authToken`). */
  query?: Record<string, string>;
  body?: unknown;
  as?: string;
  /** Headers the operation documents beside its credentials (`X-Webhook-Version`), sent again with it. */
  headers?: Record<string, string>;
  /** Its multipart file parts, by field: the files' paths (their bytes are not kept). */
  files?: Record<string, string>;
  /** The credentials it was sent with, where the path takes two (a blocked message's review: `management`); sent again so. */
  auth?: "management";
  /** What the read before it answered (its secrets masked): the evidence its inverse was made from. */
  before?: unknown;
  /** done: the service acted; refused: it answered an error (it did not act); unknown: a 5xx, or no answer came. */
  outcome: "done" | "refused" | "unknown";
  /** No answer was journaled: the process stopped between sending it and its answer (or is still waiting). */
  unanswered?: true;
  /** The outcome was said by the user once they had checked (`ccx undo <n> --checked`), not by an answer. */
  checked?: true;
  status?: number;
  code?: string;
  /** How to see what happened when the outcome is unknown: `ccx users --query '…'`. */
  check?: string;
  /** The request that undoes it, made from what was read before it. */
  inverse?: WriteRequest;
  /** Why it cannot be undone. */
  irreversible?: string;
  /** The entry this one undid. */
  undoes?: number;
  /** The bulk run it was part of (the same verb, app and items): a run again skips what it did. */
  batch?: string;
  /** The later entry that undid it (folded in as the journal is read, not kept in its lines). */
  undoneBy?: number;
}

/** What is journaled before a write is sent. */
export type JournalWrite = Omit<JournalEntry, "seq" | "id" | "time" | "outcome" | "unanswered" | "checked" | "status" | "code" | "undoneBy">;

/** What its answer adds: the inverse too, when only the answer names what to undo (a message sent, by its id). */
export type JournalOutcome = Pick<JournalEntry, "outcome" | "status" | "code" | "checked" | "inverse">;

/** Where the journal is: $CCX_JOURNAL, else $XDG_STATE_HOME/ccx/journal.ndjson, else ~/.local/state/ccx/journal.ndjson. */
export function journalPath(env: NodeJS.ProcessEnv): string {
  if (env.CCX_JOURNAL) return env.CCX_JOURNAL;
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), ".local", "state");
  return join(base, "ccx", "journal.ndjson");
}

/** The file made 0600 before anything is in it, in a 0700 directory; a journal made by hand with looser bits is tightened. */
async function ready(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await open(path, "a", 0o600);
  await handle.close();
  await chmod(path, 0o600);
}

/** A lock older than this is taken as left by a process that died holding it (the lock is held for one append). */
const STALE_LOCK_MS = 10_000;

/** Whether the lock's holder is gone: its pid no longer runs, or the lock is older than any append. */
async function staleLock(lock: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(lock, "utf8"), stat(lock)]);
    const pid = Number(text);
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
      }
    }
    return Date.now() - info.mtimeMs > STALE_LOCK_MS;
  } catch {
    // Gone already (released between our attempt and this look): try again.
    return false;
  }
}

/**
 * Numbers are given under a lock file (`journal.ndjson.lock`, made with O_EXCL), so that two ccx
 * appending at once never give one number twice; within one process, appends queue instead.
 */
const queues = new Map<string, Promise<unknown>>();
async function numbering<T>(path: string, append: () => Promise<T>): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(async () => {
    const lock = `${path}.lock`;
    for (;;) {
      try {
        const handle = await open(lock, "wx", 0o600);
        await handle.writeFile(String(process.pid));
        await handle.close();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        if (await staleLock(lock)) await rm(lock, { force: true });
        else await sleep(5);
      }
    }
    try {
      return await append();
    } finally {
      await rm(lock, { force: true });
    }
  });
  queues.set(path, mine);
  try {
    return await mine;
  } finally {
    if (queues.get(path) === mine) queues.delete(path);
  }
}

const masked = (value: unknown) => (value === undefined ? undefined : maskAnswerSecrets(value).value);

/** A request as the journal keeps it: method, path, query, body (its secrets masked), the user it acts for and its documented headers. */
const sendable = ({ method, path, query, body, as, headers, auth }: WriteRequest): WriteRequest => ({
  method, path, ...(query ? { query } : {}), body: masked(body), ...(as !== undefined ? { as } : {}), ...(headers ? { headers } : {}), ...(auth ? { auth } : {}),
});

/** One line, whole: after a line a crash cut short, a newline first, so that this one is not glued to it. */
const lineAfter = (endsWithNewline: boolean, record: object) => `${endsWithNewline ? "" : "\n"}${JSON.stringify(record)}\n`;

/**
 * Journals a write before it is sent: its line, with the outcome `pending` and the next number
 * (read from the journal's last lines, not from all of them). Returns the entry as pending.
 */
export async function journalWrite(path: string, write: JournalWrite): Promise<JournalEntry> {
  await ready(path);
  // Loaded with the first write, not with the store (2–3 ms of the explorer's start).
  const { randomBytes } = process.getBuiltinModule("node:crypto") as typeof import("node:crypto");
  const id = randomBytes(6).toString("hex");
  // A secret in the path (an auth token revoked) is kept masked, as in every URL ccx shows.
  const fields = {
    ...write, path: shownUrl(write.path), ...(write.query ? { query: maskedQuery(write.query) } : {}), body: masked(write.body), before: masked(write.before),
    // The request as sent again (its template and parameters are the definition's, not the journal's).
    ...(write.inverse ? { inverse: sendable(write.inverse) } : {}),
  };
  return numbering(path, async () => {
    const tail = await journalTail(path);
    const entry = { seq: tail.lastSeq + 1, id, time: new Date().toISOString(), outcome: "pending" as const, ...fields };
    await appendFile(path, lineAfter(tail.endsWithNewline, entry), { mode: 0o600 });
    return { ...entry, outcome: "unknown", unanswered: true };
  });
}

/** Journals what a write came to: a line of its own, under the write's number and id (and its run's, to be found by it). */
export async function journalAnswer(path: string, entry: Pick<JournalEntry, "seq" | "id" | "batch">, outcome: JournalOutcome): Promise<void> {
  const tail = await journalTail(path, { seq: false });
  const { inverse, ...rest } = outcome;
  const line = { seq: entry.seq, id: entry.id, time: new Date().toISOString(), ...(entry.batch ? { batch: entry.batch } : {}), ...rest, ...(inverse ? { inverse: sendable(inverse) } : {}) };
  await appendFile(path, lineAfter(tail.endsWithNewline, line), { mode: 0o600 });
}

/** A query as the journal keeps it: a secret parameter's value masked, as in every URL ccx shows. */
const maskedQuery = (query: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, isSecretParameter(name) ? maskKey(value) : value]));

/** Why an entry's own request cannot be sent again from the journal, when it cannot: its body's (or query's) secrets are kept masked. */
export const unsendable = (entry: JournalEntry): string | undefined =>
  maskAnswerSecrets(entry.body).paths.length > 0 || Object.keys(entry.query ?? {}).some(isSecretParameter)
    ? "the journal keeps its secrets masked (a webhook's password, an auth token): it is not sent again from there" : undefined;

/** An entry's own request, to send again when its undo is undone; none when it held a secret. */
export function originalOf(entry: JournalEntry): WriteRequest | undefined {
  if (unsendable(entry)) return undefined;
  return { method: entry.method as WriteRequest["method"], path: entry.path, ...(entry.query ? { query: entry.query } : {}), body: entry.body, ...(entry.as ? { as: entry.as } : {}), ...(entry.headers ? { headers: entry.headers } : {}), ...(entry.auth ? { auth: entry.auth } : {}) };
}
