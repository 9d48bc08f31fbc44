import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { journalEntries } from "../support/journal.js";
import { runCcx } from "../support/run-ccx.js";
import { scratchDir } from "../support/scratch.js";

/**
 * The journal written ahead (docs/guarantees.md): a write killed between its request and its answer
 * leaves a pending line, shown as unknown and not undone until checked; a line torn by a crash is
 * skipped and said; the journal is read from its end (a journal no whole read could take is listed,
 * and written to); the numbers of a journal written before they were kept in its lines are kept.
 */

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
let state: string;
const journalFile = () => join(state, "ccx", "journal.ndjson");
const rawLines = () => readFileSync(journalFile(), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);

beforeEach(() => {
  state = scratchDir("ccx-journal-");
});
afterEach(() => rmSync(state, { recursive: true, force: true }));

describe("a write killed after its request left", () => {
  let fx: EmulatorFixture;
  const served: string[] = [];
  beforeAll(async () => {
    // Every answer a second late: time for the request to arrive and the process to be killed before its answer.
    fx = await emulatorFixture({ sizes: { apps: 1, groups: 2, calls: 1, users: 12, messages: 0 }, faults: { latency: { min: 1000, max: 1000 } }, verbose: true, log: (line: string) => served.push(line) });
  });
  afterAll(() => fx?.close());

  it("leaves a pending line: ccx journal says unknown with the check, ccx undo refuses it; --checked journals it done and sends its inverse", async () => {
    const app = fx.emulator.world.apps[0]!;
    const user = app.users[3]!;
    const name = user.name;
    const env = fx.cliEnv({ state });
    const child = spawn(process.execPath, [BIN, "user", "update", user.uid, "--name", "Killed Midway", "--yes"], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", XDG_CONFIG_HOME: "/nonexistent-ccx-config", ...env }, stdio: "ignore",
    });
    const closed = new Promise((resolve) => child.once("close", resolve));
    // The write's line is journaled before it is sent; the emulator then holds its request, unanswered.
    while (!(existsSync(journalFile()) && readFileSync(journalFile(), "utf8").includes('"pending"') && fx.emulator.load().open > 0)) await sleep(10);
    child.kill("SIGKILL");
    await closed;
    // The emulator met the request, and its client gone before the answer.
    await expect.poll(() => served.some((l) => new RegExp(`^PUT \\S*/users/${user.uid} closed `).test(l)), { timeout: 5000 }).toBe(true);
    expect(rawLines()).toEqual([expect.objectContaining({ seq: 1, outcome: "pending", verb: "user update", item: user.uid, body: { name: "Killed Midway" }, check: `ccx user ${user.uid}`, inverse: expect.objectContaining({ body: { name } }) })]);

    const listed = await runCcx(["journal"], { ...env, COLUMNS: "200" });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^\\s*1 .*user update\\s+${user.uid} .*unknown \\(no answer\\)\\s+check: ccx user ${user.uid}$`, "m"));
    expect(JSON.parse((await runCcx(["journal", "--ndjson"], env)).stdout)).toMatchObject({ seq: 1, outcome: "unknown", unanswered: true });

    const refused = await runCcx(["undo", "1", "--yes"], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`entry 1's outcome is unknown (no answer was journaled: ccx stopped while it was sent): the service may have acted. Check with: ccx user ${user.uid}; if it did, ccx undo 1 --checked undoes it`);
    const latest = await runCcx(["undo", "--yes"], env);
    expect(latest.code).toBe(2);
    expect(latest.stderr).toMatch(/entry 1, newer, is left: entry 1's outcome is unknown/);

    // Said checked: journaled done, then its inverse sent (the name it had, read before it).
    const before = served.length;
    const undone = await runCcx(["undo", "1", "--checked", "--yes"], env);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toBe(`done ${user.uid} (journal 2; undo: ccx undo 2)\n`);
    expect(served.slice(before).filter((l) => l.startsWith("PUT "))).toEqual([expect.stringMatching(new RegExp(`^PUT \\S*/users/${user.uid} 200 `))]);
    expect(user.name).toBe(name);
    expect(journalEntries(journalFile())).toEqual([
      expect.objectContaining({ seq: 1, outcome: "done", checked: true }),
      expect.objectContaining({ seq: 2, undoes: 1, outcome: "done" }),
    ]);
    expect((await runCcx(["journal", "--limit", "1", "--ndjson"], env)).stdout).toContain('"seq":2');
  });
});

