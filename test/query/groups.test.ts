import { describe, expect, it } from "vitest";
import { GROUP_FILTER_KEYS, formatGroupFilter, parseGroupFilter } from "../../src/query/index.js";

const NOW = 1_700_000_000; // 2023-11-14T22:13:20Z
const DAY = 86_400;
const JAN1 = 1_704_067_200; // 2024-01-01
const FEB1 = 1_706_745_600; // 2024-02-01
const parse = (line: string) => parseGroupFilter(line, { now: NOW });

/** line typed, the parameters it means, and the canonical line written back. */
const EXAMPLES: Array<[string, Record<string, string>, string]> = [
  ["design", { searchKey: "design" }, "design"],
  ["design  team", { searchKey: "design team" }, "design team"],
  ['"design  team"', { searchKey: "design  team" }, '"design  team"'],
  ['"type:x"', { searchKey: "type:x" }, '"type:x"'],
  ['a "b c" d', { searchKey: "a b c d" }, "a b c d"],
  ["in:name", { searchIn: "name" }, "in:name"],
  ["in:name,GUID", { searchIn: "name,guid" }, "in:name,guid"],
  ["type:public", { type: "public" }, "type:public"],
  ["type:Password", { type: "password" }, "type:password"],
  ["type:public,private", { types: "public,private" }, "type:public,private"],
  ["type:protected type:public,private", { type: "protected", types: "public,private" }, "type:protected type:public,private"],
  ["tag:vip,beta", { tags: "vip,beta" }, "tag:vip,beta"],
  ['tag:"big fish",vip', { tags: "big fish,vip" }, 'tag:"big fish,vip"'],
  ["withtags:true", { withTags: "true" }, "withtags:true"],
  ["withtags:no", { withTags: "false" }, "withtags:false"],
  ["guid:a", { guid: "a" }, "guid:a"],
  ["guid:a,b", { guids: "a,b" }, "guid:a,b"],
  ["members:>=10", { "membersCount[gte]": "10" }, "members:>=10"],
  ["members:>10", { "membersCount[gt]": "10" }, "members:>10"],
  ["members:<=5", { "membersCount[lte]": "5" }, "members:<=5"],
  ["members:<5", { "membersCount[lt]": "5" }, "members:<5"],
  ["members:=10", { "membersCount[eq]": "10" }, "members:10"],
  ["members:010", { "membersCount[eq]": "10" }, "members:10"],
  ["members:10..50", { "membersCount[gte]": "10", "membersCount[lte]": "50" }, "members:10..50"],
  ["members:10..", { "membersCount[gte]": "10" }, "members:>=10"],
  ["members:..50", { "membersCount[lte]": "50" }, "members:<=50"],
  ["members:>=50 members:<=10", { "membersCount[gte]": "50", "membersCount[lte]": "10" }, "members:>=50 members:<=10"],
  ["created:>=2024-01-01", { "createdAt[from]": `${JAN1}` }, "created:>=2024-01-01"],
  ["created:>2024-01-01", { "createdAt[from]": `${JAN1 + 1}` }, "created:>=2024-01-01T00:00:01Z"],
  ["created:<=2024-01-01", { "createdAt[to]": `${JAN1}` }, "created:<=2024-01-01"],
  ["created:<2024-01-01", { "createdAt[to]": `${JAN1 - 1}` }, "created:<=2023-12-31T23:59:59Z"],
  ["created:2024-01-01..2024-02-01", { "createdAt[from]": `${JAN1}`, "createdAt[to]": `${FEB1}` }, "created:2024-01-01..2024-02-01"],
  ["created:2024-01-01", { "createdAt[from]": `${JAN1}`, "createdAt[to]": `${JAN1 + DAY - 1}` }, "created:2024-01-01..2024-01-01T23:59:59Z"],
  ["created:1704067200", { "createdAt[from]": `${JAN1}`, "createdAt[to]": `${JAN1}` }, "created:2024-01-01..2024-01-01"],
  ["created:>=7d", { "createdAt[from]": `${NOW - 7 * DAY}` }, "created:>=2023-11-07T22:13:20Z"],
  ["created:<7d", { "createdAt[to]": `${NOW - 7 * DAY - 1}` }, "created:<=2023-11-07T22:13:19Z"],
  ["created:>7d", { "createdAt[from]": `${NOW - 7 * DAY + 1}` }, "created:>=2023-11-07T22:13:21Z"],
  ["created:<1h", { "createdAt[to]": `${NOW - 3600 - 1}` }, "created:<=2023-11-14T21:13:19Z"],
  ["created:7d..1d", { "createdAt[from]": `${NOW - 7 * DAY}`, "createdAt[to]": `${NOW - DAY}` }, "created:2023-11-07T22:13:20Z..2023-11-13T22:13:20Z"],
  ["created:>=now", { "createdAt[from]": `${NOW}` }, "created:>=2023-11-14T22:13:20Z"],
  ["updated:2024-01-01..2024-02-01", { "updatedAt[from]": `${JAN1}`, "updatedAt[to]": `${FEB1}` }, "updated:2024-01-01..2024-02-01"],
  ["updated:>=1h", { "updatedAt[from]": `${NOW - 3600}` }, "updated:>=2023-11-14T21:13:20Z"],
  ["after:2024-01-01", { updatedAt: `${JAN1}`, affix: "append" }, "after:2024-01-01"],
  ["before:1h", { updatedAt: `${NOW - 3600}`, affix: "prepend" }, "before:2023-11-14T21:13:20Z"],
  ["joined:true", { hasJoined: "true" }, "joined:true"],
  ["joined:false", { hasJoined: "false" }, "joined:false"],
  ["sort:name", { sortBy: "name", sortOrder: "asc" }, "sort:name"],
  ["sort:-createdAt", { sortBy: "createdAt", sortOrder: "desc" }, "sort:-createdAt"],
  ["sort:+GUID", { sortBy: "guid", sortOrder: "asc" }, "sort:guid"],
  ["per:500", { perPage: "500" }, "per:500"],
  ["page:3", { page: "3" }, "page:3"],
];

