import { describe, expect, it } from "vitest";
import { featuresOf, permissionsSet, rolesOf } from "../../src/emulator/data/access-changes.js";
import { type Tui, footer, tuiFixture } from "../support/tui.js";

/**
 * The access writes' keys in the explorer: - on a role's restricted feature
 * allows it again, - on a permission set on a role unsets it, D on a role
 * deletes it. Each shows the request and asks first; y sends it.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 3, calls: 1, users: 12, messages: 20 } });
let tui: Tui;

const app = () => fixture.fx.emulator.world.apps[0]!;

async function command(text: string) {
  await tui.paste(`:${text}\r`);
}

describe("access keys", () => {
  it("- on a restricted feature allows it again; - on a permission set unsets it; D on a role deletes it", async () => {
    const features = featuresOf(app(), "agent");
    features.splice(0, features.length, { title: "Polls", description: "off", key: "polls", path: "/extensions/polls", createdAt: 1 });
    permissionsSet(app(), "role:agent").set("createGroup", "deny");
    tui = await fixture.mount({ columns: 150, rows: 40 });
    await command("restricted-features agent");
    await tui.waitForFrame((f) => f.includes("polls") && footer(f).includes("- allow"), "the feature, - offered");
    await tui.press("-");
    await tui.waitForFrame((f) => f.includes("role allow agent: polls?"), "the allow asked");
    await tui.press("y");
    await tui.waitForFrame((f) => /done: role allow/.test(f), "done");
    expect(featuresOf(app(), "agent")).toEqual([]);
    await command("permissions agent");
    await tui.waitForFrame((f) => f.includes("listUsers.mode") && footer(f).includes("- unset"), "the permissions, - offered");
    // createGroup is the list's 21st: found by the filter.
    await tui.paste("/createGroup\r");
    await tui.waitForFrame((f) => !f.includes("listUsers.mode") && f.includes("createGroup"), "createGroup alone");
    await tui.press("-");
    const asked = await tui.waitForFrame((f) => f.includes("permission unset agent: createGroup"), "the unset asked");
    expect(asked).toMatch(/DELETE https:\/\/\S+\/roles\/agent\/permissions\/createGroup/);
    await tui.press("y");
    await tui.waitForFrame((f) => /done: permission unset/.test(f), "done");
    expect(permissionsSet(app(), "role:agent").has("createGroup")).toBe(false);
    await command("roles");
    await tui.waitForFrame((f) => f.includes("premium") && footer(f).includes("D delete"), "the roles, D offered");
    await tui.paste("/premium\r");
    await tui.waitForFrame((f) => !f.includes("moderator") && f.includes("premium"), "premium alone");
    await tui.press("D");
    await tui.waitForFrame((f) => f.includes("role delete premium?"), "the delete asked");
    await tui.press("y");
    await tui.waitForFrame((f) => /done: role delete/.test(f), "done");
    expect(rolesOf(app()).has("premium")).toBe(false);
    await tui.unmount();
  });
});
