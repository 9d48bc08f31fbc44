import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Conversation, Message, User } from "../../src/api/chat-schemas.js";

import { activeView } from "../../src/store/explorer-store.js";
import type { ListState } from "../../src/store/types.js";
import { sanitize } from "../../src/text/sanitize.js";
import { type Tui, type TuiEmulator, inkWritesColour, lines, listRows, mountTui, startTuiEmulator } from "../support/tui.js";
import { PAYLOADS } from "./payloads.js";
import { copiesFrom, expectFramesHarmless, expectIdCopy, expectJsonCopy, mountSized } from "./screen.js";
import { hugeHostileText } from "../fuzz/hostile-text.js";
import { ACTING_UID, type InjectedChat, injectChat, injectTexts } from "./world.js";
import { childKey, childrenOf, listKey } from "../../src/store/item-children.js";
import { RESOURCES } from "../../src/resources/index.js";
import { erased } from "../../src/resources/resource.js";

/** The conversations the explorer's list holds, read by their definition's schema. */
const conversationRows = (t: Tui) => (activeView(t.store.getState()).lists.conversations?.items ?? []) as unknown as Conversation[];

/**
 * Terminal injection, the explorer's chat side: every user (uid, name,
 * avatar, role, tags, metadata), group and message (its text, an attachment's
 * name or URL, a custom type and its data, an action, an odd category and
 * type; its sender's and receiver's entities) carries a payload, and the user
 * acted for has a conversation with every other user. The explorer lists the
 * users, opens each (profile and lists), lists the conversations, opens each
 * thread, walks the app's messages, and copies each id and JSON: nothing
 * reaches the terminal or the clipboard alive, and every frame fits.
 */

let fx: TuiEmulator;
let injected: InjectedChat;
let tui: Tui | undefined;

