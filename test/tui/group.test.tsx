import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Tui, type TuiEmulator, footer, lines, listRows, mountTui, startTuiEmulator } from "../support/tui.js";

/** A group: every field (unknown ones too), its tags and metadata, and its members, paged; and a user's view of groups. */

let fx: TuiEmulator;
let tui: Tui | undefined;

beforeAll(async () => {
  // Enough users that the biggest groups have more than one page (100) of members.
  fx = await startTuiEmulator({ sizes: { apps: 1, groups: 60, calls: 10, users: 400 } });
});
afterAll(() => fx?.close());
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

const world = () => fx.emulator.world.apps[0]!;

describe("a group", () => {
  it("shows every field with its tags and metadata, and pages its members with n and p", async () => {
    const group = [...world().groups].filter((g) => g.metadata && (g.tags?.length ?? 0) > 0).sort((a, b) => b.membersCount - a.membersCount)[0]
      ?? [...world().groups].sort((a, b) => b.membersCount - a.membersCount)[0]!;
    const big = [...world().groups].sort((a, b) => b.membersCount - a.membersCount)[0]!;
    expect(big.membersCount).toBeGreaterThan(100);

    tui = await mountTui(fx, { rows: 40, columns: 140, debounceMs: 30 });
    await tui.paste(`/guid:${group.guid}\r`);
    await tui.waitForFrame((f) => listRows(f).length === 1 && f.includes(group.guid), "the one group");
    await tui.press("enter");
    const detail = await tui.waitForFrame((f) => f.includes(`group ${group.guid}`) && f.includes("Members ("), "the group");
    for (const field of ["guid", "name", "type", "membersCount", "owner", "createdAt"]) expect(detail).toMatch(new RegExp(`^${field} `, "m"));
    expect(detail).toContain(String(group.membersCount));
    if (group.metadata) expect(detail).toContain(`"department":"${String(group.metadata.department)}"`);
    for (const tag of group.tags ?? []) expect(detail).toContain(tag);

    // The biggest group: more than one page of members.
    const pages = Math.ceil(big.membersCount / 100);
    await tui.press("escape");
    await tui.paste(`/${"\x7f".repeat(`guid:${group.guid}`.length)}guid:${big.guid}\r`);
    await tui.waitForFrame((f) => listRows(f).length === 1 && f.includes(big.guid), "the big group");
    await tui.press("enter");
    const first = await tui.waitForFrame((f) => f.includes(`Members (${big.membersCount}) · page 1/${pages}`), "page 1 of its members");
    const firstUids = memberUids(first);
    expect(firstUids.length).toBeGreaterThan(5);
    await tui.press("n");
    const second = await tui.waitForFrame((f) => f.includes(`page 2/${pages}`), "page 2 of its members");
    expect(memberUids(second).filter((uid) => firstUids.includes(uid))).toEqual([]);
    await tui.press("p");
    await tui.waitForFrame((f) => f.includes(`page 1/${pages}`) && memberUids(f)[0] === firstUids[0], "page 1 again");
  });

  it("with a user set, joined:true keeps the user's groups and shows their scope and when they joined", async () => {
    const uid = world().users[0]!.uid;
    tui = await mountTui(fx, { columns: 160, debounceMs: 30 });
    await tui.paste(`:as ${uid}\r`);
    await tui.waitForFrame((f) => f.includes(`as ${uid}`) && f.includes("SCOPE") && f.includes("JOINED"), "the user's columns");
    await tui.paste("/joined:true\r");
    const frame = await tui.waitForFrame((f) => f.includes("hasJoined=true") && !f.includes("⟳") && listRows(f).length > 0, "the joined groups");
    const rows = listRows(frame);
    // Every row is a group the user is in: a scope in words and a join time.
    for (const row of rows) expect(row).toMatch(/\b(admin|moderator|participant|owner|member)\b.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });
});

describe("a group's own keys", () => {
  it("b, s and M are offered on a group's item and in help's section of its own, not on another item (a webhook's)", async () => {
    const group = world().groups.find((g) => g.membersCount >= 2)!;
    const hook = world().webhooks[0]!;
    tui = await mountTui(fx, { rows: 40, columns: 200, debounceMs: 30, management: true });
    await tui.paste(`:group ${group.guid}\r`);
    const item = await tui.waitForFrame((f) => f.includes("Members (") && !f.includes("⟳"), "the group");
    for (const hint of ["b ban", "s scope", "M messages"]) expect(footer(item)).toContain(hint);
    await tui.press("M");
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith(`messages of group ${group.guid}`), "the group's messages");

    await tui.paste(`:webhook ${hook.id}\r`);
    const other = await tui.waitForFrame((f) => f.includes("Triggers (") && !f.includes("⟳"), "a webhook");
    for (const hint of ["b ban", "s scope", "M messages"]) expect(footer(other)).not.toContain(hint);
    const served = fx.served.length;
    await tui.press("M", "b", "s");
    await tui.settle();
    expect(lines(tui.frame())[1]).toMatch(new RegExp(`webhook ${hook.id}$`));
    expect(fx.served.slice(served)).toEqual([]);

    await tui.press("?", "/");
    await tui.type("ban the selected member");
    await tui.press("enter");
    const help = await tui.waitForFrame((f) => f.includes("1 line matches"), "help narrowed");
    expect(help).toContain("A group (:group <guid>, or Enter on :groups)");
  });
});


/** The uid column of the members table: the lines between its header and the footer. */
function memberUids(frame: string): string[] {
  const lines = frame.split("\n");
  const header = lines.findIndex((l) => /^UID\s+NAME/.test(l));
  return lines.slice(header + 1, -1).map((l) => l.split(/\s{2,}/)[0]!.trim()).filter(Boolean);
}
