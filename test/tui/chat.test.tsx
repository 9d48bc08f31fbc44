import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { journalEntries } from "../support/journal.js";
import { injectTexts } from "../injection/world.js";
import { scratchDir } from "../support/scratch.js";
import { type Tui, appRefs, lines, listRows, tuiFixture } from "../support/tui.js";
import { detailsOfKind } from "../../src/store/details.js";
import { activeView, currentRoute } from "../../src/store/explorer-store.js";
import { listInView } from "../../src/store/list-actions.js";

/**
 * The chat side in the explorer: users (live filter), a user's screen and
 * its lists, the jumps to a user (a member, a participant), a conversation's
 * messages (newest at the bottom, older as one goes up), and the writes: an
 * auth token shown once, a test message, both asked first and refused in
 * read-only mode before anything is sent.
 */

const fixture = tuiFixture({ sizes: { apps: 1, groups: 30, calls: 40, users: 30, messages: 4000 } });
let tui: Tui;

const world = () => fixture.fx.emulator.world.apps[0]!;
const crumbs = (frame: string) => lines(frame)[1]!;
const posts = () => fixture.fx.served.filter((line) => line.startsWith("POST "));

/** The group with the most of the newest messages, and one of its members. */
async function groupWithMessages(): Promise<{ guid: string; member: string }> {
  const messages = (await fixture.fx.chat("/messages", { limit: 1000 })).body.data as Array<{ receiverType: string; receiver: string; sender: string; category: string }>;
  const inGroups = messages.filter((x) => x.receiverType === "group" && x.category === "message");
  const count = (guid: string) => inGroups.filter((x) => x.receiver === guid).length;
  const m = inGroups.reduce((best, x) => (count(x.receiver) > count(best.receiver) ? x : best));
  return { guid: m.receiver, member: m.sender };
}