beforeAll(async () => {
  // Ink's own styles on, as under FORCE_COLOR (see explorer-groups.test.tsx): the frames carry its bold and inverse, and nothing else may.
  const { default: chalk } = await import("chalk");
  chalk.level = 1;
  fx = await startTuiEmulator({ sizes: { apps: 1, groups: PAYLOADS.length + 3, calls: 5, users: PAYLOADS.length + 1, messages: 200 } });
  injected = injectChat(fx.emulator.world.apps[0]!);
  vi.stubEnv("TMUX", "");
  vi.stubEnv("TERM", "xterm-256color");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fx?.close();
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

const world = () => fx.emulator.world.apps[0]!;
const crumbs = (frame: string) => lines(frame)[1]!;
const USERS = PAYLOADS.length + 1;
const count = (n: number) => `${n} of ${n}`;
/** The planted message of an id, as the world holds it. */
const planted = (id: string) => world().messages.posted.get(Number(id) - 1)!;
/** A thread, as the list it is: its resource, its parameters, and whom it is asked as (a 1:1's own side). */
type Thread = { name: string; params: string[]; as?: string };
const APP_MESSAGES: Thread = { name: RESOURCES.messages.name, params: [] };
const groupThread = (guid: string): Thread => ({ name: RESOURCES["group-messages"].name, params: [guid] });
const oneToOne = (uid: string): Thread => ({ name: RESOURCES["user-messages"].name, params: [uid], as: ACTING_UID });
const threadOf = (t: Tui, scope: Thread) => activeView(t.store.getState()).lists[listKey(scope.name, scope.params, scope.as)] as ListState<Message> | undefined;
const openThread = (t: Tui, scope: Thread) => t.store.getState().openResource(scope.name, scope.params, scope.as);
/** The thread in view, once loaded. */
async function loadedThread(t: Tui, scope: Thread, what: string) {
  await t.waitForFrame(() => Boolean(threadOf(t, scope)?.items.length) && !threadOf(t, scope)!.loading, what);
  return t.waitForFrame((f) => / loaded/.test(f) && f.includes("┌"), what);
}

/** What the message box below the rows says of a message: its header line (sender and receiver) and its first words; its row, the id. */
function expectMessageShown(frame: string, m: Message, what: string, idInRow = true): void {
  // The box whole, its header first: a long text wraps inside it, and hides neither who sent it nor its border.
  const box = lines(frame).findIndex((l) => /^┌─+┐$/.test(l));
  expect(box, `${what}: the top of the message box`).toBeGreaterThan(0);
  expect(lines(frame).slice(box + 1).find((l) => !l.startsWith("│")), `${what}: the bottom of the message box`).toMatch(/^└─+┘$/);
  expect(lines(frame)[box + 1], `${what}: the header of the message box`).toContain(sanitize(`${m.sender} → ${m.receiver}`).slice(0, 20));
  // The id: at the end of the header when it fits, and in the row's last column when that is drawn.
  if (idInRow && /\sID$/m.test(frame)) expect(frame, `${what}: its id`).toMatch(new RegExp(`\\s${m.id}$`, "m"));
  const { category, type, data } = planted(m.id);
  if (m.deletedAt !== undefined) return;
  // The text when it has one, else the summary: the kind, the action, the attachment.
  const words = typeof data.text === "string" ? data.text : category === "custom" ? type : `[${type}`;
  expect(frame, `${what}: its words`).toContain(sanitize(words, { multiline: true }).split("\n")[0]!.slice(0, 12));
}

/** Whether HTTP can carry `uid` in a header (undici's rule: tab, printable ASCII, and the bytes 0x80–0xFF). */
const carriable = (uid: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(uid);

/**
 * The lists of a user's screen, each shown in turn (groups joined, calls,
 * conversations, blocked users): y and Y on each one's first row copy its id
 * and JSON, harmless. The conversations are asked as that user.
 */
async function walkSections(t: Tui, uid: string, what: string): Promise<void> {
  const titles = { groups: "groups joined", calls: "calls", conversations: "conversations", blocked: "blocked users" } as const;
  for (const section of ["groups", "calls", "conversations", "blocked"] as const) {
    if (section !== "groups") await t.press("l");
    await t.waitForFrame((f) => new RegExp(`${titles[section]} \\(\\d+\\)`, "i").test(f), `${what}: ${titles[section]}`);
    const child = childrenOf(erased(RESOURCES.users)).find((c) => c.title === titles[section])!;
    const state = activeView(t.store.getState()).lists[childKey(erased(RESOURCES.users), child, [uid])]!;
    expect(state.error, `${what}: ${titles[section]}`).toBeUndefined();
    if (state.items.length === 0) continue;
    const [id, json] = await copiesFrom(t, "yY", `${what}, ${titles[section]}`);
    const first = state.items[0] as Record<string, any>;
    const idField = { groups: "guid", calls: "sessionId", conversations: "conversationId", blocked: "uid" }[section];
    expectIdCopy(id, first[idField], `${what}, ${titles[section]}`);
    expectJsonCopy(json, { [idField]: first[idField], ...(first.name !== undefined ? { name: first.name } : {}), ...(first.conversationWith ? { conversationWith: { name: first.conversationWith.name } } : {}) }, `${what}, ${titles[section]}`);
  }
}

describe("users with escape sequences in every field", () => {
  it("the list, each user's profile and lists, and every y and Y leave the screen and the clipboard untouched", async () => {
    const columns = 100;
    const rows = 30;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows, "users"));
    const t = tui;
    const frame = await t.waitForFrame((f) => f.includes(count(USERS)) && !f.includes("⟳"), "the users");
    expect(inkWritesColour()).toBe(true);
    expect(listRows(frame)).toHaveLength(USERS);
    for (const p of PAYLOADS) expect(frame).toContain(`${p.name.slice(0, 6)}`);
    expect(frame).toContain("u1-␛[31mred␛[0m");

    for (let row = 0; row < USERS; row++) {
      const user = activeView(t.store.getState()).lists.users!.items[row] as User;
      const planted = [injected.acting, ...injected.users.map((u) => u.user)].find((u) => u.uid === user.uid)!;
      const what = `user ${sanitize(planted.name).slice(0, 24)}`;
      const [id, json] = await copiesFrom(t, `${row > 0 ? "j" : ""}yY\r`, what);
      expectIdCopy(id, planted.uid, what);
      expectJsonCopy(json, { uid: planted.uid, name: planted.name, avatar: planted.avatar, role: planted.role, tags: planted.tags, metadata: planted.metadata }, what);

      // The profile: each field as its visible trace; then the first list, asked as that user.
      const profile = await t.waitForFrame((f) => /groups joined \(\d+\)/i.test(f) && !f.includes("loading"), `the profile of ${what}`);
      expect(crumbs(profile)).toContain(`user ${sanitize(planted.uid).slice(0, 20)}`);
      expect(profile).toContain(`name            ${sanitize(planted.name).slice(0, 20)}`);
      expect(profile).toContain(`uid             ${sanitize(planted.uid).slice(0, 20)}`);
      expect(profile).toContain(`role            ${sanitize(planted.role).slice(0, 20)}`);
      expect(profile).toMatch(/^tags\s+\["tag-/m);
      expect(profile).toMatch(/^metadata\s+\{"key-/m);
      if (!carriable(planted.uid)) {
        // A uid HTTP cannot carry in the onBehalfOf header: what is asked as that user fails in place, said plainly.
        expect(profile).toContain("✗ CCX_BAD_HEADER");
        const [again, raw] = await copiesFrom(t, "yY", `${what}, the profile`);
        expectIdCopy(again, planted.uid, `${what}, the profile`);
        expectJsonCopy(raw, { uid: planted.uid, name: planted.name, metadata: planted.metadata }, `${what}, the profile`);
      } else {
        await walkSections(t, planted.uid, what);
      }
      await t.press("escape");
    }
    expectFramesHarmless(t, columns, rows, "users at 100×30", sizedFrom);
  });
});

describe("conversations and messages with escape sequences in every field", () => {
  it("the conversations of the user acted for: each row, y and Y, and enter to its thread, whose message is shown whole and copied", async () => {
    const columns = 100;
    const rows = 30;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows));
    const t = tui;
    await t.paste(`:as ${ACTING_UID}\r`);
    await t.paste(":conversations\r");
    const frame = await t.waitForFrame((f) => /(\d+) of \1 /.test(f) && crumbs(f).endsWith("conversations") && !f.includes("⟳"), "the conversations");
    expect(frame.split("\n")[0]).toContain(`as ${ACTING_UID}`);
    const conversations = conversationRows(t);
    expect(conversations.length).toBeGreaterThanOrEqual(injected.conversations.length);
    for (const { user } of injected.conversations.slice(0, 8)) expect(frame).toContain(sanitize(user.name).slice(0, 12));

    for (let row = 0; row < conversations.length; row++) {
      const c = conversations[row]!;
      const what = `conversation with ${sanitize(c.conversationWith!.name).slice(0, 24)}`;
      const [id, json] = await copiesFrom(t, `${row > 0 ? "j" : ""}yY\r`, what);
      expectIdCopy(id, c.conversationId, what);
      expectJsonCopy(json, { conversationId: c.conversationId, conversationWith: { name: c.conversationWith!.name }, lastMessage: { id: c.lastMessage!.id, data: { ...planted(c.lastMessage!.id).data } } }, what);
      const group = c.conversationType === "group";
      const scope = group ? groupThread(c.conversationWith!.id) : oneToOne(c.conversationWith!.id);
      const thread = await loadedThread(t, scope, `the thread of ${what}`);
      expect(crumbs(thread)).toContain(group ? `messages of group ${sanitize(c.conversationWith!.id).slice(0, 12)}` : `messages of ${ACTING_UID} and ${sanitize(c.conversationWith!.id).slice(0, 12)}`);
      // The cursor starts on the newest message: the conversation's last.
      const newest = threadOf(t, scope)!.items.at(-1)!;
      expect(newest.id).toBe(c.lastMessage!.id);
      expectMessageShown(thread, newest, what);
      const [messageId, message] = await copiesFrom(t, "yY", `${what}, its last message`);
      expectIdCopy(messageId, newest.id, `${what}, its last message`);
      expectJsonCopy(message, { id: newest.id, category: planted(newest.id).category, type: planted(newest.id).type, data: { ...planted(newest.id).data } }, `${what}, its last message`);
      await t.press("escape");
    }
    expectFramesHarmless(t, columns, rows, "conversations at 100×30", sizedFrom);
  });

  it("the app's messages and a group's: every message's row and its box, y and Y, older ones loaded going up", async () => {
    const columns = 100;
    const rows = 30;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows));
    const t = tui;
    await t.paste(":msgs\r");
    const app = APP_MESSAGES;
    let frame = await loadedThread(t, app, "the app's messages");
    expect(crumbs(frame)).toContain("the app's messages");
    const first = threadOf(t, app)!.items.length;
    // From the newest up, one message at a time (every payload, in every form), then up past the first page.
    for (let step = 0; step < 30; step++) {
      if (step > 0) await t.press("k");
      await t.waitForFrame(() => !threadOf(t, app)!.loading, "older messages");
      const thread = threadOf(t, app)!;
      const m = thread.items[thread.selected]!;
      const what = `message ${m.id}`;
      frame = t.frame();
      expectMessageShown(frame, m, what);
      const [id, json] = await copiesFrom(t, "yY", what);
      expectIdCopy(id, m.id, what);
      const sent = planted(m.id);
      expectJsonCopy(json, { id: m.id, category: sent.category, type: sent.type, ...(m.deletedAt === undefined ? { data: { ...sent.data } } : {}) }, what);
    }
    await t.press("g");
    await t.waitForFrame(() => threadOf(t, app)!.items.length > first && !threadOf(t, app)!.loading, "older messages");
    expectMessageShown(t.frame(), threadOf(t, app)!.items[threadOf(t, app)!.selected]!, "the oldest loaded message");
    // Enter opens the sender: a user whose uid carries a payload.
    const sender = threadOf(t, app)!.items[threadOf(t, app)!.selected]!.sender!;
    await t.press("enter");
    await t.waitForFrame((f) => crumbs(f).includes(`user ${sanitize(sender).slice(0, 20)}`) && /groups joined/i.test(f), "the sender");
    await t.press("escape");

    // A group's messages: the guid in the breadcrumbs, harmless.
    const group = injected.groups.find(({ group: g }) => world().messages.findGroupConversation(g.index))!.group;
    const scope = groupThread(group.guid);
    openThread(t, scope);
    frame = await loadedThread(t, scope, "a group's messages");
    expect(crumbs(frame)).toContain(`messages of group ${sanitize(group.guid).slice(0, 20)}`);
    const newest = threadOf(t, scope)!.items.at(-1)!;
    expectMessageShown(frame, newest, "the group's newest message");
    await t.press("g");
    await t.waitForFrame(() => !threadOf(t, scope)!.loading && threadOf(t, scope)!.selected === 0, "the group's oldest loaded message");
    expectFramesHarmless(t, columns, rows, "messages at 100×30", sizedFrom);
  });
});

describe("layout holds", () => {
  it("on a small terminal: the longest and the multi-line users, their messages, the conversations", async () => {
    const columns = 60;
    const rows = 16;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows, "users"));
    const t = tui;
    await t.waitForFrame((f) => f.includes(count(USERS)), "the users");
    for (const name of ["long", "line-breaks", "carriage-return", "csi-cursor"]) {
      const user = injected.users.find((u) => u.payload.name === name)!.user;
      t.store.getState().openResourceItem(RESOURCES.users.name, [user.uid]);
      await t.waitForFrame((f) => /groups joined/i.test(f) && f.includes("✗"), `the user ${name}`);
      // Their 1:1 with the user acted for: its newest message is in their payload.
      const scope = oneToOne(user.uid);
      openThread(t, scope);
      const thread = await loadedThread(t, scope, `the thread with ${name}`);
      expectMessageShown(thread, threadOf(t, scope)!.items.at(-1)!, `the thread with ${name}`);
      await t.press("escape", "escape");
    }
    await t.paste(`:as ${ACTING_UID}\r`);
    await t.paste(":conversations\r");
    await t.waitForFrame((f) => /(\d+) of \1 /.test(f) && !f.includes("⟳"), "the conversations");
    await t.press("G", "k", "enter");
    await t.waitForFrame((f) => / loaded/.test(f), "a thread");
    await t.press("escape");
    t.store.getState().openResourceItem(RESOURCES.users.name, [ACTING_UID]);
    await t.waitForFrame((f) => /groups joined \(\d+\)/i.test(f), "the user acted for");
    await t.press("l", "l", "G");
    expectFramesHarmless(t, columns, rows, "chat at 60×16", sizedFrom);
  });

  it("with the side and preview panes: each user's and each conversation's preview", async () => {
    const columns = 160;
    const rows = 40;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, { ...o, panes: true }), columns, rows, "users"));
    const t = tui;
    await t.waitForFrame((f) => f.includes(count(USERS)), "the users");
    for (let row = 0; row < USERS; row++) {
      t.store.getState().select("users", row);
      await t.settle();
      // The preview beside the rows: the selected user's fields, metadata last.
      expect(t.frame(), `the preview of user ${row}`).toMatch(/metadata \{"key-/);
    }
    await t.paste(`:as ${ACTING_UID}\r`);
    await t.paste(":conversations\r");
    await t.waitForFrame((f) => /(\d+) of \1 /.test(f) && !f.includes("⟳"), "the conversations");
    const n = conversationRows(t).length;
    for (let row = 0; row < n; row++) {
      t.store.getState().select("conversations", row);
      await t.settle();
      const c = conversationRows(t)[row]!;
      expect(t.frame(), `the preview of conversation ${row}`).toContain(sanitize(c.conversationId).slice(0, 12));
    }
    expectFramesHarmless(t, columns, rows, "panes at 160×40", sizedFrom);
  });

  it("acting for a user whose uid HTTP cannot carry: the header names them harmless, and what cannot be asked fails in place", async () => {
    const columns = 100;
    const rows = 24;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows));
    const t = tui;
    const osc = injected.users.find((u) => u.payload.name === "osc-52-clipboard")!.user;
    t.store.getState().setUser(osc.uid);
    const frame = await t.waitForFrame((f) => f.includes("✗ CCX_BAD_HEADER"), "the refusal");
    expect(frame.split("\n")[0]).toContain(`as ${sanitize(osc.uid).slice(0, 12)}`);
    t.store.getState().openResource("conversations", []);
    await t.waitForFrame((f) => crumbs(f).endsWith("conversations") && f.includes("✗ CCX_BAD_HEADER"), "the conversations' refusal");
    expectFramesHarmless(t, columns, rows, "a hostile user acted for at 100×24", sizedFrom);
  });
});

