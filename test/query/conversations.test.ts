import { describe, expect, it } from "vitest";
import { CONVERSATION_FILTER_KEYS, formatConversationFilter, parseConversationFilter } from "../../src/query/conversations.js";

const parse = (line: string) => parseConversationFilter(line, { now: 1_700_000_000 });

/** line typed, the parameters it means, and the canonical line written back. */
const EXAMPLES: Array<[string, Record<string, string>, string]> = [
  ["design", { searchKey: "design" }, "design"],
  ['"design  team"', { searchKey: "design  team" }, '"design  team"'],
  ["type:user", { conversationType: "user" }, "type:user"],
  ["type:Group", { conversationType: "group" }, "type:group"],
  ["unread:true", { unread: "true" }, "unread:true"],
  ["unread:no", { unread: "false" }, "unread:false"],
  ["tag:pinned,support", { tags: "pinned,support" }, "tag:pinned,support"],
  ['tag:"on hold"', { tags: "on hold" }, 'tag:"on hold"'],
  ["withtags:yes", { withTags: "true" }, "withtags:true"],
  ["withuserandgrouptags:true", { withUserAndGroupTags: "true" }, "withuserandgrouptags:true"],
  ["usertag:vip", { userTags: "vip" }, "usertag:vip"],
  ["usertag:vip,beta", { userTags: "vip,beta" }, "usertag:vip,beta"],
  ["grouptag:vip,beta", { groupTags: "vip,beta" }, "grouptag:vip,beta"],
  ["per:50", { perPage: "50" }, "per:50"],
  ["page:3", { page: "3" }, "page:3"],
];

describe("parseConversationFilter and formatConversationFilter", () => {
  it.each(EXAMPLES)("%s", (line, params, canonical) => {
    const parsed = parse(line);
    expect(parsed.errors).toEqual([]);
    expect(parsed.params).toEqual(params);
    expect(formatConversationFilter(params)).toBe(canonical);
    expect(parse(canonical).params).toEqual(params);
  });

  it("reads a whole line and writes it back in canonical order", () => {
    const parsed = parse("page:2 grouptag:x usertag:y withtags:true tag:t unread:true type:group support");
    expect(parsed.params).toEqual({
      searchKey: "support",
      conversationType: "group",
      unread: "true",
      tags: "t",
      withTags: "true",
      userTags: "y",
      groupTags: "x",
      page: "2",
    });
    expect(formatConversationFilter(parsed.params)).toBe("support type:group unread:true tag:t withtags:true usertag:y grouptag:x page:2");
  });

  it("reaches every filter parameter of GET /conversations", () => {
    const reached = new Set(CONVERSATION_FILTER_KEYS.flatMap((k) => k.params));
    const spec = ["searchKey", "conversationType", "unread", "tags", "withTags", "withUserAndGroupTags", "userTags", "groupTags", "perPage", "page"];
    expect([...reached].sort()).toEqual([...spec].sort());
    for (const k of CONVERSATION_FILTER_KEYS) {
      if (k.key === "") continue;
      expect(k.example.startsWith(`${k.key}:`)).toBe(true);
      expect(parse(k.example).errors).toEqual([]);
    }
    expect(CONVERSATION_FILTER_KEYS.find((k) => k.key === "type")!.choices).toEqual(["user", "group"]);
  });

  it("leaves out what no key writes", () => {
    expect(formatConversationFilter({ conversationWith: "x", searchKey: "", tags: "" })).toBe("");
  });
});

/** line, the token marked (its text), and part of the message. */
const ERRORS: Array<[string, string, string]> = [
  ["foo:bar", "foo:bar", 'unknown filter "foo:"; try type:, unread:, tag:, withtags:, withuserandgrouptags:, usertag:, grouptag:, per:, page:, or quote "foo:…" to search for it'],
  ["usertg:vip", "usertg:vip", "did you mean usertag:?"],
  ["grouptags:vip", "grouptags:vip", "did you mean grouptag:?"],
  ["type:", "type:", "type: needs a value, e.g. type:group"],
  ["type:channel", "type:channel", 'type: "channel" is not user or group'],
  ["type:user,group", "type:user,group", 'type: "user,group" is not user or group'],
  ["unread:some", "unread:some", "unread: expected true or false"],
  ["tag:a,", "tag:a,", 'tag: empty item in "a,"; remove the extra comma'],
  ["usertag:,a", "usertag:,a", "usertag: empty item"],
  ["grouptag:a,,b", "grouptag:a,,b", "grouptag: empty item"],
  ["withtags:maybe", "withtags:maybe", "withtags: expected true or false"],
  ["per:5000", "per:5000", "per: expected a number from 1 to 1000"],
  ["page:first", "page:first", "page: expected a page number from 1 up"],
  ['tag:"vip', 'tag:"vip', "unterminated quote"],
  ["type:user type:group", "type:group", "conflicts with type:user; keep one"],
  ["usertag:a usertag:b", "usertag:b", "conflicts with usertag:a; keep one or write usertag:a,b"],
  ["grouptag:a grouptag:b", "grouptag:b", "or write grouptag:a,b"],
  ["unread:true unread:false", "unread:false", "conflicts with unread:true; keep one"],
];

describe("conversations filter errors", () => {
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

  it("accepts a repeat with the same value", () => {
    expect(parse("type:group type:GROUP").params).toEqual({ conversationType: "group" });
  });
});