describe("users", () => {
  it(":users lists them; the live filter narrows them; enter opens one: profile, then groups, calls, conversations, blocked, friends, tokens, preferences", async () => {
    tui = await fixture.mount({ columns: 140, rows: 40, debounceMs: 30 });
    expect(lines(tui.frame())[0], "the header of an app that may write").not.toContain("read-only");
    await tui.paste(":users\r");
    await tui.waitForFrame((f) => f.includes("GET /users?perPage=100") && listRows(f).length > 0, "the users");
    await tui.press("/");
    await tui.type("status:available");
    await tui.press("enter");
    const filtered = await tui.waitForFrame((f) => f.includes("status=available") && !f.includes("⟳") && listRows(f).length > 0, "the available users");
    expect(listRows(filtered).every((row) => row.includes("available"))).toBe(true);

    const user = world().users.find((u) => u.status === "available")!;
    await tui.press("/");
    await tui.paste(` ${user.uid}`);
    await tui.press("enter");
    await tui.waitForFrame((f) => listRows(f).length === 1 && f.includes(user.uid), "that user alone");
    await tui.press("enter");
    let frame = await tui.waitForFrame((f) => crumbs(f).includes(`user ${user.uid}`) && /Groups joined \(\d+\) · tab: calls, conversations/.test(f), "the user and their groups");
    expect(frame).toMatch(new RegExp(`^uid\\s+${user.uid}`, "m"));
    expect(frame).toMatch(/^name\s+/m);
    await tui.press("l");
    frame = await tui.waitForFrame((f) => /Calls \(\d+\)/.test(f) && f.includes("STATUS"), "their calls");
    expect(fixture.fx.served.some((line) => /\/calls\?(.*&)?uid=/.test(line) && line.includes(`uid=${user.uid}`))).toBe(true);
    await tui.press("l");
    await tui.waitForFrame((f) => /Conversations \(\d+\)/.test(f), "their conversations");
    expect(tui.store.getState().log.some((e) => e.url.includes("/conversations") && e.onBehalfOf === user.uid)).toBe(true);
    await tui.press("l");
    await tui.waitForFrame((f) => /Blocked users \(\d+\)/.test(f), "whom they blocked");
    expect(fixture.fx.served.some((line) => line.includes(`/users/${user.uid}/blockedusers`))).toBe(true);
    await tui.press("l");
    const friends = (await fixture.fx.chat(`/users/${user.uid}/friends`)).body.data as Array<{ uid: string }>;
    frame = await tui.waitForFrame((f) => f.includes(`Friends (${friends.length})`), "their friends");
    for (const friend of friends) expect(frame).toContain(friend.uid);
    // Their auth tokens, masked.
    await tui.press("tab");
    frame = await tui.waitForFrame((f) => /Tokens \(\d+\)/.test(f) && /\d+ loaded/.test(f), "their tokens");
    const tokens = (await fixture.fx.chat(`/users/${user.uid}/auth_tokens`)).body.data as Array<{ authToken: string }>;
    for (const token of tokens) {
      expect(frame).not.toContain(token.authToken);
      expect(frame).toContain(`…${token.authToken.slice(-4)}`);
    }
    // Their notification preferences: one item, its fields in place (a section the definition names in one line).
    await tui.press("tab");
    frame = await tui.waitForFrame((f) => f.includes("Preferences · tab: groups joined") && /^timezone\s/m.test(f), "their preferences");
    expect(fixture.fx.served.some((line) => line.includes(`/notifications/v1/preferences?uid=${user.uid}`))).toBe(true);
    // Enter: the preferences on their own screen; back: the user, the section where it was.
    await tui.press("enter");
    await tui.waitForFrame((f) => crumbs(f).endsWith(`preferences ${user.uid}`), "the preferences whole");
    await tui.press("escape");
    await tui.waitForFrame((f) => f.includes("Preferences · tab: groups joined"), "the user again");
  });

  it("a user's sections are theirs whoever is acted for: the groups they joined asked as them; Enter opens the group, or their conversation's thread", async () => {
    tui = await fixture.mount({ columns: 140, rows: 40, debounceMs: 30 });
    const someone = world().users[0]!.uid;
    // A user other than the one acted for who joined a group.
    const joinedBy = async (uid: string) => (await fixture.fx.chat("/groups", { hasJoined: "true", perPage: 100 }, { onBehalfOf: uid })).body.data as Array<{ guid: string }>;
    let user = "";
    let joined: Array<{ guid: string }> = [];
    for (const u of world().users.slice(1)) if ((joined = await joinedBy(u.uid)).length > 0 && (user = u.uid)) break;
    expect(joined.length).toBeGreaterThan(0);
    await tui.paste(`:as ${someone}\r`);
    await tui.paste(`:user ${user}\r`);
    const frame = await tui.waitForFrame((f) => /Groups joined \((\d+)\)/.test(f) && / loaded · GET \/groups\?/.test(f), "their groups");
    // The request line says whom it was asked as; the log says the header carried them, not the user acted for.
    expect(frame).toContain(`(as ${user})`);
    const asked = tui.store.getState().log.filter((e) => e.url.includes("/groups?") && e.url.includes("hasJoined=true"));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((e) => e.onBehalfOf === user)).toBe(true);
    // Enter: the group's own item (its guid alone), not one keyed by the user's uid.
    await tui.press("enter");
    await tui.waitForFrame((f) => crumbs(f).endsWith(`group ${joined[0]!.guid}`) && f.includes("Members ("), "the group joined");
    expect(currentRoute(tui.store.getState())).toEqual({ view: "resource-item", name: "groups", params: [joined[0]!.guid] });
    await tui.press("escape");
    await tui.press("l", "l");
    await tui.waitForFrame((f) => /Conversations \(\d+\)/.test(f) && f.includes(`(as ${user})`) && f.includes("WITH") && !f.includes("⟳"), "their conversations");
    // Their first 1:1: Enter opens it as them, not as the user acted for.
    const selection = () => tui.store.getState();
    const rows = Object.entries(activeView(selection()).lists).find(([key]) => key.startsWith(`conversations/${user}@`))![1].items;
    const oneToOne = rows.findIndex((c) => c.conversationType === "user");
    expect(oneToOne).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < oneToOne; i++) await tui.press("j");
    await tui.press("enter");
    await tui.waitForFrame((f) => crumbs(f).includes(`messages of ${user} and `), "their conversation's thread, as them");
  });

  it(":user <uid> opens a user; an unknown one is said in place with the service's code", async () => {
    tui = await fixture.mount({ columns: 120, debounceMs: 30 });
    const uid = world().users[4]!.uid;
    await tui.paste(`:user ${uid}\r`);
    await tui.waitForFrame((f) => crumbs(f).includes(`user ${uid}`) && f.includes(`uid`), "the user");
    await tui.paste(":user no-such-user\r");
    await tui.waitForFrame((f) => f.includes("ERR_UID_NOT_FOUND"), "not found, in place");
  });

  it("jumps to a user: from a group's member, from a call's participant; c from a participant: their calls", async () => {
    tui = await fixture.mount({ columns: 140, rows: 40, debounceMs: 30 });
    const group = [...world().groups].sort((a, b) => b.membersCount - a.membersCount)[0]!;
    await tui.paste(`:group ${group.guid}\r`);
    const detail = await tui.waitForFrame((f) => f.includes("Members ("), "the group");
    const member = (await fixture.fx.chat(`/groups/${group.guid}/members`, { perPage: 100 })).body.data[0].uid as string;
    expect(detail).toContain(member);
    await tui.press("enter");
    await tui.waitForFrame((f) => crumbs(f).endsWith(`user ${member}`), "the member as a user");
    await tui.press("escape", "tab");
    const banned = (await fixture.fx.chat(`/groups/${group.guid}/bannedusers`)).body.data as Array<{ uid: string }>;
    await tui.waitForFrame((f) => f.includes(`Banned (${banned.length}) · tab: members`) && banned.every((u) => f.includes(u.uid)), "the banned users");

    const call = world().calls.find((c) => c.participants.length > 0)!;
    const participant = call.participants[0]!.uid;
    await tui.paste(`:call ${call.sessionId}\r`);
    await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    await tui.press("enter");
    await tui.waitForFrame((f) => crumbs(f).endsWith(`user ${participant}`), "the participant as a user");
    await tui.press("escape", "c");
    await tui.waitForFrame((f) => f.includes(`uid=${participant}`) && !f.includes("⟳"), "the participant's calls");
  });
});

