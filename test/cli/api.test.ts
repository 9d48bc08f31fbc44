import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * `ccx api` against the emulator over HTTPS: the host and headers inferred
 * from the catalogue, -f as a GET's query, --paginate over the paging styles
 * the emulator serves, writes that need --yes without a terminal and are
 * refused in read-only mode (counted in the emulator's own request log),
 * exit codes, and the secrets an answer holds masked.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** Every request the emulator answered, as its log writes them. */
const served: string[] = [];

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 130, calls: 30, users: 60, messages: 700 }, verbose: true, log: (line: string) => served.push(line) });
  env = {
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_CA_FILE: fx.info.caFile,
    CCX_APP_ID: fx.app().appId, CCX_REGION: fx.app().region, CCX_API_KEY: fx.app().fullAccessKey,
  };
});
afterAll(() => fx?.close());

const world = () => fx.emulator.world.apps[0]!;
const ndjson = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
const management = () => ({ CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret });

describe("ccx api: one request", () => {
  it("GETs a path on the app's chat host, -f as its query, and prints the body as sent (compact in a pipe)", async () => {
    const run = await runCcx(["api", "/users", "-f", "perPage=3"], env);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toEqual((await fx.chat("/users", { perPage: 3 })).body);
    expect(served.at(-1)).toMatch(/^GET \/[^ ]+\/v3\/users\?perPage=3 200 /);
  });

  it("takes the query in the path, and sends a calls path to the calls host", async () => {
    const call = world().calls[0]!;
    const run = await runCcx(["api", `/calls/${call.sessionId}`], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).data.sessionId).toBe(call.sessionId);
    expect(served.at(-1)).toMatch(new RegExp(`^GET /${fx.app().appId}\\.call-${fx.app().region}/v3/calls/`));
    const paged = await runCcx(["api", "/groups?perPage=2&page=3"], env);
    expect(JSON.parse(paged.stdout).meta.pagination).toMatchObject({ per_page: 2, current_page: 3 });
  });

  it("sends a management path to the management API with its key and secret, and masks the keys the answer holds", async () => {
    const run = await runCcx(["api", "/apps"], { ...env, ...management() });
    expect(run.code).toBe(0);
    expect(served.at(-1)).toMatch(/^GET \/apimgmt\/apps 200 /);
    const apps = JSON.parse(run.stdout).data as Array<{ id: string; apiKeys: Record<string, { apiKey: string }> }>;
    expect(apps.map((a) => a.id)).toContain(fx.app().appId);
    expect(run.stdout).not.toContain(fx.app().fullAccessKey);
    expect(Object.keys(apps[0]!.apiKeys).every((k) => k.startsWith("…"))).toBe(true);
    expect(run.stderr).toMatch(/^masked \(--reveal shows them\): data\[\]\.accessKey, data\[\]\.apiKeys\.<key>/m);
  });

  it("an auth token in an answer is masked, and shown whole with --reveal", async () => {
    const uid = world().users[5]!.uid;
    const masked = await runCcx(["api", "-X", "POST", `/users/${uid}/auth_tokens`, "--typed-field", "force=true", "--yes"], env);
    expect(masked.code).toBe(0);
    expect(JSON.parse(masked.stdout).data.authToken).toMatch(/^…[0-9a-f]{4}$/);
    expect(masked.stderr).toMatch(/^masked \(--reveal shows them\): data\.authToken$/m);
    const revealed = await runCcx(["api", "-X", "POST", `/users/${uid}/auth_tokens`, "--typed-field", "force=true", "--yes", "--reveal"], env);
    expect(revealed.code).toBe(0);
    expect(JSON.parse(revealed.stdout).data.authToken).toMatch(new RegExp(`^${uid}_[0-9a-f]{40}$`));
    expect(revealed.stderr).toBe("");
  });

  it("a management path without the management credentials says what to set, and sends nothing", async () => {
    const before = served.length;
    const run = await runCcx(["api", "/apps"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/CCX_MANAGEMENT_KEY and CCX_MANAGEMENT_SECRET/);
    expect(served.length).toBe(before);
  });

  it("--as sends the acting user (onBehalfOf) on the app's requests", async () => {
    const uid = world().users[1]!.uid;
    const run = await runCcx(["api", "/conversations", "--as", uid, "-f", "perPage=2"], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(served.at(-1)).toMatch(new RegExp(`^GET /[^ ]+/conversations\\?perPage=2 200 .* onBehalfOf=${uid}$`));
  });

  it("exit codes: 3 for a 404, 4 for a key refused, 2 for a path that is not one", async () => {
    expect((await runCcx(["api", "/users/nobody-at-all"], env)).code).toBe(3);
    expect((await runCcx(["api", "/users"], { ...env, CCX_API_KEY: "0".repeat(40) })).code).toBe(4);
    const url = await runCcx(["api", "https://example.com/users"], env);
    expect(url.code).toBe(2);
    expect(url.stderr).toMatch(/not a URL/);
    const unfilled = await runCcx(["api", "/users/{uid}"], env);
    expect(unfilled.code).toBe(2);
    expect(unfilled.stderr).toMatch(/fill in \{uid\}/);
  });
});

describe("ccx api --paginate", () => {
  it("by page number: every user once, one JSON object a line", async () => {
    const run = await runCcx(["api", "/users", "--paginate", "-f", "perPage=25"], env);
    expect(run.code).toBe(0);
    const uids = ndjson(run.stdout).map((u) => u.uid);
    expect(uids).toHaveLength((await fx.chat("/users", { perPage: 1 })).body.meta.pagination.total);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it("by the updatedAt cursor when the query starts one: every group once", async () => {
    const run = await runCcx(["api", "/groups", "--paginate", "-f", "perPage=40", "-f", "affix=append", "-f", "updatedAt=0"], env);
    expect(run.code).toBe(0);
    const guids = ndjson(run.stdout).map((g) => g.guid);
    expect(new Set(guids).size).toBe(world().groups.length);
    expect(guids).toHaveLength(world().groups.length);
    expect(served.filter((l) => /\/groups\?.*updatedAt=/.test(l)).length).toBeGreaterThan(1);
  });

  it("messages by id, from the newest back: every message of the app once", async () => {
    const run = await runCcx(["api", "/messages", "--paginate", "-f", "limit=100"], env);
    expect(run.code).toBe(0);
    const ids = ndjson(run.stdout).map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const walked = await runCcx(["messages", "--all", "--ndjson", "--limit", "100"], env);
    expect(ids).toEqual(ndjson(walked.stdout).map((m) => m.id));
    expect(ids.length).toBeGreaterThan(100);
  });

  it("refuses a path that is no documented list, and a write", async () => {
    const call = await runCcx(["api", `/calls/${world().calls[0]!.sessionId}`, "--paginate"], env);
    expect(call.code).toBe(2);
    expect(call.stderr).toMatch(/is not one/);
    expect((await runCcx(["api", "-X", "POST", "/users", "--paginate"], env)).code).toBe(2);
  });
});

describe("ccx api: writes", () => {
  const posts = () => served.filter((line) => line.startsWith("POST "));

  it("without a terminal a write needs --yes: refused before anything is sent", async () => {
    const before = posts().length;
    const run = await runCcx(["api", "-X", "POST", "/users", "-f", "uid=api-one", "-f", "name=Api One"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/add --yes/);
    expect(posts().length).toBe(before);
  });

  it("read-only mode refuses it before anything is sent, --yes or not", async () => {
    const before = posts().length;
    const flag = await runCcx(["api", "-X", "POST", "/users", "-f", "uid=api-two", "-f", "name=Two", "--yes", "--read-only"], env);
    const envOnly = await runCcx(["api", "-X", "POST", "/users", "-f", "uid=api-two", "-f", "name=Two", "--yes"], { ...env, CCX_READ_ONLY: "1" });
    for (const run of [flag, envOnly]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error: CCX_READ_ONLY: read-only mode: POST \/users refused, nothing was sent/m);
    }
    expect(posts().length).toBe(before);
  });

  it("with --yes it is sent once: -f and --input make the JSON body; a failure is not retried", async () => {
    const dir = scratchDir("ccx-api-");
    const file = join(dir, "user.json");
    writeFileSync(file, JSON.stringify({ uid: "api-three", name: "From a file", role: "default" }));
    const before = posts().length;
    const run = await runCcx(["api", "-X", "POST", "/users", "--input", file, "--typed-field", "metadata={\"team\":\"qa\"}", "--yes"], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).data).toMatchObject({ uid: "api-three", name: "From a file" });
    expect((await fx.chat("/users/api-three")).body.data.metadata).toEqual({ team: "qa" });
    // The same again: the service refuses it, and ccx does not ask twice.
    const again = await runCcx(["api", "-X", "POST", "/users", "--input", file, "--yes"], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/ERR_UID_ALREADY_EXISTS/);
    expect(posts().length).toBe(before + 2);
  });

  it("--input - reads the body from stdin; a body too large or not JSON is refused before anything is sent", async () => {
    const piped = await runCcx(["api", "-X", "POST", "/users", "--input", "-", "--yes"], env, JSON.stringify({ uid: "api-stdin", name: "Piped" }));
    expect(piped.stderr).toBe("");
    expect(JSON.parse(piped.stdout).data.uid).toBe("api-stdin");
    const before = posts().length;
    const zero = await runCcx(["api", "-X", "POST", "/users", "--input", "/dev/zero", "--yes"], env);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/more than 16 MiB; nothing was sent/);
    const dir = scratchDir("ccx-api-");
    writeFileSync(join(dir, "bad.json"), "{uid: nope");
    const bad = await runCcx(["api", "-X", "POST", "/users", "--input", join(dir, "bad.json"), "--yes"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/is not JSON; nothing was sent/);
    expect(posts().length).toBe(before);
  });

  it("--dry-run prints the request, headers' secrets out of it, and sends nothing", async () => {
    const before = served.length;
    const run = await runCcx(["api", "-X", "POST", "/users", "-f", "uid=api-dry", "-f", "name=Dry", "--dry-run"], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(0, 3)).toEqual([
      `POST ${fx.info.chatUrl.replace("{appId}", fx.app().appId).replace("{region}", fx.app().region)}/users`,
      `  host: chat · app ${fx.app().appId}`,
      '  body: {"uid":"api-dry","name":"Dry"}',
    ]);
    expect(run.stdout).not.toContain(fx.app().fullAccessKey);
    expect(served.length).toBe(before);
  });

  it("-f on a GET is the query, never a body: -X is never implied", async () => {
    const before = posts().length;
    const run = await runCcx(["api", "/users", "-f", "uid=api-four"], env);
    expect(run.code).toBe(0);
    expect(posts().length).toBe(before);
    expect(served.at(-1)).toMatch(/^GET \/[^ ]+\/users\?uid=api-four /);
  });
});
