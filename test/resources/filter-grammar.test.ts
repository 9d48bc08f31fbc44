import { describe, expect, it } from "vitest";
import { DERIVED_RESOURCES, resourceNamed } from "../../src/resources/index.js";
import { listGrammar } from "../../src/resources/filter-grammar.js";
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

  it("yes/no, closed sets and comma lists are checked before anything is sent", () => {
    expect(parse("notification-logs", "triggered:no success:yes channel:PUSH").params).toEqual({ notificationTriggered: "false", success: "true", channel: "push" });
    expect(parse("notification-logs", "channel:fax").errors[0]!.error).toBe('channel: "fax" is not push, email or sms');
    expect(parse("notification-logs", "success:maybe").errors[0]!.error).toBe("success: expected yes or no");
    expect(parse("members", "scope:admin,owner").errors[0]!.error).toMatch(/"owner" is not admin, moderator or participant/);
  });

  it("every documented parameter but the pager's and the list's arguments is some key; a list with none has no grammar", () => {
    const paging = ["perPage", "page", "limit", "affix", "id", "logId", "updatedAt", "sentAt", "count", "all"];
    for (const resource of DERIVED_RESOURCES.filter((r) => r.list && !r.list.sources)) {
      const required = (resource.list!.required ?? []).map((r) => r.param);
      const wanted = (endpointOf(resource.list!.path).query ?? []).filter((q) => !paging.includes(q) && !required.includes(q));
      const reached = new Set(listGrammar(resource)?.keys.flatMap((k) => k.params) ?? []);
      expect([...wanted].filter((q) => !reached.has(q)), resource.name).toEqual([]);
      if (wanted.length === 0) expect(listGrammar(resource), resource.name).toBeUndefined();
    }
  });
});
