import { describe, expect, it } from "vitest";
import { type Tui, lines, tuiFixture } from "../support/tui.js";

/**
 * :api <path>: a documented GET as a tree in the explorer: folds (Enter),
 * search (/), copies of a value (y) and of the answer (Y), pages of a
 * documented list (n), the management API's paths, secrets masked.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 30, calls: 5, users: 12, messages: 0 } });
let tui: Tui;

/** What y copies: the value under the cursor (frames carry no inverse video in a test worker). */
async function copied(): Promise<string | undefined> {
  await tui.press("y");
  return tui.copies().at(-1);
}

async function search(text: string): Promise<void> {
  await tui.press("/");
  await tui.type(text);
  await tui.press("enter");
}

async function openApi(path: string, what: (frame: string) => boolean): Promise<string> {
  await tui.press(":");
  await tui.type(`api ${path}`);
  await tui.press("enter");
  return tui.waitForFrame((f) => !f.includes("⟳") && what(f), `the answer of ${path}`);
}

describe(":api", () => {
  it("shows the answer's shape, folds and unfolds with Enter, and copies a value and the whole answer", async () => {
    tui = await fixture.mount({ load: true });
    const user = fixture.fx.emulator.world.apps[0]!.users[2]!;
    const frame = await openApi(`/users/${user.uid}`, (f) => f.includes(`uid: "${user.uid}"`));
    expect(lines(frame)[1]).toMatch(new RegExp(`api /users/${user.uid}`));
    expect(frame).toContain("▾ (answer) {1}");
    expect(frame).toContain("▾ data {");
    expect(frame).toMatch(new RegExp(`GET https://[^ ]+/v3/users/${user.uid}`));
    // To the uid, copy it; then the whole answer.
    await search("uid");
    expect(await copied()).toBe(user.uid);
    await tui.press("Y");
    expect(JSON.parse(tui.copies().at(-1)!)).toMatchObject({ data: { uid: user.uid } });
    // Enter on the data object folds it.
    await tui.press("g", "j", "enter");
    expect(tui.frame()).toContain("▸ data {");
    expect(tui.frame()).not.toContain(`uid: "${user.uid}"`);
  });

  it("searches keys and values with /, unfolding what hides the match, and pages a documented list with n", async () => {
    tui = await fixture.mount({ load: true });
    await openApi("/users?perPage=5", (f) => f.includes("▾ data [5]"));
    expect(tui.frame()).toContain("page 1 · n next page");
    // Objects three levels deep start folded (alice's metadata), until a search finds something in one.
    expect(tui.frame()).toContain("▸ metadata {2}");
    await search("timezone");
    await tui.waitForFrame((f) => f.includes("▾ metadata {2}"), "the match unfolded");
    const alice = fixture.fx.emulator.world.apps[0]!.users[0]!;
    expect(await copied()).toBe((alice.metadata as { timezone: string }).timezone);
    await tui.press("n");
    await tui.waitForFrame((f) => f.includes("page 2") && !f.includes("⟳"), "the second page");
    expect(fixture.fx.served.at(-1)).toMatch(/\/users\?perPage=5&page=2 200/);
  });

  it("sends a management path to the management API, its keys masked; without its credentials says what is missing", async () => {
    tui = await fixture.mount({ load: true, management: true });
    const frame = await openApi("/apps", (f) => f.includes("▾ data [1]"));
    expect(frame).toMatch(/secrets? masked/);
    expect(fixture.fx.served.at(-1)).toMatch(/^GET \/apimgmt\/apps\?page=1 200/);
    await tui.unmount();
    tui = await fixture.mount({ load: true });
    const refused = await openApi("/apps", (f) => f.includes("CCX_MANAGEMENT_KEY"));
    expect(refused).toContain("management key and secret");
  });
});
