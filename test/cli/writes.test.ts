import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMember, membershipOf } from "../../src/emulator/data/members.js";
import { emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { writeWorld } from "../support/write-world.js";

/**
 * The writes of issue 21, each over HTTPS against the emulator and read back:
 * refused without --yes in a pipe, --dry-run as curl sending nothing,
 * read-only refusing before a byte (counted in the emulator's own log), one
 * GET before each write, the journal's lines and mode, and undo restoring
 * what was read before.
 */

const w = writeWorld({ apps: 1, groups: 20, calls: 3, users: 60, messages: 300 });
const { journal } = w;

const writesSince = (from: number) => w.served.slice(from).filter((l) => !l.startsWith("GET "));
const user = (uid: string) => w.app.users[w.app.userIndexByUid.get(uid)!]!;

describe("a write asks, or is refused", () => {
  it("without a terminal it needs --yes; --dry-run prints curl, the key as $CCX_API_KEY; read-only refuses: nothing sent in any", async () => {
    const uid = w.app.users[5]!.uid;
    const before = w.served.length;
    const piped = await runCcx(["user", "deactivate", uid], w.env);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/no terminal to ask on: add --yes/);
    const dry = await runCcx(["user", "deactivate", uid, "--dry-run"], w.env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim()).toBe(`curl -X DELETE '${w.fx.base("api")}/users' -H "apikey: $CCX_API_KEY" -H 'content-type: application/json' -d '{"uidsToDeactivate":["${uid}"]}'`);
    expect(dry.stderr).toMatch(/dry run: the request above, nothing sent/);
    const readOnly = await runCcx(["user", "deactivate", uid, "--yes", "--read-only"], w.env);
    expect(readOnly.code).toBe(2);
    expect(readOnly.stderr).toMatch(/read-only mode: user deactivate refused, nothing was sent/);
    expect(w.served.slice(before)).toEqual([]);
    expect(user(uid).deactivatedAt).toBeUndefined();
  });
});

describe("users", () => {
  it("deactivate, read back, undo: active again; one GET before each write; the journal 0600, its lines masked of nothing secret", async () => {
    const [a, b] = [w.app.users[7]!.uid, w.app.users[8]!.uid];
    const before = w.served.length;
    const run = await runCcx(["user", "deactivate", a, b, "--yes"], w.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`done ${a} (journal `);
    expect(writesSince(before).filter((l) => l.startsWith("DELETE /"))).toHaveLength(2);
    expect(w.served.slice(before).filter((l) => /^GET \S+\/users\/(\w+) 200/.test(l))).toHaveLength(2);
    expect(user(a).deactivatedAt).toBeDefined();
    const shown = JSON.parse((await runCcx(["users", "--query", `${a} in:uid deactivated:only`, "--json"], w.env)).stdout);
    expect(shown.map((u: { uid: string }) => u.uid)).toContain(a);
    const path = join(w.state, "ccx", "journal.ndjson");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(w.state, "ccx")).mode & 0o777).toBe(0o700);
    const lines = journal();
    // Numbered as they are journaled (before each is sent): entries made at once append in any order.
    expect(lines.map((l) => [l.seq, l.verb, l.item, l.outcome, l.method, l.path])).toEqual([
      [1, "user deactivate", expect.any(String), "done", "DELETE", "/users"],
      [2, "user deactivate", expect.any(String), "done", "DELETE", "/users"],
    ]);
    expect(lines.find((l) => l.item === a)).toMatchObject({ app: w.fx.app().appId, region: w.fx.app().region, status: 200, inverse: { method: "PUT", path: "/users", body: { uidsToActivate: [a] } } });
    const listed = await runCcx(["journal"], { ...w.env, COLUMNS: "200" });
    expect(listed.stdout).toMatch(/ccx undo 2/);
    const undone = await runCcx(["undo", "--yes"], w.env);
    expect(undone.code, undone.stderr).toBe(0);
    const undoneItem = journal().at(-1)!;
    expect(journal()).toHaveLength(3);
    expect(undoneItem).toMatchObject({ undoes: 2, method: "PUT", outcome: "done", inverse: { method: "DELETE", path: "/users" } });
    expect(user(undoneItem.item).deactivatedAt).toBeUndefined();
    expect((await runCcx(["undo", "2", "--yes"], w.env)).stderr).toMatch(/undone already, by entry 3/);
  });

  it("update: the fields changed; undo puts back the ones it had", async () => {
    const uid = w.app.users[9]!.uid;
    const name = user(uid).name;
    const run = await runCcx(["user", "update", uid, "--name", "Renamed By Test", "--tags", "e2e,ccx", "--yes"], w.env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse((await runCcx(["user", uid, "--json"], w.env)).stdout)).toMatchObject({ name: "Renamed By Test" });
    expect((await runCcx(["undo", "--yes"], w.env)).code).toBe(0);
    expect(user(uid).name).toBe(name);
  });
});

