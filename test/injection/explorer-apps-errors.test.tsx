import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Http } from "../../src/api/http.js";
import { Settings } from "../../src/config/resolve.js";
import type { AppRef } from "../../src/store/types.js";
import { sanitize } from "../../src/text/sanitize.js";
import { type Tui, type TuiEmulator, mountTui, startTuiEmulator } from "../support/tui.js";
import { ERROR_CASES, dataAnswer, failingService } from "./errors-server.js";
import { payload } from "./payloads.js";
import { copiesFrom, expectFramesHarmless, expectIdCopy, expectJsonCopy, mountSized } from "./screen.js";
import { scratchDir } from "../support/scratch.js";

/**
 * Terminal injection, the rest of the explorer: app names (and an app id) as
 * the management API sends them, in the header and the apps view; the
 * service's own error (code, message, devMessage, details) in the failure
 * boxes, the header, the footer and the request log; help.
 */

let fx: TuiEmulator;
let service: Awaited<ReturnType<typeof failingService>>;
let apps: AppRef[];
let dir: string;
let tui: Tui | undefined;

/** The apps the management API names, as `ccx` turns them into the explorer's apps (run/explore.ts). */
async function managementApps(caFile: string): Promise<AppRef[]> {
  const settings = new Settings({}, {
    CCX_MANAGEMENT_URL: fx.info.managementUrl, CCX_MANAGEMENT_KEY: fx.info.management.key, CCX_MANAGEMENT_SECRET: fx.info.management.secret,
    CCX_CHAT_URL: fx.info.chatUrl, CCX_CALLS_URL: fx.info.callsUrl, XDG_CONFIG_HOME: "/nonexistent-ccx-config",
  });
  const http = new Http({ caFile });
  await settings.loadManagementApps(http);
  await http.close();
  return settings.apps.map((app) => ({
    key: `${app.appId}:${app.region}`, label: app.label, appId: app.appId, region: app.region, source: app.source, target: () => settings.targetOf(app),
  }));
}

