import type { Command } from "commander";
import { discoverApps } from "../../api/apps.js";
import { AppClient, DEFAULT_CALLS_URL, DEFAULT_CHAT_URL, DEFAULT_MANAGEMENT_URL } from "../../api/client.js";
import { listGroups } from "../../api/groups.js";
import { Http } from "../../api/http.js";
import { ConfigError } from "../../config/config-file.js";
import { DEFAULT_TIMEOUT_SECONDS, parseSeconds } from "../../config/resolve.js";
import { type RawConfig, configPathOf, readRawConfig, writeRawConfig } from "../../config/write-config.js";
import { countOf } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { VERSION } from "../../version.js";
import type { IOStreams } from "../io.js";
import { Cancelled, terminalAsker } from "../prompt.js";
import { managementLines, profileLines } from "../render/config.js";
import { describeFailure, exitCodeOf, runWithoutSettings } from "../runtime.js";
import { type InitFlags, type InitGiven, type InitPlan, choose, gatherPlan } from "./init-answers.js";

export interface InitResult {
  path: string;
  /** The profile written; none when management credentials were. */
  profile?: string;
}

/** The request ccx init trusts the credentials by: what the service said, in a line; a refusal throws (exit 4). */
async function testCredentials(plan: InitPlan, given: InitGiven, env: NodeJS.ProcessEnv): Promise<string> {
  const timeout = given.timeout ?? (env.CCX_TIMEOUT ? parseSeconds(env.CCX_TIMEOUT) : DEFAULT_TIMEOUT_SECONDS);
  if (typeof timeout === "string") throw new ConfigError(`CCX_TIMEOUT: ${timeout}`);
  const caFile = (plan.kind === "app" ? plan.profile.caFile : plan.caFile) ?? env.CCX_CA_FILE;
  const http = new Http({ caFile, timeoutMs: timeout * 1000, userAgent: `ccx/${VERSION} (node ${process.version})` });
  try {
    if (plan.kind === "management") {
      // The URL ccx will use with these credentials: the plan's (a flag's, or the file's before), the env's, the real one.
      const url = plan.url ?? env.CCX_MANAGEMENT_URL ?? DEFAULT_MANAGEMENT_URL;
      const apps = await discoverApps(http, { url, key: plan.key, secret: plan.secret });
      const names = apps.slice(0, 5).map((a) => `${sanitize(a.name ?? a.id)} (${sanitize(a.region)})`).join(", ");
      return `the management API answered GET /apps: ${countOf(apps.length, "app")}${names ? `: ${names}${apps.length > 5 ? ", …" : ""}` : ""}`;
    }
    const { profile } = plan;
    const client = new AppClient(http, {
      appId: profile.appId,
      region: profile.region,
      apiKey: plan.key,
      chatUrl: profile.chatUrl ?? env.CCX_CHAT_URL ?? DEFAULT_CHAT_URL,
      callsUrl: profile.callsUrl ?? env.CCX_CALLS_URL ?? DEFAULT_CALLS_URL,
    });
    const page = await listGroups(client, { perPage: 1 });
    const total = page.pagination?.total;
    return `the app answered GET /groups with this key${total === undefined ? "" : ` (${countOf(total, "group")})`}`;
  } finally {
    await http.close();
  }
}

/** The file with this profile added or replaced (the first one becomes the default), or the management block replaced. */
function applyPlan(existing: RawConfig, plan: InitPlan): RawConfig {
  if (plan.kind === "management") {
    const { kind: _kind, ...fields } = plan;
    const management = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    // The order a person reads it in: where, who, then where the apps found are.
    const { url, key, secret, ...service } = management;
    return { ...existing, management: { ...(url ? { url } : {}), key, secret, ...service } };
  }
  const profiles = { ...existing.profiles, [plan.name]: plan.profile };
  return { ...existing, defaultProfile: existing.defaultProfile ?? Object.keys(profiles)[0], profiles };
}

