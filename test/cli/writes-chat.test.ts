import { describe, expect, it } from "vitest";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { friendsOf } from "../../src/emulator/data/friends.js";
import { isMember } from "../../src/emulator/data/members.js";
import { KIND } from "../../src/emulator/data/message-store.js";
import { unreadIn } from "../../src/emulator/data/reads.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { writeWorld } from "../support/write-world.js";

/**
 * The chat writes of issue 21, each over HTTPS against the emulator and read
 * back with ccx's own reads: groups, friends, auth tokens revoked, a message
 * edited or deleted, reactions, receipts; undo restoring what was read
 * before; a documented refusal; a token never whole in what ccx prints or
 * journals; --dry-run and read-only sending nothing.
 */

const w = writeWorld({ apps: 1, groups: 12, calls: 1, users: 40, messages: 500 });
const { ok, json, journal, journalText } = w;

const uidOf = (index: number) => w.app.users[index]!.uid;
/** A text message of a 1:1 conversation, not deleted, not the `skip` first ones: its id, sender and receiver. */
function textMessage(skip: number) {
  const store = w.app.messages;
  const i = [...Array(store.count).keys()].filter((m) => store.kind[m] === KIND.text && store.deletedAt[m] === 0 && store.conversations[store.conversation[m]!]!.group < 0)[skip]!;
  const c = store.conversations[store.conversation[i]!]!;
  const sender = store.sender[i]!;
  return { id: String(i + 1), sender: uidOf(sender), receiver: uidOf(c.userA === sender ? c.userB : c.userA) };
}

describe("groups", () => {
  it("create, read back, undo deletes it; update, undo puts back the name and unsets the description it lacked; a guid taken is refused", async () => {
    await ok(["group", "create", "cli-made", "--name", "CLI Made", "--type", "public", "--tags", "a,b", "--owner", uidOf(1), "--yes"]);
    expect(await json(["group", "cli-made"])).toMatchObject({ guid: "cli-made", name: "CLI Made", owner: uidOf(1), tags: ["a", "b"] });
    expect(journal().at(-1)).toMatchObject({ verb: "group create", outcome: "done", inverse: { method: "DELETE", path: "/groups/cli-made" } });
    const taken = await runCcx(["group", "create", "cli-made", "--name", "Again", "--type", "private", "--yes"], w.env);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/refused cli-made: ERR_GUID_ALREADY_EXISTS/);
    await ok(["group", "update", "cli-made", "--name", "Renamed", "--description", "now described", "--yes"]);
    expect(await json(["group", "cli-made"])).toMatchObject({ name: "Renamed", description: "now described" });
    expect(journal().at(-1)).toMatchObject({ verb: "group update", inverse: { method: "PUT", body: { name: "CLI Made", unset: ["description"] } } });
    await ok(["undo", "--yes"]);
    const back = await json(["group", "cli-made"]);
    expect([back.name, back.description]).toEqual(["CLI Made", undefined]);
    await ok(["undo", "1", "--yes"]);
    expect((await runCcx(["group", "cli-made"], w.env)).code).toBe(3);
  });

  it("a password group needs --password (said before anything is sent, the password masked in the journal); delete cannot be undone", async () => {
    const before = w.served.length;
    const missing = await runCcx(["group", "create", "cli-locked", "--name", "Locked", "--type", "password", "--yes"], w.env);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/a password group needs --password/)]);
    expect(w.served.slice(before)).toEqual([]);
    await ok(["group", "create", "cli-locked", "--name", "Locked", "--type", "protected", "--password", "hunter2-hunter2", "--yes"]);
    expect(journalText()).not.toContain("hunter2-hunter2");
    expect(journal().at(-1)).toMatchObject({ body: { type: "password" } });
    await ok(["group", "delete", "cli-locked", "--yes"]);
    expect((await runCcx(["group", "cli-locked"], w.env)).code).toBe(3);
    expect(journal().at(-1)).toMatchObject({ verb: "group delete", irreversible: "a deleted group cannot be brought back" });
    const undo = await runCcx(["undo", String(journal().length), "--yes"], w.env);
    expect([undo.code, undo.stderr]).toEqual([2, expect.stringMatching(/cannot be undone/)]);
  });
});

