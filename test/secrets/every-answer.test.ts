import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secretValues } from "../../src/api/answer-secrets.js";
import { ENDPOINTS } from "../../src/api/endpoints.js";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { providersOf } from "../../src/emulator/data/notifications.js";
import { RESOURCE_LIST } from "../../src/resources/index.js";
import { type AnyResource, commandWords, itemCommandWords, itemParams, pathParams } from "../../src/resources/resource.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * Every documented read the emulator answers, through every way ccx prints an answer (`ccx api`,
 * each resource's table, `--json` and `--ndjson`, one item's fields): no secret the answer holds
 * is printed whole, unless --reveal asks. The secrets are what the answers hold under secret names
 * (secret-names.ts), read from `ccx api --reveal`; so the walk covers whatever the emulator answers,
 * the documented fields included as it comes to send them.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** A value for each path parameter of the documented reads, from the emulator's world and its lists. */
const values: Record<string, string> = {};
/** The emulator's answer to every documented read: the secrets each held whole. */
const answered: Array<{ path: string; secrets: string[] }> = [];
/** The app's extensions, each with its settings at a documented path of its own. */
let extensionIds: string[] = [];

const world = () => fx.emulator.world.apps[0]!;
const firstOf = async (path: string, field: string): Promise<string> => {
  const run = await runCcx(["api", path, "--json"], env);
  const data = (JSON.parse(run.stdout || "{}") as { data?: unknown }).data;
  const items = Array.isArray(data) ? data : Object.values((data ?? {}) as Record<string, unknown>);
  const found = items.find((item): item is Record<string, unknown> => item !== null && typeof item === "object" && field in item);
  return String(found?.[field] ?? "none");
};

/** A documented read with its path filled in, the query it cannot go without, and the acting user it needs. */
function readOf(template: string): { path: string; query: Record<string, string>; actingUser?: string } {
  const endpoint = ENDPOINTS.find((e) => e.path === template)!;
  const path = template.replace(/\{([^}]+)\}/g, (whole, name: string) => (name === "appId" ? whole : encodeURIComponent(values[name] ?? "x")));
  const query: Record<string, string> = {};
  for (const name of endpoint.query ?? []) {
    if (name === "uid" || name === "authToken") query[name] = values[name]!;
    if (name === "fromDate") Object.assign(query, { fromDate: "1", toDate: String(Math.floor(Date.now() / 1000)) });
  }
  return { path, query, ...(endpoint.onBehalfOf === "required" ? { actingUser: values.uid } : {}) };
}

/** `ccx api` arguments for a documented read. */
function apiArguments(template: string): string[] {
  const { path, query, actingUser } = readOf(template);
  return ["api", path, ...Object.entries(query).flatMap(([k, v]) => ["-f", `${k}=${v}`]), ...(actingUser ? ["--as", actingUser] : [])];
}

/** The emulator's answer to a documented read, as it sends it: not through ccx. */
async function answerOf(template: string): Promise<unknown> {
  const endpoint = ENDPOINTS.find((e) => e.path === template)!;
  const { path, query, actingUser } = readOf(template);
  const app = fx.app();
  const filled = path.replace("{appId}", app.appId);
  const url = endpoint.host === "management" ? `${fx.info.managementUrl}${filled}` : `${fx.base(endpoint.host === "calls" ? "call" : "api")}${filled}`;
  const management = { key: fx.info.management.key, secret: fx.info.management.secret };
  const headers: Record<string, string> = endpoint.auth === "apikey" ? { apikey: app.fullAccessKey } : endpoint.auth === "management" ? management : { ...management, appId: app.appId };
  const reply = await fx.send("GET", `${url}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`, { ...headers, ...(actingUser ? { onBehalfOf: actingUser } : {}) });
  return reply.status === 200 ? reply.body : undefined;
}