describe("messages", () => {
  it(":msgs <guid>: newest at the bottom; going up past the top loads older ones, none twice", async () => {
    const { guid } = await groupWithMessages();
    tui = await fixture.mount({ columns: 120, rows: 30, debounceMs: 30 });
    await tui.paste(`:msgs ${guid}\r`);
    await tui.waitForFrame((f) => crumbs(f).includes(`messages of group ${guid}`) && / loaded/.test(f), "the group's messages");
    const thread = () => activeView(tui.store.getState()).lists[listInView(tui.store.getState())!]!;
    expect(thread().selected).toBe(thread().items.length - 1);
    const first = thread().items.length;
    const oldestBefore = Number(thread().items[0]!.id);
    expect(thread().hasMore).toBe(true);
    await tui.press("g");
    await tui.waitForFrame(() => thread().items.length > first && !thread().loading, "older messages");
    expect(tui.store.getState().log.some((e) => e.url.includes("affix=prepend") && e.url.includes(`id=${oldestBefore}`))).toBe(true);
    // The cursor stays on the message it was on, now further down.
    expect(Number(thread().items[thread().selected]!.id)).toBe(oldestBefore);
    const ids = thread().items.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Oldest first.
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));
  });

  it("scrolling up near the top loads the older messages above, the cursor staying on the message it was on", async () => {
    const { guid } = await groupWithMessages();
    tui = await fixture.mount({ columns: 120, rows: 30, debounceMs: 30 });
    await tui.paste(`:msgs ${guid}\r`);
    await tui.waitForFrame((f) => crumbs(f).includes(`messages of group ${guid}`) && / loaded/.test(f), "the group's messages");
    const thread = () => activeView(tui.store.getState()).lists[listInView(tui.store.getState())!]!;
    const first = thread().items.length;
    const oldest = String(thread().items[0]!.id);
    // Up, row by row, to ten rows from the top: not the top itself.
    const on = String(thread().items[9]!.id);
    await tui.press(...Array<string>(first - 10).fill("k"));
    const frame = await tui.waitForFrame(() => thread().items.length > first && !thread().loading, "the older messages above");
    expect(tui.store.getState().log.some((e) => e.url.includes("affix=prepend") && e.url.includes(`id=${oldest}`))).toBe(true);
    // Above: the rows it had are where they were, under the older ones; the cursor and its box on the same message.
    expect(String(thread().items[thread().selected]!.id)).toBe(on);
    expect(thread().items.slice(-first).map((m) => String(m.id))[0]).toBe(oldest);
    expect(frame).toMatch(new RegExp(`· id ${on}\\b`));
  });

  it("/sender:<uid> filters a thread as you type: the request carries sender=, every message is theirs, the cursor on the newest", async () => {
    const { guid, member } = await groupWithMessages();
    tui = await fixture.mount({ columns: 140, rows: 30, debounceMs: 30 });
    await tui.paste(`:msgs ${guid}\r`);
    await tui.waitForFrame((f) => / loaded/.test(f), "the thread");
    const from = fixture.fx.served.length;
    await tui.press("/");
    await tui.type(`sender:${member}`);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes(`sender=${member}`) && !f.includes("⟳") && / loaded/.test(f), "the thread filtered");
    expect(fixture.fx.served.slice(from).some((l) => l.includes(`/groups/${guid}/messages?`) && l.includes(`sender=${member}`))).toBe(true);
    const thread = activeView(tui.store.getState()).lists[listInView(tui.store.getState())!]!;
    expect(thread.items.length).toBeGreaterThan(0);
    expect(thread.items.every((m) => m.sender === member)).toBe(true);
    expect(thread.selected).toBe(thread.items.length - 1);
  });

  it("a 1:1 is asked as the user it was opened for, while another is acted for", async () => {
    const [me, other, third] = [world().users[4]!.uid, world().users[6]!.uid, world().users[8]!.uid];
    tui = await fixture.mount({ columns: 140, rows: 30, debounceMs: 30, root: "calls" });
    await tui.paste(`:as ${me}\r`);
    await tui.paste(`:msgs ${other}\r`);
    await tui.waitForFrame((f) => crumbs(f).endsWith(`messages of ${me} and ${other}`) && !f.includes("⟳"), "the 1:1");
    // Another acted for: the thread is asked again (r), as its own side still, and says so.
    await tui.paste(`:as ${third}\r`);
    const from = tui.store.getState().log.length === 0 ? 0 : tui.store.getState().log.at(-1)!.id;
    await tui.press("r");
    const frame = await tui.waitForFrame((f) => lines(f)[0]!.includes(`as ${third}`) && tui.store.getState().log.some((e) => e.id > from && e.done && e.url.includes(`/users/${other}/messages`)), "asked again");
    expect(crumbs(frame)).toBe(`calls › messages of ${me} and ${other}`);
    expect(frame).toContain(`(as ${me})`);
    const asked = tui.store.getState().log.filter((e) => e.id > from && e.url.includes(`/users/${other}/messages`));
    expect(asked.map((e) => e.onBehalfOf)).toEqual(asked.map(() => me));
  });

  it("w follows a thread: its newest page asked again, what came added at the bottom, the cursor on the newest following it", async () => {
    const [me, other] = [world().users[0]!, world().users[6]!];
    tui = await fixture.mount({ columns: 140, rows: 30, debounceMs: 30, root: "calls" });
    await tui.paste(`:as ${me.uid}\r`);
    await tui.paste(`:msgs ${other.uid}\r`);
    await tui.waitForFrame((f) => crumbs(f).endsWith(`messages of ${me.uid} and ${other.uid}`) && / loaded/.test(f), "the 1:1");
    const thread = () => activeView(tui.store.getState()).lists[listInView(tui.store.getState())!]!;
    const had = thread().items.length;
    await tui.paste(":interval 2\r");
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("· live (w stops)"), "live on");
    const [id] = injectTexts(world(), other, ["said while followed"]);
    const frame = await tui.waitForFrame((f) => f.includes("said while followed") && f.includes(`· id ${id}`), "the new message, under the cursor", 8000);
    expect(thread().items.length).toBe(had + 1);
    expect(String(thread().items.at(-1)!.id)).toBe(id);
    expect(thread().selected).toBe(had);
    expect(frame).toMatch(/^\+ /m);
  }, 15_000);

  it("m sends a test message as the user acted for: typed, shown, confirmed, then in the thread", async () => {
    const { guid, member } = await groupWithMessages();
    const journal = join(scratchDir("ccx-tui-send-"), "journal.ndjson");
    tui = await fixture.mount({ columns: 140, rows: 30, debounceMs: 30, journal });
    await tui.paste(`:as ${member}\r`);
    await tui.paste(`:msgs ${guid}\r`);
    await tui.waitForFrame((f) => / loaded/.test(f), "the thread");
    await tui.press("m");
    await tui.waitForFrame((f) => f.includes(`message as ${member} to group ${guid}:`), "the message line");
    await tui.press("ctrl-u");
    await tui.paste("hello from the explorer");
    await tui.press("enter");
    const asked = `send group ${guid} (as ${member})?`;
    const confirm = await tui.waitForFrame((f) => f.includes(asked), "the confirmation");
    expect(confirm).toMatch(/POST \S+\/messages\b/);
    expect(confirm).toContain(`as ${member}`);
    expect(confirm).toContain('"hello from the explorer"');
    expect(posts()).toHaveLength(0);
    await tui.press("y");
    const sent = await tui.waitForFrame((f) => /sent message \d+ as \S+ to group \S+ at .* \(journal \d+\)/.test(f), "sent");
    const id = /sent message (\d+)/.exec(sent)![1];
    await tui.waitForFrame((f) => f.includes("hello from the explorer") && !f.includes(asked), "the message in the thread");
    expect(posts()).toHaveLength(1);
    // Journaled as ccx send is, with the delete that undoes it (the id its answer gave).
    expect(journalEntries(journal).at(-1)).toMatchObject({ verb: "send", outcome: "done", inverse: { method: "DELETE", path: `/messages/${id}`, as: member } });
  });
});

