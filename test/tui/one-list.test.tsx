import { describe, expect, it } from "vitest";
import { type Tui, lines, listRows, tuiFixture } from "../support/tui.js";

/**
 * Every list is one list (src/store/list-actions.ts, src/tui/screens/resource-list.tsx): what the first
 * lists had by hand (pages flipped with n and p, live mode, tab's cycle) any list made from a definition has.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 5, calls: 20, users: 230 } });
let tui: Tui;

const listOf = (name: string) => tui.store.getState().views[tui.store.getState().activeKey]!.lists[name];
const status = (frame: string) => lines(frame).find((l) => /^(⟳ )?\d+ (of \d+|loaded)/.test(l)) ?? "";

describe("one list for every resource", () => {
  it("n and p flip a list's numbered pages and say where they are; the request carries the page", async () => {
    tui = await fixture.mount({ load: true, columns: 140, rows: 30 });
    await tui.paste(":users\r");
    let frame = await tui.waitForFrame((f) => status(f).startsWith("100 of 230 · page 1/3") && !f.includes("⟳"), "page 1 of the users");
    const first = listRows(frame)[0];
    await tui.press("n");
    frame = await tui.waitForFrame((f) => status(f).startsWith("100 of 230 · page 2/3") && !f.includes("⟳"), "page 2");
    expect(listOf("users")!.request).toContain("page=2");
    expect(listRows(frame)[0]).not.toBe(first);
    await tui.press("p");
    frame = await tui.waitForFrame((f) => status(f).startsWith("100 of 230 · page 1/3") && !f.includes("⟳"), "back on page 1");
    expect(listRows(frame)[0]).toBe(first);
  });

  it("w on a list made from a definition (:webhooks) follows it: asked again, a row the service changed marked", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 140, rows: 30 });
    const hooks = fixture.fx.emulator.world.apps[0]!.webhooks;
    await tui.paste(":interval 2\r");
    await tui.paste(":webhooks\r");
    await tui.waitForFrame((f) => f.includes(hooks[0]!.id) && /\d+ (loaded|of)/.test(status(f)), "the webhooks");
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("live: webhooks asked again every 2 s"), "live on");
    // The service renames one: the next answer marks its row changed.
    hooks[0]!.name = "renamed while watched";
    const frame = await tui.waitForFrame((f) => f.includes("renamed while watched"), "the renamed webhook", 8000);
    expect(lines(frame).some((l) => /^~\s+\S+\s+renamed while watched/.test(l)), frame).toBe(true);
    expect(listOf("webhooks")!.live!.marks[hooks[0]!.id]?.kind).toBe("changed");
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("live off: webhooks"), "live off");
  }, 15_000);

  it("tab goes through the first lists, conversations among them, each the one list screen with its own filter kept", async () => {
    tui = await fixture.mount({ load: true, columns: 140, rows: 30 });
    const uid = fixture.fx.emulator.world.apps[0]!.users[0]!.uid;
    await tui.paste(`:as ${uid}\r`);
    await tui.press("tab");
    await tui.waitForFrame((f) => lines(f)[1] === "calls" && /\d+ (of|loaded)/.test(status(f)), "the calls");
    await tui.press("tab");
    await tui.waitForFrame((f) => lines(f)[1] === "users", "the users");
    await tui.press("tab");
    await tui.waitForFrame((f) => lines(f)[1] === "conversations" && /\d+ of \d+/.test(status(f)), "the conversations of the user acted for");
    await tui.press("/");
    await tui.type("unread:true");
    await tui.press("enter");
    await tui.waitForFrame(() => listOf("conversations")!.request?.includes("unread=true") === true && !listOf("conversations")!.loading, "the unread ones");
    await tui.press("tab");
    await tui.waitForFrame((f) => lines(f)[1] === "groups", "back to the groups");
    await tui.press("shift-tab");
    const frame = await tui.waitForFrame((f) => lines(f)[1] === "conversations", "the conversations again");
    expect(frame).toContain("unread:true");
  });
});