const GETS = ENDPOINTS.filter((e) => e.methods.includes("GET")).map((e) => e.path);

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 6, calls: 10, users: 10, messages: 300 } });
  env = fx.cliEnv({ management: true });
  Object.assign(values, {
    uid: world().users[0]!.uid, guid: world().groups[0]!.guid, sessionId: world().calls[0]!.sessionId, webhookId: world().webhooks[0]?.id ?? "none",
    authToken: tokensOf(world(), 0)[0]!.authToken, apiKey: world().fullAccessKey, scope: "admin", reaction: "👍",
  });
  values.id = await firstOf("/messages", "id");
  values.role = await firstOf("/roles", "role");
  values.ruleId = await firstOf("/moderation/rules", "id");
  values.keywordId = await firstOf("/moderation/keywords", "id");
  values.conversationId = await firstOf("/conversations", "conversationId");
  const extensions = await runCcx(["api", "/apps/{appId}/extensions", "--json"], env);
  extensionIds = (JSON.parse(extensions.stdout) as { data: Array<{ id: string }> }).data.map((e) => e.id);
  for (const path of GETS) answered.push({ path, secrets: secretValues(await answerOf(path)).filter((s) => s.length >= 6) });
}, 120_000);
afterAll(() => fx?.close());

const allSecrets = () => new Set(answered.flatMap((r) => r.secrets));
const printedWhole = (text: string) => [...allSecrets()].filter((secret) => text.includes(secret)).map((s) => `${s.slice(0, 4)}…`);

describe("the secrets of every documented read", () => {
  it("are found in the answers: the providers', the tokens', the keys'", () => {
    const known = secretValues(providersOf(world())).filter((s) => s.length >= 6);
    expect(known.length).toBeGreaterThan(0);
    for (const secret of known) expect(allSecrets()).toContain(secret);
    expect(allSecrets()).toContain(values.authToken);
    // Most reads hold none; the ones that do are the providers, tokens, keys, extensions and webhooks.
    expect(answered.filter((r) => r.secrets.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it("are printed whole by ccx api --reveal (the keys in use aside: no run may print those)", async () => {
    const inUse = [world().fullAccessKey, world().authOnlyKey];
    for (const { path, secrets } of answered.filter((r) => r.secrets.length > 0 && !r.secrets.some((s) => inUse.includes(s)))) {
      const run = await runCcx([...apiArguments(path), "--json", "--reveal"], env);
      for (const secret of secrets) expect(run.stdout, path).toContain(secret);
      expect(run.stderr, path).not.toMatch(/masked/);
    }
  });

  it("are masked in ccx api's answer, as JSON and on a terminal's page", async () => {
    for (const { path } of answered.filter((r) => r.secrets.length > 0)) {
      for (const extra of [["--json"], []]) {
        const run = await runCcx([...apiArguments(path), ...extra], env);
        expect(printedWhole(run.stdout + run.stderr), `ccx api ${path} ${extra.join(" ")}`).toEqual([]);
        expect(run.stderr, path).toMatch(/^masked \(--reveal shows them\): /m);
      }
    }
  });

  it("are masked in every resource's table, --json and --ndjson, and in one item's fields", async () => {
    const ran: string[] = [];
    const argsOf = (names: readonly string[]) => names.map((name) => values[name] ?? "x");
    for (const resource of RESOURCE_LIST) {
      if (resource.list) {
        const given = argsOf(pathParams(resource.list.path));
        const required = (resource.list.required ?? []).flatMap((r) => [`--${r.flag}`, values[r.param] ?? "x"]);
        for (const format of [[], ["--json"], ["--ndjson"]]) {
          const args = [...commandWords(resource), ...given, ...required, ...format];
          const run = await runCcx(args, env);
          ran.push(args.join(" "));
          expect(printedWhole(run.stdout + run.stderr), `ccx ${args.join(" ")}`).toEqual([]);
        }
      }
      if (resource.detail) {
        const words = itemCommandWords(resource, resource.actedFor ? ["--as", values.uid ?? "x"] : []);
        const params = itemParams(resource);
        // An item with a documented path of its own (an extension's settings): each of them.
        const ids = resource.detail.pathOf ? extensionIds : [values[params.at(-1)!] ?? "x"];
        for (const id of ids) {
          const args = [...words, ...argsOf(params.slice(0, -1)), id];
          const run = await runCcx(args, env);
          ran.push(args.join(" "));
          expect(printedWhole(run.stdout + run.stderr), `ccx ${args.join(" ")}`).toEqual([]);
        }
      }
    }
    expect(ran.length).toBeGreaterThan(30);
  }, 120_000);
});
