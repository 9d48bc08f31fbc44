import { describe, expect, it } from "vitest";
import { type Tui, listRows, tuiFixture } from "../support/tui.js";

/** Paging both ways: page numbers with n/p, and the updatedAt cursor that loads more as you move down. */

const fixture = tuiFixture();
let tui: Tui;

/** Wide enough that every guid is shown whole. */
const columns = 160;

/** The guids of a page as the API itself answers it. */
async function pageGuids(page: number): Promise<string[]> {
  const answer = await fixture.fx.chat("/groups", { perPage: 100, page, withTags: true });
  return (answer.body.data as Array<{ guid: string }>).map((g) => g.guid);
}

/** Each shown row holds the guid expected at its place, in that order. */
function expectRowsInOrder(frame: string, guids: string[]): void {
  const rows = listRows(frame);
  expect(rows.length).toBeGreaterThan(5);
  const shown = rows.map((row) => guids.find((g) => row.includes(` ${g} `)));
  expect(shown).toEqual(guids.slice(0, rows.length));
}

describe("paging", () => {
  it("page mode never loads more on its own: moving to the end of a page sends nothing", async () => {
    tui = await fixture.mount({ columns });
    const sent = tui.requests("/groups");
    await tui.press("G", "G", "k", "G");
    await tui.settle(100);
    expect(tui.requests("/groups")).toBe(sent);
    expect(tui.frame()).toContain("100 of 300 · page 1/3");
  });

  it("Enter on the filter line sends the filter at once, without waiting out the pause", async () => {
    tui = await fixture.mount({ columns, debounceMs: 5_000 });
    await tui.press("/");
    await tui.type("type:private");
    // While the pause runs the rows are not this filter's yet: the summary says it is loading.
    expect(tui.frame()).toMatch(/⟳ \d+ of 300/);
    expect(tui.requests("type=private")).toBe(0);
    await tui.press("enter");
    // Sent at the Enter, while the 5 s pause still had most of its time to run: the request is in the log now.
    expect(tui.requests("type=private")).toBe(1);
    await tui.waitForFrame((f) => f.includes("type=private") && !f.includes("⟳"), "the private groups");
    expect(tui.requests("type=private")).toBe(1);
  });

  it("n and p move between pages, each shown in the API's order", async () => {
    tui = await fixture.mount({ columns });
    expect(tui.frame()).toContain("100 of 300 · page 1/3");
    expectRowsInOrder(tui.frame(), await pageGuids(1));

    await tui.press("n");
    expectRowsInOrder(await tui.waitForFrame((f) => f.includes("page 2/3") && !f.includes("⟳"), "page 2"), await pageGuids(2));
    expect(tui.frame()).toContain("&page=2");

    await tui.press("n");
    expectRowsInOrder(await tui.waitForFrame((f) => f.includes("page 3/3") && !f.includes("⟳"), "page 3"), await pageGuids(3));
    const sent = tui.requests("/groups");
    await tui.press("n");
    await tui.waitForFrame((f) => f.includes("this is the last page"), "the last page said");
    expect(tui.requests("/groups")).toBe(sent);

    await tui.press("p");
    await tui.waitForFrame((f) => f.includes("page 2/3") && !f.includes("⟳"), "back to page 2");
    await tui.press("p");
    expectRowsInOrder(await tui.waitForFrame((f) => f.includes("page 1/3") && !f.includes("⟳"), "back to page 1"), await pageGuids(1));
    await tui.press("p");
    await tui.waitForFrame((f) => f.includes("this is the first page"), "the first page said");
  });

  it("after:<time> walks the updatedAt cursor, loading more as the cursor reaches the end, oldest first", async () => {
    tui = await fixture.mount({ columns });
    const byUpdate = [...fixture.fx.emulator.world.apps[0]!.groups].sort((a, b) => a.updatedAt - b.updatedAt).map((g) => g.guid);

    await tui.press("/");
    await tui.type("after:0 per:50");
    await tui.press("enter");
    let frame = await tui.waitForFrame((f) => f.includes("→ GET /groups?perPage=50&withTags=true&updatedAt=0&affix=append") && f.includes("50 loaded") && !f.includes("⟳"), "the first 50");
    expect(frame).toContain("more below");
    expectRowsInOrder(frame, byUpdate);

    // To the bottom of what is loaded: the next 50 come on their own.
    await tui.press("G");
    frame = await tui.waitForFrame((f) => f.includes("100 loaded") && !f.includes("⟳"), "100 loaded");
    const rows = listRows(frame);
    const firstShown = byUpdate.findIndex((g) => rows[0]!.includes(` ${g} `));
    expect(firstShown).toBeGreaterThan(30);
    expectRowsInOrder(frame, byUpdate.slice(firstShown));

    // n loads more too.
    await tui.press("n");
    await tui.waitForFrame((f) => f.includes("150 loaded") && !f.includes("⟳"), "150 loaded");

    for (let i = 0; i < 6 && !tui.frame().includes("all loaded"); i++) {
      await tui.press("G");
      await tui.waitForFrame((f) => !f.includes("⟳"), "the next load");
    }
    frame = await tui.waitForFrame((f) => f.includes("300 loaded · all loaded"), "every group loaded");
    const last = listRows(frame);
    expectRowsInOrder(frame, byUpdate.slice(byUpdate.length - last.length));
  });
});
