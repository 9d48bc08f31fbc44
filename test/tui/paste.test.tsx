import { describe, expect, it } from "vitest";
import { type Tui, lines, listRows, tuiFixture } from "../support/tui.js";

/**
 * Pasting as people paste, over the emulator: a session id into `:call`
 * (bracketed or not, with its Enter in the same read), a long filter, and
 * the line edited as readline edits it.
 */

const fixture = tuiFixture();
let tui: Tui;

const PASTE = (text: string) => `\u001b[200~${text}\u001b[201~`;
const crumb = (frame: string) => lines(frame)[1]!;

/** A call of the first app with participants, and another row's (the selected one differs). */
function calls() {
  const app = fixture.fx.emulator.world.apps[0]!;
  const wanted = app.calls.find((c) => c.participants.length >= 3 && c.recordings.length > 0) ?? app.calls[5]!;
  return { wanted, appId: app.appId };
}

describe("paste", () => {
  it(":, then the id pasted with blanks and quotes, and Enter in the same read: that call opens with its participants", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    tui.router.feed(":call ");
    tui.router.feed(`${PASTE(`  "${wanted.sessionId}"  \n`)}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants (") && !f.includes("looking for"), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
    expect(frame).toContain(`Participants (${wanted.participants.length})`);
    expect(frame).toContain(wanted.participants[0]!.uid.slice(0, 10));
  });

  it("without bracketed paste: `:call <id>` and Enter as plain keys in one write, the same call", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.paste(`:call ${wanted.sessionId}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
  });

  it("a session id in two reads 5 ms apart, no paste markers (as SSH delivers it), then Enter: that call opens, no act-as prompt on the way", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    const id = wanted.sessionId;
    await tui.paste([id.slice(0, 9), id.slice(9)], 5);
    expect(lines(tui.frame()).at(-1)).toBe(`:call ${id}`);
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${id}`);
    expect(tui.frames().some((f) => f.includes("act as user"))).toBe(false);
    expect(tui.store.getState().user).toBeUndefined();
  });

  it("u typed by hand opens the act-as prompt; a session id pasted into it is offered as its call, and Enter opens it", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.press("u");
    expect(lines(tui.frame()).at(-1)).toMatch(/^act as user \(empty: nobody\):/);
    await tui.paste([wanted.sessionId.slice(0, 12), wanted.sessionId.slice(12)], 5);
    expect(lines(tui.frame()).at(-1)).toBe("that is a call's session id: enter opens the call · esc leaves it");
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
    expect(tui.store.getState().user).toBeUndefined();
  });

  it("keys typed one by one at a person's pace stay keys: u, a uid and Enter act as that user", async () => {
    tui = await fixture.mount();
    const uid = fixture.fx.emulator.world.apps[0]!.users[0]!.uid;
    await tui.press("u");
    await tui.type(uid);
    await tui.press("enter");
    await tui.waitForFrame((f) => lines(f)[0]!.includes(` · as ${uid.slice(0, 20)}`), "the header naming the user");
    expect(tui.store.getState().user).toBe(uid);
  });

  it("a pasted log line: :call finds the session id in it", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.paste(`:call ${PASTE(`2026-11-01T12:00:03Z WARN media: session ${wanted.sessionId} ended with 1006`)}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
  });

  it("ctrl-u clears a wrong id, and the command typed after it runs", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.paste(`:call not-this-one\u0015call ${wanted.sessionId}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
  });

  it("1,000 characters pasted into the filter line send one request, and the line shows its end", async () => {
    tui = await fixture.mount({ debounceMs: 60 });
    const before = tui.requests("/groups");
    // A long search: 1,000 characters of words, and a type, in one paste.
    const words = Array.from({ length: 200 }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ").slice(0, 985);
    const text = `${words} type:public`;
    expect(text.length).toBe(997);
    await tui.press("/");
    tui.router.feed(PASTE(text));
    await tui.waitForFrame((f) => f.includes("type=public") && !f.includes("⟳"), "the answer");
    await tui.settle(150);
    expect(tui.requests("/groups") - before).toBe(1);
    // The open line shows where the cursor is: the end of the paste.
    const line = lines(tui.frame())[2]!;
    expect(line.startsWith("/ …")).toBe(true);
    expect(line).toMatch(/w196 +type:public\s*$/);
    await tui.press("enter");
    expect(tui.requests("/groups") - before).toBe(1);
  });

  it("the filter line edits as readline does: home, a word typed there, ctrl-e, ctrl-w; ↑ recalls an earlier filter", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    await tui.press("/");
    await tui.type("tag:vip");
    await tui.press("home");
    await tui.type("type:private ");
    await tui.press("ctrl-e");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("→ GET /groups?perPage=100&type=private&tags=vip") && !f.includes("⟳"), "the private vip groups");
    expect(listRows(tui.frame()).length).toBeGreaterThan(0);

    await tui.press("/", "ctrl-w", "ctrl-w");
    await tui.type("type:public");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("→ GET /groups?perPage=100&type=public&withTags=true") && !f.includes("⟳"), "the public groups");

    // ↑ on the open line brings the earlier filter back, and it is sent again.
    await tui.press("/", "up", "enter");
    await tui.waitForFrame((f) => f.includes("type=private&tags=vip") && !f.includes("⟳"), "the recalled filter");
    expect(lines(tui.frame())[2]).toContain("/ type:private tag:vip");
  });
});

describe("an id pasted alone, no line open (issue 29, item 4)", () => {
  const app = () => fixture.fx.emulator.world.apps[0]!;
  const bottom = (frame: string) => lines(frame).at(-1) ?? "";

  it("a uid opens that user, and the status line says what it was", async () => {
    tui = await fixture.mount();
    const uid = app().users[3]!.uid;
    await tui.paste(PASTE(` "${uid}" `));
    const frame = await tui.waitForFrame((f) => crumb(f) === `groups › user ${uid}` && !f.includes("looking up"), "the user");
    expect(bottom(frame)).toBe(`${uid}: a user`);
    expect(tui.store.getState().ui.prompt).toBeUndefined();
    // Looked up as each kind its shape may be (a user, a group), on behalf of nobody.
    expect(fixture.fx.served.some((l) => new RegExp(`^GET \\S+/v3/groups/${uid} 404 [\\d.]+ms$`).test(l))).toBe(true);
  });

  it("a guid opens that group; arriving unmarked in two reads 5 ms apart, as SSH hands a paste over, it is still one id, and its Enter opens nothing more", async () => {
    tui = await fixture.mount();
    const guid = app().groups.find((g) => /^[a-z0-9].*-.*[a-z0-9]$/.test(g.guid) && g.guid.length > 8)!.guid;
    await tui.paste([guid.slice(0, 4), `${guid.slice(4)}\r`], 5);
    await tui.waitForFrame((f) => crumb(f) === `groups › group ${guid}` && !f.includes("looking up"), "the group");
    await tui.waitForFrame((f) => f.includes("Members ("), "its members");
    const frame = tui.frame();
    expect(crumb(frame)).toBe(`groups › group ${guid}`);
    expect(bottom(frame)).toBe(`${guid}: a group`);
    expect(tui.frames().some((f) => f.includes("act as user"))).toBe(false);
  });

  it("a message's id opens the message, a group's conversation id its messages", async () => {
    tui = await fixture.mount();
    await tui.press(":");
    await tui.type("msgs");
    await tui.press("enter");
    await tui.waitForFrame(() => (tui.store.getState().views[tui.store.getState().activeKey]!.lists.messages?.items.length ?? 0) > 0, "the app's messages");
    const id = String(tui.store.getState().views[tui.store.getState().activeKey]!.lists.messages!.items[0]!.id);
    await tui.paste(PASTE(id));
    await tui.waitForFrame((f) => crumb(f).endsWith(`message ${id}`) && !f.includes("looking up"), "the message");
    expect(bottom(tui.frame())).toBe(`${id}: a message`);
    const guid = app().groups[0]!.guid;
    await tui.paste(PASTE(`group_${guid}`));
    await tui.waitForFrame((f) => crumb(f).endsWith(`messages of group ${guid}`), "the group's messages");
  });

  it("a 1:1's conversation id opens its messages, asked as the first of its two", async () => {
    let id: string | undefined;
    for (const user of app().users.slice(0, 10)) {
      const answer = await fixture.fx.chat("/conversations", { conversationType: "user" }, { onBehalfOf: user.uid });
      id = (answer.body as { data?: Array<{ conversationId: string }> }).data?.[0]?.conversationId;
      if (id) break;
    }
    const [first, second] = id!.split("_user_");
    tui = await fixture.mount();
    await tui.paste(PASTE(id!));
    const frame = await tui.waitForFrame((f) => crumb(f).endsWith(`messages of ${first} and ${second}`) && !f.includes("looking up"), "the 1:1's messages");
    expect(lines(frame).at(-1)).toBe(`${id}: a conversation`);
  });

  it("a uid that is also a guid: the command bar offers both, the user first; tab goes to the group, and Enter opens it", async () => {
    tui = await fixture.mount();
    const uid = app().users[5]!.uid;
    const { fx } = fixture;
    const made = await fx.send("POST", `${fx.base("api", 0)}/groups`, { apikey: fx.app(0).fullAccessKey, "content-type": "application/json" }, { guid: uid, name: "named as a user", type: "public" });
    expect(made.status).toBe(200);
    await tui.paste(PASTE(uid));
    const frame = await tui.waitForFrame((f) => bottom(f).startsWith(`:user ${uid}`), "the command bar offering the user");
    expect(lines(frame).at(-2)).toMatch(new RegExp(`user ${uid}\\s+group ${uid}`));
    expect(crumb(frame)).toBe("groups");
    await tui.press("tab", "enter");
    await tui.waitForFrame((f) => crumb(f) === `groups › group ${uid}`, "the group");
  });

  it("an id nothing has: the command bar holds it, the line above says so, and nothing opens", async () => {
    tui = await fixture.mount();
    await tui.paste(PASTE("no-such-id-anywhere"));
    const frame = await tui.waitForFrame((f) => bottom(f).startsWith(":no-such-id-anywhere"), "the command bar holding the id");
    const name = tui.store.getState().apps[0]!.label;
    expect(lines(frame).at(-2)).toBe(`no user, group, message or conversation has this id in ${name} nor in the 2 other apps`);
    expect(crumb(frame)).toBe("groups");
  });

  it("an id only another app has: the explorer switches to that app and opens it there, and says so (issue 31, item 3)", async () => {
    const { fx } = fixture;
    const uid = "only-in-the-second-app";
    const made = await fx.send("POST", `${fx.base("api", 1)}/users`, { apikey: fx.app(1).fullAccessKey, "content-type": "application/json" }, { uid, name: "Second Only" });
    expect(made.status).toBe(200);
    tui = await fixture.mount();
    const from = fx.served.length;
    await tui.paste(PASTE(uid));
    const frame = await tui.waitForFrame((f) => crumb(f).endsWith(`user ${uid}`) && !f.includes("looking up"), "the user, in the second app");
    expect(bottom(frame)).toBe(`${uid}: a user · switched to ${fx.info.apps[1]!.name} · ${fx.app(1).region}, which has it`);
    expect(tui.store.getState().activeKey).toBe(`${fx.app(1).appId}:${fx.app(1).region}`);
    // Asked as ccx find asks: a user and a group in each app, then the user opened where it is.
    const asked = fx.served.slice(from).filter((l) => l.includes(`/${uid} `));
    for (const app of fx.info.apps) expect(asked.filter((l) => l.includes(`/${app.appId}.`)).length).toBeLessThanOrEqual(app === fx.info.apps[1] ? 3 : 2);
  });
});
