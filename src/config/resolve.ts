import { discoverApps, fullAccessKeyOf, type ManagementTarget } from "../api/apps.js";
import { type AppTarget, DEFAULT_CALLS_URL, DEFAULT_CHAT_URL, DEFAULT_MANAGEMENT_URL, REGIONS, type Region } from "../api/client.js";
import { REGION_WORDS } from "../api/regions.js";
import type { Http } from "../api/http.js";
import { type ConfigFile, ConfigError, type Profile, defaultConfigPath, loadConfigFile } from "./config-file.js";

/** The global options of docs/commands.md, as parsed from the command line. */
export interface GlobalFlags {
  profile?: string;
  appId?: string;
  region?: string;
  apiKey?: string;
  onBehalfOf?: string;
  /** The short form of onBehalfOf. */
  as?: string;
  readOnly?: boolean;
  chatUrl?: string;
  callsUrl?: string;
  managementUrl?: string;
  ca?: string;
  config?: string;
  /** Seconds, already checked by the command line's parser. */
  timeout?: number;
}

export const DEFAULT_TIMEOUT_SECONDS = 15;
export const MAX_TIMEOUT_SECONDS = 600;

/** Seconds, fractions allowed ("0.5", "20"), more than 0 and at most MAX_TIMEOUT_SECONDS; else what is wrong. */
export function parseSeconds(raw: string): number | string {
  const value = Number(raw.trim());
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value <= 0 || value > MAX_TIMEOUT_SECONDS) {
    return `expected seconds, more than 0 and at most ${MAX_TIMEOUT_SECONDS}, got "${raw}".`;
  }
  return value;
}

export type AppSource = "flag" | "env" | "file" | "management";

/** An app ccx can talk to, and where each of its settings came from. */
export interface KnownApp {
  /** The profile name, or the app's name from the management API. */
  label: string;
  appId: string;
  region: Region;
  source: AppSource;
  onBehalfOf?: string;
  /** Its profile refuses writes. */
  readOnly?: boolean;
  chatUrl: string;
  callsUrl: string;
  /** Where the key comes from: a value, or a command to run when it is first needed. */
  key: { value?: string; command?: string; source: AppSource };
}

function region(value: string | undefined, where: string): Region | undefined {
  if (value === undefined || value === "") return undefined;
  if ((REGIONS as readonly string[]).includes(value)) return value as Region;
  throw new ConfigError(`${where}: unknown region "${value}"; use ${REGION_WORDS}`);
}

/**
 * A value sent as an HTTP header (apikey, onBehalfOf, key, secret), checked
 * where it is given: a character a header cannot carry failed every request,
 * retried and reported as a network error.
 */
export function headerSafe<T extends string | undefined>(value: T, where: string): T {
  if (value !== undefined && !/^[\x21-\x7e]*$/.test(value)) {
    throw new ConfigError(`${where} must be visible ASCII characters only, as an HTTP header carries them (fix: look for a space or a pasted character)`);
  }
  return value;
}

/** Settings from flags, env, the config file and the management API, in that order of precedence. */
export class Settings {
  readonly apps: KnownApp[] = [];
  readonly warnings: string[] = [];
  readonly management?: ManagementTarget;
  readonly caFile?: string;
  /** Per attempt: --timeout, else CCX_TIMEOUT, else 15 s. */
  readonly timeoutMs: number;
  /** Every app refuses writes: --read-only or CCX_READ_ONLY=1. */
  readonly readOnly: boolean;
  private managementLoaded = false;
  private readonly resolvedKeys = new Map<string, string>();
  /** Secrets a command was given besides the configured ones (a header's value, `ccx api -H`). */
  private readonly kept = new Set<string>();
  /** URL templates from flags, env or the management block, for apps the management API adds later. */
  private readonly chatTemplate?: string;
  private readonly callsTemplate?: string;

