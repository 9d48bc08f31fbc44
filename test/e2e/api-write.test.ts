/**
 * A write through `ccx api` in a real terminal (tmux): the request is shown
 * (method, URL, host, app, body) and asked about; n sends nothing, y sends it
 * once. The emulator's own request log counts what arrived.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { BIN, ROOT } from "./screen.js";

describe.skipIf(tmuxMissing !== undefined)(`ccx api asks before a write${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let fx: EmulatorFixture;
  const served: string[] = [];
  const sessions: TmuxSession[] = [];

  beforeAll(async () => {
    fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 2, users: 5 }, verbose: true, log: (line: string) => served.push(line) });
  });
  afterAll(async () => {
    for (const s of sessions) await s.kill();
    await fx?.close();
  });

  async function run(uid: string): Promise<TmuxSession> {
    const env = { ...fx.cliEnv(), XDG_CONFIG_HOME: "/nonexistent-ccx-config" };
    const command = `node '${BIN}' api -X POST /users -f uid=${uid} -f 'name=Asked First'; echo EXIT=$?; sleep 600`;
    const s = await startTmux({ command, width: 120, height: 20, cwd: ROOT, env });
    sessions.push(s);
    await s.waitFor((lines) => lines.some((l) => l.startsWith("send it? [y/N]")), { what: "the question" });
    return s;
  }
  const posts = () => served.filter((l) => l.startsWith("POST ")).length;

  it("shows the request and sends nothing on n", async () => {
    const before = posts();
    const s = await run("asked-no");
    const screen = (await s.lines()).join("\n");
    expect(screen).toMatch(/^POST https:\/\/[^ ]+\/v3\/users$/m);
    expect(screen).toContain(`host: chat · app ${fx.app().appId}`);
    expect(screen).toContain('body: {"uid":"asked-no","name":"Asked First"}');
    await s.type("n");
    await s.keys("Enter");
    await s.waitFor((lines) => lines.some((l) => l === "EXIT=1"), { what: "the exit" });
    expect((await s.lines()).join("\n")).toContain("not sent");
    expect(posts()).toBe(before);
  });

  it("sends it once on y, and prints the answer", async () => {
    const before = posts();
    const s = await run("asked-yes");
    await s.type("y");
    await s.keys("Enter");
    await s.waitFor((lines) => lines.some((l) => l === "EXIT=0"), { what: "the exit" });
    expect((await s.lines()).join("\n")).toContain('"uid": "asked-yes"');
    expect(posts()).toBe(before + 1);
  });
});
