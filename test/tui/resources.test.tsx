import { describe, expect, it } from "vitest";
import { REVEALED_BANNER, type Tui, lines, tuiFixture } from "../support/tui.js";

/**
 * The resources made from a definition, in the explorer: `:webhooks` lists
 * them (the management API), Enter opens one with its fields and its
 * triggers below, the password masked; `:transcripts <sessionId>` on the
 * calls host; `:webhook <id>` straight to one; usage said when an id is missing.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 5, calls: 30, users: 8, messages: 600 } });
let tui: Tui;

async function command(text: string): Promise<void> {
  await tui.press(":");
  await tui.type(text);
  await tui.press("enter");
}

describe("resources from their definitions", () => {
  it(":webhooks lists the app's webhooks; Enter opens one, its fields and its triggers below, the password masked", async () => {
    tui = await fixture.mount({ load: true, management: true });
    const hooks = fixture.fx.emulator.world.apps[0]!.webhooks;
    await command("webhooks");
    const list = await tui.waitForFrame((f) => f.includes(hooks[0]!.id) && new RegExp(`${hooks.length} (loaded|of)`).test(f), "the webhooks");
    expect(lines(list)[1]).toMatch(/webhooks$/);
    expect(list).toMatch(/ID\s+NAME\s+ENABLED\s+UPDATED\s+URL/);
    const hook = hooks.findIndex((w) => w.password);
    for (let i = 0; i < hook; i++) await tui.press("j");
    await tui.press("enter");
    const one = hooks[hook]!;
    const frame = await tui.waitForFrame((f) => f.includes(`Triggers (${one.triggers.length})`) && f.includes(one.triggers[0]!), "the webhook and its triggers");
    expect(lines(frame)[1]).toMatch(new RegExp(`webhooks › webhook ${one.id}$`));
    expect(frame).toMatch(new RegExp(`^webhookURL\\s+${one.webhookURL}`, "m"));
    expect(frame).toMatch(new RegExp(`^password\\s+…${one.password!.slice(-4)}`, "m"));
    expect(frame).not.toContain(one.password!);
    for (const trigger of one.triggers) expect(frame).toContain(trigger);
    // y copies the selected trigger's id.
    await tui.press("y");
    expect(tui.copies().at(-1)).toBe(one.triggers[0]);
  });

  it("v on an item asks before it shows its secrets whole; n keeps them masked, r masks them again, Y copies them masked", async () => {
    tui = await fixture.mount({ load: true, management: true });
    const one = fixture.fx.emulator.world.apps[0]!.webhooks.find((w) => w.password)!;
    await command(`webhook ${one.id}`);
    const masked = await tui.waitForFrame((f) => new RegExp(`^password\\s+…${one.password!.slice(-4)}`, "m").test(f), "the webhook, its password masked");
    expect(masked).toMatch(/v reveal/);
    await tui.press("v");
    const asked = await tui.waitForFrame((f) => f.includes(`Show the secret of webhook ${one.id} whole?`), "the question");
    expect(asked).toMatch(/password/);
    expect(asked).toMatch(/y show them · n cancel/);
    await tui.press("n");
    await tui.waitForFrame((f) => !f.includes("whole?"), "the question gone");
    expect(tui.frame()).not.toContain(one.password!);
    await tui.press("v");
    await tui.waitForFrame((f) => f.includes("whole?"), "the question again");
    await tui.press("y");
    const shown = await tui.waitForFrame((f) => f.includes(REVEALED_BANNER), "the secrets shown");
    expect(shown).toMatch(new RegExp(`^password\\s+${one.password}`, "m"));
    await tui.press("Y");
    expect(tui.copies().at(-1)).not.toContain(one.password!);
    await tui.press("r");
    const again = await tui.waitForFrame((f) => !f.includes(REVEALED_BANNER) && f.includes(`…${one.password!.slice(-4)}`), "masked again");
    expect(again).not.toContain(one.password!);
  });

  it("on a wide terminal the preview beside the list shows the selected row's fields, and follows the cursor", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 200, rows: 40, panes: true });
    const hooks = fixture.fx.emulator.world.apps[0]!.webhooks;
    await command("webhooks");
    const first = await tui.waitForFrame((f) => f.includes("preview (] hides)") && new RegExp(`${hooks.length} (loaded|of)`).test(f), "the webhooks and the preview");
    expect(first).toMatch(new RegExp(`preview \\(\\] hides\\)\\n(.*\\n)*.*\\sid\\s+${hooks[0]!.id}\\n`));
    await tui.press("j");
    await tui.waitForFrame((f) => new RegExp(`\\sid\\s+${hooks[1]!.id}\\n`).test(f), "the preview of the next webhook");
  });

  it(":transcripts <sessionId> on the calls host; :webhook <id> opens one; a missing id is said", async () => {
    tui = await fixture.mount({ load: true, management: true });
    const call = fixture.fx.emulator.world.apps[0]!.calls.find((c) => c.transcriptions.length > 0)!;
    await command(`transcripts ${call.sessionId}`);
    await tui.waitForFrame((f) => f.includes(call.transcriptions[0]!.tid), "the transcripts");
    expect(fixture.fx.served.at(-1)).toMatch(new RegExp(`\\.call-[a-z]+/v3/calls/${call.sessionId}/transcriptions\\?perPage=100 200`));
    const hook = fixture.fx.emulator.world.apps[0]!.webhooks[1]!;
    await command(`webhook ${hook.id}`);
    await tui.waitForFrame((f) => f.includes(`Triggers (${hook.triggers.length})`), "the webhook");
    await command("triggers");
    await tui.waitForFrame((f) => f.includes("usage: :triggers <webhookId>"), "the usage");
  });

  it("T on a call opens its transcripts", async () => {
    // Wide enough for the whole stack (two session ids): narrower, the crumbs are cut from the left.
    tui = await fixture.mount({ load: true, columns: 140 });
    const call = fixture.fx.emulator.world.apps[0]!.calls.find((c) => c.transcriptions.length > 0)!;
    await command(`call ${call.sessionId}`);
    await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    await tui.press("T");
    const frame = await tui.waitForFrame((f) => f.includes(call.transcriptions[0]!.tid), "the call's transcripts");
    expect(lines(frame)[1]).toBe(`groups › call ${call.sessionId} › transcripts ${call.sessionId}`);
  });

  it(":roles lists the roles; enter opens one: its fields, its restricted features below, tab: its permissions", async () => {
    tui = await fixture.mount({ load: true, columns: 140, rows: 40 });
    await command("roles");
    await tui.waitForFrame((f) => /ROLE\s+NAME/.test(f) && f.includes("moderator"), "the roles");
    await tui.press("enter");
    let frame = await tui.waitForFrame((f) => /Restricted-features \(\d+\) · tab: permissions/.test(f), "a role and its restricted features");
    expect(frame).toMatch(/^role\s+\S+/m);
    await tui.press("tab");
    frame = await tui.waitForFrame((f) => f.includes("Permissions (28)"), "its permissions");
    expect(frame).toMatch(/sendMessage\s+allow\s+string/);
  });

  it(":extensions lists which are on; :settings shows every switch (management API)", async () => {
    tui = await fixture.mount({ load: true, management: true, columns: 140, rows: 40 });
    await command("extensions");
    await tui.waitForFrame((f) => /ID\s+NAME\s+ON\s+THIRD PARTY\s+ABOUT/.test(f) && f.includes("profanity-filter"), "the extensions");
    await command("settings");
    const frame = await tui.waitForFrame((f) => /core\.conversations\.updateOnReplies\s+(true|false)/.test(f), "the settings");
    expect(lines(frame)[1]).toMatch(/› settings ?$/);
  });

  it(":resources lists every resource by group; enter opens one, or the command line when it takes an id", async () => {
    const resourceRows = (await import("../../src/tui/screens/resources.js")).resourceRows();
    tui = await fixture.mount({ load: true, management: true, columns: 140, rows: 60 });
    await command("resources");
    const list = await tui.waitForFrame((f) => f.includes(`${resourceRows.length} resources`) && f.includes(":tokens <uid>"), "the resources");
    expect(list).toMatch(/API Keys\s+:apikeys\s/);
    expect(list).toMatch(/Webhooks\s+:webhooks\s/);
    // Beside what each answers, the writes that change it.
    expect(list).toMatch(/WRITES/);
    expect(list).toMatch(/:webhooks\s.*webhook create, webhook update/);
    // A resource without parameters opens at once.
    await tui.press("enter");
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith("resources › apikeys") && /KEY\s+NAME\s+SCOPE/.test(f), "the API keys");
    await tui.press("escape");
    // One that takes an id opens the command line, its name typed.
    const friends = resourceRows.findIndex((r) => r.command === "friends");
    for (let i = 0; i < friends; i++) await tui.press("j");
    await tui.press("enter");
    await tui.waitForFrame((f) => /^:friends\s*$/m.test(f), "the command line with :friends");
    await tui.type(fixture.fx.emulator.world.apps[0]!.users[0]!.uid);
    await tui.press("enter");
    await tui.waitForFrame((f) => /UID\s+NAME\s+STATUS\s+LAST ACTIVE/.test(f) || f.includes("no friends"), "their friends");
  });

  it(":message <id> shows its fields and its thread below, tab its reactions and notification log lines; :reactions <id> lists who reacted", async () => {
    tui = await fixture.mount({ load: true });
    const answer = await fixture.fx.chat("/messages", { limit: 600 });
    const parent = (answer.body.data as Array<Record<string, any>>).find((m) => (m.replyCount ?? 0) >= 1)!;
    await command(`message ${parent.id}`);
    const frame = await tui.waitForFrame((f) => f.includes(`Thread (${parent.replyCount})`) && !f.includes("⟳"), "the message and its thread");
    expect(frame).toMatch(new RegExp(`^id\\s+${parent.id}`, "m"));
    expect(frame).toMatch(/ID\s+SENT\s+SENDER\s+TYPE\s+MESSAGE/);
    expect(frame).toContain("· tab: reactions");
    // tab shows its reactions below instead, then its notification log lines, and back.
    await tui.press("tab");
    await tui.waitForFrame((f) => /Reactions \(\d+\) · tab: notification-logs/.test(f) && !f.includes("⟳"), "its reactions below");
    await tui.press("tab");
    const logs = await tui.waitForFrame((f) => /Notification-logs \(\d+\) · tab: thread/.test(f) && !f.includes("⟳"), "its notification log lines below");
    expect(fixture.fx.served.some((l) => l.includes(`/notifications/v1/logs?messageId=${parent.id} 200`))).toBe(true);
    if (!/Notification-logs \(0\)/.test(logs)) expect(logs).toMatch(/SENT\s+MESSAGE\s+TO\s+CHANNEL/);
    await tui.press("tab");
    await tui.waitForFrame((f) => f.includes(`Thread (${parent.replyCount}) · tab: reactions`), "its thread again");
    const reacted = (answer.body.data as Array<Record<string, any>>).find((m) => (m.reactions?.length ?? 0) >= 1)!;
    await command(`reactions ${reacted.id}`);
    await tui.waitForFrame((f) => f.includes(reacted.reactions[0].reaction) && /\d+ (loaded|of \d+)/.test(f), "the reactions");
  });
});