beforeAll(async () => {
  fx = await startTuiEmulator();
  const world = fx.emulator.world.apps;
  world[0]!.name = `Prod ${payload("osc-52-clipboard")}${payload("osc-title")} app`;
  world[1]!.name = `Staging ${payload("bidi-override")}${payload("zero-width")}${payload("c1-csi")}`;
  world[2]!.name = `Long ${payload("long")}`;
  // An id the service would never send, yet could: it reaches the header, the apps view and the requests.
  world[2]!.appId = `id${payload("csi-clear")}${payload("bel")}`;
  service = await failingService();
  // One trust file for both servers: the emulator's CA and the failing service's.
  dir = scratchDir("ccx-injection-");
  const caFile = join(dir, "ca.pem");
  writeFileSync(caFile, `${readFileSync(fx.info.caFile, "utf8")}\n${readFileSync(service.caFile, "utf8")}`);
  fx = { ...fx, info: { ...fx.info, caFile } };
  apps = [
    ...(await managementApps(caFile)),
    {
      key: "failing:us", label: `Failing ${payload("dcs")}`, appId: "failing", region: "us", source: "test",
      target: () => ({ appId: "failing", region: "us", apiKey: "k-failing-service-0000", chatUrl: service.chatUrl, callsUrl: service.callsUrl }),
    },
  ];
  vi.stubEnv("TMUX", "");
  vi.stubEnv("TERM", "xterm-256color");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await service?.close();
  await fx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

describe("app names and ids from the management API", () => {
  it("the header and the apps view show them harmless, y copies each id sanitized, and an app that cannot answer fails in place", async () => {
    const columns = 100;
    const rows = 24;
    const { tui: t, sizedFrom } = await mountSized((o) => mountTui(fx, { ...o, apps }), columns, rows);
    tui = t;
    expect(apps.map((a) => a.label)).toContain(fx.emulator.world.apps[0]!.name);
    expect(t.frame().split("\n")[0]).toContain("ccx · Prod ␛]52;c;");

    await t.press("ctrl-p");
    const view = await t.waitForFrame((f) => f.includes("enter switches to the app"), "the apps view");
    expect(view).toContain("Staging �evil�z�w�j��x␛[2J␛[31m");
    expect(view).toContain("id␛[2J␛[H␇␇");
    await t.press("g");
    const copies = await copiesFrom(t, "yj".repeat(apps.length), "the apps' ids");
    copies.forEach((copied, i) => expectIdCopy(copied, apps[i]!.appId, `app ${i}`));

    // A call says which app it was found in: by its name.
    t.store.getState().openResourceItem("calls", [fx.emulator.world.apps[0]!.calls[0]!.sessionId]);
    const call = await t.waitForFrame((f) => f.includes("Participants ("), "a call of the first app");
    expect(call).toContain("found in Prod ␛]52;c;");
    await t.press("escape");

    // The app whose id the service does not know: the header names it, the failure says so.
    t.store.getState().switchApp(apps[2]!.key);
    const failed = await t.waitForFrame((f) => f.includes("✗ "), "the failure of the odd app");
    expect(failed.split("\n")[0]).toContain("Long WWW");
    expect(failed.split("\n")[0]).toContain("✗ ");
    expectFramesHarmless(t, columns, rows, "apps at 100×24", sizedFrom);
  });
});

describe("the service's own error message", () => {
  it("in every failure box, the header, the footer and the request log, for every error case", async () => {
    const columns = 100;
    const rows = 24;
    // First the service's data, with payloads in fields no schema names; then its failures.
    let failing = false;
    let current = ERROR_CASES.find((c) => c.answer.status >= 500)!.answer;
    service.answer((path) => (failing ? current : dataAnswer(path) ?? current));
    const { tui: t, sizedFrom } = await mountSized((o) => mountTui(fx, { ...o, apps: apps.slice(-1) }), columns, rows);
    tui = t;
    expect(t.frame()).toContain("named ␛[31mred␛[0m");
    await t.press("enter");
    let frame = await t.waitForFrame((f) => f.includes("Members (1)"), "the group with unknown fields");
    expect(frame).toMatch(/^x-␛\]52;c;\S*\s+␛\[2J␛\[31m/m);
    expect(frame).toContain("m-␛[10;10Hmoved");
    const [, json] = await copiesFrom(t, "yY", "the member with unknown fields");
    expectJsonCopy(json, { uid: `m-${payload("csi-cursor")}`, [`x-${payload("osc-52-clipboard")}`]: payload("c1-csi") }, "the member");
    await t.press("escape");
    failing = true;

    // A failure with rows loaded: said in the summary line, the header, and (a 5xx) the footer's hint.
    await t.press("n");
    frame = await t.waitForFrame((f) => f.includes("(r retries)"), "the next page's failure");
    expect(frame.split("\n")[0]).toContain("✗ ERR_SERVICE_UNAVAILABLE");
    expect(frame).toContain("the service failed: r retries");

    for (const { name, answer } of ERROR_CASES) {
      current = answer;
      const body = (answer.body as { error: { code: string; message: string } }).error;
      const code = sanitize(body.code);
      // The group: its detail fails in place.
      t.store.getState().openResourceItem("groups", ["g-any"]);
      frame = await t.waitForFrame((f) => f.includes(`✗ ${code}: `), `the group's failure (${name})`);
      expect(frame).toContain(sanitize(body.message).slice(0, 40));
      await t.press("escape");
      // The calls list, with nothing loaded: the failure in place of the rows.
      t.store.getState().openRoot("calls");
      t.store.getState().refresh();
      await t.waitForFrame((f) => f.includes(`✗ ${code}: `) && !f.includes("⟳"), `the calls' failure (${name})`);
      // A call looked up by id.
      t.store.getState().openResourceItem("calls", [`v1.us.failing.${name.length}`]);
      await t.waitForFrame((f) => f.includes(`✗ ${code}`) && !f.includes("looking for"), `the call's failure (${name})`);
      await t.press("escape");
      t.store.getState().openRoot("groups");
    }

    // The request log: every request, the service's codes in its status column; y copies a curl command.
    await t.press("L");
    frame = await t.waitForFrame((f) => f.includes("the latest requests"), "the request log");
    expect(frame).toContain("ERR_␛]52;c;");
    const [curl] = await copiesFrom(t, "y", "the newest request as curl");
    expect(curl).toMatch(/^curl -sS /);
    expect(curl).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);

    await t.press("?");
    await t.waitForFrame((f) => f.includes("Everywhere"), "help");
    await t.press("G");
    expectFramesHarmless(t, columns, rows, "failures at 100×24", sizedFrom);
  });
});
