import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Tui, type TuiEmulator, lines, mountTui, startTuiEmulator } from "../support/tui.js";

/**
 * The explorer's counts: a total only when it is at least the rows had (the docs' GET /users answers
 * `total: 0` beside its rows), and the page line says when this is the last page.
 */

let docs: TuiEmulator;
let tui: Tui | undefined;

beforeAll(async () => {
  docs = await startTuiEmulator({ sizes: { apps: 1, groups: 30, calls: 10, users: 130 }, variants: new Set(["docs"]) });
});
afterAll(() => docs?.close());
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

/** The line under the list: how many, of how many, which page. */
const summary = (frame: string) => lines(frame).find((l) => /^(⟳ )?\d+( of \d+)? · page|^(⟳ )?\d+$/.test(l.trim())) ?? "";

describe("counts in the explorer", () => {
  it("the users list of an answer that says total 0 shows the rows it has and its page, never 'of 0'; the last page says so", async () => {
    tui = await mountTui(docs, { columns: 120, rows: 30 });
    await tui.paste(":users\r");
    let frame = await tui.waitForFrame((f) => /\d+ · page 1\/2/.test(f), "the users' first page");
    expect(frame).not.toMatch(/of 0/);
    expect(summary(frame)).toMatch(/^100 · page 1\/2 \(n\)$/);
    await tui.press("n");
    frame = await tui.waitForFrame((f) => /page 2\/2/.test(f), "the second page");
    expect(summary(frame)).toMatch(/^30 · page 2\/2 \(the last\) \(p\)$/);
  });
});