describe("parseGroupFilter and formatGroupFilter", () => {
  it.each(EXAMPLES)("%s", (line, params, canonical) => {
    const parsed = parse(line);
    expect(parsed.errors).toEqual([]);
    expect(parsed.params).toEqual(params);
    expect(formatGroupFilter(params)).toBe(canonical);
    expect(parse(canonical).params).toEqual(params);
  });

  it("reads a whole line and writes it back in canonical order", () => {
    const line = 'sort:-createdAt per:500 type:public,private "design team" members:10..50 in:name tag:vip joined:true';
    const parsed = parse(line);
    expect(parsed.params).toEqual({
      searchKey: "design team",
      searchIn: "name",
      types: "public,private",
      tags: "vip",
      "membersCount[gte]": "10",
      "membersCount[lte]": "50",
      hasJoined: "true",
      sortBy: "createdAt",
      sortOrder: "desc",
      perPage: "500",
    });
    expect(formatGroupFilter(parsed.params)).toBe("design team in:name type:public,private tag:vip members:10..50 joined:true sort:-createdAt per:500");
  });

  it("reaches every parameter of GET /groups", () => {
    const reached = new Set(GROUP_FILTER_KEYS.flatMap((k) => k.params));
    const spec = ["searchKey", "searchIn", "sortBy", "sortOrder", "perPage", "page", "affix", "updatedAt", "withTags", "tags", "type", "types",
      "hasJoined", "guid", "guids", "createdAt[from]", "createdAt[to]", "updatedAt[from]", "updatedAt[to]", "membersCount[gte]",
      "membersCount[lte]", "membersCount[eq]", "membersCount[gt]", "membersCount[lt]"];
    expect([...reached].sort()).toEqual([...spec].sort());
    for (const k of GROUP_FILTER_KEYS) {
      if (k.key === "") continue;
      expect(k.example.startsWith(`${k.key}:`)).toBe(true);
      expect(parse(k.example).errors).toEqual([]);
    }
  });

  it("accepts a repeat with the same value, and ignores empty quotes", () => {
    expect(parse('type:public type:public ""').params).toEqual({ type: "public" });
    expect(parse("").params).toEqual({});
    expect(parse("   ").tokens).toEqual([]);
  });

  it("uses the current time when no now is given", () => {
    const before = Math.floor(Date.now() / 1000);
    const from = Number(parseGroupFilter("created:>=1h").params["createdAt[from]"]);
    expect(from).toBeGreaterThanOrEqual(before - 3600);
    expect(from).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) - 3600);
  });

  it("leaves out what no key writes", () => {
    expect(formatGroupFilter({ sortOrder: "desc", affix: "append", bogus: "1", searchKey: "" })).toBe("");
    expect(formatGroupFilter({ updatedAt: `${JAN1}` })).toBe("after:2024-01-01");
    expect(formatGroupFilter({ sortBy: "name" })).toBe("sort:name");
  });

  it("writes a bad value so that the parse marks it", () => {
    const line = formatGroupFilter({ type: "secret", perPage: "0", "createdAt[from]": "soon" });
    expect(line).toBe("type:secret created:>=soon per:0");
    expect(parse(line).errors.map((t) => t.text)).toEqual(["type:secret", "created:>=soon", "per:0"]);
  });
});

