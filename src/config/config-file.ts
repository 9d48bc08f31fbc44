import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import { REGIONS } from "../api/client.js";

/**
 * The config file, `$XDG_CONFIG_HOME/ccx/config.json` by default:
 *
 *   { "defaultProfile": "prod-us",
 *     "profiles": { "prod-us": { "appId": "…", "region": "us", "apiKeyCommand": "pass show cometchat/prod" } },
 *     "management": { "key": "…", "secretCommand": "pass show cometchat/mgmt" } }
 */

const template = v.pipe(v.string(), v.regex(/^https:\/\//, "must start with https://"));
const text = v.pipe(v.string(), v.minLength(1, "must not be empty"));

const profileSchema = v.strictObject({
  appId: text,
  region: v.picklist(REGIONS, "must be us, eu or in"),
  name: v.optional(v.string()),
  apiKey: v.optional(text),
  apiKeyCommand: v.optional(text),
  onBehalfOf: v.optional(v.string()),
  chatUrl: v.optional(template),
  callsUrl: v.optional(template),
  caFile: v.optional(v.string()),
});
export type Profile = v.InferOutput<typeof profileSchema>;

const fileSchema = v.strictObject({
  defaultProfile: v.optional(v.string()),
  profiles: v.optional(v.record(v.string(), profileSchema), {}),
  management: v.optional(v.strictObject({
    url: v.optional(template),
    key: v.optional(v.string()),
    secret: v.optional(v.string()),
    secretCommand: v.optional(v.string()),
  })),
});
export type ConfigFile = v.InferOutput<typeof fileSchema>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "ccx", "config.json");
}

const FIXES: Record<string, string> = {
  region: "use us, eu or in",
  appId: "give the app id from the dashboard",
  chatUrl: "a template such as https://{appId}.api-{region}.cometchat.io/v3",
  callsUrl: "a template such as https://{appId}.call-{region}.cometchat.io/v3",
};

/**
 * Reads and checks the file. A missing file is no error when it is the default
 * path (undefined is returned); every other problem names the file, the field and the fix.
 */
export function loadConfigFile(path: string, explicit: boolean, warn: (message: string) => void): ConfigFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !explicit) return undefined;
    throw new ConfigError(`cannot read the config file ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  if (process.platform !== "win32" && (statSync(path).mode & 0o077) !== 0) {
    warn(`the config file ${path} can be read by others (mode ${(statSync(path).mode & 0o777).toString(8)}); it may hold API keys: run chmod 600 ${path}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`the config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const result = v.safeParse(fileSchema, json);
  if (!result.success) {
    const issue = result.issues[0];
    const keys = (issue.path ?? []).map((p) => String(p.key));
    const field = keys.join(".") || "(top level)";
    const last = keys[keys.length - 1] ?? "";
    const unknownKey = issue.expected === "never";
    const fix = unknownKey ? " (fix: remove it, or check its spelling)" : FIXES[last] ? ` (fix: ${FIXES[last]})` : "";
    throw new ConfigError(`the config file ${path} is invalid at ${field}: ${unknownKey ? "unknown field" : issue.message}${fix}`);
  }
  const config = result.output;
  for (const [name, profile] of Object.entries(config.profiles)) {
    if (profile.apiKey && profile.apiKeyCommand) {
      throw new ConfigError(`the config file ${path} is invalid at profiles.${name}: give apiKey or apiKeyCommand, not both`);
    }
  }
  if (config.defaultProfile && !config.profiles[config.defaultProfile]) {
    throw new ConfigError(`the config file ${path} is invalid at defaultProfile: no profile is named "${config.defaultProfile}"`);
  }
  return config;
}
