import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMember } from "../../src/emulator/data/members.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * What hangs off a user or a group, each from its definition: a user's auth
 * tokens (masked unless --reveal), friends (mutual) and blocked users, a
 * group's banned users; against the emulator over HTTPS.
 */

let fx: EmulatorFixture;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 30, calls: 5, users: 40 } });
  // Its writes (ccx token) journaled here, not in the suite's state home.
  env = fx.cliEnv({ state: scratchDir("ccx-user-resources-state-") });
});
afterAll(() => fx?.close());

const world = () => fx.emulator.world.apps[0]!;
const ndjson = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
const uidsOf = async (args: string[]) => ndjson((await runCcx([...args, "--all", "--ndjson"], env)).stdout).map((u) => u.uid as string);

describe("a user's friends", () => {
  it("ccx friends <uid>: a table, --json as sent; friendship is mutual; --search narrows", async () => {
    const users = world().users.slice(0, 12).map((u) => u.uid);
    let someone: string | undefined;
    for (const uid of users) {
      for (const friend of await uidsOf(["friends", uid])) {
        expect(await uidsOf(["friends", friend]), `${friend} befriends ${uid} back`).toContain(uid);
        someone ??= uid;
      }
    }
    expect(someone, "someone with a friend among the first users").toBeDefined();
    const table = await runCcx(["friends", someone!], { ...env, COLUMNS: "200" });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^UID\s+NAME\s+STATUS\s+LAST ACTIVE$/);
    const json = await runCcx(["friends", someone!, "--json"], env);
    expect(JSON.parse(json.stdout)).toEqual((await fx.chat(`/users/${someone}/friends`, { perPage: 100, page: 1 })).body.data);
    const [first] = await uidsOf(["friends", someone!]);
    expect(await uidsOf(["friends", someone!, "--search", first!])).toEqual([first]);
    expect((await runCcx(["friends", "nobody-here"], env)).code).toBe(3);
  });
});

describe("a user's auth tokens", () => {
  it("ccx tokens <uid>: masked in the table and --json unless --reveal; a token ccx token made is listed", async () => {
    const uid = world().users[3]!.uid;
    const before = ndjson((await runCcx(["tokens", uid, "--ndjson", "--reveal"], env)).stdout);
    const made = await runCcx(["token", uid, "--yes"], env);
    expect(made.code, made.stderr).toBe(0);
    const token = made.stdout.trim();
    const revealed = ndjson((await runCcx(["tokens", uid, "--ndjson", "--reveal"], env)).stdout);
    expect(revealed.map((t) => t.authToken)).toEqual([...before.map((t) => t.authToken), token]);
    const json = await runCcx(["tokens", uid, "--json"], env);
    expect(json.stdout).not.toContain(token);
    expect(JSON.parse(json.stdout).at(-1).authToken).toBe(`…${token.slice(-4)}`);
    expect(json.stderr).toMatch(/masked \(--reveal shows them\): authToken/);
    const table = await runCcx(["tokens", uid], env);
    expect(table.stdout).not.toContain(token);
    expect(table.stdout).toContain(`…${token.slice(-4)}`);
  });

  it("the emulator answers one token, and ERR_AUTH_TOKEN_NOT_FOUND for one the user does not have", async () => {
    const uid = world().users[3]!.uid;
    const [one] = (await fx.chat(`/users/${uid}/auth_tokens`)).body.data as Array<{ authToken: string }>;
    expect((await fx.chat(`/users/${uid}/auth_tokens/${one!.authToken}`)).body.data).toMatchObject({ uid, authToken: one!.authToken });
    const missing = await fx.chat(`/users/${uid}/auth_tokens/${uid}_nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("ERR_AUTH_TOKEN_NOT_FOUND");
  });
});

describe("blocked and banned users", () => {
  it("ccx blocked <uid>: who the user blocked, as the service lists them", async () => {
    let seen = 0;
    for (const user of world().users.slice(0, 20)) {
      const sent = (await fx.chat(`/users/${user.uid}/blockedusers`, { perPage: 100, page: 1 })).body.data as Array<{ uid: string }>;
      expect(await uidsOf(["blocked", user.uid])).toEqual(sent.map((u) => u.uid));
      seen += sent.length;
    }
    expect(seen, "blocks among the first users").toBeGreaterThan(0);
  });

  it("ccx banned <guid>: the group's banned users, the same as ccx members <guid> --banned", async () => {
    let seen = 0;
    for (const group of world().groups.slice(0, 20)) {
      const banned = await uidsOf(["banned", group.guid]);
      expect(banned).toEqual(await uidsOf(["members", group.guid, "--banned"]));
      seen += banned.length;
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe("one conversation as a user sees it", () => {
  it("ccx conversation --as UID --user UID | --group GUID: the answer's array of one read as the conversation; without --as, exit 2 before anything is sent", async () => {
    const [alice, bob] = [world().users[0]!.uid, world().users[1]!.uid];
    const asked = (await fx.chat(`/users/${bob}/conversation`, {}, { onBehalfOf: alice })).body;
    expect(Array.isArray(asked.data), JSON.stringify(asked)).toBe(true);
    const withBob = await runCcx(["conversation", "--as", alice, "--user", bob, "--json"], env);
    expect(withBob.code, withBob.stderr).toBe(0);
    expect(JSON.parse(withBob.stdout)).toEqual(asked.data[0]);
    const text = await runCcx(["conversation", "--as", alice, "--user", bob], env);
    expect(text.stdout.split("\n")[0]).toMatch(/^conversationId\s+\S+_user_\S+$/);
    const group = world().messages.conversations.find((c) => c.group >= 0 && c.messages.length > 0 && isMember(world(), world().groups[c.group]!, 0))!;
    const guid = world().groups[group.group]!.guid;
    const inGroup = await runCcx(["conversation", "--as", alice, "--group", guid, "--json"], env);
    expect(inGroup.code, inGroup.stderr).toBe(0);
    expect(JSON.parse(inGroup.stdout).conversationId).toBe(`group_${guid}`);
    const noUser = await runCcx(["conversation", "--user", bob], env);
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toMatch(/answers as a user sees it: say which with --as <uid>/);
    const neither = await runCcx(["conversation", "--as", alice], env);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toMatch(/--user UID, --group GUID or --id CONVERSATIONID/);
  });
});

describe("the reads that remained", () => {
  it("ccx conversation --id; ccx tokens <uid> <authToken> (one token, pasted); ccx apikeys <apiKey>", async () => {
    const [alice, bob] = [world().users[0]!.uid, world().users[1]!.uid];
    const withBob = JSON.parse((await runCcx(["conversation", "--as", alice, "--user", bob, "--json"], env)).stdout);
    const byId = await runCcx(["conversation", "--as", alice, "--id", withBob.conversationId, "--json"], env);
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byId.stdout)).toEqual(withBob);
    const [token] = (await fx.chat(`/users/${alice}/auth_tokens`)).body.data as Array<{ authToken: string }>;
    const one = await runCcx(["tokens", alice, token!.authToken, "--json"], env);
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ uid: alice, authToken: `…${token!.authToken.slice(-4)}` });
    expect((await runCcx(["tokens", bob, token!.authToken], env)).code).toBe(3);
    const key = await runCcx(["apikeys", fx.app().fullAccessKey, "--json"], env);
    expect(key.code, key.stderr).toBe(0);
    expect(JSON.parse(key.stdout)).toMatchObject({ scope: "fullAccess", apiKey: `…${fx.app().fullAccessKey.slice(-4)}` });
  });
});