describe("friends and tokens", () => {
  it("friend add, read back both ways, undo removes; friend remove, undo adds back", async () => {
    const a = 3;
    const b = w.app.users.findIndex((_, u) => u > a && u < w.app.seededUsers && !friendsOf(w.app, a).includes(u));
    await ok(["friend", "add", uidOf(a), uidOf(b), "--yes"]);
    const friends = async (of: number) => (await json(["friends", uidOf(of), "--per-page", "1000"])).map((u: { uid: string }) => u.uid);
    expect(await friends(b)).toContain(uidOf(a));
    expect(journal().at(-1)).toMatchObject({ verb: "friend add", item: `${uidOf(a)}↔${uidOf(b)}`, inverse: { method: "DELETE", body: { friends: [uidOf(b)] } } });
    await ok(["undo", "--yes"]);
    expect(await friends(a)).not.toContain(uidOf(b));
    const [existing] = friendsOf(w.app, a);
    await ok(["friend", "remove", uidOf(a), uidOf(existing!), "--yes"]);
    expect(await friends(existing!)).not.toContain(uidOf(a));
    await ok(["undo", "--yes"]);
    expect(await friends(a)).toContain(uidOf(existing!));
  });

  it("tokens revoke: gone from the list; the token never whole in stdout, stderr, the journal or the dry run's curl; --all; neither: exit 2", async () => {
    const user = w.app.users.findIndex((_, u) => tokensOf(w.app, u).length >= 1);
    const uid = uidOf(user);
    const token = tokensOf(w.app, user)[0]!.authToken;
    const dry = await ok(["tokens", "revoke", uid, token, "--dry-run"]);
    expect(dry.stdout).toContain(`/users/${uid}/auth_tokens/'"$CCX_AUTH_TOKEN"`);
    const run = await ok(["tokens", "revoke", uid, token, "--yes", "--verbose"]);
    expect(run.stdout).toContain(`done ${uid}/…${token.slice(-4)} (journal 1)`);
    for (const text of [dry.stdout, dry.stderr, run.stdout, run.stderr, journalText()]) expect(text).not.toContain(token);
    expect(journal()[0]).toMatchObject({ verb: "tokens revoke", method: "DELETE", path: `/users/${uid}/auth_tokens/…${token.slice(-4)}`, irreversible: expect.any(String) });
    expect(tokensOf(w.app, user).map((t) => t.authToken)).not.toContain(token);
    const again = await runCcx(["tokens", "revoke", uid, token, "--yes"], w.env);
    expect([again.code, again.stderr]).toEqual([3, expect.stringMatching(/ERR_AUTH_TOKEN_NOT_FOUND/)]);
    expect(again.stderr).not.toContain(token);
    await ok(["tokens", "revoke", uid, "--all", "--yes"]);
    expect(await json(["tokens", uid])).toEqual([]);
    expect((await runCcx(["tokens", "revoke", uid, "--yes"], w.env)).code).toBe(2);
  });

  it("tokens revoke --query --all: every token of each user the filter selects, one DELETE a user; without --all, or with a uid too: exit 2, nothing sent", async () => {
    const role = w.app.users[3]!.role;
    const chosen = w.app.users.filter((u) => u.role === role && u.deactivatedAt === undefined).map((u) => u.uid);
    expect(chosen.length).toBeGreaterThan(1);
    for (const bad of [["--query", `role:${role}`], [chosen[0]!, "--query", `role:${role}`, "--all"]]) {
      const before = w.served.length;
      const refused = await runCcx(["tokens", "revoke", ...bad, "--yes"], w.env);
      expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(/nothing was sent/)]);
      expect(w.served.slice(before).filter((l) => l.startsWith("DELETE "))).toHaveLength(0);
    }
    const before = w.served.length;
    const run = await ok(["tokens", "revoke", "--query", `role:${role}`, "--all", "--yes"]);
    expect(run.stderr).toContain(`the filter selects ${chosen.length} users`);
    const deletes = w.served.slice(before).filter((l) => l.startsWith("DELETE "));
    expect(deletes).toHaveLength(chosen.length);
    for (const uid of chosen) expect(tokensOf(w.app, w.app.userIndexByUid.get(uid)!)).toEqual([]);
  });
});