  constructor(flags: GlobalFlags, private readonly env: NodeJS.ProcessEnv = process.env) {
    const configPath = flags.config ?? env.CCX_CONFIG ?? defaultConfigPath(env);
    const file: ConfigFile = loadConfigFile(configPath, Boolean(flags.config ?? env.CCX_CONFIG), (w) => this.warnings.push(w)) ?? { profiles: {} };
    const profiles = Object.entries(file.profiles);
    const chatTemplate = flags.chatUrl ?? env.CCX_CHAT_URL;
    const callsTemplate = flags.callsUrl ?? env.CCX_CALLS_URL;
    // The management block's templates serve the apps it finds, unless flags or env name others.
    this.chatTemplate = chatTemplate ?? file.management?.chatUrl;
    this.callsTemplate = callsTemplate ?? file.management?.callsUrl;
    if (flags.as !== undefined && flags.onBehalfOf !== undefined && flags.as !== flags.onBehalfOf) {
      throw new ConfigError(`--as ${flags.as} and --on-behalf-of ${flags.onBehalfOf} name two users: --as is the short form, give one`);
    }
    const userFlag = flags.as ?? flags.onBehalfOf;
    const onBehalfOf = headerSafe(userFlag ?? env.CCX_ON_BEHALF_OF, flags.as !== undefined ? "--as" : flags.onBehalfOf !== undefined ? "--on-behalf-of" : "CCX_ON_BEHALF_OF");
    this.readOnly = Boolean(flags.readOnly) || /^(1|true|yes)$/i.test(env.CCX_READ_ONLY ?? "");
    const profileApp = (label: string, p: Profile, source: AppSource): KnownApp => ({
      label,
      appId: p.appId,
      region: p.region,
      source,
      onBehalfOf: onBehalfOf ?? p.onBehalfOf,
      readOnly: p.readOnly,
      chatUrl: chatTemplate ?? p.chatUrl ?? DEFAULT_CHAT_URL,
      callsUrl: callsTemplate ?? p.callsUrl ?? DEFAULT_CALLS_URL,
      key: { value: p.apiKey, command: p.apiKeyCommand, source: "file" },
    });

    const profileName = flags.profile ?? env.CCX_PROFILE;
    // hasOwn: --profile toString must not find Object.prototype's (fuzz: it made an app with no appId).
    if (profileName !== undefined && !Object.hasOwn(file.profiles, profileName)) {
      const known = profiles.map(([n]) => n).join(", ") || "none";
      throw new ConfigError(`no profile is named "${profileName}" in ${configPath} (known: ${known})`);
    }
    const appId = flags.appId ?? env.CCX_APP_ID;
    const regionChoice = region(flags.region, "--region") ?? region(env.CCX_REGION, "CCX_REGION");
    const apiKey = headerSafe(flags.apiKey ?? env.CCX_API_KEY, flags.apiKey !== undefined ? "--api-key" : "CCX_API_KEY");
    const keySource: AppSource = flags.apiKey ? "flag" : "env";

    // The active app: named by flags or env, else the chosen (or default, or first) profile.
    const chosen = profileName ?? file.defaultProfile;
    // An app named by flag or env takes its other settings from a profile of that app
    // (the one named by --profile, if any); the default profile does not restrict it.
    const matching = appId ? profiles.find(([n, p]) => p.appId === appId && (!profileName || n === profileName)) : undefined;
    const [label, profile] = matching ?? (appId ? [appId, undefined] : chosen ? [chosen, file.profiles[chosen]] : profiles[0] ?? [undefined, undefined]);
    if (appId || profile) {
      const base = profile ? profileApp(label!, profile, "file") : undefined;
      this.apps.push({
        label: label!,
        appId: appId ?? base!.appId,
        region: regionChoice ?? base?.region ?? "us",
        source: flags.appId ? "flag" : appId ? "env" : "file",
        onBehalfOf: onBehalfOf ?? base?.onBehalfOf,
        readOnly: base?.readOnly,
        // With no profile of its own, the app is one of the management block's: its templates, if any.
        chatUrl: chatTemplate ?? base?.chatUrl ?? this.chatTemplate ?? DEFAULT_CHAT_URL,
        callsUrl: callsTemplate ?? base?.callsUrl ?? this.callsTemplate ?? DEFAULT_CALLS_URL,
        key: apiKey ? { value: apiKey, source: keySource } : base?.key ?? { source: "management" },
      });
    }
    for (const [name, p] of profiles) {
      if (!this.apps.some((a) => a.appId === p.appId && a.region === p.region)) this.apps.push(profileApp(name, p, "file"));
    }

    const key = headerSafe(env.CCX_MANAGEMENT_KEY, "CCX_MANAGEMENT_KEY") ?? file.management?.key;
    let secret = headerSafe(env.CCX_MANAGEMENT_SECRET, "CCX_MANAGEMENT_SECRET") ?? file.management?.secret;
    if (key && !secret && file.management?.secretCommand) {
      secret = headerSafe(runSecretCommand(file.management.secretCommand, "management.secretCommand"), "what management.secretCommand printed");
    }
    if (key && secret) {
      this.management = { url: flags.managementUrl ?? env.CCX_MANAGEMENT_URL ?? file.management?.url ?? DEFAULT_MANAGEMENT_URL, key, secret };
    }
    this.caFile = flags.ca ?? env.CCX_CA_FILE ?? profile?.caFile ?? file.management?.caFile;
    const timeout = flags.timeout ?? (env.CCX_TIMEOUT ? parseSeconds(env.CCX_TIMEOUT) : DEFAULT_TIMEOUT_SECONDS);
    if (typeof timeout === "string") throw new ConfigError(`CCX_TIMEOUT: ${timeout}`);
    this.timeoutMs = timeout * 1000;
  }