describe("members, bans and blocks", () => {
  const group = () => w.app.groups.find((g) => g.membersCount >= 4 && g.membersCount < 30)!;

  it("kick then undo: back with the scope they had; scope then undo; add a user who is a member: refused with the service's code", async () => {
    const g = group();
    const users = w.app.users.slice(0, w.app.seededUsers).map((_, i) => i);
    const moderatorless = users.find((u) => u !== g.ownerIndex && membershipOf(w.app, g, u)?.scope === "participant")!;
    const uid = w.app.users[moderatorless]!.uid;
    const scoped = await runCcx(["member", "scope", g.guid, uid, "moderator", "--yes"], w.env);
    expect(scoped.code, scoped.stderr).toBe(0);
    expect(membershipOf(w.app, g, moderatorless)?.scope).toBe("moderator");
    const count = g.membersCount;
    const kicked = await runCcx(["member", "kick", g.guid, uid, "--yes"], w.env);
    expect(kicked.code, kicked.stderr).toBe(0);
    expect(isMember(w.app, g, moderatorless)).toBe(false);
    expect(g.membersCount).toBe(count - 1);
    const members = JSON.parse((await runCcx(["members", g.guid, "--json", "--per-page", "100"], w.env)).stdout) as Array<{ uid: string }>;
    expect(members.map((m) => m.uid)).not.toContain(uid);
    expect(journal().at(-1)).toMatchObject({ verb: "member kick", inverse: { method: "POST", body: { moderators: [uid] } } });
    expect((await runCcx(["undo", "--yes"], w.env)).code).toBe(0);
    expect(membershipOf(w.app, g, moderatorless)?.scope).toBe("moderator");
    expect((await runCcx(["undo", "1", "--yes"], w.env)).code).toBe(0);
    expect(membershipOf(w.app, g, moderatorless)?.scope).toBe("participant");
    const again = await runCcx(["member", "add", g.guid, uid, "--yes"], w.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(new RegExp(`refused ${g.guid}/${uid}: ERR_ALREADY_JOINED`));
    expect(journal().at(-1)).toMatchObject({ outcome: "refused", code: "ERR_ALREADY_JOINED" });
    const owner = await runCcx(["member", "kick", g.guid, w.app.users[g.ownerIndex]!.uid, "--yes"], w.env);
    expect(owner.stderr).toMatch(/ERR_GROUP_OWNER/);
    const unknown = await runCcx(["member", "kick", "no-such-group", uid, "--yes"], w.env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/ERR_GUID_NOT_FOUND/);
  });

  it("ban a member: out of the group and in the banned list; undo unbans; block and unblock, read back in the blocked list", async () => {
    const g = group();
    const target = w.app.users.findIndex((_, u) => u < w.app.seededUsers && u !== g.ownerIndex && isMember(w.app, g, u));
    const uid = w.app.users[target]!.uid;
    expect((await runCcx(["member", "ban", g.guid, uid, "--yes"], w.env)).code).toBe(0);
    expect(isMember(w.app, g, target)).toBe(false);
    expect(JSON.parse((await runCcx(["banned", g.guid, "--json"], w.env)).stdout).map((u: { uid: string }) => u.uid)).toContain(uid);
    expect((await runCcx(["undo", "--yes"], w.env)).code).toBe(0);
    expect(JSON.parse((await runCcx(["banned", g.guid, "--json"], w.env)).stdout).map((u: { uid: string }) => u.uid)).not.toContain(uid);
    const [who, whom] = [w.app.users[20]!.uid, w.app.users[21]!.uid];
    expect((await runCcx(["block", who, whom, "--yes"], w.env)).code).toBe(0);
    const list = async () => (JSON.parse((await runCcx(["blocked", who, "--json", "--per-page", "100"], w.env)).stdout) as Array<{ uid: string }>).map((u) => u.uid);
    expect(await list()).toContain(whom);
    expect((await runCcx(["undo", "--yes"], w.env)).code).toBe(0);
    expect(await list()).not.toContain(whom);
  });
});

describe("create and delete", () => {
  it("user create, read back, undo deletes them for good; user delete says it cannot be undone", async () => {
    const uid = `made-by-test-${process.pid}`;
    const made = await runCcx(["user", "create", uid, "--name", "Made By Test", "--metadata", '{"team":"qa"}', "--yes"], w.env);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse((await runCcx(["user", uid, "--json"], w.env)).stdout)).toMatchObject({ uid, name: "Made By Test", metadata: { team: "qa" } });
    expect((await runCcx(["undo", "--yes"], w.env)).code).toBe(0);
    expect((await runCcx(["user", uid], w.env)).code).toBe(3);
    const badMetadata = await runCcx(["user", "create", `${uid}-x`, "--name", "X", "--metadata", "{team", "--yes"], w.env);
    expect(badMetadata.code).toBe(2);
    expect(badMetadata.stderr).toMatch(/--metadata takes a JSON object/);
    const again = await runCcx(["user", "create", uid, "--name", "Again", "--yes"], w.env);
    expect(again.code, again.stderr).toBe(0);
    const gone = await runCcx(["user", "delete", uid, "--permanent", "--yes"], w.env);
    expect(gone.code, gone.stderr).toBe(0);
    expect(journal().at(-1)).toMatchObject({ verb: "user delete", outcome: "done", irreversible: "a deleted user cannot be brought back", body: { permanent: true } });
    const undo = await runCcx(["undo", String(journal().length), "--yes"], w.env);
    expect(undo.code).toBe(2);
    expect(undo.stderr).toMatch(/cannot be undone: a deleted user cannot be brought back/);
  });
});

