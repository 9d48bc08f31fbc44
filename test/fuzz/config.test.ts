/**
 * Bad input, fuzzed: the config file loader. Random bytes, and real-shaped config files mutated
 * (wrong types, unknown regions and fields, reserved names, lists for objects) then written
 * badly (a BOM, cut short, bytes that are not UTF-8, UTF-16, comments, huge). Each load ends in
 * settings or in a ConfigError naming the file, the place and the fix; never another exception.
 */
import { chmodSync, readSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REGIONS } from "../../src/api/client.js";
import { ConfigError, MAX_CONFIG_BYTES } from "../../src/config/config-file.js";
import { jsonErrorOffset, lineAndColumn } from "../../src/config/json-error.js";
import { Settings } from "../../src/config/resolve.js";
import { thrown, runs } from "./arbitraries.js";
import { scratchDir } from "../support/scratch.js";

// readSync counted (and otherwise itself): how much of an endless file the loader reads.
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return { ...fs, default: fs, readSync: vi.fn(fs.readSync) };
});

let dir: string;
let n = 0;
beforeAll(() => {
  dir = scratchDir("ccx-fuzz-config-");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The secret is set, so that no secretCommand a mutation makes is ever run; nothing here asks for an API key. */
const ENV = { CCX_MANAGEMENT_SECRET: "fuzz-secret-not-used" };

function fileWith(content: string | Uint8Array): string {
  const path = join(dir, `config-${n++}.json`);
  writeFileSync(path, content);
  chmodSync(path, 0o600);
  return path;
}

/** Loads the file as ccx does; returns the settings, or checks that the error is a ConfigError saying where and how to fix. */
function load(path: string, flags: { profile?: string } = {}): Settings | ConfigError {
  let settings: Settings | undefined;
  const error = thrown(() => (settings = new Settings({ config: path, ...flags }, ENV)));
  if (error === undefined) {
    for (const app of settings!.apps) {
      expect(REGIONS).toContain(app.region);
      expect(typeof app.appId).toBe("string");
      expect(app.appId.length).toBeGreaterThan(0);
    }
    return settings!;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const message = (error as ConfigError).message;
  if (flags.profile !== undefined && message.startsWith("no profile is named")) return error as ConfigError;
  expect(message.startsWith(`the config file ${path} `) || message.startsWith(`cannot read the config file ${path}: `)).toBe(true);
  expect(message).toMatch(/\(fix: [^)]/);
  expect(message).toMatch(
    /^(the config file \S+ (is invalid at \S.*: .+|is not valid JSON( at line \d+, column \d+)?: .+|is not UTF-8 text: byte \d+ of line \d+ is not|is larger than .+) \(fix: .+\)|cannot read .+)$/s,
  );
  return error as ConfigError;
}

/** The message of the ConfigError a load ended in (failing the test when it did not). */
function errorOf(result: Settings | ConfigError): string {
  expect(result).toBeInstanceOf(ConfigError);
  return (result as ConfigError).message;
}

// ---- real-shaped files ---------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const README_CONFIG: Json = {
  defaultProfile: "prod-us",
  profiles: {
    "prod-us": { appId: "31780434a95d45", region: "us", apiKeyCommand: "pass show cometchat/prod-us" },
    staging: { appId: "2532421b9c55b5", region: "eu", apiKey: "0123456789abcdef0123", onBehalfOf: "support-bot" },
    india: { appId: "aa11", region: "in", name: "India", chatUrl: "https://{appId}.api-{region}.example/v3", callsUrl: "https://c/{appId}", caFile: "/tmp/ca.pem" },
  },
  management: { key: "mgmt-key", secretCommand: "pass show cometchat/mgmt", url: "https://apimgmt.cometchat.io" },
};
const MINIMAL: Json = { profiles: { a: { appId: "x", region: "us" } } };
const BASES = [README_CONFIG, MINIMAL, {}];

type Path = string[];
function placesOf(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (value !== null && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) placesOf(v, [...path, k], out);
  return out;
}
function at(value: Json, path: Path): any {
  return path.reduce<any>((v, k) => v?.[k], value);
}

const FIELD_NAMES = ["appId", "region", "apiKey", "apiKeyCommand", "apikey", "Region", "profiles", "defaultProfile", "management", "key", "secret", "url", "chatUrl", "caFile", "__proto__", "constructor", "toString", "prototype", ""];
const VALUES: Json[] = [
  null, true, 0, -1, 1e308, "", " ", "mars", "US", "us ", "http://x/{appId}", "https://", "ftp://x", "toString", "constructor", "__proto__",
  [], [1], {}, { appId: "x" }, "\u0000\u001b[31m", "\ud800", "👍", "a".repeat(5_000),
];

const mutation = fc.oneof(
  fc.constant({ kind: "drop" as const }),
  fc.record({ kind: fc.constant("set" as const), with: fc.oneof(fc.constantFrom(...VALUES), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>) }),
  fc.record({ kind: fc.constant("add" as const), key: fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 6 })), with: fc.constantFrom(...VALUES) }),
  fc.constant({ kind: "list" as const }),
);

