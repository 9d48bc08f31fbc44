import { describe, expect, it } from "vitest";
import { USER_FILTER_KEYS, formatUserFilter, parseUserFilter } from "../../src/query/index.js";

const parse = (line: string) => parseUserFilter(line, { now: 1_700_000_000 });

/** line typed, the parameters it means, and the canonical line written back. */
const EXAMPLES: Array<[string, Record<string, string>, string]> = [
  ["ann", { searchKey: "ann" }, "ann"],
  ['"ann  marie"', { searchKey: "ann  marie" }, '"ann  marie"'],
  ['"role:x"', { searchKey: "role:x" }, '"role:x"'],
  ["in:uid", { searchIn: "uid" }, "in:uid"],
  ["in:Name,UID", { searchIn: "name,uid" }, "in:name,uid"],
  ["status:available", { status: "available" }, "status:available"],
  ["status:Offline", { status: "offline" }, "status:offline"],
  ["role:default", { role: "default" }, "role:default"],
  ["role:admin,moderator", { roles: "admin,moderator" }, "role:admin,moderator"],
  ['role:"night shift"', { role: "night shift" }, 'role:"night shift"'],
  ["role:a role:b,c", { role: "a", roles: "b,c" }, "role:a role:b,c"],
  ["tag:vip,beta", { tags: "vip,beta" }, "tag:vip,beta"],
  ["withtags:true", { withTags: "true" }, "withtags:true"],
  ["withtags:off", { withTags: "false" }, "withtags:false"],
  ["deactivated:only", { onlyDeactivated: "true" }, "deactivated:only"],
  ["deactivated:With", { withDeactivated: "true" }, "deactivated:with"],
  ["per:1000", { perPage: "1000" }, "per:1000"],
  ["page:2", { page: "2" }, "page:2"],
];

describe("parseUserFilter and formatUserFilter", () => {
  it.each(EXAMPLES)("%s", (line, params, canonical) => {
    const parsed = parse(line);
    expect(parsed.errors).toEqual([]);
    expect(parsed.params).toEqual(params);
    expect(formatUserFilter(params)).toBe(canonical);
    expect(parse(canonical).params).toEqual(params);
  });

  it("reads the design's example line and writes it back in canonical order", () => {
    const parsed = parse("per:100 deactivated:with status:available ann in:name,uid role:admin,mod tag:a,b withtags:true page:2");
    expect(parsed.params).toEqual({
      searchKey: "ann",
      searchIn: "name,uid",
      status: "available",
      roles: "admin,mod",
      tags: "a,b",
      withTags: "true",
      withDeactivated: "true",
      perPage: "100",
      page: "2",
    });
    expect(formatUserFilter(parsed.params)).toBe("ann in:name,uid status:available role:admin,mod tag:a,b withtags:true deactivated:with per:100 page:2");
  });

  it("reaches every filter parameter of GET /users", () => {
    const reached = new Set(USER_FILTER_KEYS.flatMap((k) => k.params));
    const spec = ["searchKey", "searchIn", "status", "role", "roles", "tags", "withTags", "onlyDeactivated", "withDeactivated", "perPage", "page"];
    expect([...reached].sort()).toEqual([...spec].sort());
    for (const k of USER_FILTER_KEYS) {
      if (k.key === "") continue;
      expect(k.example.startsWith(`${k.key}:`)).toBe(true);
      expect(parse(k.example).errors).toEqual([]);
    }
  });

  it("offers the closed sets as choices", () => {
    const choices = Object.fromEntries(USER_FILTER_KEYS.map((k) => [k.key, k.choices]));
    expect(choices).toMatchObject({ in: ["name", "uid", "name,uid"], status: ["available", "offline"], deactivated: ["only", "with"] });
    expect(choices.role).toBeUndefined();
  });

  it("accepts a repeat with the same meaning", () => {
    expect(parse("deactivated:only deactivated:ONLY status:offline status:offline").params).toEqual({ onlyDeactivated: "true", status: "offline" });
  });

  it("leaves out what no key writes", () => {
    expect(formatUserFilter({ onlyDeactivated: "false", withDeactivated: "no", count: "true", searchKey: "" })).toBe("");
  });

  it("writes both deactivated flags so that the parse marks the second", () => {
    const line = formatUserFilter({ onlyDeactivated: "true", withDeactivated: "true" });
    expect(line).toBe("deactivated:only deactivated:with");
    expect(parse(line).errors.map((t) => t.text)).toEqual(["deactivated:with"]);
  });
});

/** line, the token marked (its text), and part of the message. */
const ERRORS: Array<[string, string, string]> = [
  ["foo:bar", "foo:bar", 'unknown filter "foo:"; try in:, status:, role:, tag:, withtags:, deactivated:, per:, page:, or quote "foo:…" to search for it'],
  ["stauts:offline", "stauts:offline", 'unknown filter "stauts:"; did you mean status:?'],
  ["rol:admin", "rol:admin", "did you mean role:?"],
  ["status:", "status:", "status: needs a value, e.g. status:available"],
  ["status:away", "status:away", 'status: "away" is not available or offline'],
  ["status:available,offline", "status:available,offline", 'status: "available,offline" is not available or offline'],
  ["in:email", "in:email", 'in: "email" is not name or uid'],
  ["in:guid", "in:guid", 'in: "guid" is not name or uid'],
  ["role:a,", "role:a,", 'role: empty item in "a,"; remove the extra comma'],
  ["tag:,a", "tag:,a", "tag: empty item"],
  ["withtags:maybe", "withtags:maybe", "withtags: expected true or false"],
  ["deactivated:yes", "deactivated:yes", 'deactivated: "yes" is not only or with; leave deactivated: out for the default'],
  ["deactivated:only,with", "deactivated:only,with", "is not only or with"],
  ["per:1001", "per:1001", "per: expected a number from 1 to 1000"],
  ["per:0", "per:0", "per: expected a number from 1 to 1000"],
  ["page:0", "page:0", "page: expected a page number from 1 up"],
  ['role:"admin', 'role:"admin', "unterminated quote"],
  ["status:available status:offline", "status:offline", "conflicts with status:available; keep one"],
  ["role:a role:b", "role:b", "conflicts with role:a; keep one or write role:a,b"],
  ["tag:a tag:b", "tag:b", "or write tag:a,b"],
  ["in:name in:uid", "in:uid", "or write in:name,uid"],
  ["deactivated:only deactivated:with", "deactivated:with", "conflicts with deactivated:only; keep one"],
  ["per:10 per:20", "per:20", "conflicts with per:10; keep one"],
];

describe("users filter errors", () => {
  it.each(ERRORS)("%s marks %s", (line, marked, message) => {
    // A good token before the bad one: its parameters must not be sent either.
    const parsed = parse(`ok ${line}`);
    expect(parsed.params).toEqual({});
    expect(parsed.errors).toHaveLength(1);
    const [error] = parsed.errors;
    const start = 3 + line.lastIndexOf(marked);
    expect(error).toMatchObject({ text: marked, start, end: start + marked.length });
    expect(error!.error).toContain(message);
    expect(parsed.tokens).toContain(error);
  });
});
