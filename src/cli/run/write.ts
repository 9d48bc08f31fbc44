import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { urlWithQuery } from "../../api/api-call.js";
import { filledPath } from "../../api/client.js";
import { maskAnswerSecrets } from "../../api/answer-secrets.js";
import { ApiError, CLIENT_CODES, badInput, isNotFound } from "../../api/errors.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import { curlOf } from "../../writes/curl.js";
import { type PlannedWrite, type Written, planned, shownRequest, typedBack, writeCall } from "../../writes/execute.js";
import { journalPath } from "../../writes/journal.js";
import { type RunResult, resumeBatch, resumedSaid, runPlan } from "../../writes/run-plan.js";
import type { VerbInput, WriteVerb } from "../../writes/verb.js";
import { progressLine } from "../render/progress.js";
import { askToSend } from "../prompt.js";
import { type Runtime, runCommand } from "../runtime.js";
import { EXIT } from "../usage-error.js";
import { activeTarget } from "./active-app.js";

/**
 * Every write of a definition (src/writes/), the same way: the exact requests
 * shown and asked on a terminal (`--yes` without one; the id or the count
 * typed back for what destroys or a bulk over 10), `--dry-run` as curl with
 * nothing sent, read-only refusing before a byte is sent; then sent by the
 * runner the explorer uses too (src/writes/run-plan.ts), with a progress line
 * here, and said: done, refused with the service's code, or unknown with how
 * to check.
 */

export interface WriteFlags {
  yes?: boolean;
  dryRun?: boolean;
  json?: boolean;
  /** A bulk write's items from a file, or - for stdin, one a line. */
  ids?: string;
  /** A bulk write's items: those a filter of the verb's list selects. */
  query?: string;
}

/** Says each line of the journal that is not an entry (cut short by a crash): skipped, never fatal. */
export const tornSaid = (runtime: Runtime) => (start: number) =>
  runtime.warn(`warning: the journal's line at byte ${start} is not a whole entry (cut short by a crash?): skipped`);

