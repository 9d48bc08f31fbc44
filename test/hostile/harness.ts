import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { Http, type HttpOptions } from "../../src/api/http.js";
import { type ExplorerStore, activeView, createExplorerStore } from "../../src/store/explorer-store.js";
import type { AppRef, Failure } from "../../src/store/types.js";
import { type HostileServer, type RouteHandler, hostileRoutes, hostileServer } from "../support/hostile-server.js";
import { type CcxRun, runCcx } from "../support/run-ccx.js";
import { registerSecrets } from "../support/secrets.js";
import { scratchDir } from "../support/scratch.js";

/**
 * What the hostile suites share: the servers, ccx runs measured for time and
 * peak memory, the checks of a "clear failure", the explorer's store aimed at
 * a route, and the summary each file prints at its end.
 */

export const KEY = "hostile0123456789abcdef0123456789abcdef01";
// The secrets scan (secrets-setup.ts) looks for it in everything the suite's runs printed.
registerSecrets(KEY);
const PEAK_PRELOAD = new URL("./peak-rss.cjs", import.meta.url).pathname;

export interface Servers {
  main: HostileServer;
  /** The "other host" redirects point at: it must never see a connection. */
  other: HostileServer;
  close(): Promise<void>;
}

/** The hostile server, and the other host (a certificate for `localhost`, its own CA). */
export async function startServers(extra: Record<string, RouteHandler> = {}): Promise<Servers> {
  const other = await hostileServer({}, { hosts: ["localhost", "127.0.0.1"] });
  const port = new URL(other.url).port;
  const main = await hostileServer({ ...hostileRoutes({ http: `http://127.0.0.1:${port}`, https: `https://localhost:${port}` }), ...extra });
  return { main, other, close: async () => void (await Promise.all([main.close(), other.close()])) };
}

export interface Measured extends CcxRun {
  ms: number;
  /** The ccx process's peak resident memory, in MB. */
  peakMb: number;
}

export type Command = "groups" | "calls --json" | "call" | "call --json" | "groups --timeout 1";

/**
 * Runs a one-shot command against `route` of `server`: the route is the app
 * id, and the URL templates put the app id first in the path.
 */
