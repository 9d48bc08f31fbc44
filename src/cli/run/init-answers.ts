import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_CALLS_URL, DEFAULT_CHAT_URL, DEFAULT_MANAGEMENT_URL, fillTemplate } from "../../api/client.js";
import { REGIONS, type Region } from "../../api/regions.js";
import { ConfigError, type Profile, RESERVED_NAMES } from "../../config/config-file.js";
import { maskKey } from "../../config/mask.js";
import { type GlobalFlags, headerSafe, runSecretCommand } from "../../config/resolve.js";
import type { RawConfig } from "../../config/write-config.js";
import { sanitize } from "../../text/sanitize.js";
import { type Asker, Cancelled } from "../prompt.js";

/** ccx init's own flags; --profile, --app-id, --region, --api-key and the URLs are the global ones. */
export interface InitFlags {
  apiKeyCommand?: string;
  managementKey?: string;
  managementSecret?: string;
  yes?: boolean;
}

export type InitGiven = GlobalFlags & InitFlags;

/** Where the service is, and the CA its certificates are trusted by; unset: the real service, the system's CAs. */
export interface ServiceAnswers {
  chatUrl?: string;
  callsUrl?: string;
  caFile?: string;
}

/** What ccx init will test and write: one app's profile, or the management credentials (and where the apps it finds are). */
export type InitPlan =
  | { kind: "app"; name: string; profile: Profile; /** The key to test with (what apiKeyCommand printed, when it is a command). */ key: string }
  | ({ kind: "management"; key: string; secret: string; url?: string } & ServiceAnswers);

/** A check: what is wrong with an answer, or undefined. */
type Check = (answer: string) => string | undefined;

const profileName: Check = (name) =>
  !/^[A-Za-z0-9][\w.-]*$/.test(name) ? "a profile name is letters, digits, and . _ - after the first"
    : RESERVED_NAMES.includes(name) ? "a profile cannot have this name" : undefined;
const appId: Check = (id) => (/^[^\s\p{C}]+$/u.test(id) ? undefined : "an app id is one word, as the dashboard shows it");
const region: Check = (r) => ((REGIONS as readonly string[]).includes(r) ? undefined : `the region is one of ${REGIONS.join(", ")}`);
/** Sent as an HTTP header: visible ASCII only (a pasted space or quote fails every request). */
const headerValue = (what: string): Check => (v) => (/^[\x21-\x7e]+$/.test(v) ? undefined : `${what} is visible ASCII characters only, with no space (check what was pasted)`);
const urlTemplate: Check = (url) => {
  try {
    fillTemplate(url, "app", "us");
    return undefined;
  } catch (error) {
    return `${(error as Error).message} (an https:// address; {appId} and {region} are filled in)`;
  }
};
/** "-" is no CA file: the system's CAs. */
const NO_CA = "-";
const caFile: Check = (path) => (path === NO_CA || existsSync(resolve(path)) ? undefined : `no file at ${resolve(path)} (${NO_CA} for none: the system's CAs)`);

/** Asks until `check` passes; an empty answer is `fallback` when there is one. */
async function askUntil(asker: Asker, question: string, check: Check, options: { fallback?: string; hidden?: boolean } = {}): Promise<string> {
  for (;;) {
    const answer = (await asker.ask(question, { hidden: options.hidden })) || options.fallback || "";
    const problem = answer ? check(answer) : "an answer is needed (ctrl-c cancels)";
    if (!problem) return answer;
    asker.tell(`  ${problem}`);
  }
}

/** One of `choices`; an empty answer is the first. */
export async function choose<T extends string>(asker: Asker, question: string, choices: readonly T[]): Promise<T> {
  const answer = await askUntil(asker, question, (a) => (choices.includes(a.toLowerCase() as T) ? undefined : `answer ${choices.join(" or ")}`), { fallback: choices[0] });
  return answer.toLowerCase() as T;
}

const yes = async (asker: Asker, question: string) => (await choose(asker, `${question} (y/N) `, ["n", "y"])) === "y";

/** A flag's value, checked as an answer would be: a bad one is bad usage. */
function flag(value: string | undefined, name: string, check: Check): string | undefined {
  const problem = value === undefined ? undefined : check(value);
  if (problem) throw new ConfigError(`${name}: ${problem}`);
  return value;
}

/** The flags that are missing when nothing may be asked. */
function missingFlags(given: InitGiven, management: boolean): string[] {
  if (management) return [given.managementKey ? "" : "--management-key", given.managementSecret ? "" : "--management-secret"].filter(Boolean);
  return [
    given.appId ? "" : "--app-id",
    given.region ? "" : "--region",
    given.apiKey || given.apiKeyCommand ? "" : "--api-key or --api-key-command",
  ].filter(Boolean);
}

/**
 * What to set up, from the flags and, on a terminal (`asker`), the answers to
 * what they did not give. Without an asker, a missing flag is bad usage, named.
 * Given the `previous` plan (its test failed), every question is asked again,
 * the service's URLs and CA too, each with its previous answer as the default.
 */
