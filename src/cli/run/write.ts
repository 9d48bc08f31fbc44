import type { Command } from "commander";
import { type ApiCall, prepareCall, urlWithQuery } from "../../api/api-call.js";
import { ApiError, CLIENT_CODES, isNotFound } from "../../api/errors.js";
import { limiter } from "../../api/limit.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import { curlOf } from "../../writes/curl.js";
import { type JournalEntry, appendJournal, journalPath } from "../../writes/journal.js";
import { type VerbInput, type WriteItem, type WriteRequest, type WriteVerb, verbWords } from "../../writes/verb.js";
import { Cancelled, terminalAsker } from "../prompt.js";
import { type Runtime, runCommand } from "../runtime.js";
import { EXIT } from "../usage-error.js";
import { activeTarget } from "./active-app.js";

/**
 * Every write of a definition (src/writes/), the same way: the exact requests
 * shown and asked on a terminal (`--yes` without one; the id or the count
 * typed back for what destroys or a bulk over 10), `--dry-run` as curl with
 * nothing sent, read-only refusing before a byte is sent; then, at most 4 at
 * a time, each item read first (one GET) for its inverse, sent once (a 429
 * waited out by the request module, nothing else tried again), journaled,
 * and said: done, refused with the service's code, or unknown with how to check.
 */

