import { type ApiCall, type ApiCredentials, prepareCall, urlWithQuery } from "../api/api-call.js";
import { maskAnswerSecrets, shownUrl } from "../api/answer-secrets.js";
import type { AppTarget } from "../api/client.js";
import { ApiError } from "../api/errors.js";
import { formOf } from "../api/form.js";
import type { Http } from "../api/http.js";
import { sanitize } from "../text/sanitize.js";
import { jsonForTerminal } from "../text/json.js";
import { type JournalEntry, journalAnswer, journalWrite } from "./journal.js";
import { type Answered, type ReadBefore, type VerbInput, type WriteItem, type WriteRequest, type WriteVerb, verbWords } from "./verb.js";

/**
 * How one write is carried out, for the command line and the explorer alike:
 * the GET before it (its inverse's evidence), the request sent once (a 429
 * waited out, nothing else sent again), the journal's entry, and what it came
 * to: done, refused with the service's code, or unknown (a 5xx or no answer:
 * the service may have acted) with how to check.
 */

/** One item's write, ready to send. */
export interface PlannedWrite {
  /** The write's words: `user deactivate`. */
  verb: string;
  /** The bulk run it belongs to: the same verb, app and items make the same batch, so a run again skips what was done. */
  batch?: string;
  item: WriteItem;
  request: WriteRequest;
  /** The GET that reads what it changes, for its inverse. */
  before?: ReadBefore;
  inverseOf(before: unknown): WriteRequest | undefined;
  /** What its answer tells (a message's id, to undo it; a token, shown once). */
  answered?(answer: unknown): Answered;
  irreversible?: string;
  /** Why this one cannot be undone, from the read before, where its verb otherwise can. */
  notUndone?(before: unknown): string | undefined;
  /** Sent one after another, each only once the one before it was done. */
  inOrder?: boolean;
  /** How to see what happened, when its outcome is unknown. */
  check: string;
  /** The journal entry it undoes. */
  undoes?: number;
}

/** What one item's write came to. */
export interface Written {
  item: string;
  outcome: JournalEntry["outcome"];
  status?: number;
  code?: string;
  message?: string;
  journal?: number;
  /** Its inverse, as a journal entry to undo. */
  undoable?: boolean;
  answer?: unknown;
  /** The line its answer says (`sent message 12 …`), in place of `done <item>`. */
  said?: string;
  /** A secret shown once (an auth token): never journaled, never masked where it is shown. */
  secret?: Answered["secret"];
}

/** Beyond this many items, the count is typed back before they are sent. */
const BULK_ASKS_COUNT = 10;

/**
 * What must be typed back before writes are sent, on a terminal or in the explorer: the id of one that
 * destroys, the count of several that do, or of a bulk over 10; undefined: y is enough.
 */
export function typedBack(writes: readonly PlannedWrite[], destructive: boolean): string | undefined {
  if (destructive) return writes.length === 1 ? writes[0]!.item.label : String(writes.length);
  return writes.length > BULK_ASKS_COUNT ? String(writes.length) : undefined;
}

/** The writes a verb makes for what was given: one an item. */
export function planned(verb: WriteVerb, input: VerbInput): PlannedWrite[] {
  return verb.items(input).map((item) => ({
    verb: verbWords(verb).join(" "),
    item,
    request: verb.request(item),
    before: verb.before?.(item),
    inverseOf: (before) => verb.inverse?.(item, before),
    ...(verb.answered ? { answered: (answer: unknown) => verb.answered!(item, answer) } : {}),
    irreversible: verb.irreversible,
    ...(verb.notUndone ? { notUndone: (before: unknown) => verb.notUndone!(item, before) } : {}),
    inOrder: verb.inOrder,
    check: verb.check(item),
  }));
}

/**
 * A bulk run's name: its verb, app and items (sorted), hashed. node:crypto is loaded when a run is named, not
 * with the store: it is 2–3 ms of the explorer's start, before its first request.
 */
export function batchOf(writes: readonly PlannedWrite[], appId: string): string {
  const items = writes.map((w) => `${w.request.method} ${w.request.path} ${JSON.stringify(w.request.body ?? null)}`).sort();
  const { createHash } = process.getBuiltinModule("node:crypto") as typeof import("node:crypto");
  return createHash("sha256").update([writes[0]!.verb, appId, ...items].join("\n")).digest("hex").slice(0, 16);
}

/** The request of a write (or of its read before) for an app: the catalogue gives its host and credentials; `as` its acting user. */
export function writeCall(app: AppTarget | undefined, credentials: Omit<ApiCredentials, "app">, request: { method: string; path: string; query?: Record<string, string>; as?: string; headers?: Record<string, string>; auth?: "management" }): ApiCall {
  const target = app && (request.as !== undefined ? { ...app, onBehalfOf: request.as } : app);
  return prepareCall({ method: request.method as ApiCall["method"], path: request.path, query: request.query ?? {}, headers: request.headers, ...(request.auth ? { auth: request.auth } : {}) }, { ...credentials, app: target });
}

