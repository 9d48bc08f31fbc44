import { describe, expect, it } from "vitest";
import { type Tui, appRefs, lines, listRows, tuiFixture } from "../support/tui.js";

/** Apps (ctrl-p) and regions (ctrl-r): each app keeps its own filter and place, and answers never mix. */

const fixture = tuiFixture();
let tui: Tui;

const header = (frame: string) => lines(frame)[0]!;
const settled = (f: string) => !f.includes("⟳") && listRows(f).length > 0;

describe("apps and regions", () => {
  it("names an app known only by its id (credentials from the environment) once in the header", async () => {
    const [only] = appRefs(fixture.fx);
    tui = await fixture.mount({ apps: [{ ...only!, label: only!.appId }] });
    expect(header(tui.frame())).toContain(`ccx · ${only!.appId} · us · as`);
    await tui.unmount();
  });

  it("ctrl-p lists the apps; choosing another shows its groups; coming back finds the filter and place as they were", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    const [first, second] = fixture.fx.info.apps;
    expect(header(tui.frame())).toContain(`${first!.name} ${first!.appId} · us`);

    await tui.press("/");
    await tui.type("type:private");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("type=private") && settled(f), "the private groups");
    await tui.press("j", "j", "j");
    await tui.press("y");
    const placed = tui.copies().at(-1)!;
    expect(listRows(tui.frame())[3]).toContain(placed.slice(0, 12));
    const firstRows = listRows(tui.frame());

    await tui.press("ctrl-p");
    let frame = await tui.waitForFrame((f) => f.includes("enter switches to the app"), "the apps");
    for (const app of fixture.fx.info.apps) expect(frame).toMatch(new RegExp(`${app.name.replace(/[()]/g, "\\$&")}\\s+${app.appId}\\s+${app.region}`));

    await tui.press("j", "enter");
    frame = await tui.waitForFrame((f) => header(f).includes(second!.appId) && settled(f), "the second app's groups");
    expect(header(frame)).toContain(`${second!.name} ${second!.appId} · eu`);
    expect(frame).toContain("(no filter");
    const secondGuids = new Set(fixture.fx.emulator.world.apps[1]!.groups.map((g) => g.guid));
    await tui.press("y");
    expect(secondGuids.has(tui.copies().at(-1)!)).toBe(true);
    expect(listRows(frame)).not.toEqual(firstRows);

    await tui.press("ctrl-p", "k", "enter");
    frame = await tui.waitForFrame((f) => header(f).includes(first!.appId) && settled(f), "the first app again");
    expect(frame).toContain("/ type:private");
    expect(listRows(frame)).toEqual(firstRows);
    await tui.press("y");
    expect(tui.copies().at(-1)).toBe(placed);
  });

  it("ctrl-r moves to the next region, and the header says which", async () => {
    tui = await fixture.mount();
    expect(header(tui.frame())).toContain("· us ·");
    await tui.press("ctrl-r");
    let frame = await tui.waitForFrame((f) => header(f).includes("· eu ·") && settled(f), "the eu region");
    expect(header(frame)).toContain(fixture.fx.info.apps[1]!.appId);
    await tui.press("ctrl-r");
    frame = await tui.waitForFrame((f) => header(f).includes("· in ·") && settled(f), "the in region");
    expect(header(frame)).toContain(fixture.fx.info.apps[2]!.appId);
    await tui.press("ctrl-r");
    await tui.waitForFrame((f) => header(f).includes(`${fixture.fx.info.apps[0]!.appId} · us ·`), "back in us");
  });

  it("the demo's source line, gone from the footer at the first key, is in help and on :apps", async () => {
    // As `ccx demo` says it (src/cli/run/demo.ts): how another shell reaches its emulator.
    const note = "demo · in another shell: source /tmp/ccx-demo-x1/env";
    tui = await fixture.mount({ columns: 80, note });
    tui.store.getState().notify(note);
    await tui.press("j");
    expect(tui.frame()).not.toContain(note);
    await tui.press("?");
    let frame = await tui.waitForFrame((f) => lines(f)[1] === "groups › help", "help");
    expect(lines(frame)[2]).toBe(note);
    await tui.press("escape");
    await tui.paste(":apps\r");
    frame = await tui.waitForFrame((f) => lines(f)[1] === "groups › apps", "the apps screen");
    expect(frame).toContain(note);
    expect(frame).toContain(fixture.fx.info.apps[2]!.appId);
  });
});
