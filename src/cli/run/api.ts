import { open } from "node:fs/promises";
import type { Command } from "commander";
import { type ApiCall, callNeedsApp, isSecretHeader, prepareCall, shownHeaders, urlWithQuery } from "../../api/api-call.js";
import { maskAnswerSecrets, secretsMasker } from "../../api/answer-secrets.js";
import { ApiError, CLIENT_CODES, badInput } from "../../api/errors.js";
import { MAX_INPUT_BYTES, formOf } from "../../api/form.js";
import { pagerFor, walkPages } from "../../api/paging-styles.js";
import { jsonForTerminal } from "../../text/json.js";
import { sanitize } from "../../text/sanitize.js";
import type { ApiFlags } from "../commands/api.js";
import type { IOStreams } from "../io.js";
import { askToSend } from "../prompt.js";
import { progressLine, progressWanted } from "../render/progress.js";
import { type Runtime, runCommand, warnMasked } from "../runtime.js";
import { activeTarget } from "./active-app.js";
import { EXIT } from "../usage-error.js";

/** The bytes of a file, or of stdin for `-`, at most MAX_INPUT_BYTES. */
async function readInput(input: string, stdin: NodeJS.ReadableStream): Promise<Buffer> {
  const where = input === "-" ? "stdin" : input;
  const tooLarge = () => badInput(`${where} holds more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; nothing was sent`);
  const chunks: Buffer[] = [];
  let total = 0;
  const take = (chunk: Buffer) => {
    total += chunk.length;
    if (total > MAX_INPUT_BYTES) throw tooLarge();
    chunks.push(chunk);
  };
  try {
    if (input === "-") {
      for await (const chunk of stdin) take(chunk as Buffer);
    } else {
      const file = await open(input, "r");
      try {
        for await (const chunk of file.createReadStream({ highWaterMark: 64 * 1024 })) take(chunk as Buffer);
      } finally {
        await file.close();
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badInput(`cannot read ${where}: ${(error as NodeJS.ErrnoException).code ?? error}; nothing was sent`);
  }
  return Buffer.concat(chunks);
}

/** JSON text as a body, or bad input naming where it came from. */
function jsonOf(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badInput(`${where} is not JSON; nothing was sent`);
  }
}

/** The JSON body of --input or -d. */
async function readBody(flags: ApiFlags, stdin: NodeJS.ReadableStream): Promise<unknown> {
  if (flags.data !== undefined) return jsonOf(flags.data, "-d");
  if (flags.input === undefined) return undefined;
  return jsonOf((await readInput(flags.input, stdin)).toString("utf8"), flags.input === "-" ? "stdin" : flags.input);
}

interface Payload {
  query: Record<string, string>;
  body?: unknown;
  form?: FormData;
}

/** The query of a GET, or the body of a write (JSON from -f, --typed-field, -d and --input; or multipart from -F). */
async function payload(flags: ApiFlags, write: boolean, io: IOStreams): Promise<Payload> {
  const fields = [...flags.field, ...flags.typedField];
  if (flags.data !== undefined && flags.input !== undefined) throw badInput("-d and --input both give the JSON body: give one; nothing was sent");
  const json = flags.data !== undefined ? "-d" : flags.input !== undefined ? "--input" : undefined;
  if (flags.form.length > 0) {
    // One body a request: multipart or JSON, refused before anything is read or sent.
    if (json) throw badInput(`-F makes a multipart/form-data body and ${json} a JSON one: a request has one body; nothing was sent`);
    if (fields.length > 0) throw badInput("-f adds fields to a JSON body and -F makes a multipart one: give every part with -F; nothing was sent");
    if (!write) throw badInput("-F is the body of a write: add -X POST (or PUT, PATCH); nothing was sent");
    return { query: {}, form: await formOf(flags.form) };
  }
  if (!write) {
    if (json) throw badInput(`${json} is the body of a write: add -X POST (or PUT, PATCH, DELETE)`);
    return { query: Object.fromEntries(fields.map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)])) };
  }
  const given = await readBody(flags, io.in);
  if (fields.length === 0) return { query: {}, body: given };
  if (given !== undefined && (given === null || typeof given !== "object" || Array.isArray(given))) throw badInput(`-f adds fields to a JSON object: the ${json} body is not one`);
  return { query: {}, body: { ...(given as object | undefined), ...Object.fromEntries(fields) } };
}

/** A multipart body's parts as shown: a text part's value, a file's name and size. */
function shownForm(form: FormData): string {
  const parts: string[] = [];
  form.forEach((value, field) => parts.push(typeof value === "string" ? `${field}=${value}` : `${field}=@${value.name} (${value.size} bytes)`));
  return parts.join(", ");
}

/**
 * What a request will send, for the question before a write and for --dry-run: method, URL, host, app,
 * acting user, the credentials' form, the headers given with -H (secrets masked) and the body.
 */
