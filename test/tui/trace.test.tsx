import { describe, expect, it } from "vitest";
import { KIND } from "../../src/emulator/data/message-store.js";
import { blockedBy } from "../../src/emulator/data/blocks.js";
import { isMember } from "../../src/emulator/data/members.js";
import { preferencesOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";
import { type Tui, lines, tuiFixture } from "../support/tui.js";

/**
 * The notifications service, moderation and a message's trace in the
 * explorer: T on a message opens its trace (a muted member's row says why
 * nothing was pushed), `:trace <id>` straight to one; `:notification-logs`,
 * `:providers` (keys masked), a user's preferences with P.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 12, calls: 3, users: 50, messages: 2500 } });
let tui: Tui;

const app = () => fixture.fx.emulator.world.apps[0]!;

/** A user who muted a group they are in and has devices, and the newest text message of that group. */
function mutedCase() {
  const a = app();
  const user = a.users.findIndex((_, u) => preferencesOf(a, u).muted.length > 0 && pushTokensOf(a, u).length > 0 && !preferencesOf(a, u).dnd);
  const guid = preferencesOf(a, user).muted[0]!.id;
  const group = a.groupIndexByGuid.get(guid)!;
  const store = a.messages;
  const conversation = store.findGroupConversation(group)!;
  const index = [...conversation.messages].reverse().find((i) => store.kind[i] === KIND.text && store.sender[i] !== user && store.parent[i] === -1)!;
  return { uid: a.users[user]!.uid, guid, id: String(index + 1) };
}

describe("a message's trace in the explorer", () => {
  it(":trace <id>: the message, moderation, each member's row (a muted one held by MUTE_PREFERENCE), its webhooks", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 160, rows: 60 });
    const muted = mutedCase();
    await tui.paste(`:trace ${muted.id}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("webhooks for its events"), "the trace");
    expect(lines(frame)[1]).toMatch(new RegExp(`trace ${muted.id}$`));
    expect(frame).toMatch(new RegExp(`message ${muted.id}: message/text from \\S+ to group ${muted.guid}`));
    expect(frame).toMatch(/not blocked\s+\[GET \/moderation\/blocked-messages\]/);
    expect(frame).toMatch(new RegExp(`${muted.uid}\\s+no\\s+no\\s+yes\\s+\\S+\\s+\\d+\\s+push \\w+ held: MUTE_PREFERENCE.*${muted.uid} muted group ${muted.guid}`));
    // Eight at most at a time: the request log saw every one of them end.
    expect(fixture.fx.served.some((l) => l.includes(`/notifications/v1/logs?messageId=${muted.id}`))).toBe(true);
  });

  it("T on a message of a group's thread opens the same report for the message under the cursor", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 160, rows: 50 });
    const muted = mutedCase();
    await tui.paste(`:msgs ${muted.guid}\r`);
    await tui.waitForFrame((f) => f.includes("loaded"), "the group's messages");
    const newest = app().messages.findGroupConversation(app().groupIndexByGuid.get(muted.guid)!)!.messages.at(-1)! + 1;
    await tui.press("T");
    const frame = await tui.waitForFrame((f) => f.includes("webhooks for its events"), "the trace of the newest message");
    expect(lines(frame)[1]).toMatch(new RegExp(`trace ${newest}$`));
    expect(frame).toContain(`message ${newest}:`);
    await tui.press("escape");
    await tui.waitForFrame((f) => !f.includes("webhooks for its events") && f.includes("loaded"), "back at the thread");
  });

  it(":msgs <guid>, Enter and T in one write: T waits for the thread and traces its newest message", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 160, rows: 50 });
    const muted = mutedCase();
    const newest = app().messages.findGroupConversation(app().groupIndexByGuid.get(muted.guid)!)!.messages.at(-1)! + 1;
    tui.router.feed(`:msgs ${muted.guid}\rT`);
    const frame = await tui.waitForFrame((f) => f.includes("webhooks for its events"), "the trace of the newest message");
    expect(lines(frame)[1]).toMatch(new RegExp(`trace ${newest}$`));
    expect(frame).not.toContain("no message selected");
    expect(tui.router.held()).toBe(0);
  });
});

describe("why, in the explorer", () => {
  it("W on a message: each recipient's verdict above its trace; f on a verdict sends its fix through the write runner (asked, journaled), and the block is gone", async () => {
    const a = app();
    const blocks = (x: number, y: number) => blockedBy(a, x).some((b) => b.userIndex === y) || blockedBy(a, y).some((b) => b.userIndex === x);
    const group = a.groups.find((g) => g.membersCount >= 3)!;
    const eligible = a.users.map((_, u) => u).filter((u) => isMember(a, group, u) && !preferencesOf(a, u).muted.some((x) => x.id === group.guid));
    const sender = eligible.find((u) => eligible.some((o) => o !== u && !blocks(u, o)))!;
    const member = eligible.find((u) => u !== sender && !blocks(u, sender))!;
    const [s, m] = [a.users[sender]!.uid, a.users[member]!.uid];
    // The block made by the write itself, and a new message across it.
    const env = fixture.fx.cliEnv({ state: scratchDir("ccx-why-tui-") });
    for (const words of [["block", m, s], ["send", "--as", s, "--group", group.guid, "--text", "anyone?"]]) {
      const done = await runCcx([...words, "--yes"], env);
      expect(done.code, done.stderr).toBe(0);
    }
    tui = await fixture.mount({ load: true, management: true, columns: 160, rows: 60 });
    await tui.paste(`:msgs ${group.guid}\r`);
    await tui.waitForFrame((f) => f.includes("loaded"), "the group's messages");
    await tui.press("W");
    const frame = await tui.waitForFrame((f) => f.includes("webhooks for its events") && f.includes(`fix: ccx unblock ${m} ${s}`), "the verdicts above the trace");
    const rows = lines(frame);
    const verdict = rows.findIndex((l) => l.startsWith(`${m}: ${m} blocked ${s}: no message passes between them`));
    expect(verdict).toBeGreaterThan(1);
    expect(rows.findIndex((l) => l.startsWith(`message ${a.messages.count}:`))).toBeGreaterThan(verdict);
    // The cursor to the verdict's row (the first line of the report is the screen's third), then f.
    for (let i = 0; i < verdict - 2; i++) await tui.press("down");
    await tui.press("f");
    await tui.waitForFrame((f) => f.includes(`unblock ${m}→${s}?`), "the confirm box of the fix");
    await tui.press("y");
    await tui.waitForFrame((f) => /done: unblock/.test(f), "the fix done, journaled");
    expect(blocks(member, sender)).toBe(false);
  });
});

describe("notifications in the explorer", () => {
  it(":notification-logs lists the log, newest first; :providers masks every key; a user's last section is their preferences", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 160, rows: 40 });
    await tui.paste(":notification-logs\r");
    const logs = await tui.waitForFrame((f) => /SENT\s+MESSAGE\s+TO\s+CHANNEL/.test(f) && f.includes("loaded"), "the log");
    expect(logs).toMatch(/push\s+(fcm|apns)\s+(yes|no)/);
    await tui.paste(":providers\r");
    const providers = await tui.waitForFrame((f) => f.includes("email: sendgrid"), "the providers");
    expect(providers).toContain("push: fcm");
    const user = app().users.findIndex((_, u) => preferencesOf(app(), u).muted.length > 0);
    const uid = app().users[user]!.uid;
    await tui.paste(`:user ${uid}\r`);
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith(`user ${uid}`), "the user");
    // The section before the first is the last: their preferences, one item in place.
    await tui.press("left");
    const prefs = await tui.waitForFrame((f) => f.includes("Preferences · tab:") && /^timezone\s+\S+/m.test(f), "their preferences");
    expect(prefs).toMatch(new RegExp(`^timezone\\s+${preferencesOf(app(), user).timezone.replace("/", "\\/")}`, "m"));
    expect(prefs).toMatch(new RegExp(`^mutedConversations\\s+.*${preferencesOf(app(), user).muted[0]!.id}`, "m"));
  });
});
