import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { isMember } from "../../src/emulator/data/members.js";
import { blockedMessages, flaggedMessages } from "../../src/emulator/data/moderation.js";
import { MODERATION_KINDS } from "../../src/writes/moderation-lists.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { registerSecrets } from "../support/secrets.js";
import { writeWorld } from "../support/write-world.js";

/**
 * The moderation, message, conversation and auth token writes of issue 30's
 * last list, each over HTTPS against the emulator: sent, read back through
 * ccx's own reads, undone where it has an inverse; the documented errors.
 */

const w = writeWorld({ apps: 1, groups: 5, calls: 1, users: 30, messages: 800 }, { management: true });
const { ok, json, undo, journal } = w;

const uidAt = (i: number) => w.app.users[i]!.uid;

/** A value for each of a kind's flags: its name and text as given, JSON and lists of one. */
const FLAGS: Record<string, string[]> = {
  rule: ["--name", "Block the word x", "--conditions", '[{"entity":"message","operand":"text","operator":"contains","value":["competitors"]}]', "--action", "blockMessage"],
  keyword: ["--name", "Words", "--terms", "alpha,beta"],
  reason: ["--name", "Off topic", "--description", "Not what the group is for"],
};

describe("rules, keyword lists and reasons", () => {
  it.each(MODERATION_KINDS.map((kind) => [kind.word, kind] as const))("%s: created, read back, updated and that undone, deleted and that undone, the create undone", async (word, kind) => {
    const id = `ccx-${word}`;
    const listed = async () => ((await json(["moderation", kind.list])) as Array<Record<string, unknown>>).find((r) => r.id === id);
    await ok(["moderation", `${word}-create`, id, ...FLAGS[word]!, "--yes"]);
    expect(await listed()).toMatchObject({ id, name: FLAGS[word]![1] });
    await ok(["moderation", `${word}-update`, id, "--name", "Renamed", "--yes"]);
    expect(await listed()).toMatchObject({ name: "Renamed" });
    expect(journal().at(-1)).toMatchObject({ verb: `moderation ${word}-update`, inverse: { method: "PUT", body: { name: FLAGS[word]![1] } } });
    await undo();
    expect(await listed()).toMatchObject({ name: FLAGS[word]![1] });
    await ok(["moderation", `${word}-delete`, id, "--yes"]);
    expect(await listed()).toBeUndefined();
    await undo();
    expect(await listed()).toMatchObject({ id, name: FLAGS[word]![1] });
    // The create, undone: the one made again is deleted.
    await undo(1);
    expect(await listed()).toBeUndefined();
  });

  it("a rule's write takes the management key and secret: the request carried them, not the API key", async () => {
    await ok(["moderation", "rule-update", "rule-links", "--enabled", "true", "--yes"]);
    expect((await json(["moderation", "rules"])).find((r: { id: string }) => r.id === "rule-links")).toMatchObject({ enabled: true });
    await undo();
    expect((await json(["moderation", "rules"])).find((r: { id: string }) => r.id === "rule-links")).toMatchObject({ enabled: false });
    const without = await runCcx(["moderation", "rule-delete", "rule-links", "--yes"], w.fx.cliEnv({ state: w.state }));
    expect(without.code).not.toBe(0);
    expect(without.stderr).toContain("takes the management key and secret");
  });

  it("the documented errors: an id taken, one that is not there, a create without its required fields (nothing sent)", async () => {
    const taken = await runCcx(["moderation", "reason-create", "spam", "--name", "Spam", "--yes"], w.env);
    expect(taken.stderr).toContain("refused spam: ERR_BAD_REQUEST");
    const missing = await runCcx(["moderation", "keyword-update", "no-such-list", "--name", "x", "--yes"], w.env);
    expect(missing.stderr).toContain("ERR_KEYWORD_NOT_FOUND");
    const before = w.served.length;
    const bare = await runCcx(["moderation", "rule-create", "r2", "--name", "x", "--yes"], w.env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("needs --conditions, --action");
    expect(w.served.slice(before)).toEqual([]);
  });
});

describe("flags and reviews", () => {
  it("flag: a message flagged as a user with a reason and a remark, pending in the flagged list; not undone", async () => {
    const flagged = new Set(flaggedMessages(w.app, false).map((f) => f.index));
    const index = w.app.messages.count - 1 - [...Array(50).keys()].find((k) => !flagged.has(w.app.messages.count - 1 - k))!;
    await ok(["moderation", "flag", String(index + 1), "--as", uidAt(4), "--reason", "spam", "--remark", "again and again", "--yes"]);
    const entry = ((await json(["moderation", "flagged"])) as Array<{ messageId: string; reportedBy: Array<{ uid: string; reason: string; remark?: string }> }>).find((f) => f.messageId === String(index + 1));
    expect(entry?.reportedBy).toEqual([expect.objectContaining({ uid: uidAt(4), reason: "spam", remark: "again and again" })]);
    expect(journal().at(-1)).toMatchObject({ verb: "moderation flag", as: uidAt(4), irreversible: expect.stringContaining("review") });
    const unknown = await runCcx(["moderation", "flag", String(index + 1), "--as", uidAt(4), "--reason", "no-such-reason", "--yes"], w.env);
    expect(unknown.stderr).toContain("ERR_REASON_NOT_FOUND");
  });

  it("approve --management: the key-and-secret review, sent with those, undone with them", async () => {
    const blocked = blockedMessages(w.app)[0]!;
    const id = String(blocked.index + 1);
    const dry = await ok(["moderation", "approve", id, "--management", "--dry-run"]);
    expect(dry.stdout).toContain(`-H "key: $CCX_MANAGEMENT_KEY"`);
    expect(dry.stdout).not.toContain("-H 'apikey: ");
    await ok(["moderation", "reject", id, "--management", "--yes"]);
    await ok(["moderation", "approve", id, "--management", "--yes"]);
    expect(journal().at(-1)).toMatchObject({ verb: "moderation approve", auth: "management", inverse: { method: "PATCH", auth: "management", body: { status: "rejected" } } });
    await undo();
    const status = async () => ((await json(["moderation", "blocked"])) as Array<{ message: { id: unknown; data: { moderation: { status: string } } } }>).find((b) => String(b.message.id) === id)?.message.data.moderation.status;
    expect(await status()).toBe("rejected");
  });
});

describe("a thread's reply, a bot's message", () => {
  /** A group's message, and a member of the group to reply as. */
  function groupMessage(): { id: string; guid: string; member: string } {
    const store = w.app.messages;
    for (let i = store.count - 1; i >= 0; i--) {
      const conversation = store.conversations[store.conversation[i]!]!;
      if (conversation.group < 0 || store.deletedAt[i]! > 0) continue;
      const group = w.app.groups[conversation.group]!;
      const member = w.app.users.findIndex((_, u) => isMember(w.app, group, u));
      if (member >= 0) return { id: String(i + 1), guid: group.guid, member: uidAt(member) };
    }
    throw new Error("no group message in the seed");
  }

  it("reply: sent in the message's thread as the user, read back in the thread, undone by deleting it", async () => {
    const { id, guid, member } = groupMessage();
    const run = await ok(["reply", id, "--as", member, "--group", guid, "--text", "a reply from ccx", "--yes"]);
    expect(run.stdout + run.stderr).toMatch(new RegExp(`sent message \\d+ as ${member} in the thread of ${id}`));
    const replies = async () => ((await json(["thread", id])) as Array<{ data?: { text?: string }; deletedAt?: number }>).filter((m) => m.data?.text === "a reply from ccx" && !m.deletedAt);
    expect(await replies()).toHaveLength(1);
    expect(journal().at(-1)).toMatchObject({ verb: "reply", as: member, inverse: { method: "DELETE", as: member } });
    await undo();
    expect(await replies()).toHaveLength(0);
    const elsewhere = await runCcx(["reply", id, "--as", member, "--to", uidAt(0) === member ? uidAt(1) : uidAt(0), "--text", "x", "--yes"], w.env);
    expect(elsewhere.stderr).toContain("ERR_BAD_REQUEST");
  });

  it("bot send: sent as the bot's uid with the API key alone, read back, undone by deleting it; a uid that is no user refused", async () => {
    const bot = uidAt(9);
    const to = uidAt(10);
    await ok(["bot", "send", bot, "--to", to, "--text", "beep from a bot", "--yes"]);
    const sent = async () => ((await json(["messages", "--as", to, "--user", bot])) as Array<{ sender: string; data?: { text?: string }; deletedAt?: number }>).filter((m) => m.data?.text === "beep from a bot" && !m.deletedAt);
    expect((await sent()).map((m) => m.sender)).toEqual([bot]);
    expect(journal().at(-1)).toMatchObject({ verb: "bot send", inverse: { method: "DELETE" } });
    expect(journal().at(-1)!.as).toBeUndefined();
    await undo();
    expect(await sent()).toHaveLength(0);
    const none = await runCcx(["bot", "send", "no-such-bot", "--to", to, "--text", "x", "--yes"], w.env);
    expect(none.stderr).toContain("ERR_UID_NOT_FOUND");
  });
});

describe("a user's conversations", () => {
  /** A 1:1 conversation with messages, as its first user's, with the other's uid. */
  const oneToOne = (skip = 0) => {
    const conversation = w.app.messages.conversations.filter((c) => c.group < 0 && c.messages.length > 0)[skip]!;
    return { as: uidAt(conversation.userA), user: uidAt(conversation.userB), id: "" };
  };

  it("update: the user's tags on a conversation set, read back, undone to those they had", async () => {
    const { as, user } = oneToOne();
    const read = async () => ((await json(["conversation", "--as", as, "--user", user])) as { tags?: string[] });
    const had = (await read()).tags ?? [];
    await ok(["conversation", "update", "--as", as, "--user", user, "--tags", "pinned,work", "--yes"]);
    expect((await read()).tags).toEqual(["pinned", "work"]);
    expect(journal().at(-1)).toMatchObject({ verb: "conversation update", as, inverse: { method: "PUT", body: { tags: had } } });
    await undo();
    expect((await read()).tags ?? []).toEqual(had);
  });

  it("delete: gone from the user's conversations (by --user, and by its id), refused when already gone; typed back, not undone", async () => {
    const { as, user } = oneToOne(1);
    const listed = async () => ((await json(["conversations", "--as", as])) as Array<{ conversationWith: { uid?: string } }>).some((c) => c.conversationWith.uid === user);
    expect(await listed()).toBe(true);
    await ok(["conversation", "delete", "--as", as, "--user", user, "--yes"]);
    expect(await listed()).toBe(false);
    expect(journal().at(-1)).toMatchObject({ verb: "conversation delete", irreversible: expect.stringContaining("next message") });
    const again = await runCcx(["conversation", "delete", "--as", as, "--user", user, "--yes"], w.env);
    expect(again.stderr).toContain("ERR_CONVERSATION_NOT_FOUND");
    // A message brings it back; then deleted by its id, the deprecated path.
    await ok(["send", "--as", user, "--to", as, "--text", "back again", "--yes"]);
    expect(await listed()).toBe(true);
    const [low, high] = [as, user].sort();
    await ok(["conversation", "delete", "--as", as, "--id", `${low}_user_${high}`, "--yes"]);
    expect(await listed()).toBe(false);
  });
});

describe("an auth token's update", () => {
  it("tokens update: where it is used, read back; the token masked in --dry-run, the output and the journal; not undone; one that is not the user's refused", async () => {
    const index = w.app.users.findIndex((_, i) => tokensOf(w.app, i).length > 0);
    const { uid, authToken } = tokensOf(w.app, index)[0]!;
    registerSecrets(authToken);
    const update = ["tokens", "update", uid, authToken, "--platform", "web", "--user-agent", "ccx-test", "--app-info", '{"version":"1.2"}'];
    const dry = await ok([...update, "--dry-run"]);
    expect(dry.stdout).toContain("auth_tokens/");
    const run = await ok([...update, "--yes"]);
    expect(run.stdout + run.stderr).toContain(`${uid}/…${authToken.slice(-4)}`);
    expect(tokensOf(w.app, index)[0]).toMatchObject({ authToken, platform: "web", userAgent: "ccx-test", appInfo: { version: "1.2" } });
    expect((await json(["tokens", uid])).find((t: { platform?: string }) => t.platform === "web")).toMatchObject({ userAgent: "ccx-test" });
    expect(journal().at(-1)).toMatchObject({ verb: "tokens update", outcome: "done", irreversible: expect.stringContaining("masked") });
    expect(readFileSync(join(w.state, "ccx", "journal.ndjson"), "utf8")).not.toContain(authToken);
    const other = await runCcx(["tokens", "update", uidAt(index === 0 ? 1 : 0), authToken, "--platform", "web", "--yes"], w.env);
    expect(other.stderr).toContain("ERR_AUTH_TOKEN_NOT_FOUND");
  });
});
