import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { friendsOf } from "../../src/emulator/data/friends.js";
import { isMember } from "../../src/emulator/data/members.js";
import { KIND } from "../../src/emulator/data/message-store.js";
import type { App } from "../../src/emulator/data/model.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * The emulator's chat writes (groups, friends, auth tokens, a message's text
 * and deletion, reactions, receipts) answer with the documented errors, and
 * the reads after each show it.
 */

let fx: EmulatorFixture;
let app: App;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 10, calls: 1, users: 30, messages: 400 } });
  app = fx.emulator.world.apps[0]!;
});
afterAll(() => fx?.close());

const write = (method: "POST" | "PUT" | "DELETE", path: string, body?: unknown, as?: string) =>
  fx.send(method, `${fx.base("api")}${path}`, { apikey: fx.app().fullAccessKey, ...(as ? { onBehalfOf: as } : {}) }, body);
const uidOf = (index: number) => app.users[index]!.uid;
const codeOf = (reply: { status: number; body: any }) => [reply.status, reply.body?.error?.code];
/** The first message of a 1:1 conversation that is a text, not deleted: its index, sender and receiver. */
function textMessage(skip = 0) {
  const store = app.messages;
  const found = [...Array(store.count).keys()].filter((i) => store.kind[i] === KIND.text && store.deletedAt[i] === 0 && store.conversations[store.conversation[i]!]!.group < 0)[skip]!;
  const c = store.conversations[store.conversation[found]!]!;
  const sender = store.sender[found]!;
  return { i: found, id: String(found + 1), sender, receiver: c.userA === sender ? c.userB : c.userA };
}

describe("groups", () => {
  it("create (owner admin, a member), read back in the detail, the list and the members; a guid taken, a password group without one, an unknown owner", async () => {
    const [owner, member] = [uidOf(1), uidOf(2)];
    const made = await write("POST", "/groups", { guid: "made-here", name: "Made Here", type: "public", tags: ["e2e"], owner, members: { participants: [member] } });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject({ guid: "made-here", owner, scope: "admin", hasJoined: true, membersCount: 2, members: { participants: { [member]: { success: true } } } });
    expect((await fx.chat("/groups/made-here")).body.data).toMatchObject({ name: "Made Here", type: "public", tags: ["e2e"], owner });
    expect((await fx.chat("/groups", { searchKey: "made-here" })).body.data.map((g: { guid: string }) => g.guid)).toEqual(["made-here"]);
    const members = (await fx.chat("/groups/made-here/members")).body.data.map((m: { uid: string; scope: string }) => [m.uid, m.scope]);
    expect(members).toEqual([[owner, "admin"], [member, "participant"]]);
    expect(codeOf(await write("POST", "/groups", { guid: "made-here", name: "Again", type: "public" }))).toEqual([409, "ERR_GUID_ALREADY_EXISTS"]);
    const noPassword = await write("POST", "/groups", { guid: "locked", name: "Locked", type: "password" });
    expect(noPassword.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", details: { password: [expect.any(String)] } });
    expect(codeOf(await write("POST", "/groups", { guid: "orphan", name: "O", type: "private", owner: "nobody-here" }))).toEqual([404, "ERR_UID_NOT_FOUND"]);
    const locked = await write("POST", "/groups", { guid: "locked", name: "Locked", type: "protected", password: "s3cret-pass" });
    expect([locked.status, locked.body.data.type, locked.body.data.owner]).toEqual([200, "protected", undefined]);
  });

  it("update: fields changed, a description unset, the list ordered by the new name; an owner change refused; delete: gone, its guid free again", async () => {
    await write("POST", "/groups", { guid: "renamed", name: "Zzzz Before", type: "public", description: "about it" });
    await fx.chat("/groups", { sortBy: "name", perPage: 1 });
    const updated = await write("PUT", "/groups/renamed", { name: "Aaaa First", tags: ["x"] });
    expect(updated.body.data).toMatchObject({ name: "Aaaa First", description: "about it", tags: ["x"] });
    // The name order is made again: the list sorted by name is still sorted, the new name in it.
    const names = (await fx.chat("/groups", { sortBy: "name", perPage: 1000 })).body.data.map((g: { name: string }) => g.name.toLowerCase());
    expect(names).toContain("aaaa first");
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await write("PUT", "/groups/renamed", { unset: ["description"] })).body.data.description).toBeUndefined();
    expect(codeOf(await write("PUT", "/groups/renamed", { owner: uidOf(3) }))).toEqual([400, "ERR_BAD_REQUEST"]);
    expect(codeOf(await write("PUT", "/groups/no-such-group", { name: "x" }))).toEqual([404, "ERR_GUID_NOT_FOUND"]);
    const deleted = await write("DELETE", "/groups/renamed");
    expect(deleted.body.data).toMatchObject({ success: true });
    expect(codeOf(await fx.chat("/groups/renamed"))).toEqual([404, "ERR_GUID_NOT_FOUND"]);
    expect((await fx.chat("/groups", { searchKey: "renamed" })).body.data).toEqual([]);
    expect(codeOf(await write("DELETE", "/groups/renamed"))).toEqual([404, "ERR_GUID_NOT_FOUND"]);
    expect((await write("POST", "/groups", { guid: "renamed", name: "Anew", type: "public" })).status).toBe(200);
  });
});