/** The lines that show one request before it is sent: method and URL, host, app and region, the user acted for, the body (or its files). */
export function shownRequest(call: ApiCall, body: unknown, region: string | undefined, files?: Record<string, string>): string[] {
  return [
    `${call.method} ${shownUrl(urlWithQuery(call.url, call.query))}`,
    `  host ${call.host}${call.appId ? ` · app ${call.appId}${region ? ` (${region})` : ""}` : ""}${call.headers.onBehalfOf ? ` · as ${call.headers.onBehalfOf}` : ""}`,
    files ? `  multipart ${Object.entries(files).map(([field, path]) => `${field}=@${path}`).join(" ")}` : body === undefined ? "  no body" : `  body ${jsonForTerminal(maskAnswerSecrets(body).value)}`,
  ].map((line) => sanitize(line));
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

export interface WriteContext {
  http: Http;
  app: AppTarget | undefined;
  credentials: Omit<ApiCredentials, "app">;
  journal: string;
  profile?: string;
}

/** One item: read before, sent once, journaled; what it came to. */
export async function executeWrite(ctx: WriteContext, write: PlannedWrite, call: ApiCall): Promise<Written> {
  // Its files read first: one that cannot be read is bad input, before anything is journaled or sent.
  const files = write.request.files;
  const form = files ? await formOf(Object.entries(files).map(([field, path]) => [field, `@${path}`]), (field) => `its ${field}`) : undefined;
  let before: unknown;
  if (write.before) {
    try {
      // A read that needs credentials the write does not (the blocked list's management key) is one that cannot be read.
      const read = writeCall(ctx.app, ctx.credentials, { method: "GET", ...write.before });
      before = (await ctx.http.send({ method: "GET", url: urlWithQuery(read.url, read.query), headers: read.headers, patient: true })).json;
    } catch (error) {
      // What cannot be read cannot be undone by ccx: the write still goes, said so in its entry.
      if (!(error instanceof ApiError)) throw error;
    }
  }
  const inverse = before === undefined && write.before ? undefined : write.inverseOf(before);
  // Journaled before it is sent: a process killed before its answer leaves a line that says so.
  const entry = await journalWrite(ctx.journal, {
    verb: write.verb, item: write.item.label, profile: ctx.profile, app: ctx.app?.appId ?? "", region: ctx.app?.region ?? "", method: call.method, host: call.host,
    path: write.request.path, ...(write.request.query ? { query: write.request.query } : {}), body: write.request.body, ...(write.request.as ? { as: write.request.as } : {}), ...(write.request.headers ? { headers: write.request.headers } : {}), ...(write.request.auth ? { auth: write.request.auth } : {}),
    ...(files ? { files } : {}), ...(write.undoes ? { undoes: write.undoes } : {}), ...(write.batch ? { batch: write.batch } : {}), check: write.check,
    ...(before !== undefined ? { before } : {}),
    ...(inverse ? { inverse } : { irreversible: write.notUndone?.(before) ?? write.irreversible ?? (write.answered ? "undone by what its answer names (a message's id): no answer named it"
      : write.before && before === undefined ? "the state before it could not be read" : "nothing to undo: it was already so") }),
  });
  try {
    // However long the rate limit holds it: a 429 says the service did not act.
    const response = await ctx.http.send({ method: call.method, url: urlWithQuery(call.url, call.query), headers: call.headers, body: write.request.body, ...(form ? { form } : {}), emptyOk: true, patient: true });
    const refused = refusalIn(response.json);
    if (refused) {
      await journalAnswer(ctx.journal, entry, { outcome: "refused", status: response.status, code: refused.code });
      return { item: write.item.label, outcome: "refused", status: response.status, code: refused.code, message: refused.message, journal: entry.seq };
    }
    // What the answer tells: the inverse it names goes on the outcome's line (the secret never does).
    const told = write.answered?.(response.json) ?? {};
    await journalAnswer(ctx.journal, entry, { outcome: "done", status: response.status, ...(told.inverse ? { inverse: told.inverse } : {}) });
    return {
      item: write.item.label, outcome: "done", status: response.status, journal: entry.seq, undoable: (inverse ?? told.inverse) !== undefined, answer: response.json,
      ...(told.said ? { said: told.said } : {}), ...(told.secret ? { secret: told.secret } : {}),
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // An answer with the service's error: it did not act. No answer, or a 5xx: it may have.
    const unknown = error.status === undefined || error.status >= 500;
    await journalAnswer(ctx.journal, entry, { outcome: unknown ? "unknown" : "refused", ...(error.status ? { status: error.status } : {}), code: error.code });
    return {
      item: write.item.label, outcome: unknown ? "unknown" : "refused", status: error.status, code: error.code, journal: entry.seq,
      message: unknown ? `${error.message}; the service may have acted: not sent again. Check with: ${write.check}` : error.message,
    };
  }
}