describe("after a write", () => {
  it("what the other screens hold is asked again when shown: a thread left for another screen shows the message sent meanwhile", async () => {
    const { guid, member } = await groupWithMessages();
    const journal = join(scratchDir("ccx-tui-stale-"), "journal.ndjson");
    tui = await fixture.mount({ columns: 140, rows: 30, debounceMs: 30, journal });
    await tui.paste(`:as ${member}\r`);
    await tui.paste(`:msgs ${guid}\r`);
    await tui.waitForFrame((f) => / loaded/.test(f), "the thread");
    // Another screen on top of it; from there, a message to the same group (as the line of any screen may send one).
    await tui.paste(":resources\r");
    await tui.waitForFrame((f) => lines(f)[1]!.endsWith("resources"), "the resources");
    tui.store.getState().askVerb("send", { args: {}, flags: { group: guid, as: member, text: "sent from elsewhere" } });
    await tui.waitForFrame((f) => f.includes(`send group ${guid} (as ${member})?`), "the confirmation");
    await tui.press("y");
    await tui.waitForFrame((f) => /sent message \d+/.test(f), "sent");
    await tui.press("escape");
    await tui.waitForFrame((f) => lines(f)[1]!.includes(`messages of group ${guid}`) && f.includes("sent from elsewhere"), "the thread, asked again, with the message");
  });
});

