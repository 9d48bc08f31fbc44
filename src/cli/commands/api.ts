import { Argument, type Command, InvalidArgumentError, Option } from "commander";
import { ENDPOINTS, HOSTS, METHODS, type Method, findEndpoint, pathOnly } from "../../api/endpoints.js";
import { completeWith } from "../completion/completers.js";
import type { Candidate } from "../completion/filter.js";
import { collect, keyValueOption } from "../usage-error.js";

export interface ApiFlags {
  method?: Method;
  field: Array<[string, string]>;
  typedField: Array<[string, unknown]>;
  /** Parts of a multipart/form-data body: a value, or `@file` for a file's bytes. */
  form: Array<[string, string]>;
  header: Array<[string, string]>;
  data?: string;
  input?: string;
  auth?: "apikey" | "management";
  replaceCredentials?: boolean;
  host?: "chat" | "calls" | "management";
  paginate?: boolean;
  json?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  reveal?: boolean;
}

/** As field, the value read as JSON when it is JSON (a number, true, false, null, an array or object), else the text. */
function typedField(raw: string): [string, unknown] {
  const [key, text] = keyValueOption(raw);
  try {
    return [key, JSON.parse(text)];
  } catch {
    return [key, text];
  }
}

/** `Name: value`, as curl's -H takes it: a name HTTP allows, a value on one line. */
function headerOption(raw: string): [string, string] {
  const colon = raw.indexOf(":");
  const name = raw.slice(0, Math.max(colon, 0)).trim();
  if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new InvalidArgumentError('expected "Name: value", as curl\'s -H takes it (the value is not repeated here: it may be a secret).');
  const value = raw.slice(colon + 1).trim();
  if (/[\r\n\0]/.test(value)) throw new InvalidArgumentError(`a header's value is one line: ${name} has a line break.`);
  return [name, value];
}

/**
 * The documented paths that continue what is typed: its whole segments matched
 * against each template (a `{name}` takes any value, so an id pasted keeps its
 * place), the segment being typed against the template's.
 */
function pathCandidates(typed: string): Candidate[] {
  const parts = typed.split("/");
  const done = parts.slice(0, -1);
  const partial = parts.at(-1) ?? "";
  const out = new Map<string, Candidate>();
  for (const endpoint of ENDPOINTS) {
    const template = endpoint.path.split("/");
    if (template.length < parts.length) continue;
    const fits = done.every((segment, i) => template[i] === segment || (template[i]!.startsWith("{") && segment !== ""));
    const next = template[done.length]!;
    if (!fits || !(next.startsWith(partial) || next.startsWith("{"))) continue;
    const value = [...done, next.startsWith("{") && partial !== "" ? partial : next, ...template.slice(done.length + 1)].join("/");
    if (!out.has(value)) out.set(value, { value, description: `${endpoint.methods.join(" ")} · ${endpoint.group}` });
  }
  return [...out.values()];
}

/** The query parameters the path on the line takes, as `name=`. */
function fieldCandidates(typed: string, operands: readonly string[]): Candidate[] {
  if (typed.includes("=")) return [];
  const endpoint = operands[0] === undefined ? undefined : findEndpoint(pathOnly(operands[0]), "GET");
  return (endpoint?.query ?? []).filter((name) => name.startsWith(typed)).map((name) => ({ value: `${name}=`, description: `${endpoint!.path} query parameter` }));
}

/** `ccx api`: any documented operation, as `gh api` is for GitHub. */
export function registerApi(program: Command): void {
  program
    .command("api")
    .description("send any documented operation (GET unless -X says otherwise) and print the answer; a write asks first")
    .addArgument(completeWith(new Argument("<path>", "under the host's base, {appId} filled in: /users/{uid}, /apps/{appId}/webhooks, /groups?perPage=5"), pathCandidates))
    .addOption(new Option("-X, --method <method>", "the HTTP method; anything but GET is a write").choices([...METHODS]))
    .addOption(completeWith(new Option("-f, --field <key=value>", "a query parameter on GET, a field of the JSON body otherwise (repeatable)").argParser(collect(keyValueOption)).default([]), (typed, { operands }) => fieldCandidates(typed, operands)))
    .addOption(new Option("--typed-field <key=value>", "as -f, the value read as JSON when it is (numbers, true, false, null, arrays)").argParser(collect(typedField)).default([]))
    .option("-d, --data <json>", "the JSON body, as curl's -d (-f fields are added to it)")
    .option("--input <file>", "the JSON body from a file (- for stdin)")
    .addOption(new Option("-F, --form <field=value>", "a part of a multipart/form-data body, as curl's -F: field=@file sends the file (repeatable; the push certificates' uploads)").argParser(collect(keyValueOption)).default([]))
    .addOption(new Option("-H, --header <name: value>", "a request header, as curl's -H (repeatable): X-Webhook-Version: 2").argParser(collect(headerOption)).default([]))
    .addOption(new Option("--auth <credentials>", "the credentials to send where the docs give the path with either (a blocked message's review)").choices(["apikey", "management"]))
    .option("--replace-credentials", "let -H replace the credentials ccx sends (apikey, key, secret, Authorization)")
    .addOption(new Option("--host <host>", "send it to this host; by default the one the catalogue gives the path (chat when it gives none)").choices([...HOSTS]))
    .option("--paginate", "follow the path's documented paging: every item, one JSON object a line")
    .option("--json", "print the answer as compact JSON, as on a pipe, even on a terminal")
    .option("--yes", "send a write without asking (required without a terminal)")
    .option("--dry-run", "print the request it would send (method, URL, host, app, acting user, body) and send nothing")
    .option("--reveal", "show the secrets an answer holds (API keys, tokens, passwords) instead of masking them")
    .addHelpText("after", [
      "",
      "The host and credentials come from the path, when the service documents it: /apps/... goes to",
      "the management API with its key and secret, /moderation/rules to the app's chat host with the",
      "management headers, /calls/... to the calls API; --host overrides. -X is never implied: -f",
      "with no -X is a GET's query. A write shows the request and asks on a terminal, needs --yes",
      "without one, is refused in read-only mode before anything is sent, and is sent again only",
      "after a 429 (the service did not act), never after a 5xx or a broken connection.",
      "-H adds a header; one naming a credential ccx sends is refused unless --replace-credentials.",
      "POST /tenants goes with HTTP Basic (the management key and secret). Secret headers' values are",
      "masked wherever ccx shows a request.",
      "Secrets in the answer are masked unless --reveal is given; what was masked is named on stderr.",
    ].join("\n"))
    .action(async (path: string, flags: ApiFlags, command: Command) => {
      const { runApi } = await import("../run/api.js");
      await runApi(path, flags, command);
    });
}
