import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import { REGIONS } from "../api/client.js";
import { REGION_WORDS } from "../api/regions.js";
import { jsonErrorOffset, jsonErrorReason, lineAndColumn } from "./json-error.js";

/**
 * The config file, `$XDG_CONFIG_HOME/ccx/config.json` by default:
 *
 *   { "defaultProfile": "prod-us",
 *     "profiles": { "prod-us": { "appId": "…", "region": "us", "apiKeyCommand": "pass show cometchat/prod" } },
 *     "management": { "key": "…", "secretCommand": "pass show cometchat/mgmt" } }
 */

/**
 * Text as a UTF-8 file can hold it: JSON's \ud800 escapes can still write a
 * lone surrogate (fuzz: such an appId ended in "error: URI malformed").
 */
const str = v.pipe(v.string(), v.check((s) => !/\p{Surrogate}/u.test(s), "holds a lone surrogate (a \\ud800-style escape)"));
const template = v.pipe(str, v.regex(/^https:\/\//, "must start with https://"));
const text = v.pipe(str, v.minLength(1, "must not be empty"));
/** Sent as an HTTP header (apikey, onBehalfOf, key, secret): anything else fails every request, retried as a network error. */
const headerValue = v.pipe(v.string(), v.regex(/^[\x21-\x7e]*$/, "must be visible ASCII characters only, as an HTTP header carries them"));

/**
 * A JSON object, said plainly when it is not one. valibot's object schemas
 * also take arrays (fuzz: a file holding `[]` read as an empty config, and a
 * list of profiles as profiles named "0", "1", …).
 */
const object = <S extends v.GenericSchema>(what: string, schema: S) =>
  v.pipe(
    v.unknown(),
    v.check((value) => value !== null && typeof value === "object" && !Array.isArray(value), `must be ${what}`),
    schema,
  );

const PROFILE_FIELDS = {
  appId: text,
  region: v.picklist(REGIONS, `must be ${REGION_WORDS}`),
  name: v.optional(str),
  apiKey: v.optional(v.pipe(headerValue, v.minLength(1, "must not be empty"))),
  apiKeyCommand: v.optional(text),
  onBehalfOf: v.optional(headerValue),
  chatUrl: v.optional(template),
  callsUrl: v.optional(template),
  caFile: v.optional(str),
  readOnly: v.optional(v.boolean("must be true or false")),
};
const profileSchema = object("an object such as {\"appId\": \"…\", \"region\": \"us\"}", v.strictObject(PROFILE_FIELDS));
export type Profile = v.InferOutput<typeof profileSchema>;

const MANAGEMENT_FIELDS = {
  url: v.optional(template),
  key: v.optional(headerValue),
  secret: v.optional(headerValue),
  secretCommand: v.optional(str),
  // For the apps it finds: where their chat and calls APIs are, and the CA every request trusts.
  chatUrl: v.optional(template),
  callsUrl: v.optional(template),
  caFile: v.optional(str),
};
const FILE_FIELDS = {
  defaultProfile: v.optional(str),
  profiles: v.optional(object("an object of named profiles", v.record(v.string(), profileSchema)), {}),
  management: v.optional(object("an object", v.strictObject(MANAGEMENT_FIELDS))),
};
const fileSchema = object("one JSON object", v.strictObject(FILE_FIELDS));
export type ConfigFile = v.InferOutput<typeof fileSchema>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "ccx", "config.json");
}

/** Far more than a few profiles take; more is some other file (or an endless one, such as /dev/zero). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** Profile names valibot's records leave out (they would touch a prototype): refused, not silently lost. */
export const RESERVED_NAMES = ["__proto__", "constructor", "prototype"];

const PROFILE_FIXES: Record<string, string> = {
  appId: "give the app id from the dashboard, as a string",
  region: `use ${REGION_WORDS}`,
  name: "a label of your choice, as a string",
  apiKey: "the REST API key (fullAccess scope) as a string, or apiKeyCommand instead",
  apiKeyCommand: "a shell command that prints the key, such as \"pass show cometchat/prod\"",
  onBehalfOf: "the uid of the user to act as, as a string",
  chatUrl: "a template such as https://{appId}.api-{region}.cometchat.io/v3",
  callsUrl: "a template such as https://{appId}.call-{region}.cometchat.io/v3",
  caFile: "the path of a PEM file, as a string",
  readOnly: "true to refuse every write (auth tokens, messages) for this profile, false otherwise",
};
const MANAGEMENT_FIXES: Record<string, string> = {
  url: "an https:// address, such as https://apimgmt.cometchat.io",
  key: "the management API key, as a string",
  secret: "the management API secret as a string, or secretCommand instead",
  secretCommand: "a shell command that prints the secret",
  chatUrl: "a template for the apps found, such as https://{appId}.api-{region}.cometchat.io/v3",
  callsUrl: "a template for the apps found, such as https://{appId}.call-{region}.cometchat.io/v3",
  caFile: "the path of a PEM file, as a string",
};
const TOP_FIXES: Record<string, string> = {
  defaultProfile: "the name of one of the profiles, as a string",
  profiles: "\"profiles\": {\"prod\": {\"appId\": \"…\", \"region\": \"us\"}}",
  management: "\"management\": {\"key\": \"…\", \"secretCommand\": \"…\"}",
};

const own = (table: Record<string, string>, key: string | undefined) => (key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined);