describe(":msgs <id> tells a group from a user", () => {
  /** What the emulator answered since `from` for the id, as `METHOD path status`. */
  const askedFor = (from: number, id: string) =>
    fixture.fx.served.slice(from).filter((l) => l.split(" ")[1]!.split("?")[0]!.endsWith(`/${id}`)).map((l) => l.split(" ").slice(0, 3).join(" ").replace(/^(\w+) \S*\/v3/, "$1 "));

  it("acting as a user, a group not loaded here: asked of the service, and its messages open", async () => {
    const { guid, member } = await groupWithMessages();
    // On the calls list: the groups were never loaded.
    tui = await fixture.mount({ columns: 120, rows: 30, debounceMs: 30, root: "calls" });
    await tui.paste(`:as ${member}\r`);
    const from = fixture.fx.served.length;
    await tui.paste(`:msgs ${guid}\r`);
    const frame = await tui.waitForFrame((f) => / loaded/.test(f), "the thread");
    expect(crumbs(frame)).toBe(`calls › messages of group ${guid}`);
    expect(askedFor(from, guid)).toEqual([`GET /groups/${guid} 200`]);
  });

  it("acting as a user, another user's uid: no group has it, the user does, and their 1:1 opens", async () => {
    const [me, other] = [world().users[4]!.uid, world().users[6]!.uid];
    tui = await fixture.mount({ columns: 120, rows: 30, debounceMs: 30, root: "calls" });
    await tui.paste(`:as ${me}\r`);
    const from = fixture.fx.served.length;
    await tui.paste(`:msgs ${other}\r`);
    const frame = await tui.waitForFrame((f) => crumbs(f).includes("messages of") && !f.includes("⟳"), "the thread");
    expect(crumbs(frame)).toBe(`calls › messages of ${me} and ${other}`);
    expect(askedFor(from, other)).toEqual([`GET /groups/${other} 404`, `GET /users/${other} 200`]);
  });

  it("an id that is neither is said plainly, after two requests, and nothing opens", async () => {
    tui = await fixture.mount({ columns: 120, rows: 30, debounceMs: 30, root: "calls" });
    await tui.paste(`:as ${world().users[4]!.uid}\r`);
    const from = fixture.fx.served.length;
    await tui.paste(":msgs no-such-id\r");
    const frame = await tui.waitForFrame((f) => f.includes("no group or user has the id no-such-id in this app"), "the answer");
    expect(crumbs(frame)).toBe("calls");
    expect(askedFor(from, "no-such-id")).toEqual(["GET /groups/no-such-id 404", "GET /users/no-such-id 404"]);
  });

  it("a user's uid with nobody acted for: says how to choose whom to act for", async () => {
    const uid = world().users[6]!.uid;
    tui = await fixture.mount({ columns: 140, rows: 30, debounceMs: 30, root: "calls" });
    await tui.paste(`:msgs ${uid}\r`);
    const frame = await tui.waitForFrame((f) => f.includes(`the messages with ${uid} are a 1:1 conversation`), "the answer");
    expect(crumbs(frame)).toBe("calls");
  });
});