describe("friends and auth tokens", () => {
  it("friends added both ways, per uid (an unknown one refused as such), removed both ways; an unknown uid refused whole", async () => {
    const [a, b] = [5, 6].map((n) => app.users.findIndex((_, u) => u >= n && !friendsOf(app, u).includes(n === 5 ? 6 : 5)));
    const added = await write("POST", `/users/${uidOf(a!)}/friends`, { accepted: [uidOf(b!), "nobody-here"] });
    expect(added.body.data.accepted[uidOf(b!)]).toMatchObject({ success: true });
    expect(added.body.data.accepted["nobody-here"]).toMatchObject({ success: false, error: { code: "ERR_UID_NOT_FOUND" } });
    const friendsOfB = await fx.chat(`/users/${uidOf(b!)}/friends`, { perPage: 1000 });
    expect(friendsOfB.body.data.map((u: { uid: string }) => u.uid)).toContain(uidOf(a!));
    expect(codeOf(await write("DELETE", `/users/${uidOf(a!)}/friends`, { friends: ["nobody-here"] }))).toEqual([404, "ERR_UID_NOT_FOUND"]);
    expect((await write("DELETE", `/users/${uidOf(b!)}/friends`, { friends: [uidOf(a!)] })).body.data).toMatchObject({ success: true });
    expect(friendsOf(app, a!)).not.toContain(b);
    expect(friendsOf(app, b!)).not.toContain(a);
    expect(codeOf(await write("POST", `/users/${uidOf(a!)}/friends`, { accepted: "x" }))).toEqual([400, "ERR_BAD_REQUEST"]);
  });

  it("a token revoked is gone from the list and its GET; an unknown one refused; all revoked at once", async () => {
    const user = app.users.findIndex((_, u) => tokensOf(app, u).length >= 1);
    const [token] = tokensOf(app, user).map((t) => t.authToken);
    const issued = (await write("POST", `/users/${uidOf(user)}/auth_tokens`, {})).body.data.authToken as string;
    const revoked = await write("DELETE", `/users/${uidOf(user)}/auth_tokens/${token}`);
    expect(revoked.body.data).toMatchObject({ success: true });
    expect(revoked.text).not.toContain(token);
    expect(codeOf(await fx.chat(`/users/${uidOf(user)}/auth_tokens/${token}`))).toEqual([404, "ERR_AUTH_TOKEN_NOT_FOUND"]);
    expect(codeOf(await write("DELETE", `/users/${uidOf(user)}/auth_tokens/${token}`))).toEqual([404, "ERR_AUTH_TOKEN_NOT_FOUND"]);
    expect((await fx.chat(`/users/${uidOf(user)}/auth_tokens`)).body.data.map((t: { authToken: string }) => t.authToken)).toContain(issued);
    expect((await write("DELETE", `/users/${uidOf(user)}/auth_tokens`)).body.data).toMatchObject({ success: true });
    expect((await fx.chat(`/users/${uidOf(user)}/auth_tokens`)).body.data).toEqual([]);
    expect(codeOf(await write("DELETE", "/users/nobody-here/auth_tokens"))).toEqual([404, "ERR_UID_NOT_FOUND"]);
  });
});

