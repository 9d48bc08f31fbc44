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
