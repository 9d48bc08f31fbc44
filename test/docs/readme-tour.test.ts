import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SEED } from "../../src/cli/demo-seed.js";
import { demoEnvironment, demoWorld } from "../../src/cli/run/demo.js";
import type { App } from "../../src/emulator/data/model.js";
import type { CcxRun } from "../support/run-ccx.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess } from "../support/run-in-process.js";
import { scratchDir } from "../support/scratch.js";

/**
 * The README's command-line tour, read out of README.md and run line by line against the demo's
 * world (the seed, anchor and live mode `ccx demo` starts), each checked for what its comment says.
 * `source …/env` is the demo's env file, written by the demo's own function; writes go to a journal
 * in a folder of this file's, removed after. A line the README gains, loses or changes finds no check
 * here, and fails. The live world's clock is held and moved on by LIVE_MS (as a demo open for a few
 * minutes), so that the last day has recordings and the world does not move under a check.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const DAY = 86_400;
/** How far the live world is moved on before the tour: long enough for calls to start, end and be recorded. */
const LIVE_MS = 4 * 60_000;

/** The shell lines of the tour: the block after "On the command line". */
function tourLines(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /On the command line[^\n]*\n+```sh\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error("README.md has no command-line tour");
  return block[1]!.split("\n").filter((l) => l.trim() !== "");
}

/** A line as words of its pipeline's stages, quotes taken off, the comment dropped (as sh reads the tour's lines). */
function stagesOf(line: string): string[][] {
  const stages: string[][] = [[]];
  let word: string | undefined;
  const end = () => {
    if (word !== undefined) stages.at(-1)!.push(word);
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      if (close < 0) throw new Error(`unterminated quote in: ${line}`);
      const quoted = line.slice(i + 1, close);
      if (c === '"' && /[$`\\]/.test(quoted)) throw new Error(`the tour's lines are run without a shell; no expansion in: ${line}`);
      word = (word ?? "") + quoted;
      i = close;
    } else if (c === " ") end();
    else if (c === "#" && word === undefined) break;
    else if (c === "|" && word === undefined) stages.push([]);
    else word = (word ?? "") + c;
  }
  end();
  return stages;
}

/** The command of a line, without its comment: the key of its check. */
const commandOf = (line: string) => stagesOf(line).map((s) => s.join(" ")).join(" | ");

let fx: EmulatorFixture;
let app: App;
let dir: string;
let cwd: string;
let home: string;
let env: Record<string, string>;
const served: string[] = [];

interface Ran extends CcxRun {
  /** ccx's clock read before and after the run, UNIX seconds. */
  before: number;
  after: number;
}

const seconds = () => Math.floor(Date.now() / 1000);

/** What the tour's pipes do, for a machine without jq (a new one has none): the same output, written here. */
const STAND_INS: Record<string, (input: string) => string> = {
  "jq length": (input) => `${(JSON.parse(input) as unknown[]).length}\n`,
  "jq -r .sessionId": (input) => input.split("\n").filter(Boolean).map((l) => `${(JSON.parse(l) as { sessionId: string }).sessionId}\n`).join(""),
};

