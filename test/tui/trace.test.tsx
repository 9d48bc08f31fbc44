import { describe, expect, it } from "vitest";
import { KIND } from "../../src/emulator/data/message-store.js";
import { preferencesOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
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
    expect(frame).toMatch(new RegExp(`${muted.uid}\\s+no\\s+no\\s+yes\\s+\\S+\\s+\\d+\\s+push \\w+ held: MUTE_PREFERENCE.*muted the conversation`));
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