function mutate(root: any, place: Path, m: typeof mutation extends fc.Arbitrary<infer M> ? M : never): any {
  if (place.length === 0 && m.kind !== "add") return m.kind === "set" ? structuredClone(m.with) : m.kind === "list" ? [root] : null;
  const parent = at(root, place.slice(0, -1));
  const key = place[place.length - 1]!;
  if (m.kind === "drop") delete parent[key];
  else if (m.kind === "set") parent[key] = structuredClone(m.with);
  else if (m.kind === "list") parent[key] = Object.values(parent[key] ?? {});
  else {
    const target = at(root, place);
    // defineProperty, so that "__proto__" is an own key, as JSON.parse makes it.
    if (target !== null && typeof target === "object" && !Array.isArray(target)) Object.defineProperty(target, m.key, { value: structuredClone(m.with), enumerable: true, writable: true, configurable: true });
  }
  return root;
}

const mutatedConfig = fc
  .tuple(fc.constantFrom(...BASES), fc.array(fc.tuple(fc.nat(), mutation), { maxLength: 3 }))
  .map(([base, steps]) => {
    let value = structuredClone(base);
    for (const [pick, m] of steps) {
      const places = placesOf(value);
      value = mutate(value, places[pick % places.length]!, m);
    }
    return value;
  });

/** How the text reaches the disk: as is, or damaged the ways files get damaged. */
const writing = fc.oneof(
  fc.constant((text: string) => Buffer.from(text)),
  fc.constant((text: string) => Buffer.from(`\ufeff${text}`)),
  fc.constant((text: string) => Buffer.from(JSON.stringify(JSON.parse(text), null, 2))),
  fc.constant((text: string) => Buffer.from(`// ccx\n${text}`)),
  fc.constant((text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")])),
  fc.nat().map((cut) => (text: string) => Buffer.from(text.slice(0, cut % (text.length + 1)))),
  fc.tuple(fc.nat(), fc.constantFrom([0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf5, 0x80, 0x80, 0x80], [0x80])).map(
    ([where, bytes]) => (text: string) => {
      const encoded = Buffer.from(text);
      const i = where % (encoded.length + 1);
      return Buffer.concat([encoded.subarray(0, i), Buffer.from(bytes), encoded.subarray(i)]);
    },
  ),
  fc.tuple(fc.nat(), fc.constantFrom(",", "}", "]", '"', ":", "'", "\u0000", "\n", "NaN", "//")).map(([where, junk]) => (text: string) => {
    const i = where % (text.length + 1);
    return Buffer.from(text.slice(0, i) + junk + text.slice(i));
  }),
);

describe("the config loader on bad files", () => {
  it("random bytes: settings or a ConfigError naming the file and the fix", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => void load(fileWith(bytes))), runs(150));
  });

  it("random JSON: settings or a ConfigError naming the file, the field and the fix", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (json) => void load(fileWith(JSON.stringify(json)))), runs(150));
  });

  it("mutated real config files, written badly: settings or a ConfigError naming the file, the field and the fix", () => {
    fc.assert(
      fc.property(mutatedConfig, writing, fc.option(fc.constantFrom("prod-us", "staging", "a", "toString", "__proto__", "hasOwnProperty", ""), { nil: undefined }), (config, write, profile) => {
        const bytes = write(JSON.stringify(config));
        const result = load(fileWith(bytes), { profile });
        if (result instanceof ConfigError && / is invalid at /.test(result.message)) {
          // The field named exists, or is missing from an object that does (in the JSON as written, which the damage may have changed).
          const written = JSON.parse(new TextDecoder().decode(bytes).replace(/^\ufeff/, "")) as Json;
          const field = /is invalid at (.*?): /.exec(result.message)?.[1] ?? "";
          if (/^[\w-]+(\.[\w-]+)*$/.test(field)) expect(at(written, field.split(".").slice(0, -1)), field).toBeTypeOf("object");
        }
      }),
      runs(400),
    );
  });

  it("the line and column of a JSON mistake are where JSON.parse finds it", () => {
    const nearlyJson = fc.tuple(mutatedConfig, fc.nat(), fc.constantFrom("", ",", "}", "]", '"', ":", "-", "1.", "\\x", "\\u12", "tru", "\u0001", " x"))
      .map(([config, where, junk]) => {
        const text = JSON.stringify(config, null, 1) ?? "null";
        const i = where % (text.length + 1);
        return text.slice(0, i) + junk + text.slice(i);
      });
    fc.assert(
      fc.property(nearlyJson, (text) => {
        const offset = jsonErrorOffset(text);
        const error = thrown(() => JSON.parse(text)) as Error | undefined;
        expect(offset === -1).toBe(error === undefined);
        const position = error && /at position (\d+)/.exec(error.message);
        if (position) expect(offset).toBe(Number(position[1]));
      }),
      runs(400),
    );
  });
});

