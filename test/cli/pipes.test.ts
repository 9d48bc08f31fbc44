import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayWidth } from "../../src/text/width.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * What a newcomer pipes: tables whole in a pipe (grep finds the name), counts that do not lie,
 * a paging hint that continues where the page ended, and a note on stderr when --json left
 * pages behind. The built ccx against the emulator over HTTPS.
 */

let fx: EmulatorFixture;
let docs: EmulatorFixture;
let ties: EmulatorFixture;
let env: Record<string, string>;
let docsEnv: Record<string, string>;
/** Every request the first emulator answered, as its log writes them. */
const served: string[] = [];

const envOf = (f: EmulatorFixture) => ({
  CCX_CHAT_URL: f.info.chatUrl, CCX_CALLS_URL: f.info.callsUrl, CCX_CA_FILE: f.info.caFile,
  CCX_APP_ID: f.app().appId, CCX_REGION: f.app().region, CCX_API_KEY: f.app().fullAccessKey,
});

beforeAll(async () => {
  [fx, docs, ties] = await Promise.all([
    emulatorFixture({ sizes: { apps: 1, groups: 40, calls: 30, users: 30 }, verbose: true, log: (line: string) => served.push(line) }),
    emulatorFixture({ sizes: { apps: 1, groups: 40, calls: 10, users: 30 }, variants: new Set(["docs"]) }),
    emulatorFixture({ sizes: { apps: 1, groups: 60, calls: 5, users: 10 }, variants: new Set(["cursor-ties"]) }),
  ]);
  env = envOf(fx);
  docsEnv = envOf(docs);
});
afterAll(async () => {
  await fx?.close();
  await docs?.close();
  await ties?.close();
});

const world = () => fx.emulator.world.apps[0]!;
/** A pipe where the environment names no width, as `ccx users | grep …` from a script. */
const NO_COLUMNS = { COLUMNS: "" };
const rowsOf = (stdout: string) => stdout.trimEnd().split("\n").slice(1);