/** line, the token marked (its text), and part of the message. */
const ERRORS: Array<[string, string, string | RegExp]> = [
  ["foo:bar", "foo:bar", 'unknown filter "foo:"; try in:, type:, tag:'],
  ["foo:bar", "foo:bar", 'or quote "foo:…" to search for it'],
  ["tpye:public", "tpye:public", "did you mean type:?"],
  ["mem:10", "mem:10", "did you mean members:?"],
  ["type:", "type:", "type: needs a value, e.g. type:public,private"],
  ['type:""', 'type:""', "type: needs a value"],
  ["type:secret", "type:secret", 'type: "secret" is not public, private, protected or password'],
  ["type:public,", "type:public,", 'type: empty item in "public,"; remove the extra comma'],
  ["in:email", "in:email", 'in: "email" is not name or guid'],
  ["tag:a,,b", "tag:a,,b", "empty item"],
  ["guid:,a", "guid:,a", "empty item"],
  ["withtags:maybe", "withtags:maybe", "withtags: expected true or false"],
  ["joined:1x", "joined:1x", "joined: expected true or false"],
  ["members:abc", "members:abc", "members: expected >=10, <5, 10..50 or 10"],
  ["members:>=", "members:>=", "members: expected"],
  ["members:-1", "members:-1", "members: expected"],
  ["members:1.5", "members:1.5", "members: expected"],
  ["members:..", "members:..", "members: expected"],
  ["members:>=1..5", "members:>=1..5", "members: expected"],
  ["members:1..2..3", "members:1..2..3", "members: expected"],
  ["members:50..10", "members:50..10", "members: 50..10 is backwards; write 10..50"],
  ["created:yesterday", "created:yesterday", 'created: "yesterday" is not a time; use 2024-01-01'],
  ["created:>=", "created:>=", "created: expected created:>=2024-01-01"],
  ["created:2024-02-01..2024-01-01", "created:2024-02-01..2024-01-01", "backwards"],
  ["created:<1970-01-01", "created:<1970-01-01", "before 1970"],
  ["created:>9999-12-31T23:59:59Z", "created:>9999-12-31T23:59:59Z", "after 9999"],
  ["updated:2024-13-01", "updated:2024-13-01", "is not a time"],
  ["after:>=2024-01-01", "after:>=2024-01-01", "after: takes one time, e.g. after:2024-01-01"],
  ["before:1..2", "before:1..2", "before: takes one time"],
  ["after:soon", "after:soon", "is not a time"],
  ["sort:size", "sort:size", 'sort: "size" is not name, guid or createdAt'],
  ["sort:-", "sort:-", "sort:"],
  ["sort:name,guid", "sort:name,guid", "sort:"],
  ["per:0", "per:0", "per: expected a number from 1 to 1000"],
  ["per:1001", "per:1001", "per: expected a number from 1 to 1000"],
  ["page:0", "page:0", "page: expected a page number from 1 up"],
  ["page:x", "page:x", "page: expected"],
  ['x "design team', '"design team', 'unterminated quote; close it with "'],
  ["type:public type:private", "type:private", "conflicts with type:public; keep one or write type:public,private"],
  ["tag:a tag:b", "tag:b", "or write tag:a,b"],
  ["members:>=10 members:5..20", "members:5..20", "conflicts with members:>=10; keep one"],
  ["created:2024-01-01 created:<=2024-02-01", "created:<=2024-02-01", "conflicts with created:2024-01-01"],
  ["after:1h before:1h", "before:1h", "conflicts with after:1h"],
  ["sort:name sort:-name", "sort:-name", "conflicts with sort:name"],
  ["per:10 per:20", "per:20", "conflicts with per:10"],
];

describe("groups filter errors", () => {
  it.each(ERRORS)("%s marks %s", (line, marked, message) => {
    // A good token before the bad one: its parameters must not be sent either.
    const parsed = parse(`ok ${line}`);
    expect(parsed.params).toEqual({});
    expect(parsed.errors).toHaveLength(1);
    const [error] = parsed.errors;
    const full = `ok ${line}`;
    const start = 3 + line.lastIndexOf(marked);
    expect(error).toMatchObject({ text: marked, start, end: start + marked.length });
    expect(full.slice(error!.start, error!.end)).toBe(marked);
    expect(error!.error).toEqual(typeof message === "string" ? expect.stringContaining(message) : expect.stringMatching(message));
    expect(parsed.tokens).toContain(error);
  });

  it("marks every bad token, in order, and sends nothing", () => {
    const parsed = parse("type:secret design members:x per:10 bogus:1");
    expect(parsed.params).toEqual({});
    expect(parsed.errors.map((t) => [t.start, t.end])).toEqual([[0, 11], [19, 28], [36, 43]]);
    expect(parsed.tokens.filter((t) => t.error === undefined).map((t) => t.text)).toEqual(["design", "per:10"]);
  });
});
