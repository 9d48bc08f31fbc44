import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * `ccx init` and `ccx config`, run as a user runs them (the built bin/ccx.js,
 * no terminal: every answer given as a flag), against the emulator over HTTPS.
 */

let fx: EmulatorFixture;
let dir: string;
let n = 0;
/** The emulator's URLs and CA as global flags: ccx init keeps them in the profile. */
let urls: string[];

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 3, groups: 30, calls: 5, users: 10 } });
  dir = scratchDir("ccx-init-test-");
  urls = ["--chat-url", fx.info.chatUrl, "--calls-url", fx.info.callsUrl, "--ca", fx.info.caFile];
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fx.close();
});

/** A config home of its own (not created yet): the default path is <home>/ccx/config.json. */
function freshHome(): { env: Record<string, string>; path: string } {
  const home = join(dir, `home-${n++}`);
  return { env: { XDG_CONFIG_HOME: home }, path: join(home, "ccx", "config.json") };
}

const appFlags = (index = 0) => ["--app-id", fx.app(index).appId, "--region", fx.app(index).region, "--api-key", fx.app(index).fullAccessKey];
const read = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const mode = (path: string) => statSync(path).mode & 0o777;
const last4 = (key: string) => `…${key.slice(-4)}`;

/** A config file already there, as a user wrote it. */
function existingConfig(content: unknown): { env: Record<string, string>; path: string } {
  const home = freshHome();
  mkdirSync(join(home.path, ".."), { recursive: true });
  writeFileSync(home.path, `${JSON.stringify(content, null, 2)}\n`);
  chmodSync(home.path, 0o600);
  return home;
}

