import { describe, expect, it } from "vitest";
import { type Tui, lines, tuiFixture } from "../support/tui.js";

/**
 * Tab in the command bar (issue 29, item 5): with several candidates they are listed above the line, tab
 * and shift-tab go through them, typing ends the list; an app's name and the ids of the rows on screen
 * complete as commands do.
 */

const fixture = tuiFixture({ sizes: { apps: 2, groups: 30, calls: 10, users: 10 } });
let tui: Tui;

const promptText = () => tui.store.getState().ui.prompt?.text;
/** The line above the command bar: the candidates tab lists. */
const candidatesLine = (frame: string) => {
  const all = lines(frame);
  const at = all.findIndex((l) => l.startsWith(":"));
  return at > 0 ? all[at - 1]! : "";
};

describe("tab in the command bar", () => {
  it(":tr⇥ lists trace, transcriptions, transcripts, triggers above the line; tab goes through them, shift-tab back; typing ends the list", async () => {
    tui = await fixture.mount({ columns: 100, rows: 24 });
    await tui.press(":");
    await tui.type("tr");
    await tui.press("tab");
    let frame = await tui.waitForFrame((f) => /trace\s+transcriptions\s+transcripts\s+triggers/.test(candidatesLine(f)), "the candidates listed");
    expect(promptText()).toBe("tr");
    await tui.press("tab");
    expect(promptText()).toBe("trace");
    await tui.press("tab");
    expect(promptText()).toBe("transcriptions");
    await tui.press("shift-tab", "shift-tab");
    expect(promptText()).toBe("triggers");
    // The body gave the list its line: the frame is as tall as before.
    frame = tui.frame();
    expect(lines(frame).length).toBeLessThanOrEqual(24);
    await tui.type("x");
    frame = await tui.waitForFrame((f) => !/transcriptions/.test(f), "the list gone once typed");
    expect(promptText()).toBe("triggersx");
  });

  it("an app's name, and the id of a row on screen, complete: :app <name>⇥, :group <guid's start>⇥", async () => {
    tui = await fixture.mount({ columns: 100, rows: 24 });
    const other = tui.store.getState().apps[1]!;
    await tui.press(":");
    await tui.type(`app ${other.label.slice(0, 3)}`);
    await tui.press("tab");
    // Its name, or, where another app's name starts the same, the candidates with it.
    await tui.waitForFrame(() => promptText() === `app ${other.label}` || (tui.store.getState().ui.prompt?.completion?.candidates ?? []).includes(`app ${other.label}`), "the app's name");
    await tui.press("escape");
    const groups = tui.store.getState().views[tui.store.getState().activeKey]!.lists.groups!.items.map((g) => String(g.guid));
    const guid = groups.find((g) => groups.filter((o) => o.startsWith(g.slice(0, 6))).length === 1)!;
    await tui.press(":");
    await tui.type(`group ${guid.slice(0, 6)}`);
    await tui.press("tab");
    expect(promptText()).toBe(`group ${guid}`);
  });
});

describe("the history's suggestion", () => {
  it("an earlier command that starts with what is typed shows its rest after the cursor; → takes it, Enter runs it; typing on drops it", async () => {
    tui = await fixture.mount({ columns: 100, rows: 24 });
    await tui.press(":");
    await tui.type("resources");
    await tui.press("enter");
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith("resources"), "the resources");
    await tui.press("escape", ":");
    await tui.type("res");
    // The rest of `resources` follows what is typed, not yet in the line.
    await tui.waitForFrame((f) => lines(f).some((l) => l.startsWith(":resources")), "the suggestion drawn");
    expect(promptText()).toBe("res");
    await tui.type("t");
    await tui.waitForFrame((f) => lines(f).some((l) => l.startsWith(":rest")) && !lines(f).some((l) => l.startsWith(":resources")), "no suggestion for rest");
    await tui.press("backspace", "right");
    expect(promptText()).toBe("resources");
    await tui.press("enter");
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith("resources"), "the resources again");
  });
});