describe("tables in a pipe", () => {
  it("cut nothing when stdout is not a terminal and no width is asked: every name and uid whole, every column kept", async () => {
    const run = await runCcx(["users", "--per-page", "30"], { ...env, ...NO_COLUMNS });
    expect(run.code, run.stderr).toBe(0);
    const rows = rowsOf(run.stdout);
    expect(run.stdout.split("\n")[0]).toMatch(/^NAME\s+UID\s+STATUS\s+LAST ACTIVE\s+ROLE\s+TAGS\s+CREATED$/);
    expect(run.stdout).not.toContain("…");
    expect(run.stdout).not.toContain("(hidden:");
    for (const user of world().users.slice(0, 30)) {
      // grep 'Barry Allen' finds the line of that user.
      const line = rows.find((r) => r.split(/\s{2,}/)[1] === user.uid);
      expect(line, user.uid).toContain(user.name);
    }
  });

  it("fit COLUMNS when the environment names it, and --width over both: names are cut there, and no line is wider", async () => {
    const fitted = await runCcx(["users", "--per-page", "30"], { ...env, COLUMNS: "60" });
    expect(fitted.code).toBe(0);
    expect(fitted.stdout).toMatch(/…|\(hidden: /);
    for (const line of fitted.stdout.trimEnd().split("\n")) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    const narrow = await runCcx(["users", "--per-page", "30", "--width", "40"], { ...env, COLUMNS: "200" });
    expect(narrow.code).toBe(0);
    for (const line of narrow.stdout.trimEnd().split("\n")) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    // The note itself is cut to the width when the hidden columns' names are longer.
    expect(narrow.stdout).toMatch(/\(hidden: /);
    const bad = await runCcx(["users", "--width", "wide"], env);
    expect(bad.code).toBe(2);
  });

  it("with --all, cut nothing on later pages either: a value wider than its column on the first page is printed whole", async () => {
    const group = world().groups[0]!;
    const name = group.name;
    group.name = `zz ${"long name ".repeat(8)}end`;
    try {
      const run = await runCcx(["groups", "--all", "--per-page", "5", "--query", "sort:name"], { ...env, ...NO_COLUMNS });
      expect(run.code, run.stderr).toBe(0);
      const line = rowsOf(run.stdout).find((r) => r.includes(group.guid));
      expect(line).toContain(group.name);
      expect(run.stdout).not.toContain("…");
    } finally {
      group.name = name;
    }
  });

  it("print a call's details whole: every participant's device and every recording's URL as sent", async () => {
    const call = world().calls.find((c) => c.participants.some((p) => (p.deviceId?.length ?? 0) > 0) && c.recordings.length > 0)!;
    const run = await runCcx(["call", call.sessionId], { ...env, ...NO_COLUMNS });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain("…");
    for (const p of call.participants) if (p.deviceId) expect(run.stdout).toContain(p.deviceId);
    const direct = await fx.calls(`/calls/${call.sessionId}`);
    for (const r of direct.body.data.recordings) expect(run.stdout).toContain(r.recording_url);
  });
});

describe("counts", () => {
  it("never say 'of 0' beside rows: the docs' GET /users answers total 0, and ccx says how many it showed and that more follow", async () => {
    const listed = await docs.chat("/users?perPage=3");
    expect(listed.body.meta.pagination.total).toBe(0);
    expect(listed.body.data.length).toBe(3);
    const run = await runCcx(["users", "--per-page", "3"], docsEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/of 0/);
    expect(run.stderr).toMatch(/^3 shown · page 1\/10 · next: --page 2, or --all$/m);
    const last = await runCcx(["users", "--per-page", "3", "--page", "10"], docsEnv);
    expect(last.stderr).toMatch(/^3 shown · page 10\/10 · the last page$/m);
  });

  it("--json and --ndjson without --all say on stderr that more pages exist, and nothing when none do", async () => {
    const more = await runCcx(["groups", "--per-page", "5", "--json"], env);
    expect(more.code).toBe(0);
    expect(JSON.parse(more.stdout)).toHaveLength(5);
    expect(more.stderr).toMatch(/^5 shown of 40 · page 1\/8; next: --page 2, or --all$/m);
    const nd = await runCcx(["calls", "--per-page", "4", "--ndjson"], env);
    expect(nd.stdout.trim().split("\n")).toHaveLength(4);
    expect(nd.stderr).toMatch(/next: --page 2, or --all/);
    const all = await runCcx(["groups", "--per-page", "100", "--json"], env);
    expect(JSON.parse(all.stdout)).toHaveLength(40);
    expect(all.stderr).toBe("");
  });
});

describe("cursor mode's hint", () => {
  it("names the next cursor as a whole command, and following it pages on without repeating a group", async () => {
    const seen: string[] = [];
    let args = ["groups", "--type", "public,private,protected", "--query", "after:2020-01-01", "--per-page", "7", "--json"];
    for (let step = 0; step < 10; step++) {
      const run = await runCcx(args, env);
      expect(run.code, run.stderr).toBe(0);
      seen.push(...(JSON.parse(run.stdout) as Array<{ guid: string }>).map((g) => g.guid));
      const next = /next: ccx (groups --query '([^']+)'), or --all/.exec(run.stderr);
      if (!next) break;
      expect(next[2]).toMatch(/^type:public,private,protected per:7 after:\d+$/);
      args = ["groups", "--query", next[2]!, "--json"];
    }
    const updatedSince2020 = world().groups.filter((g) => g.updatedAt > Date.parse("2020-01-01") / 1000);
    expect(seen).toHaveLength(updatedSince2020.length);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("says when the page's groups share times, where a time alone cannot say which were had; --all walks them all once", async () => {
    // This emulator answers the cursor's own time again, as a server that counts it in: the page after
    // the first begins with the first page's last group.
    const first = await runCcx(["groups", "--query", "after:2000-01-01", "--per-page", "7"], envOf(ties));
    const next = /next: ccx groups --query '([^']+)'/.exec(first.stderr)![1]!;
    const run = await runCcx(["groups", "--query", next], envOf(ties));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^7 shown \(items here share times: the next page may repeat or skip some at its start; --all does not\) · next: ccx groups --query/m);
    const all = await runCcx(["groups", "--query", "after:2000-01-01", "--per-page", "7", "--all", "--json"], envOf(ties));
    const guids = (JSON.parse(all.stdout) as Array<{ guid: string }>).map((g) => g.guid);
    expect(new Set(guids).size).toBe(guids.length);
    expect(guids).toHaveLength(60);
  });
});

