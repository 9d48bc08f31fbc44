import { afterEach, describe, expect, it } from "vitest";
import { type Tui, lines, listRows, tuiFixture } from "../support/tui.js";

/** The navigation stack holds a screen once, and the request log keeps the path in view at any width. */

const fixture = tuiFixture();
let tui: Tui | undefined;
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

const crumbs = (frame: string) => lines(frame)[1]!;

describe("breadcrumbs", () => {
  it("opening the screen on top again does not push it; opening one deeper goes back to it", async () => {
    tui = await fixture.mount({ columns: 100, rows: 30 });
    await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    await tui.press("L", "L");
    await tui.paste(":log\r");
    await tui.press("?", "?");
    let frame = await tui.waitForFrame((f) => crumbs(f) === "groups › log › help", "one log and one help");
    await tui.press("L");
    frame = await tui.waitForFrame((f) => crumbs(f) === "groups › log", "back to the log");
    await tui.press("escape");
    frame = await tui.waitForFrame((f) => crumbs(f) === "groups", "back to the groups");
    expect(crumbs(frame)).toBe("groups");
  });

  it("at 80 columns a deep stack is cut from the left, marked …, and ends with the screen in front", async () => {
    const world = fixture.fx.emulator.world.apps[0]!;
    const [g1, g2] = world.groups;
    const [alice, bob] = world.users;
    tui = await fixture.mount({ columns: 80, rows: 24 });
    await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    for (const command of [`:group ${g1!.guid}`, `:user ${alice!.uid}`, `:group ${g2!.guid}`, `:user ${bob!.uid}`, `:msgs ${g2!.guid}`]) await tui.paste(`${command}\r`);
    const last = `messages of group ${g2!.guid}`;
    const frame = await tui.waitForFrame((f) => crumbs(f).endsWith(last), "the thread's crumb at the end of the line");
    expect(crumbs(frame)).toMatch(new RegExp(`^… › .*user ${bob!.uid} › ${last}$`));
    expect(crumbs(frame).length).toBeLessThan(80);
    // What was cut is the bottom of the stack: the root's crumb.
    expect(crumbs(frame)).not.toContain("groups ›");
  });
});

describe("the request log", () => {
  it.each([80, 100])("keeps each request's method and path in view at %i columns", async (columns) => {
    tui = await fixture.mount({ columns, rows: 24 });
    await tui.waitForFrame((f) => listRows(f).length > 0, "the groups");
    await tui.press("L");
    const frame = await tui.waitForFrame((f) => f.includes("the latest requests"), "the log");
    expect(frame).toMatch(/GET \/groups\?perPage=100/);
  });
});
