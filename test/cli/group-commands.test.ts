import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/** `ccx group <guid>` (every field) and `ccx members <guid>` (paged, --all, --json, --ndjson, --scope), over HTTPS. */

let fx: EmulatorFixture;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 40, calls: 5, users: 60 } });
  env = fx.cliEnv();
});
afterAll(() => fx?.close());

/** A group with more members than one small page. */
const bigGroup = () => fx.emulator.world.apps[0]!.groups.find((g) => g.membersCount > 25)!;

describe("ccx group", () => {
  it("prints every field the service sent, name first, times as dates; --json as sent", async () => {
    const group = bigGroup();
    const run = await runCcx(["group", group.guid], env);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^name\s+/);
    expect(run.stdout).toMatch(new RegExp(`^guid\\s+${group.guid}$`, "m"));
    expect(run.stdout).toMatch(/^createdAt\s+\d{4}-\d\d-\d\d \d\d:\d\d \(\d+\)$/m);
    const sent = (await fx.chat(`/groups/${group.guid}`)).body.data;
    expect(lines).toHaveLength(Object.keys(sent).length);
    const json = await runCcx(["group", group.guid, "--json"], env);
    expect(JSON.parse(json.stdout)).toEqual(sent);
  });

  it("ccx groups --as <uid>: the user's scope and when they joined, beside each group", async () => {
    const app = fx.emulator.world.apps[0]!;
    const uid = app.users[0]!.uid;
    const run = await runCcx(["groups", "--as", uid, "--joined", "--per-page", "5"], { ...env, COLUMNS: "250" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n")[0]).toMatch(/^NAME\s+GUID\s+SCOPE\s+JOINED\s+TYPE\s/);
    const rows = run.stdout.trim().split("\n").slice(1).filter((l) => !l.startsWith("("));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split(/\s{2,}/)[2]).toMatch(/^(admin|moderator|participant|member)$/);
    const plain = await runCcx(["groups", "--per-page", "5"], { ...env, COLUMNS: "250" });
    expect(plain.stdout.split("\n")[0]).not.toMatch(/SCOPE|JOINED/);
  });

  it("a guid no group has: exit 3 with the service's code", async () => {
    const run = await runCcx(["group", "no-such-group"], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: ERR_GUID_NOT_FOUND: /m);
  });
});

describe("ccx members", () => {
  it("one page as a table, its count on stderr; --all every member once; --json and --ndjson as sent", async () => {
    const group = bigGroup();
    const page = await runCcx(["members", group.guid, "--per-page", "10"], env);
    expect(page.code).toBe(0);
    expect(page.stdout.trim().split("\n")[0]).toMatch(/^UID\s+NAME\s+SCOPE\s+JOINED/);
    expect(page.stdout.trim().split("\n")).toHaveLength(11);
    expect(page.stderr).toContain(`10 shown of ${group.membersCount} · page 1/${Math.ceil(group.membersCount / 10)}`);

    const all = await runCcx(["members", group.guid, "--per-page", "10", "--all", "--ndjson"], env);
    expect(all.code).toBe(0);
    const uids = all.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { uid: string }).uid);
    expect(uids).toHaveLength(group.membersCount);
    expect(new Set(uids).size).toBe(group.membersCount);

    const json = await runCcx(["members", group.guid, "--per-page", "5", "--json"], env);
    expect(JSON.parse(json.stdout)).toEqual((await fx.chat(`/groups/${group.guid}/members`, { perPage: 5, page: 1 })).body.data);
  });

  it("--scope keeps those scopes; a bad scope is the service's bad request (exit 2)", async () => {
    const group = bigGroup();
    const admins = await runCcx(["members", group.guid, "--scope", "admin", "--all", "--ndjson"], env);
    expect(admins.code).toBe(0);
    const scopes = new Set(admins.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { scope: string }).scope));
    expect(scopes).toEqual(new Set(["admin"]));
    const bad = await runCcx(["members", group.guid, "--scope", "owner"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: ERR_BAD_REQUEST: /m);
  });
});