describe("huge texts", () => {
  it("a 1:1 of texts 10,000 characters long (escape sequences, bidi, zero-width, combining marks, emoji, lone surrogates): each shown in its box and copied, harmless", async () => {
    const columns = 80;
    const rows = 20;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows));
    const t = tui;
    const other = injected.conversations.find((c) => c.payload.name === "bel")!.user;
    const texts = Object.entries(hugeHostileText(10_000));
    const ids = injectTexts(world(), other, texts.map(([, text]) => text));
    const scope = oneToOne(other.uid);
    openThread(t, scope);
    await loadedThread(t, scope, "the thread of huge texts");
    for (let k = texts.length - 1; k >= 0; k--) {
      const [name, text] = texts[k]!;
      const m = threadOf(t, scope)!.items[threadOf(t, scope)!.selected]!;
      expect(m.id).toBe(ids[k]);
      // (Rows of 10,000 flags or combining marks are measured by Ink otherwise than by ccx: the id column may go.)
      expectMessageShown(t.frame(), m, name, false);
      const [id, json] = await copiesFrom(t, "yY", name);
      expectIdCopy(id, m.id, name);
      expectJsonCopy(json, { id: m.id, data: { text } }, name);
      await t.press("k");
    }
    expectFramesHarmless(t, columns, rows, "huge texts at 80×20", sizedFrom);
  });
});
