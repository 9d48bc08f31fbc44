import { describe, expect, it } from "vitest";
import { RESOURCE_LIST, resourceNamed } from "../../src/resources/index.js";
import { grammarOf, listGrammar } from "../../src/resources/filter-grammar.js";
import { endpointOf } from "../../src/resources/resource.js";

/** The grammars derived from the catalogue: each value read by its kind, in the unit the operation takes. */

const NOW = 1_700_000_000;
const parse = (name: string, line: string) => listGrammar(resourceNamed(name)!)!.parse(line, { now: NOW });

describe("a derived list's grammar", () => {
  it("the notification log's times are points in time sent in ms; sent: is one comparison over from/to", () => {
    expect(parse("notification-logs", "from:2h").params).toEqual({ from: String((NOW - 7200) * 1000) });
    expect(parse("notification-logs", "to:1700000000123").params).toEqual({ to: "1700000000123" });
    expect(parse("notification-logs", "sent:2024-01-01").params).toEqual({ from: "1704067200000", to: "1704153599000" });
    expect(parse("notification-logs", "sent:>=1h from:2h").errors[0]!.error).toMatch(/conflicts with sent:>=1h/);
  });

  it("the conversations' grammar is the one written by hand: unread:, tag:, bare words as the search", async () => {
    const parsed = (await grammarOf(resourceNamed("conversations")!))!.parse("design unread:no tag:pinned type:Group");
    expect(parsed.params).toEqual({ searchKey: "design", unread: "false", tags: "pinned", conversationType: "group" });
  });

  it("yes/no, closed sets and comma lists are checked before anything is sent", () => {
    expect(parse("notification-logs", "triggered:no success:yes channel:PUSH").params).toEqual({ notificationTriggered: "false", success: "true", channel: "push" });
    expect(parse("notification-logs", "channel:fax").errors[0]!.error).toBe('channel: "fax" is not push, email or sms');
    expect(parse("notification-logs", "success:maybe").errors[0]!.error).toBe("success: expected yes or no");
    expect(parse("members", "scope:admin,owner").errors[0]!.error).toMatch(/"owner" is not admin, moderator or participant/);
  });

  it("every documented parameter but the pager's and the list's arguments is some key (of the grammar written by hand, where one is); a list with none has no grammar", async () => {
    const paging = ["perPage", "page", "limit", "affix", "id", "logId", "updatedAt", "sentAt", "count", "all"];
    for (const resource of RESOURCE_LIST.filter((r) => r.list && !r.list.sources)) {
      const required = (resource.list!.required ?? []).map((r) => r.param);
      const wanted = (endpointOf(resource.list!.path).query ?? []).filter((q) => !paging.includes(q) && !required.includes(q));
      const grammar = await grammarOf(resource);
      const reached = new Set(grammar?.keys.flatMap((k) => k.params) ?? []);
      expect([...wanted].filter((q) => !reached.has(q)), resource.name).toEqual([]);
      if (wanted.length === 0) expect(grammar, resource.name).toBeUndefined();
    }
  });
});
