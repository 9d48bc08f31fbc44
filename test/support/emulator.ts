import { secretValues } from "../../src/api/answer-secrets.js";
import { extensionSettingsOf, extensionsOf } from "../../src/emulator/data/extensions.js";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import type { App } from "../../src/emulator/data/model.js";
import { providersOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
import { readFileSync } from "node:fs";
import { Agent, request } from "undici";
import { type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import type { EmulatorSettings } from "../../src/emulator/options.js";
import { registerRevealableSecrets, registerSecrets } from "./secrets.js";

/**
 * Starts an emulator in this process on a free port and talks to it over real
 * HTTPS, trusting only the CA it generated.
 */
/** Every secret an app's answers hold (the users' tokens only for worlds small enough to walk). */
function worldSecrets(app: App): string[] {
  const users = app.users.length <= 5000 ? app.users.map((_, i) => i) : [];
  return [
    ...users.flatMap((i) => [...tokensOf(app, i).map((t) => t.authToken), ...pushTokensOf(app, i).map((t) => t.pushToken)]),
    ...secretValues(providersOf(app)),
    ...extensionsOf(app).flatMap((e) => secretValues(extensionSettingsOf(app, e.id))),
    ...app.webhooks.flatMap((w) => (w.password ? [w.password] : [])),
  ];
}

export async function emulatorFixture(options: EmulatorSettings = {}) {
  const emulator: RunningEmulator = await startEmulator({ log: () => {}, ...options });
  const { info } = emulator;
  registerSecrets(...info.apps.flatMap((a) => [a.fullAccessKey, a.authOnlyKey]), info.management.key, info.management.secret);
  // The secrets inside answers too: users' auth and push tokens, providers' and extensions' keys, webhook passwords.
  registerRevealableSecrets(...emulator.world.apps.flatMap(worldSecrets));
  const agent = new Agent({ connect: { ca: readFileSync(info.caFile, "utf8") } });

  interface Reply {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    text: string;
    /** The parsed body; undefined when it is not JSON. */
    body: any;
  }

  async function send(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, headers: Record<string, string>, payload?: unknown): Promise<Reply> {
    const res = await request(url, {
      method,
      dispatcher: agent,
      headers: payload === undefined ? headers : { "content-type": "application/json", ...headers },
      body: payload === undefined ? undefined : typeof payload === "string" ? payload : JSON.stringify(payload),
    });
    const text = await res.body.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, headers: res.headers, text, body };
  }

  interface Download {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    /** Every byte that arrived, also when the body broke off. */
    bytes: Buffer;
    /** Set when the body broke off before its end. */
    error?: Error;
  }

  /** A recording (or any URL) as bytes, with no apikey: recordings are signed links. */
  async function download(url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET"): Promise<Download> {
    const res = await request(url, { method, dispatcher: agent, headers });
    const chunks: Buffer[] = [];
    let error: Error | undefined;
    try {
      for await (const chunk of res.body) chunks.push(chunk as Buffer);
    } catch (caught) {
      error = caught as Error;
    }
    return { status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks), error };
  }

  const app = (index = 0) => info.apps[index]!;
  const base = (kind: "api" | "call", index = 0, region = app(index).region) =>
    `${info.url}/${app(index).appId}.${kind}-${region}/v3`;
  const query = (params: Record<string, string | number | boolean> = {}) => {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return qs ? `?${qs}` : "";
  };

  return {
    emulator,
    info,
    agent,
    send,
    download,
    app,
    /** GET on the chat API of app `index` with its fullAccess key. */
    chat: (path: string, params?: Record<string, string | number | boolean>, headers: Record<string, string> = {}, index = 0) =>
      send("GET", `${base("api", index)}${path}${query(params)}`, { apikey: app(index).fullAccessKey, ...headers }),
    /** GET on the calls API of app `index` with its fullAccess key. */
    calls: (path: string, params?: Record<string, string | number | boolean>, headers: Record<string, string> = {}, index = 0) =>
      send("GET", `${base("call", index)}${path}${query(params)}`, { apikey: app(index).fullAccessKey, ...headers }),
    base,
    /**
     * The environment that points ccx at app `index` of this emulator (its fullAccess key), with the
     * management API's URL and credentials when asked, and a state directory (the journal) when given.
     */
    cliEnv: ({ index = 0, management = false, state }: { index?: number; management?: boolean; state?: string } = {}): Record<string, string> => ({
      CCX_CHAT_URL: info.chatUrl, CCX_CALLS_URL: info.callsUrl, CCX_CA_FILE: info.caFile,
      CCX_APP_ID: app(index).appId, CCX_REGION: app(index).region, CCX_API_KEY: app(index).fullAccessKey,
      ...(management ? { CCX_MANAGEMENT_URL: info.managementUrl, CCX_MANAGEMENT_KEY: info.management.key, CCX_MANAGEMENT_SECRET: info.management.secret } : {}),
      ...(state === undefined ? {} : { XDG_STATE_HOME: state }),
    }),
    async close() {
      await agent.close();
      await emulator.close();
    },
  };
}

export type EmulatorFixture = Awaited<ReturnType<typeof emulatorFixture>>;
