import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { friendsOf } from "../../src/emulator/data/friends.js";
import { KIND } from "../../src/emulator/data/message-store.js";
import { unreadIn } from "../../src/emulator/data/reads.js";
import { WEBHOOK_TRIGGERS } from "../../src/emulator/data/webhooks.js";
import { type Tui, appRefs, footer, lines, tuiFixture } from "../support/tui.js";
import { scratchDir } from "../support/scratch.js";

/**
 * The writes' keys on the lists that offer them, from their definitions:
 * D on a group asks for its guid typed back (anything else sends nothing);
 * + and - on a user's friends and a webhook's triggers; e on a webhook, its
 * form; R on a conversation marks it read; D and e on a message. Each shows
 * the request and asks first; read-only refuses at once.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 10, calls: 2, users: 40, messages: 400 } });
let tui: Tui;

const app = () => fixture.fx.emulator.world.apps[0]!;
const journal = () => join(scratchDir("ccx-tui-vk-"), "journal.ndjson");
const writesSince = (from: number) => fixture.fx.served.slice(from).filter((l) => !l.startsWith("GET "));

const usersList = () => tui.store.getState().views[tui.store.getState().activeKey]!.lists.users!;
const groupsList = () => tui.store.getState().views[tui.store.getState().activeKey]!.lists.groups!;

async function command(text: string) {
  await tui.paste(`:${text}\r`);
}

describe("the writes' keys on lists", () => {
  it("D on a group: its guid typed back; anything else sends nothing; the guid deletes it and its row goes", async () => {
    tui = await fixture.mount({ load: true, columns: 150, rows: 40, journal: journal() });
    await tui.waitForFrame((f) => f.includes(app().groups[0]!.guid), "the groups");
    const guid = String(groupsList().items[0]!.guid);
    expect(footer(tui.frame())).toContain("D delete");
    const before = fixture.fx.served.length;
    await tui.press("D");
    const box = await tui.waitForFrame((f) => f.includes(`group delete ${guid}?`) && f.includes(`type ${guid} to send it`), "the box and the line");
    expect(box).toMatch(new RegExp(`DELETE https://\\S+/groups/${guid}`));
    expect(box).toContain("it cannot be undone");
    // The line has the keys: the box says so, not "y send".
    expect(box).toContain(`type ${guid} in the line below, then enter to send`);
    expect(box).not.toContain("y send");
    // y is text here: the line takes it; only the guid sends.
    await tui.type("y");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`not sent: "y" is not ${guid}`) && !f.includes(`group delete ${guid}?`), "not sent");
    expect(writesSince(before)).toEqual([]);
    await tui.press("D");
    await tui.waitForFrame((f) => f.includes(`type ${guid} to send it`), "the line again");
    await tui.press("escape");
    await tui.waitForFrame((f) => !f.includes(`group delete ${guid}?`), "Esc: the box gone");
    expect(writesSince(before)).toEqual([]);
    await tui.press("D");
    await tui.waitForFrame((f) => f.includes(`type ${guid} to send it`), "the line again");
    await tui.paste(guid);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`done: group delete ${guid}`) && !lines(f).some((l) => l.startsWith(`${guid} `)), "deleted, its row gone");
    expect(writesSince(before)).toHaveLength(1);
    expect(app().groupIndexByGuid.has(guid)).toBe(false);
  });

  it(":group <guid>, e: the group's form, its name changed, read back on the screen", async () => {
    tui = await fixture.mount({ load: true, columns: 150, rows: 40, journal: journal() });
    const group = app().groups.find((g) => g.membersCount >= 2)!;
    await command(`group ${group.guid}`);
    await tui.waitForFrame((f) => f.includes("Members ("), "the group");
    await tui.press("e");
    await tui.waitForFrame((f) => f.includes(`group update ${group.guid}`) && new RegExp(`name\\s+${group.name}`).test(f), "its form, its name in it");
    await tui.press("enter", "ctrl-u");
    await tui.type("Renamed from its screen");
    await tui.press("enter", "y");
    await tui.waitForFrame((f) => f.includes(`group update ${group.guid}?`) && f.includes('"name":"Renamed from its screen"'), "the box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: group update") && /^name\s+Renamed from its screen/m.test(f), "renamed, the screen asked again");
  });

  it(":friends <uid>: + adds the uids typed, - removes the friend under the cursor", async () => {
    tui = await fixture.mount({ load: true, columns: 150, rows: 40, journal: journal() });
    const user = app().users.findIndex((_, u) => friendsOf(app(), u).length >= 1);
    const uid = app().users[user]!.uid;
    const stranger = app().users.findIndex((_, u) => u !== user && !friendsOf(app(), user).includes(u));
    await command(`friends ${uid}`);
    const list = await tui.waitForFrame((f) => /\d+ (loaded|of \d+)/.test(f), "the friends");
    expect(footer(list)).toMatch(/\+ add .*- remove/);
    await tui.press("+");
    await tui.waitForFrame((f) => f.includes("add friends (uids):"), "the line asking");
    await tui.type(app().users[stranger]!.uid);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`friend add ${uid}↔${app().users[stranger]!.uid}?`), "the box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: friend add"), "added");
    expect(friendsOf(app(), user)).toContain(stranger);
    const first = lines(await tui.waitForFrame((f) => lines(f).some((l) => l.startsWith(`${app().users[stranger]!.uid} `)), "the list asked again, the new friend's row in it"));
    const row = first.find((l) => /^\S+\s/.test(l) && app().userIndexByUid.has(l.split(/\s+/)[0]!) && l.split(/\s+/)[0] !== uid)!;
    const removed = app().userIndexByUid.get(row.split(/\s+/)[0]!)!;
    await tui.press("-");
    await tui.waitForFrame((f) => f.includes(`friend remove ${uid}↔${app().users[removed]!.uid}?`), "the box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: friend remove"), "removed");
    expect(friendsOf(app(), user)).not.toContain(removed);
  });

  it(":triggers <webhookId>: - removes the trigger under the cursor; :webhooks, e: the webhook's form, its URL changed", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 150, rows: 40, journal: journal() });
    const hook = app().webhooks.find((w) => w.triggers.length >= 2)!;
    const trigger = hook.triggers[0]!;
    await command(`triggers ${hook.id}`);
    await tui.waitForFrame((f) => f.includes(trigger) && /\d+ (loaded|of \d+)/.test(f), "the triggers");
    await tui.press("-");
    await tui.waitForFrame((f) => f.includes(`triggers remove ${hook.id}: ${trigger}?`), "the box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: triggers remove"), "removed");
    expect(hook.triggers).not.toContain(trigger);
    await command("webhooks");
    await tui.waitForFrame((f) => f.includes(app().webhooks[0]!.id) && /\d+ (loaded|of \d+)/.test(f), "the webhooks");
    const first = app().webhooks[0]!;
    await tui.press("e");
    const form = await tui.waitForFrame((f) => f.includes(`webhook update ${first.id}`) && f.includes(first.webhookURL), "its form");
    expect(form).toMatch(new RegExp(`name\\s+${first.name}`));
    await tui.press("j", "enter");
    await tui.waitForFrame((f) => f.includes(`url: ${first.webhookURL}`), "the URL in the line");
    await tui.press("ctrl-u");
    await tui.type("https://hooks.example.com/changed");
    await tui.press("enter", "y");
    const box = await tui.waitForFrame((f) => f.includes(`webhook update ${first.id}?`), "the box");
    expect(box).toContain('"webhookURL":"https://hooks.example.com/changed"');
    expect(box).not.toContain('"name"');
    // n: back at the form, the edit kept; y asks again.
    await tui.press("n");
    await tui.waitForFrame((f) => /\* url\s+https:\/\/hooks\.example\.com\/changed\s+\(was /.test(f), "the form again, the edit kept");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes(`webhook update ${first.id}?`), "the box again");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: webhook update"), "changed");
    expect(app().webhooks[0]!.webhookURL).toBe("https://hooks.example.com/changed");
  });

  it(":webhooks, s switches the webhook under the cursor: off when it is on, on when it is off", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 150, rows: 40, journal: journal() });
    await command("webhooks");
    await tui.waitForFrame((f) => f.includes(app().webhooks[0]!.id) && /\d+ (loaded|of \d+)/.test(f), "the webhooks");
    const hook = app().webhooks[0]!;
    const was = hook.enabled;
    expect(footer(tui.frame())).toContain(`s ${was ? "disable" : "enable"}`);
    await tui.press("s");
    await tui.waitForFrame((f) => f.includes(`webhook ${was ? "disable" : "enable"} ${hook.id}?`) && f.includes(`"enabled":${!was}`), "the box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes(`done: webhook ${was ? "disable" : "enable"}`) && new RegExp(`^${hook.id}\\s+.*\\s${was ? "no" : "yes"}\\s`, "m").test(f), "switched, its row asked again");
    expect(app().webhooks[0]!.enabled).toBe(!was);
    await tui.press("s");
    await tui.waitForFrame((f) => f.includes(`webhook ${was ? "enable" : "disable"} ${hook.id}?`), "the box, the other way");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes(`done: webhook ${was ? "enable" : "disable"}`), "switched back");
    expect(app().webhooks[0]!.enabled).toBe(was);
  });

  it(":webhook <id>: + below its fields adds a trigger to the triggers listed there", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 150, rows: 40, journal: journal() });
    const hook = app().webhooks.at(-1)!;
    const missing = WEBHOOK_TRIGGERS.map((t) => t.id).find((t) => !hook.triggers.includes(t))!;
    await command(`webhook ${hook.id}`);
    await tui.waitForFrame((f) => f.includes(`Triggers (${hook.triggers.length})`), "the webhook and its triggers");
    await tui.press("+");
    await tui.waitForFrame((f) => f.includes("add triggers (message_sent …):"), "the line");
    await tui.type(missing);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`triggers add ${hook.id}: ${missing}?`), "the box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: triggers add") && f.includes(`Triggers (${hook.triggers.length})`) && f.includes(missing), "added, listed below");
    expect(hook.triggers).toContain(missing);
  });

  it("R on a conversation with unread messages marks it read for the user acted for", async () => {
    const store = app().messages;
    const found = store.conversations.flatMap((c) => (c.group < 0 ? [{ c, user: c.userA, with: c.userB }, { c, user: c.userB, with: c.userA }] : []))
      .find(({ c, user }) => unreadIn(app(), c, user).messages > 0)!;
    const user = found.user;
    const other = app().users[found.with]!.uid;
    tui = await fixture.mount({ load: true, columns: 150, rows: 40, journal: journal() });
    await command(`as ${app().users[user]!.uid}`);
    await command("conversations");
    await tui.waitForFrame((f) => f.includes(other) && /\d+ (loaded|of)/.test(f), "the conversations");
    const rows = tui.store.getState().views[tui.store.getState().activeKey]!.lists.conversations!.items as Array<{ conversationWith?: { uid?: string } }>;
    const at = rows.findIndex((r) => r.conversationWith?.uid === other);
    for (let i = 0; i < at; i++) await tui.press("j");
    await tui.press("R");
    const box = await tui.waitForFrame((f) => f.includes(`conversation read ${app().users[user]!.uid}→user:${other}?`), "the box");
    expect(box).toMatch(new RegExp(`POST https://\\S+/users/${other}/conversation/read`));
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: conversation read"), "read");
    expect(unreadIn(app(), found.c, user).messages).toBe(0);
  });

  it("a group's thread: e edits the newest message's text as its sender; + reacts as the user acted for; R reads to it; D deletes it once its id is typed back", async () => {
    tui = await fixture.mount({ load: true, columns: 150, rows: 45, journal: journal() });
    const store = app().messages;
    const conversation = store.conversations.find((c) => c.group >= 0 && c.messages.length >= 3 && store.deletedAt[c.messages.at(-1)!] === 0 && store.kind[c.messages.at(-1)!] === KIND.text)!;
    const guid = app().groups[conversation.group]!.guid;
    const newest = conversation.messages.at(-1)!;
    const id = String(newest + 1);
    const sender = app().users[store.sender[newest]!]!.uid;
    await command(`as ${sender}`);
    await command(`msgs ${guid}`);
    await tui.waitForFrame((f) => f.includes(`id ${id}`), "the thread, the newest selected");
    await tui.press("e");
    await tui.waitForFrame((f) => f.includes(`message edit ${id}`) && /text\s+\S/.test(f), "its form");
    await tui.press("enter", "ctrl-u");
    await tui.type("edited in the explorer");
    await tui.press("enter", "y");
    const box = await tui.waitForFrame((f) => f.includes(`message edit ${id}?`), "the box");
    expect(box).toMatch(new RegExp(`PUT https://\\S+/messages/${id}`));
    expect(box).toContain(`as ${sender}`);
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: message edit"), "edited");
    expect((await fixture.fx.chat(`/messages/${id}`)).body.data.data.text).toBe("edited in the explorer");
    await tui.press("+");
    await tui.waitForFrame((f) => f.includes("react with:"), "the line");
    await tui.type("👍");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`react ${id} 👍 (${sender})?`), "the box");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: react"), "reacted");
    // R: the group's conversation read up to the message under the cursor, as the user acted for.
    await tui.press("R");
    const read = await tui.waitForFrame((f) => f.includes(`conversation read ${sender}→group:${guid}?`), "the box");
    expect(read).toContain(`"messageId":${id}`);
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes("done: conversation read"), "read");
    const seen = (await fixture.fx.chat(`/groups/${guid}/conversation`, {}, { onBehalfOf: sender })).body.data;
    expect(String((Array.isArray(seen) ? seen[0] : seen).lastReadMessageId)).toBe(id);
    await tui.press("D");
    await tui.waitForFrame((f) => f.includes(`type ${id} to send it`), "the id asked back");
    await tui.type(id);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`done: message delete ${id}`), "deleted");
    expect(store.deletedAt[newest]).toBeGreaterThan(0);
  });

  it("space marks users, D deactivates every one marked at once; esc unmarks; more than 10 marked: their count typed back", async () => {
    tui = await fixture.mount({ load: true, columns: 150, rows: 45, journal: journal() });
    await command("users");
    await tui.waitForFrame(() => usersList().items.length > 12 && !usersList().loading, "the users");
    const uids = usersList().items.slice(0, 3).map((u) => String(u.uid));
    await tui.press(" ", " ", " ");
    const marked = await tui.waitForFrame((f) => footer(f).includes("D deactivate 3 marked"), "three marked");
    for (const uid of uids) expect(lines(marked).some((l) => new RegExp(`^✓ .*\\s${uid}\\s`).test(l)), marked).toBe(true);
    expect(usersList().selected).toBe(3);
    // esc unmarks, and stays on the list; mark them again.
    await tui.press("escape");
    await tui.waitForFrame((f) => !f.includes("✓ ") && lines(f)[1] === "users", "unmarked, still on the users");
    await tui.press("g", " ", " ", " ");
    await tui.waitForFrame((f) => footer(f).includes("3 marked"), "marked again");
    const before = fixture.fx.served.length;
    await tui.press("D");
    const box = await tui.waitForFrame((f) => f.includes(`user deactivate ${uids.join(", ")}?`), "one box for the three");
    expect(box).toContain("user deactivate: journaled");
    await tui.press("y");
    await tui.waitForFrame((f) => f.includes(`done: user deactivate ${uids.join(", ")}`) && !f.includes("✓ "), "all three deactivated, the marks gone");
    expect(writesSince(before).filter((l) => /^DELETE \S*\/users /.test(l)), writesSince(before).join("\n")).toHaveLength(3);
    for (const uid of uids) expect(app().users[app().userIndexByUid.get(uid)!]!.deactivatedAt).toBeDefined();
    // Eleven marked: the count is typed back.
    await tui.press("g");
    for (let i = 0; i < 11; i++) await tui.press(" ");
    await tui.press("D");
    await tui.waitForFrame((f) => f.includes("type 11, how many, to send them"), "the count asked back");
    await tui.press("escape");
    await tui.waitForFrame((f) => !f.includes("how many"), "nothing sent");
    expect(writesSince(before).filter((l) => /^DELETE \S*\/users /.test(l)), writesSince(before).join("\n")).toHaveLength(3);
    // :journal, the three entries marked, U: one box, the three undone in one run.
    await command("journal");
    await tui.waitForFrame((f) => lines(f).filter((l) => l.includes("U undoes")).length === 3, "the journal");
    await tui.press(" ", " ", " ");
    await tui.waitForFrame((f) => footer(f).includes("U undo 3 marked"), "three entries marked");
    await tui.press("U");
    await tui.waitForFrame((f) => /undo 3, 2, 1: user deactivate /.test(f), "one box for the three");
    await tui.press("y");
    await tui.waitForFrame((f) => lines(f).filter((l) => /undone \(\d\)/.test(l)).length === 3, "the three undone");
    for (const uid of uids) expect(app().users[app().userIndexByUid.get(uid)!]!.deactivatedAt).toBeUndefined();
  });

  it("read-only: the keys of writes on a list are shown as unavailable and refused at once", async () => {
    const apps = appRefs(fixture.fx).map((a) => ({ ...a, readOnly: true, target: () => ({ ...a.target(), readOnly: true }) }));
    tui = await fixture.mount({ load: true, columns: 150, rows: 40, apps });
    const frame = await tui.waitForFrame(() => groupsList().items.length > 0 && !groupsList().loading, "the groups");
    expect(footer(frame)).toMatch(/D delete \(read-only\)/);
    const before = fixture.fx.served.length;
    await tui.press("D");
    await tui.waitForFrame((f) => f.includes("read-only mode: writes are refused"), "the refusal");
    expect(writesSince(before)).toEqual([]);
  });
});
