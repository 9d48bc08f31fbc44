/**
 * The writes of definitions in a real terminal (tmux): `ccx member kick`
 * shows the exact request (method, URL, host, app and region, body) and asks;
 * n sends nothing, y sends it once and journals it; `ccx user delete` wants
 * the uid typed back, and anything else sends nothing. The emulator's own
 * request log counts what arrived.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMember } from "../../src/emulator/data/members.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { BIN, ROOT } from "./screen.js";
import { scratchDir } from "../support/scratch.js";

describe.skipIf(tmuxMissing !== undefined)(`a write asks on a terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let fx: EmulatorFixture;
  const served: string[] = [];
  const sessions: TmuxSession[] = [];
  const state = scratchDir("ccx-e2e-journal-");

  beforeAll(async () => {
    fx = await emulatorFixture({ sizes: { apps: 1, groups: 8, calls: 2, users: 30, messages: 0 }, verbose: true, log: (line: string) => served.push(line) });
  });
  afterAll(async () => {
    for (const s of sessions) await s.kill();
    await fx?.close();
  });

  async function run(args: string, question: RegExp): Promise<TmuxSession> {
    const env = {
      CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, CCX_CA_FILE: fx.info.caFile, CCX_APP_ID: fx.app().appId, CCX_REGION: fx.app().region,
      CCX_API_KEY: fx.app().fullAccessKey, XDG_CONFIG_HOME: "/nonexistent-ccx-config", XDG_STATE_HOME: state,
    };
    const s = await startTmux({ command: `node '${BIN}' ${args}; echo EXIT=$?; sleep 600`, width: 140, height: 24, cwd: ROOT, env });
    sessions.push(s);
    await s.waitFor((lines) => lines.some((l) => question.test(l)), { what: "the question" });
    return s;
  }
  const writes = () => served.filter((l) => /^(POST|PUT|DELETE) /.test(l)).length;
  const app = () => fx.emulator.world.apps[0]!;

  it("member kick: the exact request shown; n sends nothing, y sends it once", async () => {
    const group = app().groups.find((g) => g.membersCount >= 3)!;
    const member = app().users.findIndex((_, u) => u !== group.ownerIndex && isMember(app(), group, u));
    const uid = app().users[member]!.uid;
    const before = writes();
    const no = await run(`member kick ${group.guid} ${uid}`, /^send it\? \[y\/N\]/);
    const screen = (await no.lines()).join("\n");
    expect(screen).toContain("member kick: 1 request");
    expect(screen).toMatch(new RegExp(`^DELETE https://\\S+/v3/groups/${group.guid}/members/${uid}$`, "m"));
    expect(screen).toContain(`host chat · app ${fx.app().appId} (${fx.app().region})`);
    await no.type("n");
    await no.keys("Enter");
    await no.waitFor((lines) => lines.some((l) => l === "EXIT=1"), { what: "the exit" });
    expect(writes()).toBe(before);
    expect(isMember(app(), group, member)).toBe(true);
    const yes = await run(`member kick ${group.guid} ${uid}`, /^send it\? \[y\/N\]/);
    await yes.type("y");
    await yes.keys("Enter");
    await yes.waitFor((lines) => lines.some((l) => l === "EXIT=0"), { what: "the exit" });
    expect((await yes.lines()).join("\n")).toMatch(new RegExp(`done ${group.guid}/${uid} \\(journal \\d+; undo: ccx undo \\d+\\)`));
    expect(writes()).toBe(before + 1);
    expect(isMember(app(), group, member)).toBe(false);
  });

  it("user delete wants the uid typed back: anything else sends nothing", async () => {
    const uid = app().users[12]!.uid;
    const before = writes();
    const s = await run(`user delete ${uid} --permanent`, new RegExp(`^type ${uid} to send it:`));
    expect((await s.lines()).join("\n")).toContain("it cannot be undone: a deleted user cannot be brought back");
    await s.type(`${uid}x`);
    await s.keys("Enter");
    await s.waitFor((lines) => lines.some((l) => l === "EXIT=1"), { what: "the exit" });
    expect((await s.lines()).join("\n")).toContain("not sent");
    expect(writes()).toBe(before);
  });
});
