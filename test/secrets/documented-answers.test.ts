import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS, findEndpoint } from "../../src/api/endpoints.js";
import { RESOURCE_LIST } from "../../src/resources/index.js";
import { commandWords, itemCommandWords, itemParams, pathParams } from "../../src/resources/resource.js";
import { DOCUMENTED_NOT_SECRETS, DOCUMENTED_SHAPES, documentedSecrets, sampleOf } from "../support/documented-answers.js";
import { type HostileServer, hostileServer } from "../support/hostile-server.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { registerRevealableSecrets, registerSecrets } from "../support/secrets.js";

/**
 * The answer of every documented read, as the catalogue and the exports show
 * it (test/support/documented-answers.ts: an extension's `giphyApiKey`, a
 * provider's `basicAuthPassword`, the push extension's `fcmCredentials`),
 * served by a small HTTPS server and printed by ccx every way it prints:
 * `ccx api`, each resource's table, `--json` and `--ndjson`, one item. No
 * documented secret is printed whole unless --reveal asks; the fields beside
 * them that are none (a key's id, a webhook's user name) still are.
 */

const API_KEY = "docs-fullaccess-0123456789abcdef";
let server: HostileServer;
let env: Record<string, string>;
const GETS = ENDPOINTS.filter((e) => e.methods.includes("GET")).map((e) => e.path);
/** The sample answer of each documented read, made once: the same secrets each time it is asked. */
const answers = new Map(Object.entries(DOCUMENTED_SHAPES).map(([path, shape]) => [path, sampleOf(shape, { n: GETS.indexOf(path) * 100 })]));
const ALL_SECRETS = [...answers.values()].flatMap(documentedSecrets);

/** Answers a read at `/docs/<chat|calls|mgmt>/<path>` with its documented sample. */
function documented(_req: unknown, res: ServerResponse, rest: string): void {
  const path = rest.replace(/^\/(chat|calls|mgmt)/, "").split("?")[0]!.replace(/^\/apps\/docs\b/, "/apps/{appId}");
  const answer = answers.get(findEndpoint(path, "GET")?.path ?? "");
  res.writeHead(answer ? 200 : 404, { "content-type": "application/json" });
  res.end(JSON.stringify(answer ?? { error: { code: "ERR_NOT_FOUND", message: `nothing documented at ${path}` } }));
}

beforeAll(async () => {
  registerSecrets(API_KEY, "docs-management-key-01", "docs-management-secret-01");
  registerRevealableSecrets(...ALL_SECRETS);
  server = await hostileServer({ docs: (req, res, rest) => documented(req, res, rest) });
  env = {
    CCX_APP_ID: "docs", CCX_REGION: "us", CCX_API_KEY: API_KEY, CCX_CA_FILE: server.caFile,
    CCX_CHAT_URL: `${server.url}/{appId}/chat`, CCX_CALLS_URL: `${server.url}/{appId}/calls`,
    CCX_MANAGEMENT_URL: `${server.url}/docs/mgmt`, CCX_MANAGEMENT_KEY: "docs-management-key-01", CCX_MANAGEMENT_SECRET: "docs-management-secret-01",
  };
});
afterAll(() => server?.close());

const wholeIn = (text: string) => ALL_SECRETS.filter((secret) => text.includes(secret));
/** `ccx api` arguments for a documented read: its path filled in, the acting user it needs. */
const apiArgs = (template: string) => [
  "api", template.replace(/\{([^}]+)\}/g, (whole, name: string) => (name === "appId" ? whole : `${name}-1`)),
  ...(ENDPOINTS.find((e) => e.path === template)?.onBehalfOf === "required" ? ["--as", "uid-1"] : []),
];