/** Runs writes: asked, or dry, or refused; then sent by the runner, each said. */
export async function runWrites(runtime: Runtime, planned: PlannedWrite[], flags: WriteFlags, destructive: boolean): Promise<number | undefined> {
  if (planned.length === 0) throw badInput("nothing to write: name at least one item");
  const app = await activeTarget(runtime);
  const journal = journalPath(runtime.io.env);
  // A bulk run again, after an interruption: what its batch sent already is not sent twice (one whose
  // outcome was unknown neither: the service may have acted, so it is left to be checked).
  const resumed = await resumeBatch(planned, app?.appId ?? "", journal, tornSaid(runtime));
  for (const line of resumedSaid(resumed, planned.length)) runtime.warn(line);
  const { writes } = resumed;
  if (writes.length === 0) return;
  const credentials = { management: runtime.settings.management, readOnly: runtime.settings.readOnly };
  const calls = writes.map((w) => writeCall(app, credentials, w.request));
  if (flags.dryRun) {
    for (const [i, call] of calls.entries()) await runtime.write(`${curlOf(call, writes[i]!.request.body, writes[i]!.request.files)}\n`);
    runtime.warn(`dry run: ${writes.length === 1 ? "the request" : `${writes.length} requests`} above, nothing sent${calls[0]!.readOnly ? " (read-only mode would refuse it)" : ""}`);
    return;
  }
  // Refused before anything is asked or sent.
  if (calls.some((c) => c.readOnly)) throw new ApiError(CLIENT_CODES.readOnly, `read-only mode: ${writes[0]!.verb} refused, nothing was sent (unset --read-only, CCX_READ_ONLY or the profile's readOnly to write)`);
  const typeBack = typedBack(writes, destructive);
  if (!flags.yes) {
    if (!runtime.io.in.isTTY || !runtime.io.err.isTTY) throw badInput(`${writes[0]!.verb} writes, and there is no terminal to ask on: add --yes to send it (nothing was sent)`);
    const shown = calls.slice(0, 5).flatMap((call, i) => shownRequest(call, writes[i]!.request.body, app?.region, writes[i]!.request.files));
    const more = calls.length > 5 ? [`… and ${calls.length - 5} more like it`] : [];
    const reads = writes[0]!.irreversible ? [`it cannot be undone: ${writes[0]!.irreversible}`]
      : writes[0]!.before ? [`each read first (GET ${writes[0]!.before.path.replace(/\/[^/]*$/, "/…")}) to know how to undo it`] : [];
    if (!(await askToSend(runtime.io.in, runtime.io.err, [`${writes[0]!.verb}: ${writes.length} request${writes.length === 1 ? "" : "s"}`, ...shown, ...more, ...reads], typeBack))) {
      runtime.warn("not sent");
      return EXIT.failure;
    }
  }
  // Interrupted (ctrl-c, SIGTERM): nothing more is started, what is under way is finished and journaled.
  const interruption = new AbortController();
  const stop = () => interruption.abort();
  process.on("SIGINT", stop).on("SIGTERM", stop);
  const progress = writes.length > 1 && runtime.io.err.isTTY && !flags.json ? progressLine(writes[0]!.verb, runtime.io.err) : undefined;
  let run: RunResult;
  try {
    run = await runPlan(writes, {
      http: runtime.http, app, credentials, journal, profile: runtime.settings.active?.label, signal: interruption.signal,
      onProgress: (finished, total) => progress?.update(finished, total),
    });
  } finally {
    process.off("SIGINT", stop).off("SIGTERM", stop);
    progress?.done();
  }
  const { results } = run;
  const said = results.filter((r): r is Written => r !== undefined);
  // A secret (an auth token) is what was asked for: shown once, whole, and nowhere else.
  if (flags.json) await runtime.write(`${jsonForTerminal(said.map(({ secret, ...r }) => (secret ? { ...r, answer: r.answer } : maskAnswerSecrets(r).value)), 2)}\n`);
  else {
    for (const r of said) {
      const journaled = r.journal ? ` (journal ${r.journal}${r.undoable ? `; undo: ccx undo ${r.journal}` : ""})` : "";
      if (r.outcome !== "done") runtime.warn(`${r.outcome} ${r.item}: ${r.code ? `${r.code}: ` : ""}${r.message ?? ""}`);
      // Alone on stdout, for `$(ccx token alice --yes)`; what it is, on stderr.
      else if (r.secret) {
        await runtime.write(`${sanitize(r.secret.value)}\n`);
        runtime.warn(`${r.secret.note}${journaled}`);
      } else await runtime.write(`${sanitize(`${r.said ?? `done ${r.item}`}${journaled}`)}\n`);
    }
  }
  if (run.interrupted) {
    const left = results.filter((r) => r === undefined).length;
    runtime.warn(`interrupted: ${results.length - left} written (journaled), ${left} not sent; the same command again does the rest, not what was done`);
    return EXIT.interrupted;
  }
  if (said.length < results.length) runtime.warn(`${results.length - said.length} not sent: each waits for the one before it, which was not done`);
  const failed = said.filter((r) => r.outcome !== "done");
  if (failed.length === 0) return;
  return failed.every((r) => r.outcome === "refused" && r.code && isNotFound(r.code)) ? EXIT.notFound : EXIT.failure;
}

/** Ids one a line from a file, or from stdin for `-`; blank lines and `#` comments left out. */
async function idsFrom(source: string, stdin: NodeJS.ReadableStream): Promise<string[]> {
  let text = "";
  try {
    if (source === "-") for await (const chunk of stdin) text += String(chunk);
    else text = await readFile(source, "utf8");
  } catch (error) {
    throw badInput(`cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? error}; nothing was sent`);
  }
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
}