function report(path: string, config: RawConfig, plan: InitPlan, thenExplore: boolean): string {
  const lines = [`wrote ${sanitize(path)} (mode 600):`];
  if (plan.kind === "management") {
    lines.push(...managementLines(config.management!));
    lines.push(thenExplore ? "opening the explorer on the apps found…" : "next: ccx apps (the apps found), or ccx (the explorer; ctrl-p switches apps)");
    return `${lines.join("\n")}\n`;
  }
  const isDefault = config.defaultProfile === plan.name;
  lines.push(...profileLines(plan.name, plan.profile, isDefault));
  const flag = isDefault ? "" : ` --profile ${plan.name}`;
  if (thenExplore) lines.push(`opening the explorer on profile ${plan.name}…`);
  else lines.push(`next: ccx${flag} (the explorer on it), or ccx${flag} groups${isDefault ? "" : `; ccx config use ${plan.name} makes it the default`}`);
  return `${lines.join("\n")}\n`;
}

/**
 * `ccx init`: asks what the flags did not give (on a terminal, unless --yes),
 * tests the credentials with one request, and only then writes the config
 * file, keeping everything else in it. Resolves with what it wrote, or
 * undefined when it failed (the exit code is set).
 */
export async function runInit(flags: InitFlags, command: Command, options: { thenExplore?: boolean } = {}): Promise<InitResult | undefined> {
  const given = { ...command.optsWithGlobals(), ...flags } as InitGiven;
  let result: InitResult | undefined;
  await runWithoutSettings(command, async (secrets, io) => {
    const env = io.env;
    for (const secret of [given.apiKey, given.managementKey, given.managementSecret]) if (secret) secrets.add(secret);
    const path = configPathOf(given, env);
    const existing = readRawConfig(path, (warning) => void io.err.write(`warning: ${sanitize(warning)}\n`)) ?? {};
    const terminal = Boolean(io.in.isTTY && io.out.isTTY);
    const asker = terminal && !given.yes ? terminalAsker(io.in as NodeJS.ReadStream, io.out as NodeJS.WriteStream) : undefined;
    const whyNoQuestions = given.yes ? "with --yes" : "without a terminal";
    let plan: InitPlan;
    let answered: string;
    try {
      asker?.tell(`ccx init: set-up of ${sanitize(path)}; the credentials are tested before anything is written (ctrl-c cancels)`);
      plan = await gatherPlan(given, existing, asker, whyNoQuestions);
      for (;;) {
        try {
          answered = await testPlan(plan, given, io, secrets);
          break;
        } catch (error) {
          // Without questions the failure is the answer (its exit code); on a terminal the answers are not lost.
          if (!asker || error instanceof Cancelled) throw error;
          io.err.write(describeFailure(error, secrets));
          const next = await choose(asker, "Nothing was written. e edit the answers (each kept as its default), r retry, q quit? [e] ", ["e", "r", "q"]);
          if (next === "q") return exitCodeOf(error);
          if (next === "e") plan = await gatherPlan(given, existing, asker, whyNoQuestions, plan);
        }
      }
    } catch (error) {
      throw error instanceof Cancelled ? new Cancelled("cancelled: nothing was written") : error;
    } finally {
      asker?.close();
    }
    io.out.write(`${answered}\n`);
    const updated = applyPlan(existing, plan);
    writeRawConfig(path, updated);
    io.out.write(report(path, updated, plan, Boolean(options.thenExplore)));
    result = { path, profile: plan.kind === "app" ? plan.name : undefined };
  });
  return result;
}

/** Tests the plan's credentials with one request (its secrets masked in every message from now on). */
async function testPlan(plan: InitPlan, given: InitGiven, io: IOStreams, secrets: Set<string>): Promise<string> {
  for (const secret of plan.kind === "app" ? [plan.key] : [plan.key, plan.secret]) secrets.add(secret);
  io.err.write(`testing the credentials with ${plan.kind === "app" ? "GET /groups" : "GET /apps"}…\n`);
  return testCredentials(plan, given, io.env);
}
