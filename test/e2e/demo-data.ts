/**
 * What the demo serves, asked of it the way a user in another shell would:
 * `ccx demo` names an env file in its first footer ("source …/env"), and
 * `ccx calls --json` with that environment lists real calls, whose session
 * ids the real-terminal tests then paste into the explorer. The demo's data
 * is a pure function of its seed, so the same calls come back every run.
 */
import { readFileSync } from "node:fs";
import { runCcx } from "../support/run-ccx.js";
import type { TmuxSession } from "../support/tmux.js";

/** The demo's environment (CCX_* variables), from the env file its footer names at start. */
export async function demoEnv(s: TmuxSession): Promise<Record<string, string>> {
  const file = await s.waitFor((lines) => lines.map((l) => /source (\/\S+\/env)\b/.exec(l)?.[1]).find(Boolean), {
    what: "the demo's env file named in the footer",
    timeoutMs: 15_000,
  });
  const env: Record<string, string> = {};
  for (const [, name, value] of readFileSync(file, "utf8").matchAll(/^export (CCX_\w+)='([^']*)'$/gm)) env[name!] = value!;
  if (!env.CCX_APP_ID || !env.CCX_CHAT_URL) throw new Error(`no app in ${file}`);
  return env;
}

export interface DemoCall {
  sessionId: string;
  region: string;
  initiator: string;
  receiver: string;
  participants: string[];
  recordings: number;
}

interface RawCall {
  sessionId: string;
  initiator?: string;
  receiver?: string;
  participants?: Array<{ uid: string }>;
  recordings?: unknown[];
}

async function json<T>(args: string[], env: Record<string, string>): Promise<T> {
  const run = await runCcx(args, env);
  if (run.code !== 0) throw new Error(`ccx ${args.join(" ")} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/**
 * Calls of one of the demo's apps (the env file's, or the first of `region`
 * the management API knows, as `ccx apps` lists them), in the list's order.
 */
export async function demoCalls(env: Record<string, string>, args: string[], region?: string): Promise<DemoCall[]> {
  let appEnv = env;
  if (region && region !== env.CCX_REGION) {
    const apps = await json<Array<{ appId: string; region: string }>>(["apps", "--json"], env);
    const app = apps.find((a) => a.region === region);
    if (!app) throw new Error(`the demo has no app in ${region}`);
    // No key of our own for it: ccx takes the app's key from the management API.
    appEnv = { ...env, CCX_APP_ID: app.appId, CCX_REGION: region, CCX_API_KEY: "" };
  }
  const calls = await json<RawCall[]>(["calls", "--json", ...args], appEnv);
  return calls.map((c) => ({
    sessionId: c.sessionId,
    region: appEnv.CCX_REGION!,
    initiator: c.initiator ?? "",
    receiver: c.receiver ?? "",
    participants: (c.participants ?? []).map((p) => p.uid),
    recordings: c.recordings?.length ?? 0,
  }));
}
