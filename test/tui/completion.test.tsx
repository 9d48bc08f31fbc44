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

describe("ctrl-r: the history searched backwards", () => {
  /** The bottom line: the command bar, or ctrl-r's search in its place. */
  const bottom = (frame: string) => lines(frame).at(-1) ?? "";

  it("shows the newest earlier command holding what is typed; enter puts it in the line, unrun, and enter again runs it; esc leaves the line as it was", async () => {
    tui = await fixture.mount({ columns: 100, rows: 24 });
    for (const command of ["resources", "log", "apps"]) {
      await tui.press(":");
      await tui.type(command);
      await tui.press("enter", "escape");
    }
    await tui.press(":");
    await tui.type("xy");
    await tui.press("ctrl-r");
    await tui.waitForFrame((f) => bottom(f).trimEnd() === "(reverse-i-search)`':", "the search open, nothing typed");
    // ctrl-r again, nothing typed: the newest command, then the one before.
    await tui.press("ctrl-r");
    await tui.waitForFrame((f) => bottom(f).startsWith("(reverse-i-search)`': apps"), "the newest command");
    await tui.press("ctrl-r");
    await tui.waitForFrame((f) => bottom(f).startsWith("(reverse-i-search)`': log"), "the one before");
    await tui.press("escape");
    await tui.waitForFrame((f) => bottom(f).startsWith(":xy"), "the line as it was");
    await tui.press("ctrl-r");
    await tui.type("so");
    await tui.waitForFrame((f) => bottom(f).startsWith("(reverse-i-search)`so': resources"), "the command holding so");
    await tui.press("ctrl-r");
    await tui.waitForFrame((f) => bottom(f).includes("resources · no older match"), "no older match said");
    await tui.type("z");
    await tui.waitForFrame((f) => bottom(f).startsWith("(reverse-i-search)`soz': no match"), "no match said");
    await tui.press("escape");
    await tui.waitForFrame((f) => bottom(f).startsWith(":xy"), "the line as it was");
    expect(promptText()).toBe("xy");

    await tui.press("ctrl-u", "ctrl-r");
    await tui.type("l");
    await tui.waitForFrame((f) => bottom(f).startsWith("(reverse-i-search)`l': log"), "log");
    const crumbs = lines(tui.frame())[1];
    await tui.press("enter");
    await tui.waitForFrame((f) => bottom(f).startsWith(":log"), "log in the line");
    expect(promptText()).toBe("log");
    expect(lines(tui.frame())[1]).toBe(crumbs);
    await tui.press("enter");
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith("log"), "the request log");
  });

  it("in the filter line too: ctrl-r finds an earlier filter, and the footer and help name the key", async () => {
    tui = await fixture.mount({ columns: 120, rows: 24, debounceMs: 20 });
    await tui.press("/");
    await tui.waitForFrame((f) => bottom(f).includes("ctrl-r search"), "the footer naming ctrl-r");
    await tui.type("type:private");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("type=private") && !f.includes("⟳"), "the private groups");
    await tui.press("/", "ctrl-u");
    await tui.type("tag:x");
    await tui.press("ctrl-r");
    await tui.type("priv");
    await tui.waitForFrame((f) => bottom(f).startsWith("(reverse-i-search)`priv': type:private"), "the earlier filter found");
    await tui.press("escape");
    expect(promptText()).toBe("tag:x");
    await tui.press("escape", "?");
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith("help"), "help");
    await tui.press("/");
    await tui.type("ctrl-r");
    await tui.waitForFrame((f) => f.includes("searches earlier commands or filters"), "help naming ctrl-r");
  });
});