export async function gatherPlan(given: InitGiven, existing: RawConfig, asker: Asker | undefined, whyNoQuestions: string, previous?: InitPlan): Promise<InitPlan> {
  if (asker && previous) {
    const kinds = previous.kind === "app" ? (["a", "m"] as const) : (["m", "a"] as const);
    chooseKindText(asker);
    const kind = (await choose(asker, `a or m? [${kinds[0]}] `, kinds)) === "m" ? "management" : "app";
    return kind === "management" ? editManagement(asker, previous, given) : editApp(asker, existing, previous, given);
  }
  const management = given.managementKey !== undefined || given.managementSecret !== undefined;
  const app = [given.appId, given.region, given.apiKey, given.apiKeyCommand].some((v) => v !== undefined);
  if (management && app) throw new ConfigError("give one app (--app-id, --region, --api-key or --api-key-command) or management credentials (--management-key, --management-secret), not both");
  if (given.apiKey !== undefined && given.apiKeyCommand !== undefined) throw new ConfigError("give --api-key or --api-key-command, not both");
  if (!asker) {
    const missing = missingFlags(given, management);
    const instead = management || app ? "" : " (or, instead of an app, --management-key and --management-secret)";
    if (missing.length > 0) throw new ConfigError(`ccx init asks nothing ${whyNoQuestions}, and these are missing: ${missing.join(", ")}${instead}`);
  }
  const kind = management ? "management" : app || !asker ? "app" : await chooseKind(asker);
  return kind === "management" ? managementPlan(given, existing, asker) : appPlan(given, existing, asker);
}

const chooseKindText = (asker: Asker) =>
  asker.tell("Set up (a) one app: its id, region and REST API key; or (m) management credentials, which find every app of the account.");

async function chooseKind(asker: Asker): Promise<"app" | "management"> {
  chooseKindText(asker);
  return (await choose(asker, "a or m? [a] ", ["a", "m"])) === "m" ? "management" : "app";
}

/** The profile's name; on a terminal, replacing one asks first. */
async function chooseName(given: InitGiven, existing: RawConfig, asker: Asker | undefined): Promise<string> {
  const named = flag(given.profile, "--profile", profileName);
  if (!asker) return named ?? "default";
  for (;;) {
    const name = named ?? (await askUntil(asker, "Profile name [default]: ", profileName, { fallback: "default" }));
    const old = existing.profiles && Object.hasOwn(existing.profiles, name) ? existing.profiles[name] : undefined;
    if (!old || (await yes(asker, `Profile ${name} exists (app ${sanitize(old.appId)}, ${sanitize(old.region)}): replace it?`))) return name;
    if (named !== undefined) throw new Cancelled("cancelled");
  }
}

async function appPlan(given: InitGiven, existing: RawConfig, asker: Asker | undefined): Promise<InitPlan> {
  const name = await chooseName(given, existing, asker);
  const id = flag(given.appId, "--app-id", appId) ?? (await askUntil(asker!, "App id (the dashboard's API & Auth Keys page): ", appId));
  const where = (given.region ?? (await askUntil(asker!, `Region (${REGIONS.join(", ")}) [us]: `, region, { fallback: "us" }))) as Region;
  let apiKey = flag(given.apiKey, "--api-key", headerValue("the key"));
  let apiKeyCommand = given.apiKeyCommand;
  if (apiKey === undefined && apiKeyCommand === undefined) {
    asker!.tell("The REST API key (fullAccess scope): type it (k), or give a command that prints it (c), such as pass show cometchat/prod.");
    const how = await choose(asker!, "k or c? [k] ", ["k", "c"]);
    if (how === "k") apiKey = await askUntil(asker!, "API key (not shown): ", headerValue("the key"), { hidden: true });
    else apiKeyCommand = await askUntil(asker!, "Command that prints the key: ", (c) => (c ? undefined : "a command is needed"));
  }
  // The command runs now: the key it prints is what the test request sends.
  const key = apiKey ?? headerSafe(runSecretCommand(apiKeyCommand!, "API key command"), "what the API key command printed");
  const profile: Profile = { appId: id, region: where, ...(apiKey !== undefined ? { apiKey } : { apiKeyCommand }), ...givenService(given) };
  return { kind: "app", name, profile, key };
}

/** The URL templates and CA given as flags (the CA made absolute: the config is read from any folder). */
function givenService(given: InitGiven): ServiceAnswers {
  return {
    ...(given.chatUrl ? { chatUrl: given.chatUrl } : {}),
    ...(given.callsUrl ? { callsUrl: given.callsUrl } : {}),
    ...(given.ca ? { caFile: resolve(given.ca) } : {}),
  };
}