/** Runs a tour line: ccx in this process, each later stage of the pipe as the program it names, fed what came before. */
async function run(line: string, extra: string[] = []): Promise<Ran> {
  const [first, ...rest] = stagesOf(line);
  expect(first![0]).toBe("ccx");
  const before = seconds();
  const ccx = await runInProcess([...first!.slice(1), ...extra], env);
  const after = seconds();
  let stdout = ccx.stdout;
  for (const [program, ...args] of rest) {
    const piped = spawnSync(program!, args, { input: stdout, encoding: "utf8" });
    const standIn = (piped.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT" ? STAND_INS[`${program} ${args.join(" ")}`] : undefined;
    if (standIn) {
      stdout = standIn(stdout);
      continue;
    }
    expect(piped.status, `${program} ${args.join(" ")}: ${piped.stderr ?? piped.error}`).toBe(0);
    stdout = piped.stdout;
  }
  return { ...ccx, stdout, before, after };
}

/** A write's line as a user answers it: in a pipe it asks for --yes and sends nothing; with the answer, it is done. */
async function answered(line: string): Promise<Ran> {
  const writes = served.filter((l) => !l.startsWith("GET ")).length;
  const asked = await run(line);
  expect(asked.code).toBe(2);
  expect(asked.stderr).toMatch(/no terminal to ask on: add --yes/);
  expect(served.filter((l) => !l.startsWith("GET ")).length).toBe(writes);
  const done = await run(line, ["--yes"]);
  expect(done.code, done.stderr).toBe(0);
  return done;
}

const user = (uid: string) => app.users[app.userIndexByUid.get(uid)!]!;
const testTagged = () => app.users.filter((u) => u.tags?.includes("test"));
const tableRows = (stdout: string) => stdout.trim().split("\n").slice(1);

/** What each line of the tour must do, by its command. */
const CHECKS: Record<string, (line: string) => Promise<void>> = {
  "ccx call v1.us.28478c9e5d1fdf.179308094370b2da80": async (line) => {
    const call = app.callBySessionId.get("v1.us.28478c9e5d1fdf.179308094370b2da80")!;
    expect(call, "the tour's call is in the demo's world").toBeDefined();
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Call v1\.us\.28478c9e5d1fdf\.179308094370b2da80\n/);
    expect(r.stdout).toContain(`Participants (${call.participants.length})`);
    expect(r.stdout).toContain(`Recordings (${call.recordings.length})`);
  },
  "ccx call Nov 22 06:04:31 app[812]: call ended v1.us.28478c9e5d1fdf.179308094370b2da80": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Call v1\.us\.28478c9e5d1fdf\.179308094370b2da80\n/);
  },
  "ccx groups --query tag:vip members:>40": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const vip = app.groups.filter((g) => g.tags?.includes("vip") && g.membersCount > 40);
    expect(vip.length).toBeGreaterThan(0);
    expect(tableRows(r.stdout)).toHaveLength(vip.length);
    for (const g of vip) expect(r.stdout).toContain(g.guid);
  },
  "ccx groups --type private --created >=30d --json | jq length": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const count = (now: number) => app.groups.filter((g) => g.type === "private" && g.createdAt >= now - 30 * DAY).length;
    expect(count(r.after)).toBeGreaterThan(0);
    expect(Number(r.stdout)).toBeGreaterThanOrEqual(count(r.after));
    expect(Number(r.stdout)).toBeLessThanOrEqual(count(r.before));
  },
  "ccx calls --status ended --has-recording --all --ndjson | jq -r .sessionId": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const recorded = app.calls.filter((c) => c.status === "ended" && c.hasRecording).map((c) => c.sessionId);
    expect(r.stdout.trim().split("\n").sort()).toEqual(recorded.sort());
  },
  "ccx users | grep Alice Nakamura": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const alices = app.users.slice(0, 100).filter((u) => u.name === "Alice Nakamura" && u.deactivatedAt === undefined);
    expect(alices.length).toBeGreaterThan(0);
    const rows = r.stdout.trim().split("\n");
    expect(rows).toHaveLength(alices.length);
    for (const u of alices) expect(rows.some((row) => row.includes(` ${u.uid} `))).toBe(true);
  },
  "ccx messages --group support-standup-1a --query deleted:only": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const rows = tableRows(r.stdout);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/support-standup-1a .*\(deleted\)$/);
    const answer = await fx.chat("/groups/support-standup-1a/messages", { onlyDeleted: true, limit: 100 });
    expect(rows).toHaveLength(answer.body.data.length);
  },
  "ccx stats --query started:>=7d": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const since = /^calls where started:>=(\S+)/.exec(r.stdout)?.[1];
    expect(since, r.stdout).toBeDefined();
    const from = Date.parse(since!) / 1000;
    expect(from).toBeGreaterThanOrEqual(r.before - 7 * DAY);
    expect(from).toBeLessThanOrEqual(r.after - 7 * DAY);
    const week = app.calls.filter((c) => c.startedAt >= from);
    expect(week.length).toBeLessThan(app.calls.length);
    expect(r.stdout).toContain(`\n${week.length} calls · `);
  },
  "ccx stats --messages": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/12 intervals of 5 minutes/);
    expect(r.stdout).toMatch(/messages sent · \d+ delivery receipts · \d+ read receipts/);
  },
  "ccx health --since 1d": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^health of ${app.appId} \\(${app.region}\\) since `));
    // The rejected calls of the last day, between what the day held when the run began and when it ended.
    const rejected = (now: number) => app.calls.filter((c) => c.status === "rejected" && c.startedAt >= now - DAY).length;
    const shown = Number(/^!?\s+(\d+) {2}calls rejected/m.exec(r.stdout)?.[1]);
    expect(shown, r.stdout).toBeGreaterThanOrEqual(rejected(r.after));
    expect(shown).toBeLessThanOrEqual(rejected(r.before));
    expect(r.stdout).toContain("ccx calls --query 'status:rejected");
  },
  "ccx find support-standup-1a": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = r.stdout.trim().split("\n");
    expect(header).toMatch(/^KIND\s+ID\s+APP\s+REGION\s+NAME$/);
    expect(rows.some((row) => /^group\s+support-standup-1a\s/.test(row) && row.includes(app.appId))).toBe(true);
  },
  "ccx download --query rec:yes started:>=1d --dir recs": async (line) => {
    const r = await run(line, ["--no-progress"]);
    expect(r.code, r.stderr).toBe(0);
    const files = (from: number) => app.calls.filter((c) => c.hasRecording && c.startedAt >= from).flatMap((c) => c.recordings.map((rec) => `${c.sessionId}/${rec.rid}.mp4`)).sort();
    const written = readdirSync(join(cwd, "recs"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      .map((e) => `${e.parentPath.slice(join(cwd, "recs").length + 1)}/${e.name}`).sort();
    expect(written.length).toBeGreaterThan(0);
    expect(files(r.before - DAY)).toEqual(expect.arrayContaining(written));
    expect(written).toEqual(expect.arrayContaining(files(r.after - DAY)));
    // The last day's and nothing older: the question of issue 27, where started:>=1d gave everything else.
    expect(written.length).toBeLessThan(files(0).length);
  },
  "ccx api /apps/{appId}/webhooks": async (line) => {
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { data: Array<{ id: string }> }).data.map((w) => w.id).sort()).toEqual(app.webhooks.map((w) => w.id).sort());
  },
  "ccx user deactivate --query tag:test --dry-run": async (line) => {
    const writes = served.filter((l) => !l.startsWith("GET ")).length;
    const r = await run(line);
    expect(r.code, r.stderr).toBe(0);
    const curls = r.stdout.trim().split("\n");
    expect(curls).toHaveLength(testTagged().length);
    for (const u of testTagged()) expect(curls.some((c) => c.startsWith("curl -X DELETE") && c.includes(`["${u.uid}"]`))).toBe(true);
    expect(served.filter((l) => !l.startsWith("GET ")).length).toBe(writes);
  },
  "ccx user deactivate --query tag:test": async (line) => {
    const tagged = testTagged();
    expect(tagged.length).toBeGreaterThan(1);
    await answered(line);
    for (const u of tagged) expect(user(u.uid).deactivatedAt, u.uid).toBeDefined();
    const journal = readFileSync(join(dir, "journal.ndjson"), "utf8");
    for (const u of tagged) expect(journal).toContain(`"${u.uid}"`);
  },
  "ccx undo --batch": async (line) => {
    const tagged = testTagged();
    await answered(line);
    for (const u of tagged) expect(user(u.uid).deactivatedAt, u.uid).toBeUndefined();
  },
};

beforeAll(async () => {
  dir = scratchDir("ccx-tour-");
  // `--dir recs` lands in a folder of the test's: the tour's commands run where a user would, in a folder of theirs.
  cwd = join(dir, "work");
  mkdirSync(cwd);
  const clock = Date.now();
  fx = await emulatorFixture({ ...demoWorld(DEMO_SEED, clock), clock: () => clock, verbose: true, log: (l) => served.push(l) });
  fx.emulator.live!.advance(LIVE_MS);
  app = fx.emulator.world.apps[0]!;
  // The demo's own journal, as its env file names it: the user's is never written.
  const demo = demoEnvironment(fx.info, join(dir, "journal.ndjson"));
  env = Object.fromEntries([...demo.matchAll(/^export (CCX_\w+)='([^']*)'$/gm)].map((m) => [m[1]!, m[2]!]));
  // A shell keeps COLUMNS to itself (not exported): in the tour's pipes ccx sees no width, and cuts nothing.
  env.COLUMNS = "";
  home = process.cwd();
  process.chdir(cwd);
});
afterAll(async () => {
  if (home) process.chdir(home);
  await fx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the README's tour on the demo's world", () => {
  const lines = tourLines();

  it("begins by pointing ccx at the demo, as the demo's footer says, and every other line has its check", () => {
    expect(lines[0]).toMatch(/^source \/tmp\/ccx-demo-…\/env\s/);
    expect(lines.slice(1).map(commandOf)).toEqual(Object.keys(CHECKS));
  });

  // In the README's order: the undo undoes the deactivation before it.
  it.each(lines.slice(1))("%s", async (line) => {
    const check = CHECKS[commandOf(line)];
    if (!check) throw new Error(`no check for the tour's line: ${line}`);
    await check(line);
  });
});
