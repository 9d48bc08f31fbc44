import { describe, expect, it } from "vitest";
import type { Call } from "../../src/api/schemas.js";
import { type Tui, lines, listRows, tuiFixture } from "../support/tui.js";

/**
 * Keys typed ahead of the answer: a key that acts on rows waits for the rows
 * it will act on (the new filter's, the next page's), and the keys after it
 * wait their turn; Escape and a key in one read are two keys.
 */

const fixture = tuiFixture({ sizes: { apps: 3, groups: 300, calls: 60, users: 30 }, faults: { latency: { min: 80, max: 80 } } });
let tui: Tui;

const list = (kind: "groups" | "calls") => tui.store.getState().views[tui.store.getState().activeKey]!.lists[kind]!;
const crumb = (frame: string) => lines(frame)[1]!;

describe("typing ahead of the answer", () => {
  it("/type:private, Enter and j in one write: the filter's answer, its second row selected", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    tui.router.feed("/type:private\rj");
    await tui.waitForFrame(() => !list("groups").loading && list("groups").params.type === "private", "the private groups");
    await tui.settle();
    expect(list("groups").items.every((g) => g.type === "private")).toBe(true);
    expect(list("groups").selected).toBe(1);
    expect(tui.router.held()).toBe(0);
    expect(listRows(tui.frame())[0]).not.toBe(listRows(tui.frame())[1]);
  });

  it("on calls, /rec:yes, Enter and Enter: the first recorded call opens, not the row selected before", async () => {
    tui = await fixture.mount({ root: "calls" });
    const first = list("calls").items[0]! as Call;
    expect(first.hasRecording).toBeFalsy();
    tui.router.feed("/rec:yes\r\r");
    const frame = await tui.waitForFrame((f) => f.includes("Recordings ("), "a call");
    const wanted = list("calls").items[0]!;
    expect(wanted.hasRecording).toBe(true);
    expect(crumb(frame)).toBe(`calls › call ${wanted.sessionId}`);
  });

  it("n n in one write: page 3, each page asked once", async () => {
    tui = await fixture.mount();
    const before = tui.requests("page=");
    tui.router.feed("nn");
    await tui.waitForFrame((f) => f.includes("page 3/3") && !f.includes("⟳"), "page 3");
    expect(tui.requests("page=2") + tui.requests("page=3")).toBe(2);
    expect(tui.requests("page=") - before).toBe(2);
  });

  it("Escape and : in one read (keys bunched over SSH) are Escape, then the command bar", async () => {
    tui = await fixture.mount();
    const call = fixture.fx.emulator.world.apps[0]!.calls[3]!;
    await tui.paste(`:call ${call.sessionId}\r`);
    await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    tui.router.feed("\u001b:calls\r");
    await tui.waitForFrame((f) => crumb(f) === "calls" && !f.includes("⟳"), "the calls");
    expect(tui.store.getState().user).toBeUndefined();
    // In the filter line: Escape closes it, and the keys after it are keys, not text.
    tui.router.feed("/type:video\u001b?");
    expect(list("calls").filter).toBe("type:video");
    await tui.waitForFrame((f) => crumb(f) === "calls › help", "the help");
  });
});