describe("messages and reactions", () => {
  it("message edit as its sender, read back, undo: the text it had; as another user: refused; an unknown message: exit 3; delete cannot be undone", async () => {
    const m = textMessage(0);
    const text = (await json(["message", m.id])).data.text as string;
    await ok(["message", "edit", m.id, "--text", "edited by ccx", "--as", m.sender, "--yes"]);
    expect((await json(["message", m.id])).data.text).toBe("edited by ccx");
    expect(journal().at(-1)).toMatchObject({ as: m.sender, inverse: { method: "PUT", as: m.sender, body: { data: { text } } } });
    await ok(["undo", "--yes"]);
    expect((await json(["message", m.id])).data.text).toBe(text);
    const other = await runCcx(["message", "edit", m.id, "--text", "not mine", "--as", m.receiver, "--yes"], w.env);
    expect([other.code, other.stderr]).toEqual([1, expect.stringMatching(/AUTH_ERR_NO_ACCESS/)]);
    const unknown = await runCcx(["message", "edit", "999999", "--text", "x", "--yes"], w.env);
    expect([unknown.code, unknown.stderr]).toEqual([3, expect.stringMatching(/ERR_MESSAGE_ID_NOT_FOUND/)]);
    await ok(["message", "delete", m.id, "--yes"]);
    expect((await json(["message", m.id])).deletedAt).toBeGreaterThan(0);
    await ok(["message", "delete", m.id, "--permanent", "--yes"]);
    expect((await runCcx(["message", m.id], w.env)).code).toBe(3);
    expect(journal().at(-1)).toMatchObject({ verb: "message delete", body: { permanent: true }, irreversible: expect.any(String) });
  });

  it("message delete --query: each message the filter selects deleted once, the count typed back without --yes; an empty filter: exit 2", async () => {
    const { sender } = textMessage(5);
    const query = { sender, categories: "message", hideDeleted: true, limit: 1000 };
    const ids = ((await w.fx.chat("/messages", query)).body.data as Array<{ id: unknown }>).map((m) => String(m.id));
    expect(ids.length).toBeGreaterThan(1);
    const empty = await runCcx(["message", "delete", "--query", " ", "--yes"], w.env);
    expect([empty.code, empty.stderr]).toEqual([2, expect.stringMatching(/write a filter/)]);
    const asked = await runCcx(["message", "delete", "--query", `sender:${sender} category:message deleted:hide`], w.env);
    expect([asked.code, asked.stderr]).toEqual([2, expect.stringMatching(/no terminal to ask on/)]);
    const before = w.served.length;
    const run = await ok(["message", "delete", "--query", `sender:${sender} category:message deleted:hide`, "--yes", "--json"]);
    expect(run.stderr).toContain(`the filter selects ${ids.length} messages`);
    expect((JSON.parse(run.stdout) as Array<{ item: string }>).map((r) => r.item).sort()).toEqual([...ids].sort());
    expect(w.served.slice(before).filter((l) => l.startsWith("DELETE "))).toHaveLength(ids.length);
    expect((await w.fx.chat("/messages", query)).body.data).toEqual([]);
  });

  it("react, read back as the user, undo takes it back; unreact, undo reacts again; without --as: exit 2, nothing sent", async () => {
    const m = textMessage(1);
    const mine = async () => ((await json(["message", m.id, "--as", m.receiver])).reactions ?? []).filter((r: { reactedByMe?: boolean }) => r.reactedByMe).map((r: { reaction: string }) => r.reaction);
    await ok(["react", m.id, "🦄", "--as", m.receiver, "--yes"]);
    expect(await mine()).toEqual(["🦄"]);
    expect((await json(["reactions", m.id])).map((r: { uid: string; reaction: string }) => [r.uid, r.reaction])).toContainEqual([m.receiver, "🦄"]);
    expect(journal().at(-1)).toMatchObject({ verb: "react", as: m.receiver, inverse: { method: "DELETE", as: m.receiver } });
    await ok(["undo", "--yes"]);
    expect(await mine()).toEqual([]);
    await ok(["react", m.id, "👍", "--as", m.receiver, "--yes"]);
    await ok(["unreact", m.id, "👍", "--as", m.receiver, "--yes"]);
    expect(await mine()).toEqual([]);
    await ok(["undo", "--yes"]);
    expect(await mine()).toEqual(["👍"]);
    const before = w.served.length;
    const nobody = await runCcx(["unreact", m.id, "👍", "--yes"], w.env);
    expect([nobody.code, nobody.stderr]).toEqual([2, expect.stringMatching(/say who reacts: --as UID/)]);
    expect(w.served.slice(before)).toEqual([]);
  });
});