describe("the documented answers", () => {
  it("give every documented read a shape, and hold the secrets the issue names", () => {
    expect(GETS.filter((path) => !(path in DOCUMENTED_SHAPES))).toEqual([]);
    for (const name of ["giphyApiKey", "scaniiSecretKey", "revaiAPIKey", "bitlyAccessToken", "virgilAppKey", "basicAuthPassword", "webhookPassword", "twilioAuthToken", "sendGridApiKey", "private_key"]) {
      expect(ALL_SECRETS.some((s) => s.startsWith(`s3cr3t-${name}-`)), name).toBe(true);
    }
  });

  it("ccx api masks every documented secret, names where on stderr, and prints the fields beside them", async () => {
    const notSecrets = new Set<string>();
    for (const template of GETS) {
      const run = await runCcx([...apiArgs(template), "--json"], env);
      expect(run.code, `${template}: ${run.stderr}`).toBe(0);
      expect(wholeIn(run.stdout + run.stderr), template).toEqual([]);
      if (documentedSecrets(answers.get(template)).length > 0) expect(run.stderr, template).toMatch(/^masked \(--reveal shows them\): /m);
      for (const name of DOCUMENTED_NOT_SECRETS) if (run.stdout.includes(`"${name}":"${name}-sample"`)) notSecrets.add(name);
    }
    expect([...notSecrets].sort()).toEqual([...DOCUMENTED_NOT_SECRETS].sort());
  });

  it("ccx api --reveal prints every one of them whole", async () => {
    for (const template of GETS) {
      const run = await runCcx([...apiArgs(template), "--json", "--reveal"], env);
      for (const secret of documentedSecrets(answers.get(template))) expect(run.stdout, template).toContain(secret);
    }
  });

  it("ccx extensions <id> and ccx notifications providers mask them in the table, --json and --ndjson; --reveal shows them", async () => {
    const giphy = documentedSecrets(answers.get("/apps/{appId}/extensions/gifs-giphy/v1/settings"))[0]!;
    const details = await runCcx(["extensions", "gifs-giphy"], env);
    expect(details.code, details.stderr).toBe(0);
    expect(details.stdout).toMatch(/giphyApiKey/);
    expect(details.stdout).toContain(`…${giphy.slice(-4)}`);
    expect(wholeIn(details.stdout + details.stderr)).toEqual([]);
    expect((await runCcx(["extensions", "gifs-giphy", "--json", "--reveal"], env)).stdout).toContain(giphy);

    const password = documentedSecrets(answers.get("/notifications/push/v1/providers/custom"))[0]!;
    for (const format of [[], ["--json"], ["--ndjson"]]) {
      const run = await runCcx(["notifications", "providers", ...format], { ...env, COLUMNS: "200" });
      expect(run.code, run.stderr).toBe(0);
      expect(wholeIn(run.stdout + run.stderr), format.join(" ")).toEqual([]);
    }
    const json = await runCcx(["notifications", "providers", "--json"], env);
    expect(json.stdout).toContain("basicAuthPassword");
    expect(json.stderr).toMatch(/masked \(--reveal shows them\): .*basicAuthPassword/);
    expect((await runCcx(["notifications", "providers", "--json", "--reveal"], env)).stdout).toContain(password);
  });

  it("every resource's table, --json, --ndjson and item mask them", async () => {
    const ran: string[] = [];
    const extensions = GETS.map((p) => /^\/apps\/\{appId\}\/extensions\/([^/]+)\/v\d+\/settings$/.exec(p)?.[1]).filter((id): id is string => id !== undefined);
    for (const resource of RESOURCE_LIST) {
      const runs: string[][] = [];
      if (resource.list) {
        const given = pathParams(resource.list.path).map((name) => `${name}-1`);
        const required = (resource.list.required ?? []).flatMap((r) => [`--${r.flag}`, `${r.param}-1`]);
        for (const format of [[], ["--json"], ["--ndjson"]]) runs.push([...commandWords(resource), ...given, ...required, ...format]);
      }
      if (resource.detail) {
        const words = itemCommandWords(resource, resource.actedFor ? ["--as", "uid-1"] : []);
        const params = itemParams(resource).map((name) => `${name}-1`);
        const ids = resource.detail.pathOf ? extensions : [params.at(-1)!];
        for (const id of ids) for (const format of [[], ["--json"]]) runs.push([...words, ...params.slice(0, -1), id, ...format]);
      }
      for (const args of runs) {
        const run = await runCcx(args, env);
        ran.push(args.join(" "));
        expect(wholeIn(run.stdout + run.stderr), `ccx ${args.join(" ")}`).toEqual([]);
      }
    }
    expect(ran.length).toBeGreaterThan(60);
  });
});