/** The fix for a problem at `keys`, by where it is: a profile named "region" is not a region. */
function fixFor(keys: string[], unknownField: boolean): string {
  const [top, second, third] = keys;
  const level = keys.length - 1;
  if (unknownField) return "remove it, or check its spelling";
  if (keys.length === 0) return `write one JSON object, such as {${TOP_FIXES.profiles}}`;
  if (top === "profiles" && level === 1) return `a profile is an object such as {"appId": "…", "region": "us", "apiKey": "…"}`;
  if (top === "profiles" && level === 2) return own(PROFILE_FIXES, third) ?? "see the README";
  if (top === "management" && level === 1) return own(MANAGEMENT_FIXES, second) ?? "see the README";
  return own(TOP_FIXES, top) ?? "see the README";
}

/** "the config file P is invalid at FIELD: PROBLEM (fix: FIX)"; a key that is not a plain word is quoted (fuzz: a field named " "). */
function invalid(path: string, keys: string[], problem: string, fix: string): ConfigError {
  const field = keys.map((key) => (/^[\w-]+$/.test(key) ? key : JSON.stringify(key))).join(".");
  return new ConfigError(`the config file ${path} is invalid at ${field || "(top level)"}: ${problem} (fix: ${fix})`);
}

const READ_FIXES: Record<string, string> = {
  ENOENT: "it does not exist (fix: check the path given with --config or CCX_CONFIG)",
  EACCES: "permission denied (fix: make it readable by you, e.g. chmod 600, as its owner)",
  EISDIR: "it is a directory (fix: name the file itself)",
};

/** The file's bytes, at most MAX_CONFIG_BYTES, and whether others may read it. Pipes work too (--config <(…)). */
function readConfigBytes(path: string): { bytes: Buffer; mode: number } {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const mode = fstatSync(fd).mode;
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.alloc(64 * 1024);
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      total += n;
      if (total > MAX_CONFIG_BYTES) {
        throw new ConfigError(`the config file ${path} is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB; a config file holds a few profiles (fix: check that --config or CCX_CONFIG names the right file)`);
      }
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return { bytes: Buffer.concat(chunks), mode };
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const problem = own(READ_FIXES, code ?? "") ?? `${code ?? String(error)} (fix: check that --config or CCX_CONFIG names a readable file)`;
    throw Object.assign(new ConfigError(`cannot read the config file ${path}: ${problem}`), { code });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The file's text; a byte that is not UTF-8 is named by line and byte, not replaced silently. */
function decode(path: string, bytes: Buffer): string {
  try {
    // A byte-order mark is dropped: editors on Windows write one (fuzz: it made JSON.parse fail).
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    let good = 0;
    let bad = bytes.length;
    // Decoding a prefix in stream mode fails only on a bad byte, not on a character cut in two.
    while (bad - good > 1) {
      const mid = Math.floor((good + bad) / 2);
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
        good = mid;
      } catch {
        bad = mid;
      }
    }
    const offset = good;
    const line = bytes.subarray(0, offset).filter((b) => b === 0x0a).length + 1;
    let lineStart = offset;
    while (lineStart > 0 && bytes[lineStart - 1] !== 0x0a) lineStart--;
    const column = offset - lineStart + 1;
    throw new ConfigError(`the config file ${path} is not UTF-8 text: byte ${column} of line ${line} is not (fix: save it as UTF-8)`);
  }
}

/**
 * Reads and checks the file. A missing file is no error when it is the default
 * path (undefined is returned); every other problem names the file, the field and the fix.
 */
export function loadConfigFile(path: string, explicit: boolean, warn: (message: string) => void): ConfigFile | undefined {
  let read: { bytes: Buffer; mode: number };
  try {
    read = readConfigBytes(path);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT" && !explicit) return undefined;
    throw error;
  }
  if (process.platform !== "win32" && (read.mode & 0o077) !== 0) {
    warn(`the config file ${path} can be read by others (mode ${(read.mode & 0o777).toString(8)}); it may hold API keys: run chmod 600 ${path}`);
  }
  const content = decode(path, read.bytes);
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    const offset = jsonErrorOffset(content);
    const at = offset >= 0 ? lineAndColumn(content, offset) : undefined;
    const where = at ? ` at line ${at.line}, column ${at.column}` : "";
    throw new ConfigError(`the config file ${path} is not valid JSON${where}: ${jsonErrorReason((error as Error).message)} (fix: correct the JSON there; strings need double quotes, and no comma may end a list)`);
  }
  const result = v.safeParse(fileSchema, json);
  if (!result.success) {
    const issue = result.issues[0];
    const keys = (issue.path ?? []).map((p) => String(p.key));
    const unknownField = issue.expected === "never";
    const missing = issue.kind === "schema" && issue.input === undefined && keys.length > 0;
    throw invalid(path, keys, unknownField ? "unknown field" : missing ? "missing" : issue.message, fixFor(keys, unknownField));
  }
  const config = result.output;
  const rawProfiles = (json as { profiles?: object }).profiles ?? {};
  for (const name of RESERVED_NAMES) {
    if (Object.hasOwn(rawProfiles, name)) throw invalid(path, ["profiles", name], "a profile cannot have this name", "rename the profile");
  }
  for (const [name, profile] of Object.entries(config.profiles)) {
    if (profile.apiKey && profile.apiKeyCommand) {
      throw invalid(path, ["profiles", name], "give apiKey or apiKeyCommand, not both", "remove one of them");
    }
  }
  if (config.defaultProfile && !Object.hasOwn(config.profiles, config.defaultProfile)) {
    // hasOwn: a name such as "toString" must not find Object.prototype's (fuzz: it made an app with no appId).
    const known = Object.keys(config.profiles).join(", ") || "none";
    throw invalid(path, ["defaultProfile"], `no profile is named "${config.defaultProfile}"`, `use one of the profiles' names (known: ${known})`);
  }
  return config;
}
