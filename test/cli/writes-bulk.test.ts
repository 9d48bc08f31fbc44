import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/emulator/data/model.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";
import { recordOutput } from "../support/secrets.js";
import { scratchDir } from "../support/scratch.js";
import { journalEntries } from "../support/journal.js";

/**
 * Bulk writes: the items a filter selects (every page), or ids from stdin;
 * said how many, sent 4 at a time, each once; interrupted by SIGINT, the
 * run says what was done and what was not, and the same command again does
 * only the rest.
 */

let fx: EmulatorFixture;
let app: App;
const served: string[] = [];
const envOf = (state: string) => fx.cliEnv({ state });

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 1, users: 200, messages: 0 }, faults: { latency: { min: 40, max: 40 } }, verbose: true, log: (line: string) => served.push(line) });
  app = fx.emulator.world.apps[0]!;
});
afterAll(() => fx?.close());

const deletes = (from: number) => served.slice(from).filter((l) => l.startsWith("DELETE "));

describe("bulk writes", () => {
  it("--query: every user the filter selects, across pages; said how many; each deactivated once", async () => {
    const state = scratchDir("ccx-bulk-");
    const role = app.users[0]!.role;
    const chosen = app.users.filter((u) => u.role === role && u.deactivatedAt === undefined && u.status === "offline").map((u) => u.uid);
    expect(chosen.length).toBeGreaterThan(1);
    const before = served.length;
    const run = await runCcx(["user", "deactivate", "--query", `role:${role} status:offline per:7`, "--yes", "--json"], envOf(state));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`the filter selects ${chosen.length} users`);
    const results = JSON.parse(run.stdout) as Array<{ item: string; outcome: string }>;
    expect(results.map((r) => r.item).sort()).toEqual([...chosen].sort());
    expect(results.every((r) => r.outcome === "done")).toBe(true);
    expect(deletes(before)).toHaveLength(chosen.length);
    for (const uid of chosen) expect(app.users[app.userIndexByUid.get(uid)!]!.deactivatedAt).toBeDefined();
    // 4 at a time, as the emulator saw them (each item's GET, then its write, in one of 4 slots).
    expect(fx.emulator.load().peak).toBeLessThanOrEqual(4);
    expect(fx.emulator.load().peak).toBeGreaterThan(1);
    const bad = await runCcx(["user", "deactivate", "--query", "role:", "--yes"], envOf(state));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/the filter does not parse; nothing was sent/);
  });

  it("member kick --query: the group's members the filter selects, each kicked once; a filter that does not parse sends nothing", async () => {
    const state = scratchDir("ccx-bulk-");
    const group = app.groups.find((g) => g.membersCount >= 6)!;
    const members = (await fx.chat(`/groups/${group.guid}/members`, { perPage: 1000, scopes: "participant" })).body.data as Array<{ uid: string }>;
    expect(members.length).toBeGreaterThan(1);
    const before = served.length;
    const run = await runCcx(["member", "kick", group.guid, "--query", "scope:participant", "--yes", "--json"], envOf(state));
    expect(run.stderr).toContain(`the filter selects ${members.length} members`);
    const results = JSON.parse(run.stdout) as Array<{ item: string; outcome: string }>;
    expect(results.map((r) => r.item).sort()).toEqual(members.map((m) => `${group.guid}/${m.uid}`).sort());
    expect(deletes(before)).toHaveLength(members.length);
    expect(((await fx.chat(`/groups/${group.guid}/members`, { perPage: 1000, scopes: "participant" })).body.data as unknown[]).length).toBe(0);
    const bad = await runCcx(["member", "kick", group.guid, "--query", "scope:king", "--yes"], envOf(state));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/the filter does not parse/);
  });

  it("--ids -: one a line from stdin, blank lines and comments left out, each once", async () => {
    const state = scratchDir("ccx-bulk-");
    const uids = app.users.slice(150, 153).map((u) => u.uid);
    const before = served.length;
    const run = await runCcx(["user", "reactivate", "--ids", "-", "--yes"], envOf(state), `# a list\n${uids.join("\n")}\n\n${uids[0]}\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(served.slice(before).filter((l) => l.startsWith("PUT "))).toHaveLength(3);
  });

  it("ccx undo --batch: every write of the last run undone in one run, each once; a write of one item is not a run", async () => {
    const state = scratchDir("ccx-bulk-");
    // Five users still active (earlier tests deactivated some): each deactivation then has an inverse.
    const uids = app.users.slice(160).filter((u) => u.deactivatedAt === undefined).slice(0, 5).map((u) => u.uid);
    expect(uids).toHaveLength(5);
    expect((await runCcx(["user", "deactivate", ...uids, "--yes"], envOf(state))).code).toBe(0);
    expect((await runCcx(["user", "update", app.users[170]!.uid, "--name", "Not a run", "--yes"], envOf(state))).code).toBe(0);
    for (const uid of uids) expect(app.users[app.userIndexByUid.get(uid)!]!.deactivatedAt).toBeDefined();
    const single = await runCcx(["undo", "6", "--batch", "--yes"], envOf(state));
    expect([single.code, single.stderr]).toEqual([2, expect.stringMatching(/a write of one item, not of a run of several: ccx undo 6 undoes it/)]);
    const before = served.length;
    const run = await runCcx(["undo", "--batch", "--yes", "--json"], envOf(state));
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as Array<{ item: string; outcome: string }>).map((r) => r.item).sort()).toEqual([...uids].sort());
    expect(served.slice(before).filter((l) => l.startsWith("PUT "))).toHaveLength(uids.length);
    for (const uid of uids) expect(app.users[app.userIndexByUid.get(uid)!]!.deactivatedAt).toBeUndefined();
    const again = await runCcx(["undo", "1", "--batch", "--yes"], envOf(state));
    expect([again.code, again.stderr]).toEqual([2, expect.stringMatching(/nothing of entry 1's run is left to undo/)]);
  });

  it("interrupted by SIGINT: what was under way finishes and is journaled, the rest is not sent; the same command again does only the rest", async () => {
    const state = scratchDir("ccx-bulk-");
    const uids = app.users.slice(100, 140).map((u) => u.uid);
    const args = ["user", "deactivate", ...uids, "--yes"];
    const before = served.length;
    const first = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [new URL("../../bin/ccx.js", import.meta.url).pathname, ...args], {
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", XDG_CONFIG_HOME: "/nonexistent-ccx-config", ...envOf(state) }, stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
      child.stdout.resume();
      // Once a few have been sent: a person's ctrl-c.
      const poll = setInterval(() => {
        if (deletes(before).length >= 6) {
          clearInterval(poll);
          child.kill("SIGINT");
        }
      }, 5);
      child.once("close", (code) => {
        clearInterval(poll);
        recordOutput(`ccx ${args.join(" ")} (stderr)`, stderr);
        resolve({ code, stderr });
      });
    });
    expect(first.code).toBe(130);
    const said = /interrupted: (\d+) written \(journaled\), (\d+) not sent/.exec(first.stderr);
    expect(said, first.stderr).not.toBeNull();
    const written = Number(said![1]);
    expect(written + Number(said![2])).toBe(uids.length);
    expect(written).toBeLessThan(uids.length);
    expect(deletes(before)).toHaveLength(written);
    const journal = journalEntries(join(state, "ccx", "journal.ndjson"));
    expect(journal).toHaveLength(written);
    const middle = served.length;
    const again = await runCcx(args, envOf(state));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`${written} of ${uids.length} done by an earlier run of this (journal): the other ${uids.length - written} now`);
    expect(deletes(middle)).toHaveLength(uids.length - written);
    // Every user once in all: none twice, none left.
    const sentFor = deletes(before).length;
    expect(sentFor).toBe(uids.length);
    for (const uid of uids) expect(app.users[app.userIndexByUid.get(uid)!]!.deactivatedAt).toBeDefined();
    // Four in flight answer in any order: each entry still has a number of its own, the runs' numbers in a row.
    const entries = journalEntries(join(state, "ccx", "journal.ndjson"));
    expect(entries.map((e) => e.seq).sort((a, b) => a - b)).toEqual(uids.map((_, i) => i + 1));
  }, 30_000);
});
