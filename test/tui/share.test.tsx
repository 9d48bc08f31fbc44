import { describe, expect, it } from "vitest";
import { type Tui, lines, listRows, tuiFixture } from "../support/tui.js";

/**
 * Views to share in the explorer: S copies the list's view string (no key in it), and pasting it
 * (here, after moving elsewhere, and in another app) opens the same list, its filter typed and sent,
 * the cursor on the same row.
 */

const fixture = tuiFixture();
const PASTE = (text: string) => `\u001b[200~${text}\u001b[201~`;
const crumb = (frame: string) => lines(frame)[1]!;
const listed = (f: string) => !f.includes("⟳") && listRows(f).length > 2;
/** The row drawn in inverse video: the selected one. */
const selectedRow = (t: Tui) => {
  const list = t.store.getState().views[t.store.getState().activeKey]!.lists.groups!;
  return list.items[list.selected]!;
};

describe("S: a view to share", () => {
  it("copies a string with the app, the filter and the row, no key; pasted from elsewhere it opens that view", async () => {
    let tui = await fixture.mount({ columns: 140 });
    await tui.press("/");
    await tui.type("type:public");
    await tui.press("enter");
    await tui.waitForFrame((f) => listed(f) && f.includes("type=public"), "the public groups");
    await tui.press("j", "j");
    const row = selectedRow(tui);
    await tui.press("S");
    const [copied] = tui.copies();
    const app = fixture.fx.app(0);
    expect(copied).toBe(`ccx://v1/${app.region}/${app.appId}/groups?q=type:public&at=${row.guid}`);
    for (const key of [app.fullAccessKey, fixture.fx.info.management.key, fixture.fx.info.management.secret]) expect(copied).not.toContain(key);
    await tui.waitForFrame((f) => f.includes(`copied the view string ${copied}`), "the copy said");
    await tui.unmount();

    // Another session, on another app's calls: the paste switches app and opens the view over the screen in front (esc: back to it).
    tui = await fixture.mount({ columns: 140, root: "calls" });
    const other = fixture.fx.app(1);
    tui.store.getState().switchApp(`${other.appId}:${other.region}`);
    await tui.waitForFrame((f) => listRows(f).length > 0 && tui.store.getState().activeKey.startsWith(other.appId), "the second app's calls");
    tui.router.feed(PASTE(copied!));
    const frame = await tui.waitForFrame((f) => listed(f) && crumb(f) === "calls › groups" && tui.store.getState().activeKey.startsWith(app.appId) && selectedRow(tui)?.guid === row.guid, "the view, its cursor on the row");
    const state = tui.store.getState();
    expect(state.views[state.activeKey]!.lists.groups!.filter).toBe("type:public");
    expect(frame).toContain("type:public");
  });

  it("a string that names no view is said, and nothing moves", async () => {
    const tui = await fixture.mount({ columns: 140 });
    tui.router.feed(PASTE("ccx://v2/us/x/groups"));
    await tui.waitForFrame((f) => f.includes('the view string is of version "v2"'), "what is wrong");
    expect(crumb(tui.frame())).toBe("groups");
  });
});
