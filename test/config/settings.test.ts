import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Http } from "../../src/api/http.js";
import { ConfigError } from "../../src/config/config-file.js";
import { maskKey, redact } from "../../src/config/mask.js";
import { Settings } from "../../src/config/resolve.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { scratchDir } from "../support/scratch.js";

let dir: string;
let n = 0;

function configFile(content: unknown, mode = 0o600): string {
  const path = join(dir, `config-${n++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  chmodSync(path, mode);
  return path;
}

const profiles = {
  defaultProfile: "staging",
  profiles: {
    prod: { appId: "prodapp", region: "us", apiKey: "prod-key-0000000000001111" },
    staging: { appId: "stageapp", region: "eu", apiKeyCommand: "echo stage-key-from-command-2222" },
  },
};

beforeAll(() => {
  dir = scratchDir("ccx-config-test-");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("settings precedence: flags, env, file, management", () => {
  it("uses the default profile from the file, running its apiKeyCommand only when the key is needed", () => {
    const s = new Settings({ config: configFile(profiles) }, {});
    expect(s.active).toMatchObject({ label: "staging", appId: "stageapp", region: "eu", source: "file" });
    expect(s.active!.key.value).toBeUndefined();
    expect(s.apiKeyOf(s.active!)).toBe("stage-key-from-command-2222");
    expect(s.apps.map((a) => a.label)).toEqual(["staging", "prod"]);
  });

  it("lets env pick the profile and override its fields, and flags override env", () => {
    const file = configFile(profiles);
    const fromEnv = new Settings({ config: file }, { CCX_PROFILE: "prod", CCX_REGION: "in", CCX_ON_BEHALF_OF: "bob" });
    expect(fromEnv.active).toMatchObject({ appId: "prodapp", region: "in", onBehalfOf: "bob" });
    const fromFlags = new Settings({ config: file, profile: "prod", region: "eu", apiKey: "flag-key-333333333333" }, { CCX_REGION: "in", CCX_API_KEY: "env-key-44444444444" });
    expect(fromFlags.active).toMatchObject({ region: "eu", key: { value: "flag-key-333333333333", source: "flag" } });
  });

  it("the timeout per attempt: the flag over CCX_TIMEOUT over 15 s, and a bad CCX_TIMEOUT named", () => {
    expect(new Settings({}, {}).timeoutMs).toBe(15_000);
    expect(new Settings({}, { CCX_TIMEOUT: "2.5" }).timeoutMs).toBe(2_500);
    expect(new Settings({ timeout: 40 }, { CCX_TIMEOUT: "2.5" }).timeoutMs).toBe(40_000);
    for (const bad of ["0", "soon", "601", "-1"]) expect(() => new Settings({}, { CCX_TIMEOUT: bad })).toThrow(/^CCX_TIMEOUT: expected seconds/);
  });

  it("an app named by flags or env is active, with the key from env", () => {
    const s = new Settings({ config: configFile(profiles), appId: "other" }, { CCX_API_KEY: "env-key-5555555555", CCX_REGION: "in" });
    expect(s.active).toMatchObject({ appId: "other", region: "in", source: "flag", key: { value: "env-key-5555555555", source: "env" } });
    const env = new Settings({ config: configFile(profiles) }, { CCX_APP_ID: "prodapp" });
    expect(env.active).toMatchObject({ label: "prod", source: "env", key: { source: "file" } });
  });

  it("URL templates from flags or env apply to every app", () => {
    const s = new Settings({ config: configFile(profiles), chatUrl: "https://proxy.example/{appId}/{region}" }, { CCX_CALLS_URL: "https://calls.example/{appId}" });
    for (const app of s.apps) expect(app).toMatchObject({ chatUrl: "https://proxy.example/{appId}/{region}", callsUrl: "https://calls.example/{appId}" });
  });
});

describe("config file problems", () => {
  it("warns when the file can be read by others", () => {
    const s = new Settings({ config: configFile(profiles, 0o644) }, {});
    expect(s.warnings.join("\n")).toMatch(/can be read by others \(mode 644\).*chmod 600/);
  });

  it.each([
    [{ profiles: { a: { appId: "x", region: "mars" } } }, /profiles\.a\.region: must be us, eu or in/],
    [{ profiles: { a: { appId: "x", region: "us", apikey: "k" } } }, /profiles\.a\.apikey: unknown field \(fix: remove it, or check its spelling\)/],
    [{ profiles: { a: { appId: "x", region: "us", chatUrl: "http://x/{appId}" } } }, /profiles\.a\.chatUrl: must start with https/],
    [{ profiles: { a: { appId: "x", region: "us", apiKey: "k", apiKeyCommand: "echo k" } } }, /not both/],
    [{ defaultProfile: "b", profiles: { a: { appId: "x", region: "us" } } }, /defaultProfile: no profile is named "b"/],
    ["{ not json", /is not valid JSON/],
  ])("names the file, the field and the fix: %j", (content, message) => {
    const path = configFile(content);
    const error = (() => { try { new Settings({ config: path }, {}); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(path);
    expect((error as Error).message).toMatch(message);
  });

  it("an explicit config file that is missing is an error; the default path missing is not", () => {
    expect(() => new Settings({ config: join(dir, "nope.json") }, {})).toThrow(/cannot read the config file/);
    expect(new Settings({}, { XDG_CONFIG_HOME: join(dir, "empty") }).apps).toEqual([]);
  });

  it("a failing apiKeyCommand says which profile and how it failed", () => {
    const s = new Settings({ config: configFile({ profiles: { p: { appId: "x", region: "us", apiKeyCommand: "exit 7" } } }) }, {});
    expect(() => s.apiKeyOf(s.active!)).toThrow(/apiKeyCommand of profile p failed \(exit 7\)/);
  });

  it("an unknown profile or region is refused with the known ones", () => {
    expect(() => new Settings({ config: configFile(profiles), profile: "dev" }, {})).toThrow(/no profile is named "dev".*known: prod, staging/);
    expect(() => new Settings({ appId: "x" }, { CCX_REGION: "ap", XDG_CONFIG_HOME: dir })).toThrow(/CCX_REGION: unknown region "ap"/);
  });
});

describe("management discovery", () => {
  let fx: EmulatorFixture;
  beforeAll(async () => {
    fx = await emulatorFixture({ sizes: { apps: 3, groups: 5, calls: 5, users: 5 } });
  });
  afterAll(() => fx.close());

  it("finds every app with its region and fullAccess key, behind apps named otherwise", async () => {
    const http = new Http({ caFile: fx.info.caFile });
    const s = new Settings({ config: configFile(profiles) }, {
      CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret,
    });
    await s.loadManagementApps(http);
    await http.close();
    const discovered = s.apps.filter((a) => a.source === "management");
    expect(discovered.map((a) => [a.appId, a.region, a.key.value])).toEqual(fx.info.apps.map((a) => [a.appId, a.region, a.fullAccessKey]));
    expect(s.active!.label).toBe("staging");
    expect(s.secrets()).toEqual(expect.arrayContaining([fx.info.management.secret, fx.info.apps[0]!.fullAccessKey]));
  });
});

describe("masking", () => {
  it("shows at most the last four characters", () => {
    expect(maskKey("0123456789abcdef0123456789abcdef01234567")).toBe("…4567");
    expect(maskKey("short")).toBe("…");
    expect(redact("key 0123456789abcdef and again 0123456789abcdef.", ["0123456789abcdef"])).toBe("key …cdef and again …cdef.");
  });
});
