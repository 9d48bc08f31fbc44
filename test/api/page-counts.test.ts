import { describe, expect, it } from "vitest";
import { numberedPageCounts, pageCounts, trustedTotal } from "../../src/api/paging.js";

/** Counts the service sends are believed only when they can be true (docs/service.md, "Counts lie"). */
describe("page counts", () => {
  it("a total below the rows already had is not shown", () => {
    expect(trustedTotal(0, 5)).toBeUndefined();
    expect(trustedTotal(4, 5)).toBeUndefined();
    expect(trustedTotal(5, 5)).toBe(5);
    expect(trustedTotal(undefined, 0)).toBeUndefined();
    expect(trustedTotal(Number.NaN, 0)).toBeUndefined();
  });

  it("the docs' users example (total 0, count 5): no total, and a full page may be followed by more", () => {
    expect(pageCounts({ total: 0, count: 5, current_page: 1 }, 5, 5, 5)).toEqual({ more: true });
    expect(pageCounts({ total: 0, count: 5, current_page: 1 }, 3, 3, 5)).toEqual({ more: false });
    expect(pageCounts({ total: 0, count: 5 }, 5, 5)).toEqual({});
  });

  it("a page count that reaches the current page says whether more follow; one below it is not believed", () => {
    expect(pageCounts({ total: 250, current_page: 1, total_pages: 3 }, 100, 100, 100)).toEqual({ total: 250, lastPage: 3, more: true });
    expect(pageCounts({ total: 250, current_page: 3, total_pages: 3 }, 250, 50, 100)).toEqual({ total: 250, lastPage: 3, more: false });
    expect(pageCounts({ current_page: 4, total_pages: 0 }, 400, 100, 100)).toEqual({ more: true });
    expect(pageCounts({ current_page: 1, total_pages: 2 }, 0, 0, 100)).toEqual({ lastPage: 2, more: false });
  });

  it("for page n, the rows of the pages before it count as had", () => {
    expect(numberedPageCounts({ total: 150, current_page: 2 }, 2, 100, 50)).toEqual({ total: 150, more: false });
    expect(numberedPageCounts({ total: 120, current_page: 2 }, 2, 100, 50)).toEqual({ more: false });
  });
});