function describeRequest(call: ApiCall, payload: Payload, given: ReadonlyArray<[string, string]>): string[] {
  const lines = [`${call.method} ${urlWithQuery(call.url, call.query)}`, `  host: ${call.host}${call.appId ? ` · app ${call.appId}` : ""}${call.headers.onBehalfOf ? ` · as ${call.headers.onBehalfOf}` : ""}`];
  if (call.endpoint === undefined) lines.push("  not a documented operation");
  if (call.endpoint?.auth === "basic" && call.host === "management") lines.push("  credentials: HTTP Basic, the management key and secret");
  const names = new Set(given.map(([name]) => name.toLowerCase()));
  const headers = Object.fromEntries(Object.entries(call.headers).filter(([name]) => names.has(name.toLowerCase())));
  for (const line of shownHeaders(headers)) lines.push(`  header ${line}`);
  if (call.method !== "GET" && call.readOnly) lines.push("  read-only mode: it would be refused");
  lines.push(payload.form ? `  form: ${shownForm(payload.form)}` : payload.body === undefined ? "  no body" : `  body: ${jsonForTerminal(maskAnswerSecrets(payload.body).value)}`);
  return lines.map((line) => sanitize(line));
}

/** `ccx api`: one request, or every page of a documented list (--paginate), printed as JSON. */
export function runApi(path: string, flags: ApiFlags, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const method = flags.method ?? "GET";
    const write = method !== "GET";
    if (write && flags.paginate) throw badInput("--paginate follows a list, which is read with GET: drop -X or --paginate");
    const sent = await payload(flags, write, runtime.io);
    const { query, body, form } = sent;
    const input = { method, path, host: flags.host, query, auth: flags.auth, headers: Object.fromEntries(flags.header), replaceCredentials: flags.replaceCredentials };
    // A secret given in a header is masked in every message of the command, as the configured ones are.
    for (const [name, value] of flags.header) if (isSecretHeader(name)) runtime.settings.keepSecret(value);
    const app = callNeedsApp(input) ? await activeTarget(runtime) : undefined;
    const call = prepareCall(input, { app, management: runtime.settings.management, readOnly: runtime.settings.readOnly });
    for (const [name, value] of Object.entries(call.headers)) if (isSecretHeader(name)) runtime.settings.keepSecret(value);
    if (flags.dryRun) {
      for (const line of describeRequest(call, sent, flags.header)) await runtime.write(`${line}\n`);
      return;
    }
    if (write) {
      // Refused before anything is sent, and before anything is asked.
      if (call.readOnly) throw new ApiError(CLIENT_CODES.readOnly, `read-only mode: ${method} ${path} refused, nothing was sent (unset --read-only, CCX_READ_ONLY or the profile's readOnly to write)`);
      if (!flags.yes) {
        if (!runtime.io.in.isTTY || !runtime.io.err.isTTY) throw badInput(`${method} is a write, and there is no terminal to ask on: add --yes to send it (nothing was sent)`);
        if (!(await askToSend(runtime.io.in, runtime.io.err, describeRequest(call, sent, flags.header)))) {
          runtime.warn("not sent");
          return EXIT.failure;
        }
      }
    }
    const mask = secretsMasker(flags.reveal);
    if (flags.paginate) await paginate(runtime, command, call, mask.show);
    else {
      // Sent once: http.ts sends a write again only after a 429, since after anything else the service may have acted.
      const response = await runtime.http.send({ method, url: urlWithQuery(call.url, call.query), headers: call.headers, body, form, emptyOk: write });
      if (response.json === undefined) runtime.warn(`HTTP ${response.status}, no body`);
      else await runtime.write(`${jsonForTerminal(mask.show(response.json), runtime.io.out.isTTY && !flags.json ? 2 : undefined)}\n`);
    }
    warnMasked(runtime, mask.paths());
  });
}

/** Every page of a documented list, its items one JSON object a line, as they come. */
async function paginate(runtime: Runtime, command: Command, call: ApiCall, show: <T>(value: T) => T): Promise<void> {
  const style = call.endpoint?.paging;
  if (!style) throw badInput(`--paginate follows a documented list, and ${call.endpoint ? `${call.endpoint.path} is not one` : "this path is not documented"}: drop --paginate to print the answer`);
  let items = 0;
  let pages = 0;
  // On a terminal's stderr, how far the walk is (--no-progress: not).
  const progress = progressWanted(command) ? progressLine("items", runtime.io.err) : undefined;
  const fetch = async (query: Record<string, string>) => (await runtime.http.send({ method: "GET", url: urlWithQuery(call.url, query), headers: call.headers })).json;
  const walk = walkPages(pagerFor(style, call.query, call.endpoint?.query), fetch, () => runtime.warn("stopped: the service gave the same cursor again"));
  for await (const { step } of walk) {
    pages++;
    if (progress && runtime.io.out.isTTY) progress.done();
    for (const item of step.items) {
      await runtime.write(`${jsonForTerminal(show(item))}\n`);
      items++;
    }
    progress?.update(items, undefined, runtime.io.out.isTTY);
  }
  progress?.done();
  if (runtime.io.err.isTTY) runtime.warn(`${items} item${items === 1 ? "" : "s"}, ${pages} page${pages === 1 ? "" : "s"}`);
}