describe("reading the journal", () => {
  let fx: EmulatorFixture;
  const served: string[] = [];
  beforeAll(async () => {
    fx = await emulatorFixture({ sizes: { apps: 1, groups: 2, calls: 1, users: 12, messages: 0 }, verbose: true, log: (line: string) => served.push(line) });
  });
  afterAll(() => fx?.close());

  const entryLines = (seq: number, app: string) => [
    JSON.stringify({ seq, id: `id${seq}`, time: "2026-11-01T10:00:00.000Z", outcome: "pending", verb: "user update", item: `u${seq}`, app, region: "us", method: "PUT", host: "chat", path: `/users/u${seq}`, body: { name: `n${seq}` }, inverse: { method: "PUT", path: `/users/u${seq}`, body: { name: "old" } } }),
    JSON.stringify({ seq, id: `id${seq}`, outcome: "done", status: 200 }),
  ];
  const legacyLine = (n: number, app: string) => JSON.stringify({ id: `old${n}`, time: "2026-10-01T10:00:00.000Z", verb: "user deactivate", item: `old${n}`, app, region: "us", method: "DELETE", host: "chat", path: "/users", body: { uidsToDeactivate: [`old${n}`] }, outcome: "done", status: 200, inverse: { method: "PUT", path: "/users", body: { uidsToActivate: [`old${n}`] } } });

  it("a torn last line is skipped and said; the next write is a whole line after it; a journal of one-line entries keeps their numbers", async () => {
    const appId = fx.app().appId;
    mkdirSync(join(state, "ccx"), { recursive: true, mode: 0o700 });
    // Two entries from before numbers were kept in lines (numbered by place), two since, then a line a crash cut short.
    writeFileSync(journalFile(), `${[legacyLine(1, appId), legacyLine(2, appId), ...entryLines(3, appId), ...entryLines(4, appId)].join("\n")}\n{"seq":5,"id":"id5","time":"2026-11-0`, { mode: 0o600 });
    const env = fx.cliEnv({ state });
    const listed = await runCcx(["journal", "--ndjson"], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split("\n").map((l) => JSON.parse(l).seq)).toEqual([4, 3, 2, 1]);
    expect(listed.stderr).toMatch(/the journal's line at byte \d+ is not a whole entry \(cut short by a crash\?\): skipped/);
    const uid = fx.emulator.world.apps[0]!.users[2]!.uid;
    const wrote = await runCcx(["user", "update", uid, "--name", "After The Tear", "--yes"], env);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stdout).toBe(`done ${uid} (journal 5; undo: ccx undo 5)\n`);
    const again = await runCcx(["journal", "--json"], env);
    expect((JSON.parse(again.stdout) as Array<{ seq: number; outcome: string }>).map((e) => [e.seq, e.outcome])).toEqual([[5, "done"], [4, "done"], [3, "done"], [2, "done"], [1, "done"]]);
    const old = await runCcx(["undo", "2", "--dry-run"], env);
    expect(old.code, old.stderr).toBe(0);
    expect(old.stdout).toMatch(/^curl -X PUT /);
  });

  it("a journal larger than any whole read (3 GiB, sparse) is listed from its end and written to", async () => {
    const appId = fx.app().appId;
    mkdirSync(join(state, "ccx"), { recursive: true, mode: 0o700 });
    // Its start is 3 GiB of zeros that take no disk: reading it whole fails (over 2 GiB), reading them takes long.
    writeFileSync(journalFile(), "", { mode: 0o600 });
    truncateSync(journalFile(), 3 * 2 ** 30);
    appendFileSync(journalFile(), `\n${Array.from({ length: 30 }, (_, i) => entryLines(i + 1, appId)).flat().join("\n")}\n`);
    const env = fx.cliEnv({ state });
    const listed = await runCcx(["journal", "--limit", "10", "--ndjson"], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split("\n").map((l) => JSON.parse(l).seq)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    const table = await runCcx(["journal", "--limit", "2"], { ...env, COLUMNS: "200" });
    expect(table.stdout.split("\n").slice(1, 3).map((l) => l.trim().split(/\s+/)[0])).toEqual(["30", "29"]);
    const uid = fx.emulator.world.apps[0]!.users[4]!.uid;
    const wrote = await runCcx(["user", "update", uid, "--name", "At The End", "--yes"], env);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stdout).toBe(`done ${uid} (journal 31; undo: ccx undo 31)\n`);
    const undone = await runCcx(["undo", "--yes"], env);
    expect(undone.stdout).toBe(`done ${uid} (journal 32; undo: ccx undo 32)\n`);
    expect(statSync(journalFile()).size).toBeGreaterThan(3 * 2 ** 30);
  });

  it("a number is given under the journal's lock: held by a live process, the write waits for it; left by a dead one, it is taken over", async () => {
    const [held, left] = fx.emulator.world.apps[0]!.users.slice(6, 8).map((u) => u.uid);
    const env = fx.cliEnv({ state });
    mkdirSync(join(state, "ccx"), { recursive: true, mode: 0o700 });
    const lock = `${journalFile()}.lock`;
    // Held by this process (alive): the write is read for, then waits to be journaled, unsent.
    writeFileSync(lock, String(process.pid));
    const before = served.length;
    const waiting = runCcx(["user", "update", held!, "--name", "Waited", "--yes"], env);
    await expect.poll(() => served.slice(before).some((l) => l.startsWith("GET ")), { timeout: 10_000 }).toBe(true);
    await sleep(300);
    expect(served.slice(before).filter((l) => !l.startsWith("GET "))).toEqual([]);
    expect(existsSync(journalFile()) ? readFileSync(journalFile(), "utf8") : "").toBe("");
    rmSync(lock);
    const run = await waiting;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`done ${held} (journal 1; undo: ccx undo 1)\n`);
    // Left by a process that is gone (killed while it held it): taken over at once.
    const gone = spawn(process.execPath, ["-e", "0"]);
    await new Promise((resolve) => gone.once("close", resolve));
    writeFileSync(lock, String(gone.pid));
    const after = await runCcx(["user", "update", left!, "--name", "Took Over", "--yes"], env);
    expect(after.stdout).toBe(`done ${left} (journal 2; undo: ccx undo 2)\n`);
    expect(existsSync(lock)).toBe(false);
  });

  it("CCX_JOURNAL names the journal: writes go there, not to the state directory", async () => {
    const elsewhere = join(state, "demo", "journal.ndjson");
    const env = { ...fx.cliEnv({ state }), CCX_JOURNAL: elsewhere };
    const uid = fx.emulator.world.apps[0]!.users[5]!.uid;
    expect((await runCcx(["user", "update", uid, "--name", "Demo Write", "--yes"], env)).code).toBe(0);
    expect(journalEntries(elsewhere)).toEqual([expect.objectContaining({ seq: 1, item: uid, outcome: "done" })]);
    expect(existsSync(journalFile())).toBe(false);
  });
});
