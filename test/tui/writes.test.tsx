import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMember, membershipOf } from "../../src/emulator/data/members.js";
import { type Tui, appRefs, footer, lines, tuiFixture } from "../support/tui.js";
import { scratchDir } from "../support/scratch.js";
import { journalEntries } from "../support/journal.js";

/**
 * The explorer's writes: D on a group's member shows the exact request and
 * asks; y kicks them, and the list, asked again, has them no more; :journal
 * lists the kick, U undoes it (asked too) and they are back with their scope;
 * s gives the next scope; read-only refuses at once, the footer saying so.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 8, calls: 2, users: 40, messages: 0 } });
let tui: Tui;

const app = () => fixture.fx.emulator.world.apps[0]!;

/** A group of a few members, and one of them (not the owner) as the cursor's first non-owner row. */
function groupWithMembers() {
  const group = app().groups.find((g) => g.membersCount >= 3 && g.membersCount <= 20)!;
  return group;
}

describe("writes in the explorer", () => {
  it("D on a member: the request shown and asked; y kicks, the row goes; :journal, U undoes: back with their scope", async () => {
    const journal = join(scratchDir("ccx-tui-w-"), "journal.ndjson");
    tui = await fixture.mount({ columns: 150, rows: 40, journal });
    const group = groupWithMembers();
    await tui.paste(`:group ${group.guid}\r`);
    await tui.waitForFrame((f) => f.includes("Members ("), "the group");
    // Down to the first member that is not the owner.
    const members = (await fixture.fx.chat(`/groups/${group.guid}/members`, { perPage: 100 })).body.data as Array<{ uid: string; scope: string }>;
    const at = members.findIndex((m) => m.uid !== app().users[group.ownerIndex]!.uid);
    for (let i = 0; i < at; i++) await tui.press("j");
    const member = members[at]!;
    const index = app().userIndexByUid.get(member.uid)!;
    const offering = footer(await tui.waitForFrame((f) => footer(f).includes("D kick"), "the footer offering D"));
    expect(offering).toContain("s scope");
    // - kicks too, but the footer names the kick once.
    expect(offering).not.toContain("- kick");
    await tui.press("D");
    const asked = await tui.waitForFrame((f) => f.includes(`member kick ${group.guid}/${member.uid}?`), "the confirm box");
    expect(asked).toMatch(new RegExp(`DELETE https://\\S+/groups/${group.guid}/members/${member.uid}`));
    expect(asked).toContain(`app ${fixture.fx.app().appId} (${fixture.fx.app().region})`);
    await tui.press("y");
    await tui.waitForFrame((f) => /done: member kick/.test(f) && !f.includes(`  ${member.uid} `), "the member gone from the list");
    expect(isMember(app(), app().groups[group.index]!, index)).toBe(false);
    const entry = journalEntries(journal).at(-1)!;
    expect(entry).toMatchObject({ verb: "member kick", item: `${group.guid}/${member.uid}`, outcome: "done", inverse: { method: "POST" } });
    await tui.paste(":journal\r");
    const listed = await tui.waitForFrame((f) => f.includes("member kick") && f.includes("U undoes"), "the journal");
    expect(lines(listed)[1]).toMatch(/journal$/);
    await tui.press("U");
    await tui.waitForFrame((f) => f.includes(`undo 1: member kick ${group.guid}/${member.uid}?`), "the undo's box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("undone (2)"), "the entry undone");
    expect(membershipOf(app(), app().groups[group.index]!, index)?.scope).toBe(member.scope);
  });

  it("+ on a group: the uids typed in the line, asked, added; e on a user: their form, the name edited, only it asked and sent, renamed", async () => {
    tui = await fixture.mount({ columns: 150, rows: 40 });
    const group = groupWithMembers();
    const outsider = app().users.findIndex((_, u) => u < app().seededUsers && !isMember(app(), app().groups[group.index]!, u));
    const uid = app().users[outsider]!.uid;
    await tui.paste(`:group ${group.guid}\r`);
    await tui.waitForFrame((f) => f.includes("Members ("), "the group");
    await tui.press("+");
    await tui.waitForFrame((f) => f.includes("add members, as participants (uids):"), "the line asking for uids");
    await tui.type(uid);
    await tui.press("enter");
    const asked = await tui.waitForFrame((f) => f.includes(`member add ${group.guid}/${uid}?`), "the confirm box");
    expect(asked).toContain(`"participants":["${uid}"]`);
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: member add"), "added");
    expect(membershipOf(app(), app().groups[group.index]!, outsider)?.scope).toBe("participant");
    const renamed = app().users[3]!.uid;
    await tui.paste(`:user ${renamed}\r`);
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith(`user ${renamed}`), "the user");
    const role = app().users[3]!.role;
    await tui.press("e");
    // The form: each field user update takes, filled from the user; the cursor on the first (name).
    const form = await tui.waitForFrame((f) => f.includes(`user update ${renamed}`) && /role\s+\S+/.test(f), "the form");
    expect(form).toMatch(new RegExp(`name\\s+${app().users[3]!.name}`));
    expect(form).toMatch(new RegExp(`role\\s+${role}`));
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("nothing changed: nothing to send"), "nothing changed, nothing asked");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`name: ${app().users[3]!.name}`), "the line with their name");
    await tui.press("ctrl-u");
    await tui.type("Renamed In The Explorer");
    await tui.press("enter");
    await tui.waitForFrame((f) => /\* name\s+Renamed In The Explorer\s+\(was /.test(f), "the field changed in the form");
    await tui.press("y");
    const box = await tui.waitForFrame((f) => f.includes(`user update ${renamed}?`) && f.includes('"name":"Renamed In The Explorer"'), "the confirm box");
    // Only the field changed goes: the role it had is not sent again.
    expect(box).not.toContain('"role"');
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: user update") && f.includes("Renamed In The Explorer"), "renamed, and shown");
    expect(app().users[3]!.name).toBe("Renamed In The Explorer");
  });

  it("read-only: D is refused at once, nothing sent; the footer shows it as unavailable", async () => {
    const apps = appRefs(fixture.fx).map((a) => ({ ...a, readOnly: true, target: () => ({ ...a.target(), readOnly: true }) }));
    tui = await fixture.mount({ columns: 150, rows: 40, apps });
    const group = groupWithMembers();
    await tui.paste(`:group ${group.guid}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Members ("), "the group");
    expect(footer(frame)).toMatch(/D kick \(read-only\)/);
    const before = fixture.fx.served.length;
    await tui.press("j", "D");
    await tui.waitForFrame((f) => f.includes("read-only mode: writes are refused"), "the refusal");
    expect(fixture.fx.served.slice(before).filter((l) => !l.startsWith("GET "))).toEqual([]);
  });
});