describe("writes", () => {
  it("t: asks first (n sends nothing), then shows the token once, y copies it, and it is nowhere else", async () => {
    const uid = world().users[2]!.uid;
    const journal = join(scratchDir("ccx-tui-token-"), "journal.ndjson");
    tui = await fixture.mount({ columns: 120, debounceMs: 30, journal });
    await tui.paste(`:user ${uid}\r`);
    await tui.waitForFrame((f) => crumbs(f).includes(`user ${uid}`), "the user");
    const before = posts().length;
    await tui.press("t");
    await tui.waitForFrame((f) => f.includes(`token ${uid}?`) && f.includes(`/users/${uid}/auth_tokens`), "the question");
    await tui.press("n");
    await tui.waitForFrame((f) => !f.includes(`token ${uid}?`), "cancelled");
    expect(posts().length).toBe(before);

    await tui.press("t", "y");
    const shown = await tui.waitForFrame((f) => f.includes(`Auth token for ${uid}`) && f.includes(`${uid}_`), "the token");
    const token = new RegExp(`${uid}_[0-9a-f]+`).exec(shown)![0];
    expect(posts().length).toBe(before + 1);
    await tui.press("y");
    expect(tui.copies()).toContain(token);
    await tui.press("escape");
    const after = await tui.waitForFrame((f) => !f.includes("Auth token for"), "the box closed");
    expect(after).not.toContain(token);
    const state = tui.store.getState();
    expect(JSON.stringify(state.log)).not.toContain(token);
    expect(state.notice ?? "").not.toContain(token);
    expect(JSON.stringify(state.ui)).not.toContain(token);
    // Journaled as every write, the token nowhere in it.
    expect(journalEntries(journal).at(-1)).toMatchObject({ verb: "token", item: uid, outcome: "done" });
    expect(readFileSync(journal, "utf8")).not.toContain(token);
  });

  it("read-only mode: t and m are refused at once, nothing asked, nothing sent", async () => {
    const apps = appRefs(fixture.fx).map((a) => ({ ...a, readOnly: true, target: () => ({ ...a.target(), readOnly: true }) }));
    const uid = world().users[3]!.uid;
    tui = await fixture.mount({ columns: 120, debounceMs: 30, apps });
    await tui.paste(`:as ${world().users[5]!.uid}\r`);
    await tui.paste(`:user ${uid}\r`);
    await tui.waitForFrame((f) => crumbs(f).includes(`user ${uid}`), "the user");
    // The header says the mode, first, whatever follows it.
    expect(lines(tui.frame())[0]).toMatch(/^ccx · read-only · /);
    const before = posts().length;
    await tui.press("t");
    await tui.waitForFrame((f) => f.includes("read-only mode: writes are refused"), "the refusal");
    // The notice put away, for m's own to be seen.
    tui.store.setState({ notice: undefined });
    await tui.waitForFrame((f) => !f.includes("read-only mode: writes are refused"), "the notice gone");
    await tui.press("m");
    await tui.waitForFrame((f) => f.includes("read-only mode: writes are refused"), "the refusal of m");
    expect(tui.store.getState().ui.prompt).toBeUndefined();
    expect(tui.store.getState().ui.dialog).toBeUndefined();
    expect(posts().length).toBe(before);
  });
});