describe("tags", () => {
  it("the table asks for each group's tags (withTags) and shows them, --json and --ndjson too; withtags:false wins", async () => {
    served.length = 0;
    const table = await runCcx(["groups", "--per-page", "40"], { ...env, ...NO_COLUMNS });
    expect(table.code).toBe(0);
    expect(served.filter((l) => l.includes("/groups?")).every((l) => l.includes("withTags=true"))).toBe(true);
    const tagged = world().groups.find((g) => (g.tags?.length ?? 0) > 0)!;
    expect(rowsOf(table.stdout).find((r) => r.includes(tagged.guid))).toContain(tagged.tags!.join(","));
    // The same fields as the table: a script reading --json or --ndjson gets the tags it shows.
    const json = JSON.parse((await runCcx(["groups", "--per-page", "40", "--json"], env)).stdout) as Array<{ guid: string; tags?: string[] }>;
    expect(json.find((g) => g.guid === tagged.guid)?.tags).toEqual(tagged.tags);
    const lines = (await runCcx(["groups", "--per-page", "40", "--ndjson"], env)).stdout.trim().split("\n").map((l) => JSON.parse(l) as { guid: string; tags?: string[] });
    expect(lines.find((g) => g.guid === tagged.guid)?.tags).toEqual(tagged.tags);
    served.length = 0;
    await runCcx(["groups", "--per-page", "40", "--query", "withtags:false", "--json"], env);
    expect(served.filter((l) => l.includes("/groups?")).some((l) => l.includes("withTags=true"))).toBe(false);
  });
});

describe("a call's duration", () => {
  it("DURATION is how long the call lasted, MINUTES the participants' minutes the service summed: both in ccx calls and ccx call", async () => {
    const call = world().calls.find((c) => c.endedAt !== undefined && c.participants.filter((p) => p.joinedAt !== undefined).length >= 3)!;
    const direct = (await fx.calls(`/calls/${call.sessionId}`)).body.data;
    const span = direct.endedAt - direct.startedAt;
    const clock = `${Math.floor(span / 3600) > 0 ? `${Math.floor(span / 3600)}:${String(Math.floor((span % 3600) / 60)).padStart(2, "0")}` : Math.floor(span / 60)}:${String(span % 60).padStart(2, "0")}`;
    // Overlapping participants: their minutes summed are more than the call lasted.
    expect(direct.totalDurationInMinutes).toBeGreaterThan(span / 60);
    const list = await runCcx(["calls", "--per-page", "30"], { ...env, ...NO_COLUMNS });
    const header = list.stdout.split("\n")[0]!;
    expect(header).toMatch(/DURATION.*MINUTES/);
    const row = rowsOf(list.stdout).find((r) => r.startsWith(call.sessionId))!;
    expect(row).toContain(` ${clock} `);
    expect(row).toMatch(new RegExp(` ${direct.totalDurationInMinutes.toFixed(1).replace(".", "\\.")}( |$)`));
    const detail = await runCcx(["call", call.sessionId], { ...env, ...NO_COLUMNS });
    expect(detail.stdout).toContain(`lasted ${clock}`);
    expect(detail.stdout).toContain(`participant minutes ${direct.totalDurationInMinutes.toFixed(2)}`);
  });
});

describe("ccx call with a log line", () => {
  it("finds the session id inside a pasted log line; a line without one is bad usage (exit 2)", async () => {
    const call = world().calls[0]!;
    const line = `2026-11-01T10:00:00Z INFO call ${call.sessionId} ended status=ended`;
    const run = await runCcx(["call", line, "--json"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).sessionId).toBe(call.sessionId);
    const none = await runCcx(["call", "2026-11-01 INFO nothing to see here"], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no session id/);
  });
});