export async function ccx(server: HostileServer, route: string, command: Command): Promise<Measured> {
  const dir = scratchDir("ccx-peak-");
  const peakFile = join(dir, "peak");
  const [name, ...flags] = command.split(" ");
  const args = name === "call" ? ["call", `v1.us.${route}.1`, ...flags] : [name!, ...flags];
  const started = performance.now();
  try {
    const run = await runCcx([...args, "--app-id", route, "--region", "us", "--ca", server.caFile,
      "--chat-url", `${server.url}/{appId}/chat`, "--calls-url", `${server.url}/{appId}/calls`], {
      CCX_API_KEY: KEY,
      NODE_OPTIONS: `--require ${PEAK_PRELOAD}`,
      CCX_PEAK_FILE: peakFile,
    });
    const ms = performance.now() - started;
    let peakKb = 0;
    try {
      peakKb = Number(readFileSync(peakFile, "utf8"));
    } catch {
      // No file: the process died before its exit handlers ran; the checks below say so.
    }
    return { ...run, ms, peakMb: peakKb / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A clear failure: the exit code, `error: CODE: …` first, a few short lines,
 * no stack trace, no whole key; in bounded memory. Not timed: the time is in
 * the summary, and the requests each case sent are counted where it runs.
 */
export function expectClearFailure(run: Measured, expected: { exit: number; code: string | RegExp; message?: RegExp; maxMb?: number; maxLines?: number }): void {
  const context = `exit ${run.code} after ${Math.round(run.ms)} ms\n${run.stderr.slice(0, 2000)}`;
  expect(run.code, context).toBe(expected.exit);
  const code = typeof expected.code === "string" ? expected.code : expected.code.source;
  expect(run.stderr, context).toMatch(new RegExp(`^error: ${code}: `));
  if (expected.message) expect(run.stderr.split("\n")[0], context).toMatch(expected.message);
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines.length, context).toBeLessThanOrEqual(expected.maxLines ?? 4);
  for (const line of lines) expect(line.length, context).toBeLessThanOrEqual(500);
  expect(run.stderr, context).not.toMatch(/\n\s+at .+:\d+:\d+|Error: |node:internal/);
  expect(run.stderr + run.stdout).not.toContain(KEY);
  expect(run.peakMb, `${context}\npeak ${run.peakMb} MB`).toBeGreaterThan(0);
  expect(run.peakMb, context).toBeLessThan(expected.maxMb ?? 150);
}

export interface StoreProbe {
  store: ExplorerStore;
  http: Http;
  /** Where the app's URL templates point: `base` (a server) and `route` (the first path segment). */
  aim: { base: string; route: string };
  /** The hostile server's address, where `good` answers as the service would. */
  goodBase: string;
  /** Reloads a list and waits until it settles; returns the failure (or undefined) and the time taken. */
  load(kind: "groups" | "calls", ms?: number): Promise<{ error?: Failure; items: number; ms: number }>;
  close(): Promise<void>;
}

/** The store over one app aimed at `route` of `server` (or of `base`, another server the CA file trusts). */
export function storeOn(server: HostileServer, route: string, options: HttpOptions = {}, base = server.url): StoreProbe {
  const http = new Http({ caFile: server.caFile, ...options });
  const aim = { base, route };
  const app: AppRef = {
    key: "hostile:us", label: "hostile", appId: "hostile", region: "us", source: "test",
    target: () => ({ appId: "hostile", region: "us", apiKey: KEY, chatUrl: `${aim.base}/${aim.route}/chat`, callsUrl: `${aim.base}/${aim.route}/calls` }),
  };
  const store = createExplorerStore({ http, apps: [app], debounceMs: 0 });
  return {
    store,
    http,
    aim,
    goodBase: server.url,
    async load(kind, ms = 15_000) {
      const started = performance.now();
      store.getState().reload(kind);
      const list = () => activeView(store.getState()).lists[kind]!;
      while (list().loading) {
        if (performance.now() - started > ms) throw new Error(`the store was still loading ${kind} after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return { error: list().error, items: list().items.length, ms: performance.now() - started };
    },
    async close() {
      store.getState().dispose();
      await http.close();
    },
  };
}

/** The store shows the failure with its code (and a hint), then recovers on the good route. */
export async function expectStoreFailsThenRecovers(probe: StoreProbe, kind: "groups" | "calls", code: string | RegExp) {
  const failed = await probe.load(kind);
  expect(failed.error, `the store showed no failure for ${probe.aim.route}`).toBeDefined();
  if (typeof code === "string") expect(failed.error!.code).toBe(code);
  else expect(failed.error!.code).toMatch(code);
  expect(failed.error!.message.length).toBeGreaterThan(0);
  expect(failed.error!.message.length).toBeLessThanOrEqual(500);
  // Every failure of ccx's own carries a hint; the service's codes carry the service's message (and a hint where one is known).
  if (!/^ERR_/.test(failed.error!.code)) expect(failed.error!.hint, `no hint for ${code}`).toBeTruthy();
  expect(JSON.stringify(probe.store.getState().log)).not.toContain(KEY);
  Object.assign(probe.aim, { base: probe.goodBase, route: "good" });
  const recovered = await probe.load(kind);
  expect(recovered.error).toBeUndefined();
  expect(recovered.items).toBe(1);
  expect(probe.store.getState().lastError).toBeUndefined();
  return failed;
}

/** One line per case and way in, printed by `printSummary` at the end of a file. */
const rows: string[] = [];

export function note(what: string, via: string, outcome: { code?: string | number | null; failure?: string; ms: number; peakMb?: number; extra?: string }): void {
  const memory = outcome.peakMb === undefined ? "" : ` · peak ${outcome.peakMb.toFixed(0)} MB`;
  const failure = (outcome.failure ?? "-").slice(0, 26);
  rows.push(`${what.padEnd(28)} ${via.padEnd(18)} ${failure.padEnd(26)} exit ${String(outcome.code ?? "-").padEnd(2)} · ${String(Math.round(outcome.ms)).padStart(5)} ms${memory}${outcome.extra ? ` · ${outcome.extra}` : ""}`);
}

export function noteRun(what: string, command: Command, run: Measured): void {
  const failure = /^error: ([A-Z0-9_]+)/.exec(run.stderr)?.[1];
  note(what, `ccx ${command}`, { code: run.code, failure, ms: run.ms, peakMb: run.peakMb });
}

export function printSummary(title: string): void {
  console.log(`hostile server · ${title}\n${rows.map((r) => `  ${r}`).join("\n")}`);
  rows.length = 0;
}