  /** The app commands act on when none is named: the first known. */
  get active(): KnownApp | undefined {
    return this.apps[0];
  }

  /** Adds every app the management API knows (once), with its region and fullAccess key. */
  async loadManagementApps(http: Http, signal?: AbortSignal): Promise<void> {
    if (!this.management || this.managementLoaded) return;
    this.managementLoaded = true;
    for (const app of await discoverApps(http, this.management, signal)) {
      const appRegion = (REGIONS as readonly string[]).includes(app.region) ? (app.region as Region) : undefined;
      if (!appRegion) continue;
      const key = fullAccessKeyOf(app);
      const known = this.apps.find((a) => a.appId === app.id);
      if (known) {
        if (known.key.value === undefined && known.key.command === undefined && key) known.key = { value: key, source: "management" };
        continue;
      }
      this.apps.push({
        label: app.name ?? app.id,
        appId: app.id,
        region: appRegion,
        source: "management",
        onBehalfOf: this.apps[0]?.onBehalfOf,
        chatUrl: this.chatTemplate ?? this.apps[0]?.chatUrl ?? DEFAULT_CHAT_URL,
        callsUrl: this.callsTemplate ?? this.apps[0]?.callsUrl ?? DEFAULT_CALLS_URL,
        key: { value: key, source: "management" },
      });
    }
  }

  /** The app's key, running its apiKeyCommand the first time it is needed. */
  apiKeyOf(app: KnownApp): string {
    if (app.key.value) return app.key.value;
    if (app.key.command) {
      const cached = this.resolvedKeys.get(app.key.command) ?? headerSafe(runSecretCommand(app.key.command, `apiKeyCommand of profile ${app.label}`), `what the apiKeyCommand of profile ${app.label} printed`);
      this.resolvedKeys.set(app.key.command, cached);
      return cached;
    }
    throw new ConfigError(`no API key for app ${app.appId} (${app.region}): pass --api-key, set CCX_API_KEY, add it to a profile, or set CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET`);
  }

  /** Whether writes to the app are refused: --read-only, CCX_READ_ONLY=1, or its profile's readOnly. */
  readOnlyOf(app: KnownApp): boolean {
    return this.readOnly || Boolean(app.readOnly);
  }

  targetOf(app: KnownApp): AppTarget {
    return {
      appId: app.appId, region: app.region, apiKey: this.apiKeyOf(app), onBehalfOf: app.onBehalfOf, chatUrl: app.chatUrl, callsUrl: app.callsUrl,
      readOnly: this.readOnlyOf(app),
    };
  }

  /** A secret the command was given (a header's value): masked in its messages from now on, as the configured ones are. */
  keepSecret(value: string): void {
    this.kept.add(value);
  }

  /** Every secret ccx knows of, so that output can be scanned and masked. */
  secrets(): string[] {
    return [
      ...this.apps.map((a) => a.key.value),
      ...this.resolvedKeys.values(),
      ...this.kept,
      this.management?.key,
      this.management?.secret,
    ].filter((s): s is string => Boolean(s));
  }
}

/** What a key or secret command (apiKeyCommand, secretCommand) prints, trimmed; `what` names it in the error. */
export function runSecretCommand(command: string, what: string): string {
  try {
    // Loaded only when a command is configured: child_process costs every start a few ms.
    const { execSync } = process.getBuiltinModule("node:child_process") as typeof import("node:child_process");
    const out = execSync(command, { encoding: "utf8", timeout: 15_000, stdio: ["ignore", "pipe", "pipe"] }).trim();
    if (!out) throw new Error("it printed nothing");
    return out;
  } catch (error) {
    const e = error as { status?: number; message: string };
    throw new ConfigError(`the ${what} failed${e.status !== undefined ? ` (exit ${e.status})` : ""}: ${e.message.split("\n")[0]}`);
  }
}