describe("ccx init with flags", () => {
  it("tests the key, writes the profile (0600 in a 0700 folder), and ccx then uses it", async () => {
    const { env, path } = freshHome();
    const run = await runCcx([...urls, "init", ...appFlags(0), "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(mode(path)).toBe(0o600);
    expect(mode(join(path, ".."))).toBe(0o700);
    // Written atomically: nothing is left beside it.
    expect(readdirSync(join(path, ".."))).toEqual(["config.json"]);
    expect(read(path)).toEqual({
      defaultProfile: "default",
      profiles: {
        default: {
          appId: fx.app(0).appId, region: fx.app(0).region, apiKey: fx.app(0).fullAccessKey,
          chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl, caFile: fx.info.caFile,
        },
      },
    });
    expect(run.stdout).toContain(path);
    expect(run.stdout).toContain(last4(fx.app(0).fullAccessKey));
    expect(run.stdout).toMatch(/^next: ccx /m);
    expect(run.stderr).toContain("GET /groups");

    // Nothing but the file now: no flag, no env.
    const groups = await runCcx(["groups", "--json"], env);
    expect(groups.code, groups.stderr).toBe(0);
    expect(JSON.parse(groups.stdout).length).toBeGreaterThan(0);
  });

  it("keeps every other profile, field and the management block; the default stays", async () => {
    const before = {
      defaultProfile: "prod",
      profiles: {
        prod: { appId: "prodapp", region: "us", apiKeyCommand: "cat /nonexistent", readOnly: true, name: "Production" },
        staging: { region: "eu", appId: "stageapp", onBehalfOf: "alice", apiKey: "stage-key-0000000000001111" },
      },
      management: { key: "mgmt-key-0000000000002222", secretCommand: "pass show mgmt" },
    };
    const { env, path } = existingConfig(before);
    const run = await runCcx([...urls, "init", "--profile", "eu-app", ...appFlags(1), "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    const after = read(path);
    expect(after).toEqual({ ...before, profiles: { ...before.profiles, "eu-app": expect.objectContaining({ appId: fx.app(1).appId, region: "eu" }) } });
    // Not the default: the next command names it.
    expect(run.stdout).toContain("ccx --profile eu-app");
    expect(run.stdout).toContain("ccx config use eu-app");
    expect(mode(path)).toBe(0o600);
  });

  it("replaces a profile of the same name, and makes the first profile the default when none is named", async () => {
    const { env, path } = existingConfig({ profiles: { first: { appId: "old", region: "in", apiKey: "old-key-00000000000033" } } });
    expect((await runCcx([...urls, "init", "--profile", "second", ...appFlags(0), "--yes"], env)).code).toBe(0);
    expect(read(path).defaultProfile).toBe("first");
    const run = await runCcx([...urls, "init", "--profile", "first", ...appFlags(2), "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(read(path).profiles.first).toMatchObject({ appId: fx.app(2).appId, region: "in", apiKey: fx.app(2).fullAccessKey });
    expect(Object.keys(read(path).profiles)).toEqual(["first", "second"]);
  });

  it("keeps a key command, not its key, once the key it prints works", async () => {
    const { env, path } = freshHome();
    const keyFile = join(dir, `key-${n++}`);
    writeFileSync(keyFile, `${fx.app(0).fullAccessKey}\n`, { mode: 0o600 });
    const command = `cat ${keyFile}`;
    const run = await runCcx([...urls, "init", "--app-id", fx.app(0).appId, "--region", "us", "--api-key-command", command, "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(read(path).profiles.default).toMatchObject({ apiKeyCommand: command });
    expect(read(path).profiles.default.apiKey).toBeUndefined();
  });

  it("a refused key: the service's code, exit 4, and nothing written", async () => {
    const fresh = freshHome();
    const wrong = ["--app-id", fx.app(0).appId, "--region", "us", "--api-key", "not-the-right-key-0000000000"];
    const run = await runCcx([...urls, "init", ...wrong, "--yes"], fresh.env);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^error: AUTH_ERR_\w+: /m);
    expect(run.stderr).not.toContain("not-the-right-key-0000000000");
    expect(existsSync(join(fresh.path, ".."))).toBe(false);

    const kept = existingConfig({ profiles: { a: { appId: "a", region: "us", apiKey: "a-key-000000000000004444" } } });
    const bytes = readFileSync(kept.path);
    expect((await runCcx([...urls, "init", "--profile", "a", ...wrong, "--yes"], kept.env)).code).toBe(4);
    expect(readFileSync(kept.path)).toEqual(bytes);
    expect(readdirSync(join(kept.path, ".."))).toEqual(["config.json"]);
  });

  it("without a terminal, what is missing is named (exit 2), and nothing is written", async () => {
    const { env, path } = freshHome();
    const none = await runCcx(["init"], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--app-id, --region, --api-key or --api-key-command");
    expect(none.stderr).toContain("--management-key and --management-secret");
    const some = await runCcx(["init", "--app-id", "x"], env);
    expect(some.code).toBe(2);
    expect(some.stderr).toMatch(/missing: --region, --api-key or --api-key-command$/m);
    const half = await runCcx(["init", "--management-key", "k-000000000000"], env);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/missing: --management-secret$/m);
    const both = await runCcx(["init", "--app-id", "x", "--management-key", "k-000000000000"], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("not both");
    expect(existsSync(path)).toBe(false);
  });

  it("refuses to rewrite a config file ccx cannot read (exit 2), leaving it as it was", async () => {
    const { env, path } = existingConfig({ profiles: {}, colour: "blue" });
    const bytes = readFileSync(path);
    const run = await runCcx([...urls, "init", ...appFlags(0), "--yes"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown field");
    expect(readFileSync(path)).toEqual(bytes);
  });
});

describe("ccx init with management credentials", () => {
  const management = () => ["--management-url", fx.info.managementUrl, "--ca", fx.info.caFile, "init", "--management-key", fx.info.management.key];

  it("finds the apps with GET /apps, says how many, and keeps the credentials and the CA", async () => {
    const before = { profiles: { mine: { appId: "x", region: "us", apiKey: "mine-key-0000000000005555" } }, defaultProfile: "mine" };
    const { env, path } = existingConfig(before);
    const run = await runCcx([...management(), "--management-secret", fx.info.management.secret], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${fx.info.apps.length} apps`);
    for (const app of fx.info.apps) expect(run.stdout).toContain(app.name);
    expect(read(path)).toEqual({
      ...before,
      management: { url: fx.info.managementUrl, key: fx.info.management.key, secret: fx.info.management.secret, caFile: fx.info.caFile },
    });
    expect(run.stdout).toContain(last4(fx.info.management.secret));
    expect(mode(path)).toBe(0o600);
  });

  it("keeps --chat-url, --calls-url and --ca for the apps it finds: ccx then needs no flag", async () => {
    const { env, path } = freshHome();
    const run = await runCcx(["--chat-url", fx.info.chatUrl, "--calls-url", fx.info.callsUrl, ...management(), "--management-secret", fx.info.management.secret], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain("not kept");
    expect(read(path).management).toEqual({
      url: fx.info.managementUrl, key: fx.info.management.key, secret: fx.info.management.secret,
      chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl, caFile: fx.info.caFile,
    });
    const apps = await runCcx(["apps", "--json"], env);
    expect(apps.code, apps.stderr).toBe(0);
    expect(JSON.parse(apps.stdout)).toHaveLength(fx.info.apps.length);
    const groups = await runCcx(["groups", "--json", "--app-id", fx.app(1).appId, "--region", fx.app(1).region], env);
    expect(groups.code, groups.stderr).toBe(0);
    expect(JSON.parse(groups.stdout).length).toBeGreaterThan(0);
  });

  it("a wrong secret: exit 4 and nothing written", async () => {
    const { env, path } = freshHome();
    const run = await runCcx([...management(), "--management-secret", "wrong-secret-000000000000"], env);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^error: AUTH_ERR_\w+: /m);
    expect(existsSync(path)).toBe(false);
  });
});

describe("ccx config", () => {
  const file = () => ({
    defaultProfile: "one",
    profiles: {
      one: { appId: fx.app(0).appId, region: "us", apiKey: fx.app(0).fullAccessKey },
      two: { appId: fx.app(1).appId, region: "eu", apiKeyCommand: "pass show two" },
    },
    management: { key: fx.info.management.key, secret: fx.info.management.secret },
  });

  it("path: the path alone on stdout, whether it exists on stderr; --json both", async () => {
    const missing = freshHome();
    const run = await runCcx(["config", "path"], missing.env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${missing.path}\n`);
    expect(run.stderr).toContain("does not exist yet");
    const there = existingConfig(file());
    const json = await runCcx(["config", "path", "--json"], there.env);
    expect(JSON.parse(json.stdout)).toEqual({ path: there.path, exists: true, mode: "600" });
    const named = await runCcx(["config", "path"], { CCX_CONFIG: "/somewhere/else.json" });
    expect(named.stdout).toBe("/somewhere/else.json\n");
    const flag = await runCcx(["--config", "/flag/path.json", "config", "path"], { CCX_CONFIG: "/somewhere/else.json" });
    expect(flag.stdout).toBe("/flag/path.json\n");
  });

  it("show: the profiles and the management block, every key and secret masked", async () => {
    const { env } = existingConfig(file());
    const run = await runCcx(["config", "show"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/profile one \(the default\)/);
    expect(run.stdout).toContain("profile two");
    expect(run.stdout).toContain("pass show two");
    for (const secret of [fx.app(0).fullAccessKey, fx.info.management.key, fx.info.management.secret]) {
      expect(run.stdout).not.toContain(secret);
      expect(run.stdout).toContain(last4(secret));
    }
    const json = JSON.parse((await runCcx(["config", "show", "--json"], env)).stdout);
    expect(json.profiles.one).toEqual({ appId: fx.app(0).appId, region: "us", apiKey: last4(fx.app(0).fullAccessKey) });
    expect(json.profiles.two.apiKeyCommand).toBe("pass show two");
    expect(json.management).toEqual({ key: last4(fx.info.management.key), secret: last4(fx.info.management.secret) });
    expect(json.defaultProfile).toBe("one");

    const none = await runCcx(["config", "show"], freshHome().env);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("no config file yet");
  });

  it("use: sets the default profile and keeps the rest; an unknown one exits 2 naming the known", async () => {
    const { env, path } = existingConfig(file());
    const run = await runCcx(["config", "use", "two"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(read(path)).toEqual({ ...file(), defaultProfile: "two" });
    expect(mode(path)).toBe(0o600);

    const unknown = await runCcx(["config", "use", "three"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no profile is named "three"');
    expect(unknown.stderr).toContain("known: one, two");
    expect(read(path).defaultProfile).toBe("two");

    const nothing = await runCcx(["config", "use", "one"], freshHome().env);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain("ccx init");
  });
});

describe("ccx with nothing configured, without a terminal", () => {
  it("says how to begin (ccx init, ccx demo) and exits 2", async () => {
    const run = await runCcx([], freshHome().env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("ccx init");
    expect(run.stderr).toContain("ccx demo");
  });
});
