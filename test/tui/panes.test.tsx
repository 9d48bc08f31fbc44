import { describe, expect, it } from "vitest";
import type { Call } from "../../src/api/schemas.js";
import { displayWidth } from "../../src/text/width.js";
import { PANES } from "../../src/tui/layout.js";
import { type Tui, lines, tuiFixture } from "../support/tui.js";

/**
 * Panes on wide terminals: the apps by region on the left (ctrl-p, j/k and
 * Enter work there), the selected row's preview on the right; narrow
 * terminals keep one pane, and every frame fits its terminal.
 */

const fixture = tuiFixture();
let tui: Tui;

const header = (frame: string) => lines(frame)[0]!;
const fits = (frame: string, columns: number, rows: number) => {
  const all = lines(frame);
  expect(all.length).toBeLessThanOrEqual(rows);
  for (const line of all) expect(displayWidth(line)).toBeLessThan(columns);
};

describe("panes", () => {
  it("at 160×45 the apps pane lists the apps by region, the active one marked, and the preview follows the selection", async () => {
    tui = await fixture.mount({ columns: 160, rows: 45, panes: true });
    const frame = tui.frame();
    fits(frame, 160, 45);
    const [us, eu, inApp] = fixture.fx.info.apps;
    // The pane's lines start each row: the region, then its apps.
    const pane = lines(frame).slice(2).map((l) => l.slice(0, PANES.side.width).trimEnd());
    const at = (text: string) => pane.findIndex((l) => l.includes(text));
    expect(at("US")).toBeGreaterThanOrEqual(0);
    expect(at(`● ${us!.name}`)).toBe(at("US") + 1);
    expect(at("EU")).toBeGreaterThan(at(`● ${us!.name}`));
    expect(at(eu!.name)).toBe(at("EU") + 1);
    expect(at(inApp!.name)).toBe(at("IN") + 1);

    // The preview shows the selected group's guid; j moves the selection, and the preview with it.
    const groups = () => tui.store.getState().views[tui.store.getState().activeKey]!.lists.groups!;
    const guidAt = (i: number) => String(groups().items[i]!.guid);
    expect(frame).toContain("preview");
    expect(frame).toMatch(new RegExp(`guid\\s+${guidAt(0).slice(0, 20)}`));
    await tui.press("j");
    expect(tui.frame()).toMatch(new RegExp(`guid\\s+${guidAt(1).slice(0, 20)}`));

    // On the calls list the preview is the call's participants.
    await tui.press("tab");
    const calls = () => tui.store.getState().views[tui.store.getState().activeKey]!.lists.calls!;
    await tui.waitForFrame(() => calls().items.length > 0 && !calls().loading, "the calls");
    await tui.settle();
    const call = calls().items[0]! as Call;
    expect(tui.frame()).toContain(`Participants (${call.participants!.length})`);
    expect(tui.frame()).toContain(call.participants![0]!.uid.slice(0, 10));
  });

  it("ctrl-p moves into the apps pane; j and Enter switch to the next app, Esc gives the keys back to the list", async () => {
    tui = await fixture.mount({ columns: 160, rows: 45, panes: true });
    const [, eu] = fixture.fx.info.apps;
    await tui.press("ctrl-p");
    expect(tui.frame()).toContain("▸ apps (esc back)");
    // Still the groups list: the pane took the keys, no screen was opened.
    expect(lines(tui.frame())[1]).toBe("groups");
    await tui.press("j", "enter");
    await tui.waitForFrame((f) => header(f).includes(eu!.appId) && !f.includes("loading"), "the EU app");
    expect(tui.frame()).toContain("apps (ctrl-p)");
    expect(tui.frame()).toMatch(new RegExp(`● ${eu!.name.replace(/[()]/g, "\\$&")}`));
    // The keys are the list's again: j moves its selection.
    const selected = () => tui.store.getState().views[tui.store.getState().activeKey]!.lists.groups!.selected;
    await tui.press("j");
    expect(selected()).toBe(1);
    await tui.press("ctrl-p", "escape", "j");
    expect(selected()).toBe(2);
  });

  it("[ and ] turn each pane off and on; at 80×24 neither shows, and every size from 60×16 up fits", async () => {
    tui = await fixture.mount({ columns: 160, rows: 45, panes: true });
    await tui.press("]");
    expect(tui.frame()).not.toContain("preview (] hides)");
    expect(tui.frame()).toContain("apps (ctrl-p)");
    await tui.press("[");
    expect(tui.frame()).not.toContain("apps (ctrl-p)");
    await tui.press("[", "]");
    expect(tui.frame()).toContain("apps (ctrl-p)");
    expect(tui.frame()).toContain("preview (] hides)");

    for (const [columns, rows] of [[80, 24], [60, 16], [100, 30], [140, 40], [200, 50]] as const) {
      tui.store.getState().setViewport(columns - 1, rows);
      await tui.settle();
      const frame = tui.frame();
      fits(frame, columns, rows);
      expect(frame.includes("apps (ctrl-p)")).toBe(columns >= PANES.side.from);
      expect(frame.includes("preview (] hides)")).toBe(columns - 1 >= PANES.preview.from);
      // ctrl-p on a narrow terminal opens the apps screen instead.
      if (columns === 80) {
        await tui.press("ctrl-p");
        expect(lines(tui.frame())[1]).toBe("groups › apps");
        await tui.press("escape");
      }
    }
  });
});