describe("receipts", () => {
  it("conversation read, read back with ccx conversation, undo: unread again from where it was; unread and its undo; delivered cannot be undone; a group's non-member refused", async () => {
    const store = w.app.messages;
    const c = store.conversations.find((x) => x.group < 0 && x.messages.length >= 3 && [x.userA, x.userB].some((u) => unreadIn(w.app, x, u).messages > 0))!;
    const reader = unreadIn(w.app, c, c.userA).messages > 0 ? c.userA : c.userB;
    const [me, other] = [uidOf(reader), uidOf(reader === c.userA ? c.userB : c.userA)];
    // The parent command still reads the conversation: `ccx conversation --as … --user …`.
    const unread = async () => Number((await json(["conversation", "--as", me, "--user", other])).unreadMessageCount);
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    await ok(["conversation", "read", "--as", me, "--user", other, "--yes"]);
    expect(await unread()).toBe(0);
    expect(journal().at(-1)).toMatchObject({ verb: "conversation read", as: me, path: `/users/${other}/conversation/read`, inverse: { method: "DELETE", as: me } });
    await ok(["undo", "--yes"]);
    expect(await unread()).toBe(before);
    // Read to the end, then unread after the one before the last (which is not theirs: they had it unread).
    await ok(["conversation", "read", "--as", me, "--user", other, "--yes"]);
    await ok(["conversation", "unread", "--as", me, "--user", other, "--message", String(c.messages.at(-2)! + 1), "--yes"]);
    expect(await unread()).toBe(1);
    await ok(["undo", "--yes"]);
    expect(await unread()).toBe(0);
    await ok(["conversation", "delivered", "--as", me, "--user", other, "--yes"]);
    expect(journal().at(-1)).toMatchObject({ verb: "conversation delivered", irreversible: "a delivery receipt cannot be taken back" });
    const group = w.app.groups.find((g) => store.findGroupConversation(g.index)?.messages.length)!;
    const outsider = uidOf(w.app.users.findIndex((_, u) => u < w.app.seededUsers && !isMember(w.app, group, u)));
    const refused = await runCcx(["conversation", "read", "--as", outsider, "--group", group.guid, "--yes"], w.env);
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(/refused .*ERR_NOT_A_MEMBER/)]);
    const both = await runCcx(["conversation", "read", "--as", me, "--user", other, "--group", group.guid, "--yes"], w.env);
    expect([both.code, both.stderr]).toEqual([2, expect.stringMatching(/--user UID or --group GUID/)]);
  });
});

describe("dry run and read-only", () => {
  it("send nothing, for a verb with a user acted for too", async () => {
    const m = textMessage(2);
    const before = w.served.length;
    const dry = await ok(["react", m.id, "🎉", "--as", m.receiver, "--dry-run"]);
    expect(dry.stdout.trim()).toBe(`curl -X POST '${w.fx.base("api")}/messages/${m.id}/reactions/%F0%9F%8E%89' -H "apikey: $CCX_API_KEY" -H 'onBehalfOf: ${m.receiver}'`);
    const readOnly = await runCcx(["group", "delete", "grp-0", "--yes", "--read-only"], w.env);
    expect([readOnly.code, readOnly.stderr]).toEqual([2, expect.stringMatching(/read-only mode: group delete refused, nothing was sent/)]);
    expect(w.served.slice(before)).toEqual([]);
  });
});