describe("what the service says to a write", () => {
  it("a 5xx is not sent again: the outcome is unknown, said with how to check; a 429 is waited out and sent again", async () => {
    const failed: string[] = [];
    const failing = await emulatorFixture({ sizes: { apps: 1, groups: 3, calls: 1, users: 10, messages: 0 }, faults: { errorRate: 1 }, verbose: true, log: (line: string) => failed.push(line) });
    try {
      const uid = failing.emulator.world.apps[0]!.users[2]!.uid;
      const run = await runCcx(["user", "deactivate", uid, "--yes"], { ...w.env, CCX_CHAT_URL: failing.info.chatUrl, CCX_CA_FILE: failing.info.caFile, CCX_APP_ID: failing.app().appId, CCX_REGION: failing.app().region, CCX_API_KEY: failing.app().fullAccessKey });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`unknown ${uid}: .*the service may have acted: not sent again\\. Check with: ccx users --query '${uid} in:uid deactivated:with'`));
      expect(failed.filter((l) => l.startsWith("DELETE "))).toHaveLength(1);
      expect(journal().at(-1)).toMatchObject({ outcome: "unknown", status: 500 });
    } finally {
      await failing.close();
    }
    const seen: string[] = [];
    const limited = await emulatorFixture({ sizes: { apps: 1, groups: 3, calls: 1, users: 10, messages: 0 }, faults: { rateLimit: { limit: 1, windowSeconds: 1 } }, verbose: true, log: (line: string) => seen.push(line) });
    try {
      const uid = limited.emulator.world.apps[0]!.users[3]!.uid;
      const run = await runCcx(["user", "deactivate", uid, "--yes"], { ...w.env, CCX_CHAT_URL: limited.info.chatUrl, CCX_CA_FILE: limited.info.caFile, CCX_APP_ID: limited.app().appId, CCX_REGION: limited.app().region, CCX_API_KEY: limited.app().fullAccessKey });
      expect(run.code, run.stderr).toBe(0);
      const deletes = seen.filter((l) => l.startsWith("DELETE "));
      expect(deletes.some((l) => / 429 /.test(l))).toBe(true);
      expect(deletes.filter((l) => / 200 /.test(l))).toHaveLength(1);
      expect(limited.emulator.world.apps[0]!.users[3]!.deactivatedAt).toBeDefined();
    } finally {
      await limited.close();
    }
  }, 30_000);
});
