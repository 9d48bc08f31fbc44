/**
 * Journeys of a newcomer in a real terminal (tmux), on `ccx --read-only demo`
 * in a tmux with `set-clipboard on`: the header says read-only and t sends
 * nothing (the emulator's own request log counts the POSTs); y puts the id in
 * tmux's buffer; a session id sent in one burst without paste markers opens
 * that call, and the user acted for stays who it was.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCcx } from "../support/run-ccx.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { demoCalls, demoEnv } from "./demo-data.js";
import { ROOT, callScreen, demoCommand, footer, settledList } from "./screen.js";
import { scratchDir } from "../support/scratch.js";

/** ccx whose demo's emulator logs its requests to CCX_E2E_REQUEST_LOG. */
const LOGGING_CCX = new URL("./ccx-request-log.cjs", import.meta.url).pathname;

describe.skipIf(tmuxMissing !== undefined)(`journeys on the demo${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let s: TmuxSession;
  let env: Record<string, string>;
  let dir: string;
  let requestLog: string;
  /** The POSTs the demo's emulator answered. */
  const posts = () => readFileSync(requestLog, "utf8").split("\n").filter((l) => l.startsWith("POST "));
  const header = async () => (await s.lines())[0]!;
  /** The list `crumbs` names, its answer in. */
  const listOf = (crumbs: string) => s.waitFor((lines) => {
    const list = settledList(lines);
    return list?.crumbs === crumbs ? list : undefined;
  }, { what: `the ${crumbs} list`, timeoutMs: 15_000 });

  beforeAll(async () => {
    dir = scratchDir("ccx-e2e-journeys-");
    requestLog = join(dir, "requests.log");
    writeFileSync(requestLog, "");
    s = await startTmux({
      command: demoCommand(`BEFORE-CCX-JOURNEYS-${process.pid}`, 11, ["--read-only"], LOGGING_CCX),
      width: 120, height: 30, cwd: ROOT, env: { CCX_E2E_REQUEST_LOG: requestLog },
    });
    // As in a ~/.tmux.conf: programs' OSC 52 goes into tmux's buffers (and on to the outer terminal).
    await s.tmux("set-option", "-g", "set-clipboard", "on");
    env = await demoEnv(s);
    await s.waitFor(settledList, { what: "groups with data rows", timeoutMs: 20_000 });
  }, 60_000);
  afterAll(async () => {
    await s?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("--read-only: the header says so, t on a user is refused and nothing is sent", async () => {
    expect(await header()).toMatch(/^ccx · read-only · /);
    await s.type(":users\r");
    await listOf("users");
    // t then y: the keys that, before, created a real token.
    await s.keys("t");
    await s.waitFor((lines) => footer(lines) === "read-only mode: writes are refused", { what: "the refusal" });
    await s.keys("y");
    await s.waitFor((lines) => footer(lines).startsWith("copied the id"), { what: "y taken (the row's id copied)" });
    const uid = await s.tmux("show-buffer");
    expect(s.lastScreen).not.toMatch(/token \S+\?/);
    expect(s.lastScreen).not.toContain("Auth token for");
    expect(posts(), "POSTs the emulator answered").toEqual([]);
    expect(await header()).toMatch(/^ccx · read-only · /);

    // The log does count POSTs: a token made from another shell, without read-only mode, is one.
    const made = await runCcx(["token", uid, "--yes"], env);
    expect(made.code, made.stderr).toBe(0);
    expect(posts()).toEqual([expect.stringMatching(new RegExp(`^POST /\\S+/users/${uid}/auth_tokens 200 `))]);
  }, 30_000);

  it("y on a row puts its id in tmux's buffer (set-clipboard on)", async () => {
    await s.type(":calls\r");
    await listOf("calls");
    await s.keys("y");
    await s.waitFor((lines) => footer(lines) === "copied the id (OSC 52)", { what: "the copy said" });
    const copied = await s.tmux("show-buffer");
    // The row's id, whole: the same the call's view names once opened.
    await s.keys("Enter");
    const call = await s.waitFor(callScreen, { what: "the selected call" });
    expect(copied).toBe(call.sessionId);
    await s.keys("Escape");
    await listOf("calls");
  }, 30_000);

  it("a session id sent in one burst without paste markers reads as `:call <id>`; Enter opens it, the user acted for unchanged", async () => {
    const [call] = await demoCalls(env, ["-q", "rec:yes", "--per-page", "5"]);
    expect(call, "a call of the demo").toBeDefined();
    await listOf("calls");
    expect(await header()).toMatch(/ · as nobody$/);
    // One send-keys -l: the whole id in one write, as a terminal without bracketed paste sends a paste.
    await s.type(call!.sessionId);
    await s.waitFor((lines) => footer(lines) === `:call ${call!.sessionId}`, { what: "the command line holding `call <id>`" });
    await s.keys("Enter");
    const view = await s.waitFor(callScreen, { what: `the call ${call!.sessionId}` });
    expect(view.sessionId).toBe(call!.sessionId);
    expect(await header(), "the user acted for").toMatch(/ · as nobody$/);
  }, 30_000);

  describe("with CCX_READ_ONLY=1 instead of the flag", () => {
    let ro: TmuxSession;
    afterAll(async () => {
      await ro?.kill();
    });

    it("the header says read-only, and t is refused", async () => {
      ro = await startTmux({ command: demoCommand(`BEFORE-CCX-RO-ENV-${process.pid}`, 12), width: 100, height: 30, cwd: ROOT, env: { CCX_READ_ONLY: "1" } });
      await ro.waitFor(settledList, { what: "groups with data rows", timeoutMs: 20_000 });
      expect((await ro.lines())[0]).toMatch(/^ccx · read-only · /);
      await ro.type(":users\r");
      await ro.waitFor((lines) => settledList(lines)?.crumbs === "users", { what: "the users" });
      await ro.keys("t");
      await ro.waitFor((lines) => footer(lines) === "read-only mode: writes are refused", { what: "the refusal" });
    }, 40_000);
  });
});