/** The ids of every item a filter of a list selects, every page walked: the app's users or messages, or a group's members. */
async function selected(runtime: Runtime, kind: NonNullable<WriteVerb["selectable"]>, query: string, input: VerbInput): Promise<string[]> {
  const [{ filterParams }, { activeAppClient }] = await Promise.all([import("./filter-line.js"), import("./active-app.js")]);
  const ids: string[] = [];
  if (kind === "users") {
    const [{ USER_GRAMMAR }, { userPages }] = await Promise.all([import("../../query/users.js"), import("../../api/users.js")]);
    const params = filterParams(USER_GRAMMAR.parse, [], { query });
    for await (const page of userPages(await activeAppClient(runtime), { ...params, perPage: params.perPage ?? "1000" })) ids.push(...page.items.map((user) => user.uid));
    return ids;
  }
  if (kind === "messages") {
    const [{ parseMessageFilter }, { messagePages }] = await Promise.all([import("../../query/messages.js"), import("../../api/messages.js")]);
    const params = filterParams(parseMessageFilter, [], { query });
    for await (const page of messagePages(await activeAppClient(runtime), { kind: "app" }, { ...params, limit: params.limit ?? "1000" })) ids.push(...page.items.map((m) => String(m.id)));
    return ids;
  }
  const [{ parseMemberFilter }, { endpointPager, walkPages }, { findEndpoint }] = await Promise.all([import("../../query/members.js"), import("../../api/paging-styles.js"), import("../../api/endpoints.js")]);
  const params = filterParams(parseMemberFilter, [], { query });
  const path = filledPath("/groups/{guid}/members", { guid: String(input.args.guid) });
  const call = writeCall(await activeTarget(runtime), { management: runtime.settings.management, readOnly: runtime.settings.readOnly }, { method: "GET", path, query: { ...params, perPage: "1000" } });
  const fetch = async (asked: Record<string, string>) => (await runtime.http.send({ method: "GET", url: urlWithQuery(call.url, asked), headers: call.headers })).json;
  for await (const { step } of walkPages(endpointPager(findEndpoint("/groups/{guid}/members", "GET"), call.query), fetch)) {
    ids.push(...step.items.map((m) => String((m as { uid?: unknown }).uid ?? "")).filter(Boolean));
  }
  return ids;
}

/** `ccx <noun> <verb> …`: a write of a definition; a bulk one's items given, from --ids, or chosen by --query. */
export function runVerb(verb: WriteVerb, input: VerbInput, flags: WriteFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const bulk = verb.args.find((a) => a.variadic);
    const args = { ...input.args };
    const listOf = (name: string) => {
      const named = args[name];
      return Array.isArray(named) ? named : named ? [named] : [];
    };
    if (bulk && flags.ids !== undefined) args[bulk.name] = [...listOf(bulk.name), ...(await idsFrom(flags.ids, runtime.io.in))];
    if (flags.query !== undefined && verb.selectable) {
      if (flags.query.trim() === "") throw badInput(`--query '' selects every one of the ${verb.selectable}: write a filter, or name them; nothing was sent`);
      // The filter's ids go into their argument: the uids of `tokens revoke --query` take the uid's place.
      const into = verb.selectInto ?? bulk?.name;
      if (into && verb.selectInto && listOf(into).length > 0) throw badInput(`give a ${into} or --query, not both; nothing was sent`);
      const chosen = await selected(runtime, verb.selectable, flags.query, input);
      runtime.warn(`the filter selects ${chosen.length} ${verb.selectable}`);
      if (into) args[into] = [...listOf(into), ...chosen];
    }
    // The same item given twice (named, in --ids and by the filter) is written once.
    for (const [name, value] of Object.entries(args)) if (Array.isArray(value)) args[name] = [...new Set(value)];
    // The user acted for as every command takes it: --as, --on-behalf-of, else CCX_ON_BEHALF_OF or the profile's.
    const actedFor = input.flags.as === undefined && input.flags.onBehalfOf === undefined ? (await activeTarget(runtime))?.onBehalfOf : undefined;
    const given = { args, flags: actedFor ? { ...input.flags, as: actedFor } : input.flags };
    return runWrites(runtime, planned(verb, given), flags, verb.destructive?.(given) ?? false);
  });
}