export interface WriteFlags {
  yes?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** Items written at once, in a bulk write. */
const AT_ONCE = 4;
/** Beyond this many items, the count is typed back before they are sent. */
const BULK_ASKS_COUNT = 10;

const badInput = (message: string) => new ApiError(CLIENT_CODES.badInput, message);

/** What one item's write came to. */
interface Written {
  item: string;
  outcome: JournalEntry["outcome"];
  status?: number;
  code?: string;
  message?: string;
  journal?: number;
  undo?: string;
  answer?: unknown;
}

/** A refusal inside a 2xx answer: a bulk answer's `{uid: {success: false, error: {code, message}}}`. */
function refusalIn(body: unknown): { code: string; message: string } | undefined {
  const walk = (node: unknown, depth: number): { code: string; message: string } | undefined => {
    if (node === null || typeof node !== "object" || depth > 4) return undefined;
    const record = node as Record<string, unknown>;
    const error = record.error as { code?: unknown; message?: unknown } | undefined;
    if (record.success === false && typeof error?.code === "string") return { code: error.code, message: String(error.message ?? "") };
    for (const child of Object.values(record)) {
      const found = walk(child, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk((body as { data?: unknown } | null)?.data, 0);
}

/** The request of a write for the active app: the catalogue gives its host and credentials; `as` its acting user. */
function callOf(runtime: Runtime, app: Awaited<ReturnType<typeof activeTarget>>, request: { method: string; path: string; query?: Record<string, string>; as?: string }): ApiCall {
  const target = app && (request.as !== undefined ? { ...app, onBehalfOf: request.as } : app);
  return prepareCall({ method: request.method as ApiCall["method"], path: request.path, query: request.query ?? {} }, { app: target, management: runtime.settings.management, readOnly: runtime.settings.readOnly });
}

/** The lines that show one request before it is sent: method and URL, host, app and region, the user acted for, the body. */
export function shownRequest(call: ApiCall, body: unknown, region: string | undefined): string[] {
  return [
    `${call.method} ${urlWithQuery(call.url, call.query)}`,
    `  host ${call.host}${call.appId ? ` · app ${call.appId}${region ? ` (${region})` : ""}` : ""}${call.headers.onBehalfOf ? ` · as ${call.headers.onBehalfOf}` : ""}`,
    body === undefined ? "  no body" : `  body ${jsonForTerminal(body)}`,
  ].map((line) => sanitize(line));
}

/** Asks on the terminal: y to send, or, for what destroys, the word typed back. */
async function asked(runtime: Runtime, lines: string[], typeBack: string | undefined): Promise<boolean> {
  const asker = terminalAsker(runtime.io.in as NodeJS.ReadStream, runtime.io.err as NodeJS.WriteStream);
  try {
    for (const line of lines) asker.tell(line);
    if (typeBack !== undefined) return (await asker.ask(`type ${typeBack} to send it: `)) === typeBack;
    return /^(y|yes)$/i.test(await asker.ask("send it? [y/N] "));
  } catch (error) {
    if (error instanceof Cancelled) return false;
    throw error;
  } finally {
    asker.close();
  }
}

export interface PlannedWrite {
  verb: string;
  item: WriteItem;
  request: WriteRequest;
  /** Its read before, and how to make the inverse from it; or the inverse outright. */
  before?: { path: string; query?: Record<string, string>; as?: string };
  inverseOf(before: unknown): WriteRequest | undefined;
  irreversible?: string;
  check: string;
  undoes?: number;
}

/** The writes a verb makes for what the command line gave: one an item. */
export function planned(verb: WriteVerb, input: VerbInput): PlannedWrite[] {
  return verb.items(input).map((item) => ({
    verb: verbWords(verb).join(" "),
    item,
    request: verb.request(item),
    before: verb.before?.(item),
    inverseOf: (before) => verb.inverse?.(item, before),
    irreversible: verb.irreversible,
    check: verb.check(item),
  }));
}

/** Runs writes: asked, or dry, or refused; then sent at most 4 at a time, each journaled and said. */
export async function runWrites(runtime: Runtime, writes: PlannedWrite[], flags: WriteFlags, destructive: boolean): Promise<number | undefined> {
  if (writes.length === 0) throw badInput("nothing to write: name at least one item");
  const app = await activeTarget(runtime);
  const calls = writes.map((w) => callOf(runtime, app, w.request));
  if (flags.dryRun) {
    for (const [i, call] of calls.entries()) await runtime.write(`${curlOf(call, writes[i]!.request.body)}\n`);
    runtime.warn(`dry run: ${writes.length === 1 ? "the request" : `${writes.length} requests`} above, nothing sent${calls[0]!.readOnly ? " (read-only mode would refuse it)" : ""}`);
    return;
  }
  // Refused before anything is asked or sent.
  if (calls.some((c) => c.readOnly)) throw new ApiError(CLIENT_CODES.readOnly, `read-only mode: ${writes[0]!.verb} refused, nothing was sent (unset --read-only, CCX_READ_ONLY or the profile's readOnly to write)`);
  const typeBack = destructive ? (writes.length === 1 ? writes[0]!.item.label : String(writes.length)) : writes.length > BULK_ASKS_COUNT ? String(writes.length) : undefined;
  if (!flags.yes) {
    if (!runtime.io.in.isTTY || !runtime.io.err.isTTY) throw badInput(`${writes[0]!.verb} writes, and there is no terminal to ask on: add --yes to send it (nothing was sent)`);
    const shown = calls.slice(0, 5).flatMap((call, i) => shownRequest(call, writes[i]!.request.body, app?.region));
    const more = calls.length > 5 ? [`… and ${calls.length - 5} more like it`] : [];
    const reads = writes[0]!.before ? [`each read first (GET ${writes[0]!.before.path.replace(/\/[^/]*$/, "/…")}) to know how to undo it`] : [];
    if (!(await asked(runtime, [`${writes[0]!.verb}: ${writes.length} request${writes.length === 1 ? "" : "s"}`, ...shown, ...more, ...reads], typeBack))) {
      runtime.warn("not sent");
      return EXIT.failure;
    }
  }
  const journal = journalPath(runtime.io.env);
  const limit = limiter(AT_ONCE);
  const profile = runtime.settings.active?.label;
  const results = await Promise.all(writes.map((write, i) => limit(() => writeOne(runtime, app, write, calls[i]!, journal, profile))));
  if (flags.json) await runtime.write(`${jsonForTerminal(results, 2)}\n`);
  else {
    for (const r of results) {
      if (r.outcome === "done") await runtime.write(`${sanitize(`done ${r.item}${r.journal ? ` (journal ${r.journal}${r.undo ? `; ${r.undo}` : ""})` : ""}`)}\n`);
      else runtime.warn(`${r.outcome} ${r.item}: ${r.code ? `${r.code}: ` : ""}${r.message ?? ""}`);
    }
  }
  const failed = results.filter((r) => r.outcome !== "done");
  if (failed.length === 0) return;
  return failed.every((r) => r.outcome === "refused" && r.code && isNotFound(r.code)) ? EXIT.notFound : EXIT.failure;
}

/** One item: read before, sent once, journaled; what it came to. */
async function writeOne(runtime: Runtime, app: Awaited<ReturnType<typeof activeTarget>>, write: PlannedWrite, call: ApiCall, journal: string, profile: string | undefined): Promise<Written> {
  let before: unknown;
  if (write.before) {
    const read = callOf(runtime, app, { method: "GET", ...write.before });
    try {
      before = (await runtime.http.send({ method: "GET", url: urlWithQuery(read.url, { ...read.query, ...write.before.query }), headers: read.headers })).json;
    } catch (error) {
      // What cannot be read cannot be undone by ccx: the write still goes, said so in its entry.
      if (!(error instanceof ApiError)) throw error;
    }
  }
  const inverse = before === undefined && write.before ? undefined : write.inverseOf(before);
  const entry = {
    verb: write.verb, item: write.item.label, profile, app: app?.appId ?? "", region: app?.region ?? "", method: call.method, host: call.host,
    path: write.request.path, body: write.request.body, ...(write.request.as ? { as: write.request.as } : {}),
    ...(write.undoes ? { undoes: write.undoes } : {}),
  };
  try {
    const response = await runtime.http.send({ method: call.method, url: urlWithQuery(call.url, call.query), headers: call.headers, body: write.request.body, emptyOk: true });
    const refused = refusalIn(response.json);
    if (refused) {
      const logged = await appendJournal(journal, { ...entry, outcome: "refused", status: response.status, code: refused.code });
      return { item: write.item.label, outcome: "refused", status: response.status, code: refused.code, message: refused.message, journal: logged.seq };
    }
    const logged = await appendJournal(journal, {
      ...entry, outcome: "done", status: response.status,
      ...(inverse ? { inverse } : { irreversible: write.irreversible ?? (write.before && before === undefined ? "the state before it could not be read" : "nothing to undo: it was already so") }),
    });
    return { item: write.item.label, outcome: "done", status: response.status, journal: logged.seq, undo: inverse ? `undo: ccx undo ${logged.seq}` : undefined, answer: response.json };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // An answer with the service's error: it did not act. No answer, or a 5xx: it may have.
    const unknown = error.status === undefined || error.status >= 500;
    const logged = await appendJournal(journal, { ...entry, outcome: unknown ? "unknown" : "refused", ...(error.status ? { status: error.status } : {}), code: error.code });
    return {
      item: write.item.label, outcome: unknown ? "unknown" : "refused", status: error.status, code: error.code, journal: logged.seq,
      message: unknown ? `${error.message}; the service may have acted: not sent again. Check with: ${write.check}` : error.message,
    };
  }
}

/** `ccx <noun> <verb> …`: a write of a definition. */
export function runVerb(verb: WriteVerb, input: VerbInput, flags: WriteFlags, command: Command): Promise<void> {
  return runCommand(command, (runtime) => runWrites(runtime, planned(verb, input), flags, verb.destructive?.(input) ?? false));
}
