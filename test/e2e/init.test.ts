/**
 * First contact in a real terminal (tmux): `ccx init` asked and answered (the
 * key typed shows as stars, never itself), and `ccx` with nothing configured,
 * which opens on the welcome screen: q leaves the terminal as it was, d opens
 * the demo, s runs ccx init and then the explorer on the new profile.
 */
import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runCcx } from "../support/run-ccx.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { BIN, ROOT, SCROLLBACK_LINES, expectRestored, settledList } from "./screen.js";
import { scratchDir } from "../support/scratch.js";

describe.skipIf(tmuxMissing !== undefined)(`first contact in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let fx: EmulatorFixture;
  let dir: string;
  let homes = 0;
  const sessions: TmuxSession[] = [];

  beforeAll(async () => {
    fx = await emulatorFixture({ sizes: { apps: 3, groups: 40, calls: 5, users: 10 } });
    dir = scratchDir("ccx-e2e-init-");
  });
  afterAll(async () => {
    for (const s of sessions) await s.kill();
    await fx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A config home that does not exist yet: nothing is configured. */
  const freshHome = () => join(dir, `home-${homes++}`);
  const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
  /** The emulator's URLs and CA, as global flags. */
  const urlFlags = () => ["--chat-url", fx.info.chatUrl, "--calls-url", fx.info.callsUrl, "--ca", fx.info.caFile];

  /** A screenful of lines and a marker, then ccx with `args`, then its exit status; the shell stays to be read. */
  async function start(marker: string, args: string[], home: string): Promise<TmuxSession> {
    const command = `seq 1 ${SCROLLBACK_LINES} | sed 's/^/SCROLLBACK /'; printf '%s\\n' '${marker}'; ` +
      `node '${BIN}' ${args.map(quote).join(" ")}; echo EXIT=$?; sleep 600`;
    const s = await startTmux({ command, width: 100, height: 30, cwd: ROOT, env: { XDG_CONFIG_HOME: home } });
    sessions.push(s);
    return s;
  }

  /** Waits for the question (a line that starts with it), then types the answer and Enter. */
  async function answer(s: TmuxSession, question: string, text = ""): Promise<void> {
    await s.waitFor((lines) => lines.some((l) => l.startsWith(question)), { what: `the question "${question}"` });
    if (text) await s.type(text);
    await s.keys("Enter");
  }

  /** The questions of an app's set-up, the key typed as stars; `profile` empty takes the default name. */
  async function answerApp(s: TmuxSession, profile: string, index: number): Promise<void> {
    const app = fx.app(index);
    await answer(s, "a or m? [a]");
    await answer(s, "Profile name [default]:", profile);
    await answer(s, "App id", app.appId);
    await answer(s, "Region (us, eu, in) [us]:", app.region);
    await answer(s, "k or c? [k]");
    await s.waitFor((lines) => lines.some((l) => l.startsWith("API key (not shown):")), { what: "the key's question" });
    await s.type(app.fullAccessKey);
    const stars = `API key (not shown): ${"*".repeat(app.fullAccessKey.length)}`;
    await s.waitFor((lines) => lines.includes(stars), { what: "one star a character typed" });
    expect((await s.lines()).filter((l) => l.includes(app.fullAccessKey)), "the key on screen").toEqual([]);
    await s.keys("Enter");
  }

  const exited = (s: TmuxSession) => s.waitFor((lines) => lines.find((l) => /^EXIT=\d+$/.test(l)), { what: "ccx to exit", timeoutMs: 15_000 });

  it("ccx init asks, hides the key, tests it and writes the profile; ccx config show masks it", async () => {
    const home = freshHome();
    const s = await start(`BEFORE-CCX-INIT-${process.pid}`, [...urlFlags(), "init"], home);
    await answerApp(s, "e2e", 1);
    expect(await exited(s)).toBe("EXIT=0");
    const screen = (await s.lines()).join("\n");
    expect(screen).toContain("the app answered GET /groups");
    expect(screen).toContain("profile e2e (the default)");
    expect(screen).toContain(`…${fx.app(1).fullAccessKey.slice(-4)}`);
    const path = join(home, "ccx", "config.json");
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const show = await runCcx(["config", "show"], { XDG_CONFIG_HOME: home });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain("profile e2e (the default)");
    expect(show.stdout).toContain(fx.app(1).appId);
    expect(show.stdout).toContain(`…${fx.app(1).fullAccessKey.slice(-4)}`);
  }, 40_000);

  it("answers typed ahead of their questions, all in one burst, each go to their own question, the key hidden", async () => {
    const home = freshHome();
    const s = await start(`BEFORE-CCX-INIT-AHEAD-${process.pid}`, [...urlFlags(), "init"], home);
    await s.waitFor((lines) => lines.some((l) => l.startsWith("a or m? [a]")), { what: "the first question" });
    const app = fx.app(2);
    await s.type(["a", "ahead", app.appId, app.region, "k", app.fullAccessKey, ""].join("\n"));
    expect(await exited(s)).toBe("EXIT=0");
    const lines = await s.lines();
    expect(lines.join("\n")).not.toContain(app.fullAccessKey);
    expect(lines).toContain("Profile name [default]: ahead");
    expect(lines).toContain(`App id (the dashboard's API & Auth Keys page): ${app.appId}`);
    expect(lines).toContain(`API key (not shown): ${"*".repeat(app.fullAccessKey.length)}`);
    const show = await runCcx(["config", "show", "--json"], { XDG_CONFIG_HOME: home });
    expect(JSON.parse(show.stdout).profiles.ahead).toMatchObject({ appId: app.appId, region: app.region });
  }, 40_000);

  it("ccx with nothing configured opens on the welcome screen; q leaves the terminal as it was", async () => {
    const marker = `BEFORE-CCX-WELCOME-${process.pid}`;
    const s = await start(marker, [], freshHome());
    await s.waitFor((lines) => lines.some((l) => l.includes("Welcome to ccx")), { what: "the welcome screen" });
    const lines = await s.lines();
    expect(lines[0]).toMatch(/^ccx · /);
    expect(lines.join("\n")).toContain("Nothing is configured yet");
    expect(lines.at(-1)).toBe("d try the demo · s set up · q quit");
    // Keys of the explorer that need an app do nothing here.
    await s.keys(":", "r", "Tab");
    await s.keys("q");
    expect(await exited(s)).toBe("EXIT=0");
    await expectRestored(s, marker);
  }, 30_000);

  it("d on the welcome screen opens the demo's groups", async () => {
    const s = await start(`BEFORE-CCX-WELCOME-DEMO-${process.pid}`, [], freshHome());
    await s.waitFor((lines) => lines.some((l) => l.includes("Welcome to ccx")), { what: "the welcome screen" });
    await s.keys("d");
    const list = await s.waitFor(settledList, { what: "the demo's groups", timeoutMs: 20_000 });
    expect(list.crumbs).toBe("groups");
    await s.keys("q");
    expect(await exited(s)).toBe("EXIT=0");
  }, 40_000);

  /** Waits for the question, then presses Enter: its default (the answer before) kept. */
  const keep = (s: TmuxSession, question: string) => answer(s, question);

  it("s on the welcome screen: a test that fails keeps the answers; e asks again with each as its default, the URLs and CA too", async () => {
    const home = freshHome();
    // Nothing listens there: the first test fails, and the URLs and the CA are typed when asked again.
    const nowhere = "https://127.0.0.1:9/{appId}/v3";
    const s = await start(`BEFORE-CCX-WELCOME-RETRY-${process.pid}`, ["--chat-url", nowhere, "--calls-url", nowhere], home);
    await s.waitFor((lines) => lines.some((l) => l.includes("Welcome to ccx")), { what: "the welcome screen" });
    await s.keys("s");
    const app = fx.app(0);
    await answerApp(s, "edited", 0);
    await s.waitFor((lines) => lines.some((l) => l.startsWith("Nothing was written. e edit the answers")), { what: "what to do now" });
    expect(s.lastScreen).toMatch(/^error: CCX_NETWORK_ERROR: /m);
    await s.keys("Enter");
    await keep(s, "a or m? [a]");
    await keep(s, "Profile name [edited]:");
    await keep(s, `App id [${app.appId}]:`);
    await keep(s, `Region (us, eu, in) [${app.region}]:`);
    await keep(s, "k or c? [k]");
    await keep(s, `API key (not shown) [Enter keeps …${app.fullAccessKey.slice(-4)}]:`);
    await answer(s, `Chat API URL [${nowhere}]:`, fx.info.chatUrl);
    await answer(s, `Calls API URL [${nowhere}]:`, fx.info.callsUrl);
    await answer(s, "CA file to trust, PEM (-: the system's CAs) [-]:", fx.info.caFile);
    const list = await s.waitFor(settledList, { what: "the new profile's groups", timeoutMs: 15_000 });
    expect(list.crumbs).toBe("groups");
    expect((await s.lines())[0]).toMatch(new RegExp(`^ccx · edited ${app.appId} · us`));
    await s.keys("q");
    expect(await exited(s)).toBe("EXIT=0");
    const show = await runCcx(["config", "show", "--json"], { XDG_CONFIG_HOME: home });
    expect(JSON.parse(show.stdout).profiles.edited).toEqual({
      appId: app.appId, region: app.region, apiKey: `…${app.fullAccessKey.slice(-4)}`,
      chatUrl: fx.info.chatUrl, callsUrl: fx.info.callsUrl, caFile: fx.info.caFile,
    });
  }, 60_000);

  it("ccx init with a refused key: r tests again, q quits with the failure's exit code, and nothing is written", async () => {
    const home = freshHome();
    const s = await start(`BEFORE-CCX-INIT-REFUSED-${process.pid}`, [...urlFlags(), "init"], home);
    await answer(s, "a or m? [a]");
    await answer(s, "Profile name [default]:");
    await answer(s, "App id", fx.app(0).appId);
    await answer(s, "Region (us, eu, in) [us]:");
    await answer(s, "k or c? [k]");
    await answer(s, "API key (not shown):", "not-the-right-key-0000000000");
    const menu = "Nothing was written. e edit the answers";
    await s.waitFor((lines) => lines.some((l) => l.startsWith(menu)), { what: "what to do now" });
    expect(s.lastScreen).toMatch(/^error: AUTH_ERR_\w+: /m);
    await s.type("r");
    await s.keys("Enter");
    await s.waitFor((lines) => lines.filter((l) => l.startsWith(menu)).length === 2, { what: "the test made again, and failed again" });
    expect((await s.lines()).filter((l) => l.startsWith("testing the credentials with GET /groups"))).toHaveLength(2);
    await s.type("q");
    await s.keys("Enter");
    expect(await exited(s)).toBe("EXIT=4");
    expect(s.lastScreen).not.toContain("not-the-right-key-0000000000");
    expect(existsSync(join(home, "ccx", "config.json"))).toBe(false);
  }, 40_000);

  it("s on the welcome screen runs ccx init here, then opens the explorer on the new profile", async () => {
    const home = freshHome();
    const s = await start(`BEFORE-CCX-WELCOME-INIT-${process.pid}`, urlFlags(), home);
    await s.waitFor((lines) => lines.some((l) => l.includes("Welcome to ccx")), { what: "the welcome screen" });
    await s.keys("s");
    await answerApp(s, "", 0);
    const list = await s.waitFor(settledList, { what: "the new profile's groups", timeoutMs: 15_000 });
    expect(list.crumbs).toBe("groups");
    expect((await s.lines())[0]).toMatch(new RegExp(`^ccx · default ${fx.app(0).appId} · us`));
    await s.keys("q");
    expect(await exited(s)).toBe("EXIT=0");
    const show = await runCcx(["config", "show", "--json"], { XDG_CONFIG_HOME: home });
    expect(JSON.parse(show.stdout)).toMatchObject({ defaultProfile: "default", profiles: { default: { appId: fx.app(0).appId, chatUrl: fx.info.chatUrl } } });
  }, 40_000);
});
