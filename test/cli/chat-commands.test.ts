import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { journalEntries } from "../support/journal.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * The chat side's commands over HTTPS against the emulator: users, user,
 * token, send, messages, conversations; --as; read-only mode refusing every
 * write before anything is sent (the emulator's own request log proves it);
 * token and send journaled as every write (the token never in the journal).
 */

let fx: EmulatorFixture;
let env: Record<string, string>;
/** Where this file's journal is: $XDG_STATE_HOME/ccx/journal.ndjson. */
let journal: string;
/** Every request the emulator answered, as its log writes them. */
const served: string[] = [];

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 12, calls: 5, users: 40, messages: 400 }, verbose: true, log: (line: string) => served.push(line) });
  const state = scratchDir("ccx-chat-state-");
  env = fx.cliEnv({ state });
  journal = join(state, "ccx", "journal.ndjson");
});
afterAll(() => fx?.close());

const world = () => fx.emulator.world.apps[0]!;
const ndjson = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
const posts = () => served.filter((line) => line.startsWith("POST "));

describe("ccx users and ccx user", () => {
  it("lists users as a table, filters by flag and by --query alike, --json as sent, with the tags the table shows", async () => {
    const table = await runCcx(["users", "--per-page", "5"], env);
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^NAME\s+UID\s+STATUS/);
    expect(table.stderr).toMatch(/5 shown of \d+ · page 1\//);
    const flag = await runCcx(["users", "--status", "available", "--all", "--ndjson"], env);
    const query = await runCcx(["users", "--query", "status:available", "--all", "--ndjson"], env);
    expect(flag.code).toBe(0);
    const available = ndjson(flag.stdout);
    expect(available.length).toBeGreaterThan(0);
    expect(available.every((u) => u.status === "available")).toBe(true);
    expect(ndjson(query.stdout)).toEqual(available);
    // --json asks what the table asks (withTags for its TAGS column): the same fields, as sent.
    const json = await runCcx(["users", "--per-page", "3", "--json"], env);
    expect(JSON.parse(json.stdout)).toEqual((await fx.chat("/users", { perPage: 3, page: 1, withTags: true })).body.data);
    const tagged = world().users.find((u) => (u.tags?.length ?? 0) > 0)!;
    const every = JSON.parse((await runCcx(["users", "--all", "--json"], env)).stdout) as Array<{ uid: string; tags?: string[] }>;
    expect(every.find((u) => u.uid === tagged.uid)?.tags).toEqual(tagged.tags);
  });

  it("a filter that does not parse is marked and nothing is sent", async () => {
    const before = served.length;
    const run = await runCcx(["users", "--query", "status:away"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/\^+ status: /);
    expect(served.length).toBe(before);
  });

  it("ccx user prints every field; an unknown uid exits 3 with the service's code", async () => {
    const user = world().users[3]!;
    const run = await runCcx(["user", user.uid], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toMatch(/^name\s+/);
    expect(run.stdout).toMatch(new RegExp(`^uid\\s+${user.uid}$`, "m"));
    const json = await runCcx(["user", user.uid, "--json"], env);
    expect(JSON.parse(json.stdout)).toEqual((await fx.chat(`/users/${user.uid}`)).body.data);
    const missing = await runCcx(["user", "nobody-here"], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: ERR_UID_NOT_FOUND: /m);
  });
});

describe("ccx members --banned", () => {
  it("lists the users a group banned, none of them a member; --scope with it is bad usage", async () => {
    let guid = "";
    let banned: Array<{ uid: string }> = [];
    for (const g of world().groups) {
      banned = (await fx.chat(`/groups/${g.guid}/bannedusers`)).body.data;
      if (banned.length > 0) {
        guid = g.guid;
        break;
      }
    }
    expect(banned.length).toBeGreaterThan(0);
    const run = await runCcx(["members", guid, "--banned", "--all", "--ndjson"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(ndjson(run.stdout).map((u) => u.uid)).toEqual(banned.map((u) => u.uid));
    const members = ndjson((await runCcx(["members", guid, "--all", "--ndjson"], env)).stdout).map((u) => u.uid);
    expect(banned.filter((u) => members.includes(u.uid))).toEqual([]);
    expect((await runCcx(["members", guid, "--banned", "--scope", "admin"], env)).code).toBe(2);
  });
});

describe("ccx token", () => {
  it("prints the token alone on stdout, once; --verbose shows the request but never the token; journaled, the token nowhere in the journal", async () => {
    const uid = world().users[1]!.uid;
    const run = await runCcx(["token", uid, "--verbose", "--yes"], env);
    expect(run.code, run.stderr).toBe(0);
    const token = run.stdout.trim();
    expect(token).toMatch(new RegExp(`^${uid}_[0-9a-f]+$`));
    expect(run.stderr).toMatch(/POST .*\/auth_tokens → 200/);
    expect(run.stderr).toMatch(/shown once, ccx keeps no copy \(journal \d+\)/);
    expect(run.stderr).not.toContain(token);
    const json = await runCcx(["token", uid, "--force", "--json", "--yes"], env);
    const [made] = JSON.parse(json.stdout) as Array<{ outcome: string; answer: { data: Record<string, unknown> } }>;
    expect(made).toMatchObject({ outcome: "done", answer: { data: { uid, authToken: expect.stringMatching(new RegExp(`^${uid}_`)), createdAt: expect.any(Number) } } });
    const text = readFileSync(journal, "utf8");
    expect(text).not.toContain(token);
    expect(text).not.toContain(made!.answer.data.authToken);
    expect(journalEntries(journal).filter((e) => e.verb === "token").slice(-2)).toEqual([
      expect.objectContaining({ item: uid, method: "POST", path: `/users/${uid}/auth_tokens`, body: {}, outcome: "done", irreversible: expect.stringContaining("tokens revoke") }),
      expect.objectContaining({ item: uid, body: { force: true }, outcome: "done" }),
    ]);
  });

  it("asks like every write: without a terminal it needs --yes; --dry-run prints curl and sends nothing", async () => {
    const uid = world().users[1]!.uid;
    const before = posts().length;
    const unasked = await runCcx(["token", uid], env);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toMatch(/^error: CCX_BAD_INPUT: token writes, and there is no terminal to ask on: add --yes/m);
    const dry = await runCcx(["token", uid, "--force", "--dry-run"], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`^curl .*-X POST .*/users/${uid}/auth_tokens`, "m"));
    expect(dry.stdout).toContain('{"force":true}');
    expect(posts().length).toBe(before);
  });

  it("read-only mode refuses it before anything is sent: --read-only, CCX_READ_ONLY=1, a profile's readOnly", async () => {
    const dir = scratchDir("ccx-ro-");
    const config = join(dir, "config.json");
    writeFileSync(config, JSON.stringify({
      profiles: { ro: { appId: fx.app().appId, region: fx.app().region, apiKey: fx.app().fullAccessKey, chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl, caFile: fx.info.caFile, readOnly: true } },
    }), { mode: 0o600 });
    const uid = world().users[1]!.uid;
    const before = posts().length;
    const runs = [
      await runCcx(["token", uid, "--read-only", "--yes"], env),
      await runCcx(["token", uid, "--yes"], { ...env, CCX_READ_ONLY: "1" }),
      await runCcx(["token", uid, "--yes"], { CCX_CONFIG: config, XDG_STATE_HOME: env.XDG_STATE_HOME! }),
      await runCcx(["send", "--as", uid, "--to", world().users[2]!.uid, "--text", "hi", "--read-only", "--yes"], env),
    ];
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/^error: CCX_READ_ONLY: read-only mode: (token|send) refused, nothing was sent/m);
      expect(run.stdout).toBe("");
    }
    expect(posts().length).toBe(before);
    // The log does see writes: the same token without read-only mode is one more POST.
    expect((await runCcx(["token", uid, "--yes"], env)).code).toBe(0);
    expect(posts().length).toBe(before + 1);
  });
});

describe("ccx send, then read back", () => {
  /** A group and two of its members, and a user who is not one. */
  function cast() {
    const app = world();
    const group = app.groups.find((g) => g.membersCount >= 3)!;
    return { group, app };
  }

  it("refuses an empty text, a text over the limit, no receiver or no sender, before sending", async () => {
    const before = posts().length;
    const uid = world().users[0]!.uid;
    const to = world().users[1]!.uid;
    const empty = await runCcx(["send", "--as", uid, "--to", to, "--text", "  ", "--yes"], env);
    const long = await runCcx(["send", "--as", uid, "--to", to, "--text", "x".repeat(11_000), "--yes"], env);
    const nowhere = await runCcx(["send", "--as", uid, "--text", "hi", "--yes"], env);
    const nobody = await runCcx(["send", "--to", to, "--text", "hi", "--yes"], env);
    for (const run of [empty, long, nowhere, nobody]) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/^error: CCX_BAD_INPUT: .*nothing was sent/m);
    }
    expect(long.stderr).toContain("over the service's 10240");
    expect(posts().length).toBe(before);
  });

  it("the sender may be given as every command's acting user is: CCX_ON_BEHALF_OF", async () => {
    const [sender, receiver] = [world().users[7]!.uid, world().users[8]!.uid];
    const sent = await runCcx(["send", "--to", receiver, "--text", "from the env's user", "--json", "--yes"], { ...env, CCX_ON_BEHALF_OF: sender });
    expect(sent.code, sent.stderr).toBe(0);
    const message = (JSON.parse(sent.stdout) as Array<{ answer: { data: { sender: string | { uid: string } } } }>)[0]!.answer.data;
    expect(typeof message.sender === "string" ? message.sender : message.sender.uid).toBe(sender);
  });

  it("a message to a user shows in the app's messages, their 1:1 both ways, and both sides' conversations", async () => {
    const [sender, receiver] = [world().users[5]!.uid, world().users[6]!.uid];
    const text = `hello from the test ${Date.now()}`;
    const sent = await runCcx(["send", "--as", sender, "--to", receiver, "--text", text, "--json", "--yes"], env);
    expect(sent.code, sent.stderr).toBe(0);
    const message = (JSON.parse(sent.stdout) as Array<{ answer: { data: { id: string; data: { text: string } } } }>)[0]!.answer.data;
    expect(message.data.text).toBe(text);
    const has = (run: { stdout: string }) => ndjson(run.stdout).some((m) => String(m.id) === String(message.id));
    expect(has(await runCcx(["messages", "--limit", "10", "--ndjson"], env))).toBe(true);
    expect(has(await runCcx(["messages", "--as", sender, "--user", receiver, "--ndjson"], env))).toBe(true);
    expect(has(await runCcx(["messages", "--as", receiver, "--user", sender, "--ndjson"], env))).toBe(true);
    for (const side of [sender, receiver]) {
      const conversations = ndjson((await runCcx(["conversations", "--as", side, "--all", "--ndjson"], env)).stdout);
      const conversation = conversations.find((c) => c.conversationWith?.uid === (side === sender ? receiver : sender));
      expect(conversation?.lastMessage?.id).toBe(message.id);
    }
    const table = await runCcx(["messages", "--as", sender, "--user", receiver], env);
    expect(table.stdout).toContain(text);
  });

  it("a message to a group shows in the group's messages; a sender not in it gets ERR_NOT_A_MEMBER, exit 1, not retried", async () => {
    const { group, app } = cast();
    const members = (await fx.chat(`/groups/${group.guid}/members`, { perPage: 100 })).body.data as Array<{ uid: string }>;
    const member = members[0]!.uid;
    const outsider = app.users.find((u) => !members.some((m) => m.uid === u.uid))!.uid;
    const sent = await runCcx(["send", "--as", member, "--group", group.guid, "--text", "to the group", "--json", "--yes"], env);
    expect(sent.code, sent.stderr).toBe(0);
    const id = (JSON.parse(sent.stdout) as Array<{ answer: { data: { id: string } } }>)[0]!.answer.data.id;
    expect(ndjson((await runCcx(["messages", "--group", group.guid, "--ndjson"], env)).stdout).some((m) => m.id === id)).toBe(true);
    const before = posts().length;
    const refused = await runCcx(["send", "--as", outsider, "--group", group.guid, "--text", "let me in", "--yes"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^refused group ${group.guid} \\(as ${outsider}\\): ERR_NOT_A_MEMBER: `, "m"));
    expect(posts().length).toBe(before + 1);
  });
});

describe("ccx send, undone", () => {
  it("journaled with its inverse from the answer (the message deleted by its id): ccx undo deletes it; --dry-run sends nothing", async () => {
    const [sender, receiver] = [world().users[7]!.uid, world().users[8]!.uid];
    const before = posts().length;
    const dry = await runCcx(["send", "--as", sender, "--to", receiver, "--text", "not sent", "--dry-run"], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^curl .*-X POST .*\/messages/m);
    expect(posts().length).toBe(before);
    const sent = await runCcx(["send", "--as", sender, "--to", receiver, "--text", "to be undone", "--yes"], env);
    expect(sent.code, sent.stderr).toBe(0);
    const [, id, seq] = /^sent message (\d+) as \S+ to user \S+ at .* \(journal (\d+); undo: ccx undo \d+\)$/m.exec(sent.stdout)!;
    expect(journalEntries(journal).find((e) => e.seq === Number(seq))).toMatchObject({
      verb: "send", item: `user ${receiver} (as ${sender})`, outcome: "done", body: { receiver, receiverType: "user", data: { text: "to be undone" } },
      inverse: { method: "DELETE", path: `/messages/${id}`, as: sender },
    });
    const undone = await runCcx(["undo", seq!, "--yes"], env);
    expect(undone.code, undone.stderr).toBe(0);
    const thread = ndjson((await runCcx(["messages", "--as", sender, "--user", receiver, "--ndjson"], env)).stdout);
    expect(thread.find((m) => String(m.id) === id)?.deletedAt).toEqual(expect.any(Number));
  });
});

describe("ccx messages paging", () => {
  it("--all walks older from the newest and --after 0 walks newer from the first: the same messages, none twice", async () => {
    const older = ndjson((await runCcx(["messages", "--limit", "37", "--all", "--ndjson"], env)).stdout).map((m) => String(m.id));
    const newer = ndjson((await runCcx(["messages", "--limit", "41", "--after", "0", "--all", "--ndjson"], env)).stdout).map((m) => String(m.id));
    expect(older.length).toBeGreaterThan(100);
    expect(new Set(older).size).toBe(older.length);
    expect(new Set(newer).size).toBe(newer.length);
    expect([...newer].sort()).toEqual([...older].sort());
  });

  it("one page says where the next starts; --before continues there without a repeat", async () => {
    const first = await runCcx(["messages", "--limit", "5", "--ndjson"], env);
    const match = /older: --before (\d+)/.exec(first.stderr) ?? /older: --before (\d+)/.exec((await runCcx(["messages", "--limit", "5"], env)).stderr);
    expect(match).not.toBeNull();
    const ids = ndjson(first.stdout).map((m) => Number(m.id));
    expect(Number(match![1])).toBe(Math.min(...ids));
    const next = ndjson((await runCcx(["messages", "--limit", "5", "--before", match![1]!, "--ndjson"], env)).stdout).map((m) => Number(m.id));
    expect(next).toHaveLength(5);
    expect(Math.max(...next)).toBeLessThan(Math.min(...ids));
  });

  it("without --limit ccx asks for its own page of 100, not the service's default of 10: as limit, and as perPage on a 1:1", async () => {
    const before = served.length;
    const page = ndjson((await runCcx(["messages", "--ndjson"], env)).stdout);
    expect(page).toHaveLength(100);
    const [a, b] = [world().users[0]!.uid, world().users[1]!.uid];
    expect((await runCcx(["messages", "--as", a, "--user", b, "--ndjson"], env)).code).toBe(0);
    const asked = served.slice(before).filter((line) => line.startsWith("GET "));
    expect(asked[0]).toMatch(/^GET \S+\/messages\?limit=100 200 /);
    expect(asked[1]).toMatch(new RegExp(`^GET \\S+/users/${b}/messages\\?perPage=100 200 .* onBehalfOf=${a}$`));
  });

  it("a call message's channel secret is masked in --json and --ndjson, named on stderr, and shown whole with --reveal", async () => {
    const args = ["messages", "--category", "call", "--limit", "5"];
    const revealed = ndjson((await runCcx([...args, "--ndjson", "--reveal"], env)).stdout);
    const secret = revealed[0]!.data.entities.on.entity.wsChannel.secret as string;
    expect(secret).toMatch(/^[0-9a-f]{40}$/);
    for (const output of ["--json", "--ndjson"]) {
      const run = await runCcx([...args, output], env);
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain(secret);
      expect(run.stdout).toContain(`…${secret.slice(-4)}`);
      expect(run.stderr).toContain("masked (--reveal shows them): data.entities.on.entity.wsChannel.secret");
    }
  });

  it("filters by flag and --query; --user without --as, and conversations without --as, are refused (exit 2)", async () => {
    const texts = ndjson((await runCcx(["messages", "--type", "text", "--limit", "50", "--ndjson"], env)).stdout);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((m) => m.type === "text")).toBe(true);
    const query = ndjson((await runCcx(["messages", "--query", "type:text", "--limit", "50", "--ndjson"], env)).stdout);
    expect(query).toEqual(texts);
    const noSide = await runCcx(["messages", "--user", world().users[0]!.uid], env);
    expect(noSide.code).toBe(2);
    expect(noSide.stderr).toContain("--as");
    const noUser = await runCcx(["conversations"], env);
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain("--as");
  });

  it("--as and --on-behalf-of naming two users is bad usage", async () => {
    const run = await runCcx(["conversations", "--as", "a", "--on-behalf-of", "b"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("name two users");
  });
});

describe("ccx call with --as", () => {
  it("finds a call the user was not in: the call is asked for on behalf of nobody", async () => {
    const call = world().calls.find((c) => c.participants.length > 0)!;
    const outsider = world().users.find((u) => !call.uids.has(u.uid))!.uid;
    const before = served.length;
    const run = await runCcx(["call", call.sessionId, "--as", outsider, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).sessionId).toBe(call.sessionId);
    const asked = served.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(new RegExp(`^GET \\S+/calls/${call.sessionId} 200 `));
    expect(asked[0]).not.toContain("onBehalfOf=");
  });
});