describe("messages", () => {
  it("edit: the text read back, edited; by another user refused; delete, then for good: gone from the detail and the lists", async () => {
    const m = textMessage();
    const edited = await write("PUT", `/messages/${m.id}`, { data: { text: "edited here" } }, uidOf(m.sender));
    expect(edited.status, edited.text).toBe(200);
    const read = (await fx.chat(`/messages/${m.id}`)).body.data;
    expect(read).toMatchObject({ data: { text: "edited here" }, editedBy: uidOf(m.sender) });
    expect(read.editedAt).toBeGreaterThan(0);
    expect(codeOf(await write("PUT", `/messages/${m.id}`, { data: { text: "not mine" } }, uidOf(m.receiver)))).toEqual([403, "AUTH_ERR_NO_ACCESS"]);
    expect(codeOf(await write("PUT", "/messages/999999", { data: { text: "x" } }))).toEqual([404, "ERR_MESSAGE_ID_NOT_FOUND"]);
    expect((await write("DELETE", `/messages/${m.id}`, {})).body.data.deletedAt).toBeGreaterThan(0);
    expect((await fx.chat(`/messages/${m.id}`)).body.data.data.text).toBeUndefined();
    expect((await write("PUT", `/messages/${m.id}`, { data: { text: "again" } })).status).toBe(400);
    const listed = async () => (await fx.chat(`/users/${uidOf(m.sender)}/messages`, { perPage: 1000 }, { onBehalfOf: uidOf(m.receiver) })).body.data.map((x: { id: string }) => x.id);
    expect(await listed()).toContain(m.id);
    expect((await write("DELETE", `/messages/${m.id}`, { permanent: true })).body.data).toMatchObject({ success: true });
    expect(codeOf(await fx.chat(`/messages/${m.id}`))).toEqual([404, "ERR_MESSAGE_ID_NOT_FOUND"]);
    expect(await listed()).not.toContain(m.id);
  });

  it("react and unreact as a user: counted, reactedByMe, listed by reaction; onBehalfOf required; not in the conversation refused", async () => {
    const m = textMessage(1);
    const as = uidOf(m.receiver);
    const reacted = await write("POST", `/messages/${m.id}/reactions/${encodeURIComponent("🦄")}`, undefined, as);
    expect(reacted.status, reacted.text).toBe(200);
    expect(reacted.body.data.reactions).toContainEqual({ reaction: "🦄", count: 1, reactedByMe: true });
    expect((await fx.chat(`/messages/${m.id}`)).body.data.reactions).toContainEqual({ reaction: "🦄", count: 1 });
    const byReaction = await fx.chat(`/messages/${m.id}/reactions/${encodeURIComponent("🦄")}`);
    expect(byReaction.body.data.map((r: { uid: string }) => r.uid)).toEqual([as]);
    expect((await fx.chat("/messages", { hasReactions: true, limit: 1000 })).body.data.map((x: { id: string }) => x.id)).toContain(m.id);
    expect(codeOf(await write("POST", `/messages/${m.id}/reactions/x`))).toEqual([400, "ERR_BAD_REQUEST"]);
    const outsider = app.users.findIndex((_, u) => u < app.seededUsers && u !== m.sender && u !== m.receiver);
    expect(codeOf(await write("POST", `/messages/${m.id}/reactions/x`, undefined, uidOf(outsider)))).toEqual([403, "AUTH_ERR_NO_ACCESS"]);
    await write("DELETE", `/messages/${m.id}/reactions/${encodeURIComponent("🦄")}`, undefined, as);
    expect((await fx.chat(`/messages/${m.id}`, {}, { onBehalfOf: as })).body.data.reactions ?? []).not.toContainEqual(expect.objectContaining({ reaction: "🦄" }));
    const group = app.groups.find((g) => app.messages.findGroupConversation(g.index)?.messages.length)!;
    const groupMessage = app.messages.findGroupConversation(group.index)!.messages[0]!;
    const nonMember = app.users.findIndex((_, u) => u < app.seededUsers && !isMember(app, group, u));
    expect(codeOf(await write("POST", `/messages/${groupMessage + 1}/reactions/x`, undefined, uidOf(nonMember)))).toEqual([404, "ERR_NOT_A_MEMBER"]);
  });
});

describe("receipts", () => {
  it("read, unread after a message, delivered: the conversation's counts move; onBehalfOf required; a group's non-member refused", async () => {
    const store = app.messages;
    const conversation = store.conversations.find((c) => c.group < 0 && c.messages.length >= 3 && c.messages.slice(-2).every((i) => store.deletedAt[i] === 0))!;
    // The one who did not write the last message: it can be unread for them.
    const reader = store.sender[conversation.messages.at(-1)!] === conversation.userA ? conversation.userB : conversation.userA;
    const [me, other] = [uidOf(reader), uidOf(reader === conversation.userA ? conversation.userB : conversation.userA)];
    const unreadCount = async () => Number((await fx.chat(`/users/${other}/conversation`, {}, { onBehalfOf: me })).body.data[0].unreadMessageCount);
    const read = await write("POST", `/users/${other}/conversation/read`, {}, me);
    expect(read.body.data).toMatchObject({ success: true, Message: expect.any(String) });
    expect(await unreadCount()).toBe(0);
    const last = conversation.messages.at(-1)!;
    expect((await write("DELETE", `/users/${other}/conversation/read`, { messageId: conversation.messages.at(-2)! + 1 }, me)).status).toBe(200);
    expect(await unreadCount()).toBe(1);
    const undelivered = async () => (await fx.chat(`/users/${other}/messages`, { undelivered: true, perPage: 1000 }, { onBehalfOf: me })).body.data.map((x: { id: string }) => x.id);
    await write("POST", `/users/${other}/conversation/delivered`, { messageId: last + 1 }, me);
    expect(await undelivered()).not.toContain(String(last + 1));
    expect(codeOf(await write("POST", `/users/${other}/conversation/read`, {}))).toEqual([400, "ERR_BAD_REQUEST"]);
    const elsewhere = app.messages.conversations.find((c) => c !== conversation && c.messages.length > 0)!.messages[0]!;
    expect(codeOf(await write("POST", `/users/${other}/conversation/read`, { messageId: elsewhere + 1 }, me))).toEqual([400, "ERR_BAD_REQUEST"]);
    const group = app.groups.find((g) => app.messages.findGroupConversation(g.index)?.messages.length)!;
    const nonMember = app.users.findIndex((_, u) => u < app.seededUsers && !isMember(app, group, u));
    expect(codeOf(await write("POST", `/groups/${group.guid}/conversation/read`, {}, uidOf(nonMember)))).toEqual([404, "ERR_NOT_A_MEMBER"]);
    expect(codeOf(await write("POST", "/groups/no-such-group/conversation/delivered", {}, me))).toEqual([404, "ERR_GUID_NOT_FOUND"]);
  });
});
