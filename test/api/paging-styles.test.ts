import { describe, expect, it } from "vitest";
import { type PageQuery, listItems, pagerFor } from "../../src/api/paging-styles.js";

/** Walks a pager over canned answers (by the query asked), as `ccx api --paginate` does. */
function walk(style: Parameters<typeof pagerFor>[0], query: PageQuery, answer: (query: PageQuery) => unknown, takes?: string[]) {
  const pager = pagerFor(style, query, takes);
  const asked: PageQuery[] = [];
  const items: unknown[] = [];
  for (let q: PageQuery | undefined = pager.first; q && asked.length < 50; ) {
    asked.push(q);
    const step = pager.step(q, answer(q));
    items.push(...step.items);
    q = step.next;
  }
  return { asked, items };
}

describe("the paging styles", () => {
  it("pages: by number until meta.pagination says the last", () => {
    const { asked, items } = walk("pages", { perPage: "2" }, (q) => ({ data: [`${q.page}a`, `${q.page}b`], meta: { pagination: { total: 6, total_pages: 3, current_page: Number(q.page) } } }));
    expect(asked.map((q) => q.page)).toEqual(["1", "2", "3"]);
    expect(items).toEqual(["1a", "1b", "2a", "2b", "3a", "3b"]);
  });

  it("pages without a count: until a short or empty page", () => {
    const { asked } = walk("pages", { perPage: "2" }, (q) => ({ data: q.page === "3" ? ["x"] : ["a", "b"] }));
    expect(asked.map((q) => q.page)).toEqual(["1", "2", "3"]);
    expect(walk("pages", {}, (q) => ({ data: q.page === "2" ? [] : ["a"] })).asked).toHaveLength(2);
  });

  it("a list answered as an object keyed \"0\", or one item alone, is read as its items", () => {
    expect(listItems({ data: { "0": { guid: "g" }, "1": { guid: "h" } } })).toEqual([{ guid: "g" }, { guid: "h" }]);
    expect(listItems({ data: { id: "one-app" } })).toEqual([{ id: "one-app" }]);
    expect(listItems({})).toEqual([]);
  });

  it("the updatedAt cursor when the query starts one: the items' largest time, those at the boundary not repeated", () => {
    const groups = [1, 2, 2, 3, 4].map((t, i) => ({ guid: `g${i}`, updatedAt: t }));
    // An inclusive server: everything at or after the cursor.
    const { asked, items } = walk("pages", { perPage: "3", affix: "append", updatedAt: "0" }, (q) => ({ data: groups.filter((g) => g.updatedAt >= Number(q.updatedAt)).slice(0, 3) }), ["updatedAt", "affix"]);
    expect((items as typeof groups).map((g) => g.guid)).toEqual(["g0", "g1", "g2", "g3", "g4"]);
    expect(asked.every((q) => q.affix === "append" && q.page === undefined)).toBe(true);
  });

  it("message ids from the newest back, then older by id", () => {
    const ids = Array.from({ length: 7 }, (_, i) => i + 1);
    const { asked, items } = walk("message-id", { limit: "3" }, (q) => {
      const below = q.id === undefined ? ids : ids.filter((id) => id < Number(q.id));
      return { data: below.slice(-3).map((id) => ({ id: String(id) })), meta: { current: { limit: 3, count: 3 } } };
    });
    expect((items as Array<{ id: string }>).map((m) => m.id)).toEqual(["5", "6", "7", "2", "3", "4", "1"]);
    expect(asked[0]).toEqual({ limit: "3" });
    expect(asked[1]).toEqual({ limit: "3", id: "5", affix: "prepend" });
  });

  it("next: the answer's meta.next, followed while it moves (reactions carry no sentAt; a thread takes page inputs yet answers this)", () => {
    const pages: Record<string, unknown> = {
      first: { data: [{ id: "r1" }, { id: "r2" }], meta: { current: { limit: 2, count: 2 }, next: { affix: "append", id: "r2" } } },
      r2: { data: [{ id: "r3" }], meta: { current: { limit: 2, count: 1 }, next: { affix: "append", id: "r3" } } },
      r3: { data: [], meta: { current: { limit: 2, count: 0 } } },
    };
    const { asked, items } = walk("next", { perPage: "2" }, (q) => pages[q.id ?? "first"]);
    expect((items as Array<{ id: string }>).map((r) => r.id)).toEqual(["r1", "r2", "r3"]);
    // The second page is shorter than its limit: the last, though it names a next cursor.
    expect(asked).toEqual([{ perPage: "2" }, { perPage: "2", affix: "append", id: "r2" }]);
    // A next that does not move ends the walk instead of asking the same page for ever.
    expect(walk("next", {}, () => ({ data: [{ id: "x" }], meta: { next: { affix: "append", id: "x" } } })).asked).toHaveLength(2);
  });

  it("log-id: from the last log's _id, whatever message the answer's own cursor names", () => {
    const logs = Array.from({ length: 5 }, (_, i) => ({ _id: `L${i}`, messageId: "m1" }));
    const { asked, items } = walk("log-id", { messageId: "m1" }, (q) => {
      const from = q.logId === undefined ? 0 : logs.findIndex((l) => l._id === q.logId) + 1;
      return { data: logs.slice(from, from + 2), meta: { previous: { messageId: "m1" }, current: { count: 20 }, next: { messageId: "m1" } } };
    });
    expect((items as typeof logs).map((l) => l._id)).toEqual(["L0", "L1", "L2", "L3", "L4"]);
    expect(asked.at(1)).toEqual({ messageId: "m1", logId: "L1", affix: "append" });
  });

  it("none: one page", () => {
    expect(walk("none", {}, () => ({ data: [1, 2], meta: { current: { count: 2 } } }))).toEqual({ asked: [{}], items: [1, 2] });
  });
});