describe("huge config files", () => {
  it("a file over the limit is refused at once, not read whole", () => {
    const path = fileWith(Buffer.alloc(MAX_CONFIG_BYTES + 10, 0x20));
    expect(errorOf(load(path))).toMatch(/is larger than 1 MiB/);
  });

  it("an endless file (/dev/zero) is refused once the read passes the limit", () => {
    const reads = vi.mocked(readSync);
    reads.mockClear();
    const error = thrown(() => new Settings({ config: "/dev/zero" }, ENV));
    expect((error as Error).message).toBe("the config file /dev/zero is larger than 1 MiB; a config file holds a few profiles (fix: check that --config or CCX_CONFIG names the right file)");
    // Counted, not timed: the bytes read, up to the read that went over the limit and not one more.
    const sizes = reads.mock.results.map((r) => (r.type === "return" ? (r.value as number) : 0));
    const total = sizes.reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(MAX_CONFIG_BYTES);
    expect(total - sizes.at(-1)!).toBeLessThanOrEqual(MAX_CONFIG_BYTES);
  });

  it("a valid file of thousands of profiles loads, as does one nested 100,000 deep (refused, not crashed)", () => {
    const profiles = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`p${i}`, { appId: `app${i}`, region: REGIONS[i % 3]! }]));
    expect(load(fileWith(JSON.stringify({ profiles })))).toBeInstanceOf(Settings);
    const deep = `{"profiles":{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    expect(errorOf(load(fileWith(deep)))).toMatch(/is invalid at profiles\.a: must be an object/);
    const broken = `{"profiles":${"[".repeat(100_000)}}`;
    expect(errorOf(load(fileWith(broken)))).toMatch(/is not valid JSON at line 1, column 100013: /);
  });
});

describe("regressions found by fuzzing", () => {
  const message = (content: string | Uint8Array, profile?: string) => {
    const path = fileWith(content);
    return errorOf(load(path, { profile })).replace(path, "P");
  };

  it("a defaultProfile or --profile named like an Object method no longer finds Object.prototype's (it made an app without appId)", () => {
    expect(message('{"defaultProfile": "toString", "profiles": {}}')).toBe('the config file P is invalid at defaultProfile: no profile is named "toString" (fix: use one of the profiles\' names (known: none))');
    expect(message('{"profiles": {"a": {"appId": "x", "region": "us"}}}', "hasOwnProperty")).toMatch(/^no profile is named "hasOwnProperty" in .* \(known: a\)$/);
  });

  it("a file holding a list, or profiles given as a list, is refused (it was read as no profiles, or profiles named 0, 1, …)", () => {
    expect(message("[]")).toBe('the config file P is invalid at (top level): must be one JSON object (fix: write one JSON object, such as {"profiles": {"prod": {"appId": "…", "region": "us"}}})');
    expect(message('{"profiles": [{"appId": "x", "region": "us"}]}')).toMatch(/^the config file P is invalid at profiles: must be an object of named profiles \(fix: "profiles": \{"prod"/);
  });

  it("a profile named __proto__ is refused, not silently dropped", () => {
    expect(message('{"profiles": {"__proto__": {"appId": "x", "region": "us"}}}')).toBe("the config file P is invalid at profiles.__proto__: a profile cannot have this name (fix: rename the profile)");
  });

  it("a profile named like a field gets the fix for a profile, not for that field", () => {
    // Was: "invalid at profiles.region: Invalid type: Expected Object but received 5 (fix: use us, eu or in)".
    expect(message('{"profiles": {"region": 5}}')).toMatch(/^the config file P is invalid at profiles\.region: must be an object such as .* \(fix: a profile is an object such as /);
  });

  it("a byte-order mark is read past (it made the file invalid JSON)", () => {
    const path = fileWith(Buffer.from('\ufeff{"profiles": {"a": {"appId": "x", "region": "eu"}}}'));
    expect((load(path) as Settings).active).toMatchObject({ appId: "x", region: "eu" });
  });

  it("invalid JSON is placed by line and column, and the file is not quoted (it could hold a key)", () => {
    const text = '{\n  "profiles": {"a": {"appId": "x", "region": "us", "apiKey": s3cr3t-key-0123}}\n}';
    expect(message(text)).toBe("the config file P is not valid JSON at line 2, column 62: unexpected token 's' (fix: correct the JSON there; strings need double quotes, and no comma may end a list)");
    expect(message('{"a": 1,}')).toMatch(/^the config file P is not valid JSON at line 1, column 9: expected double-quoted property name \(fix: /);
  });

  it("bytes that are not UTF-8 are named, not read as U+FFFD into a key", () => {
    const bytes = Buffer.concat([Buffer.from('{"profiles": {"a": {"appId": "x",\n "region": "us", "apiKey": "k'), Buffer.from([0xff]), Buffer.from('"}}}')]);
    expect(message(bytes)).toBe("the config file P is not UTF-8 text: byte 30 of line 2 is not (fix: save it as UTF-8)");
  });

  it("a wrong type and a missing field name the field and the fix", () => {
    expect(message('{"profiles": {"a": {"appId": "x", "region": "us", "caFile": 5}}}')).toBe("the config file P is invalid at profiles.a.caFile: Invalid type: Expected string but received 5 (fix: the path of a PEM file, as a string)");
    expect(message('{"profiles": {"a": {"region": "us"}}}')).toBe("the config file P is invalid at profiles.a.appId: missing (fix: give the app id from the dashboard, as a string)");
  });

  it("a field whose name is not a plain word is quoted", () => {
    expect(message('{" ": 0}')).toBe('the config file P is invalid at " ": unknown field (fix: remove it, or check its spelling)');
    expect(message('{"profiles": {"my prod": {"appId": "x", "region": "mars"}}}')).toBe('the config file P is invalid at profiles."my prod".region: must be us, eu or in (fix: use us, eu or in)');
  });

  it("a lone surrogate (a JSON \\ud800 escape) is refused where it is (an appId with one ended in: error: URI malformed)", () => {
    expect(message('{"profiles": {"a": {"appId": "\\ud800", "region": "us"}}}')).toBe(
      "the config file P is invalid at profiles.a.appId: holds a lone surrogate (a \\ud800-style escape) (fix: give the app id from the dashboard, as a string)",
    );
  });

  it("a key a header cannot carry is refused (it failed every request, retried as a network error)", () => {
    expect(message('{"profiles": {"a": {"appId": "x", "region": "us", "apiKey": "k\\u0100 1"}}}')).toMatch(
      /^the config file P is invalid at profiles\.a\.apiKey: must be visible ASCII characters only, as an HTTP header carries them \(fix: the REST API key/,
    );
  });

  it("a key or user a header cannot carry is refused where it was given: flag, env or command", () => {
    const error = (flags: object, env: Record<string, string>) => (thrown(() => new Settings({ config: fileWith("{}"), ...flags }, env)) as Error).message;
    expect(error({ apiKey: "key with space" }, {})).toBe("--api-key must be visible ASCII characters only, as an HTTP header carries them (fix: look for a space or a pasted character)");
    expect(error({}, { CCX_ON_BEHALF_OF: "用户" })).toMatch(/^CCX_ON_BEHALF_OF must be visible ASCII/);
    expect(error({}, { CCX_MANAGEMENT_KEY: "k", CCX_MANAGEMENT_SECRET: "s\u0000" })).toMatch(/^CCX_MANAGEMENT_SECRET must be visible ASCII/);
    const settings = new Settings({ config: fileWith('{"profiles": {"a": {"appId": "x", "region": "us", "apiKeyCommand": "printf \'k\\\\tey\'"}}}') }, {});
    expect(thrown(() => settings.apiKeyOf(settings.active!))).toMatchObject({ message: expect.stringMatching(/^what the apiKeyCommand of profile a printed must be visible ASCII/) });
  });

  it("a directory is said to be one", () => {
    expect(errorOf(load(dir))).toBe(`cannot read the config file ${dir}: it is a directory (fix: name the file itself)`);
  });

  it("line and column count characters, from 1", () => {
    expect(lineAndColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("x", 0)).toEqual({ line: 1, column: 1 });
  });
});