/** The chat and calls URLs and the CA, asked again with `was` (else the env's, else the real service's) as defaults. */
async function askService(asker: Asker, was: ServiceAnswers, env: NodeJS.ProcessEnv = process.env): Promise<ServiceAnswers> {
  const url = async (question: string, current: string | undefined, real: string) => {
    const fallback = current ?? real;
    const answer = await askUntil(asker, `${question} [${fallback}]: `, urlTemplate, { fallback });
    return answer === real ? undefined : answer;
  };
  const chatUrl = await url("Chat API URL", was.chatUrl ?? env.CCX_CHAT_URL, DEFAULT_CHAT_URL);
  const callsUrl = await url("Calls API URL", was.callsUrl ?? env.CCX_CALLS_URL, DEFAULT_CALLS_URL);
  const currentCa = was.caFile ?? env.CCX_CA_FILE;
  const ca = await askUntil(asker, `CA file to trust, PEM (${NO_CA}: the system's CAs) [${currentCa ?? NO_CA}]: `, caFile, { fallback: currentCa ?? NO_CA });
  return { ...(chatUrl ? { chatUrl } : {}), ...(callsUrl ? { callsUrl } : {}), ...(ca !== NO_CA ? { caFile: resolve(ca) } : {}) };
}

/** A secret asked again: Enter keeps the one before. */
const askSecretAgain = (asker: Asker, what: string, check: Check, was: string | undefined) =>
  askUntil(asker, `${what} (not shown)${was ? ` [Enter keeps ${maskKey(was)}]` : ""}: `, check, { fallback: was, hidden: true });

async function editApp(asker: Asker, existing: RawConfig, previous: InitPlan, given: InitGiven): Promise<InitPlan> {
  const was = previous.kind === "app" ? previous : undefined;
  const name = await askUntil(asker, `Profile name [${was?.name ?? "default"}]: `, profileName, { fallback: was?.name ?? "default" });
  const old = name !== was?.name && existing.profiles && Object.hasOwn(existing.profiles, name) ? existing.profiles[name] : undefined;
  if (old && !(await yes(asker, `Profile ${name} exists (app ${sanitize(old.appId)}, ${sanitize(old.region)}): replace it?`))) throw new Cancelled("cancelled");
  const id = await askUntil(asker, `App id${was ? ` [${was.profile.appId}]` : ""}: `, appId, { fallback: was?.profile.appId });
  const where = (await askUntil(asker, `Region (${REGIONS.join(", ")}) [${was?.profile.region ?? "us"}]: `, region, { fallback: was?.profile.region ?? "us" })) as Region;
  const command = was?.profile.apiKeyCommand;
  const how = await choose(asker, `k or c? [${command ? "c" : "k"}] `, command ? ["c", "k"] : ["k", "c"]);
  const apiKey = how === "k" ? await askSecretAgain(asker, "API key", headerValue("the key"), command ? undefined : was?.key) : undefined;
  const apiKeyCommand = how === "c"
    ? await askUntil(asker, `Command that prints the key${command ? ` [${command}]` : ""}: `, (c) => (c ? undefined : "a command is needed"), { fallback: command })
    : undefined;
  const service = await askService(asker, was?.profile ?? givenService(given));
  const key = apiKey ?? headerSafe(runSecretCommand(apiKeyCommand!, "API key command"), "what the API key command printed");
  const profile: Profile = { appId: id, region: where, ...(apiKey !== undefined ? { apiKey } : { apiKeyCommand }), ...service };
  return { kind: "app", name, profile, key };
}

async function editManagement(asker: Asker, previous: InitPlan, given: InitGiven): Promise<InitPlan> {
  const was = previous.kind === "management" ? previous : undefined;
  const key = await askSecretAgain(asker, "Management API key", headerValue("the management key"), was?.key);
  const secret = await askSecretAgain(asker, "Management API secret", headerValue("the management secret"), was?.secret);
  const current = was?.url ?? given.managementUrl ?? process.env.CCX_MANAGEMENT_URL ?? DEFAULT_MANAGEMENT_URL;
  const url = await askUntil(asker, `Management API URL [${current}]: `, urlTemplate, { fallback: current });
  const service = await askService(asker, was ?? givenService(given));
  return { kind: "management", key, secret, ...(url !== DEFAULT_MANAGEMENT_URL ? { url } : {}), ...service };
}

async function managementPlan(given: InitGiven, existing: RawConfig, asker: Asker | undefined): Promise<InitPlan> {
  const old = existing.management;
  if (asker && (old?.key || old?.secret || old?.secretCommand)) {
    if (!(await yes(asker, `The config file has management credentials (key ${maskKey(old.key)}): replace them?`))) throw new Cancelled("cancelled");
  }
  const key = flag(given.managementKey, "--management-key", headerValue("the management key"))
    ?? (await askUntil(asker!, "Management API key (not shown): ", headerValue("the management key"), { hidden: true }));
  const secret = flag(given.managementSecret, "--management-secret", headerValue("the management secret"))
    ?? (await askUntil(asker!, "Management API secret (not shown): ", headerValue("the management secret"), { hidden: true }));
  // Where the apps it finds are, and the CA: the flags', else the block's before.
  const service = { chatUrl: old?.chatUrl, callsUrl: old?.callsUrl, caFile: old?.caFile, ...givenService(given) };
  return { kind: "management", key, secret, url: given.managementUrl ?? old?.url, ...service };
}
