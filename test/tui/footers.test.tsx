import { afterEach, describe, expect, it } from "vitest";
import { activeHints } from "../../src/tui/input/router.js";
import { type Tui, footer, lines, listRows, tuiFixture } from "../support/tui.js";
import { activeView } from "../../src/store/explorer-store.js";
import { listInView } from "../../src/store/list-actions.js";

/**
 * Footers that tell the truth: every key a footer offers does what it says there, and a key that would
 * do nothing (nothing to copy, no next page) is not offered; pressed all the same, it says why.
 */

const fixture = tuiFixture();
let tui: Tui | undefined;
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

/** What the footer offers, whole (the frame cuts a long footer at the terminal's edge). */
const hints = () => activeHints(tui!.store);

describe("footers", () => {
  it("n next page shows while a next page exists, and not on the last, where n says so", async () => {
    tui = await fixture.mount({ columns: 120, rows: 30 });
    let frame = await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    expect(hints()).toContain("n next page");
    const pages = tui.store.getState().views[tui.store.getState().activeKey]!.lists.groups!.totalPages!;
    expect(pages).toBeGreaterThan(1);
    await tui.paste(`:page ${pages}\r`);
    frame = await tui.waitForFrame((f) => f.includes(`page ${pages}/${pages}`), "the last page");
    expect(hints()).not.toContain("n next page");
    await tui.press("n");
    await tui.waitForFrame((f) => footer(f) === "this is the last page", "n refused in words");
  });

  it("on a one-page list neither n nor p is offered, on its item's one-page members neither, and each says why", async () => {
    const group = fixture.fx.emulator.world.apps[0]!.groups[0]!;
    tui = await fixture.mount({ columns: 120, rows: 30 });
    await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    await tui.paste(":users\r");
    await tui.waitForFrame((f) => lines(f)[1] === "users" && f.includes("page 1/1 (the last)"), "the users, one page");
    expect(hints().filter((h) => /^[np] /.test(h))).toEqual([]);
    await tui.press("n");
    await tui.waitForFrame((f) => footer(f) === "this is the last page", "n refused in words");
    await tui.press("p");
    await tui.waitForFrame((f) => footer(f) === "this is the first page", "p refused in words");

    await tui.paste(`:group ${group.guid}\r`);
    await tui.waitForFrame((f) => f.includes(`Members (${group.membersCount})`) && /\d+ loaded · GET/.test(f), "the group's members, one page");
    expect(hints().filter((h) => /^[np] /.test(h))).toEqual([]);
    await tui.press("n");
    await tui.waitForFrame((f) => footer(f) === "this is the last page", "n below the item refused in words");
  });

  it("esc back is offered only where there is somewhere to go back to; with rows marked it unmarks", async () => {
    tui = await fixture.mount({ columns: 120, rows: 30 });
    let frame = await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    // The root list: nothing under it. Pressed all the same, esc only dismisses the footer's notice.
    expect(hints().filter((h) => h.startsWith("esc "))).toEqual([]);
    tui.store.getState().notify("demo · in another shell: source /tmp/ccx-demo-x1/env");
    await tui.press("escape");
    frame = await tui.waitForFrame((f) => footer(f).startsWith("/ filter"), "the notice dismissed, the keys back");
    expect(lines(frame)[1]).toBe("groups");
    // A row marked: esc unmarks it, on a root list too.
    await tui.press(" ");
    expect(hints()).toContain("esc unmark");
    await tui.press("escape");
    frame = await tui.waitForFrame((f) => !/^✓ /m.test(f), "the mark gone");
    expect(hints().filter((h) => h.startsWith("esc "))).toEqual([]);
    // Above the root, esc goes back, and says so.
    await tui.press("L");
    await tui.waitForFrame((f) => lines(f)[1] === "groups › log", "the log");
    expect(hints()).toContain("esc back");
    await tui.press("escape");
    await tui.waitForFrame((f) => lines(f)[1] === "groups", "back to the groups");
  });

  it("y copy is offered on a message, and copies its id; on stats it is not, and y says there is nothing to copy", async () => {
    tui = await fixture.mount({ columns: 120, rows: 30 });
    await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    await tui.paste(":msgs\r");
    let frame = await tui.waitForFrame((f) => lines(f)[1]!.includes("messages") && hints().includes("y copy"), "the app's messages");
    const thread = activeView(tui.store.getState()).lists[listInView(tui.store.getState())!]!;
    await tui.press("y");
    await tui.waitForFrame((f) => footer(f).startsWith("copied the id"), "the copy said");
    expect(tui.copies().at(-1)).toBe(thread.items[thread.selected]!.id);

    await tui.paste(":stats\r");
    frame = await tui.waitForFrame((f) => f.includes("duration of a call"), "the stats");
    expect(hints()).not.toContain("y copy");
    await tui.press("y");
    await tui.waitForFrame((f) => footer(f) === "nothing to copy here", "y refused in words");
    await tui.press("Y");
    await tui.waitForFrame((f) => footer(f).startsWith("copied the JSON"), "Y copies the figures");
  });

  it("in the request log y copies the request as curl, and says so", async () => {
    tui = await fixture.mount({ columns: 120, rows: 30 });
    await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    await tui.press("L");
    await tui.waitForFrame((f) => f.includes("the latest requests"), "the log");
    await tui.press("y");
    await tui.waitForFrame((f) => footer(f).startsWith("copied the request as curl"), "the copy named");
    expect(tui.copies().at(-1)).toMatch(/^curl /);
  });

  it("a write's box and footer name the write: y create the token on a user", async () => {
    const user = fixture.fx.emulator.world.apps[0]!.users[0]!;
    tui = await fixture.mount({ columns: 120, rows: 30 });
    await tui.paste(`:user ${user.uid}\r`);
    await tui.waitForFrame((f) => lines(f)[1]!.includes(`user ${user.uid}`) && f.includes("Groups joined"), "the user");
    await tui.press("t");
    const frame = await tui.waitForFrame((f) => f.includes("y create the token · n cancel"), "the token's box");
    expect(footer(frame)).toBe("y create the token · n cancel");
    await tui.press("n");
  });
});
