import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Tui, type TuiEmulator, appRefs, footer, lines, listRows, mountTui, startTuiEmulator } from "../support/tui.js";

/** Failures are shown in place with the service's code and what to do; r retries; the explorer stays usable. */

let failing: TuiEmulator;
let limited: TuiEmulator;
let proxied: TuiEmulator;
let plain: TuiEmulator;
let slowFailing: TuiEmulator;
let tui: Tui | undefined;

const WINDOW_SECONDS = 2;

beforeAll(async () => {
  [failing, limited, proxied, plain, slowFailing] = await Promise.all([
    startTuiEmulator({ faults: { errorRate: 1 } }),
    startTuiEmulator({ faults: { rateLimit: { limit: 2, windowSeconds: WINDOW_SECONDS } } }),
    startTuiEmulator({ faults: { htmlRate: 1 } }),
    startTuiEmulator(),
    startTuiEmulator({ faults: { errorRate: 1, latency: { min: 400, max: 400 } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([failing?.close(), limited?.close(), proxied?.close(), plain?.close(), slowFailing?.close()]);
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

const header = (frame: string) => lines(frame)[0]!;

describe("failures in place", () => {
  it("a 5xx shows the service's code and a hint; r sends the request again; other keys still work", async () => {
    tui = await mountTui(failing);
    let frame = tui.frame();
    expect(frame).toContain("✗ ERR_INTERNAL_SERVER_ERROR: Something went wrong.");
    expect(frame).toContain("the service failed: r retries");
    expect(header(frame)).toContain("✗ ERR_INTERNAL_SERVER_ERROR");

    const sent = tui.requests("/groups");
    await tui.press("r");
    await tui.waitForFrame(() => tui!.requests("/groups") === sent + 1 && !tui!.frame().includes("⟳"), "the retry");
    expect(tui.store.getState().log.at(-1)).toMatchObject({ status: 500, code: "ERR_INTERNAL_SERVER_ERROR" });
    expect(tui.frame()).toContain("✗ ERR_INTERNAL_SERVER_ERROR:");

    await tui.press("?");
    frame = await tui.waitForFrame((f) => lines(f)[1] === "groups › help", "the help");
    await tui.press("escape", "tab");
    frame = await tui.waitForFrame((f) => lines(f)[1] === "calls" && f.includes("✗ ERR_INTERNAL_SERVER_ERROR:"), "the calls failing in place");
  });

  it("429: the code and hint say to wait; once the window has passed, r loads what failed", async () => {
    // The limit's window opens with the first request, at the mount.
    const opened = Date.now();
    tui = await mountTui(limited, { columns: 120 });
    await tui.press("n");
    await tui.waitForFrame((f) => f.includes("page 2/3") && !f.includes("⟳"), "page 2");
    const page2 = listRows(tui.frame());

    await tui.press("n");
    let frame = await tui.waitForFrame((f) => f.includes("ERR_TOO_MANY_REQUESTS") && !f.includes("⟳"), "the rate limit");
    // The rows of page 2 stay; the failure is said below them and in the footer.
    expect(listRows(frame)).toEqual(page2);
    expect(frame).toContain("✗ ERR_TOO_MANY_REQUESTS (r retries)");
    expect(footer(frame)).toContain("rate limited: wait a moment, then r to retry");
    expect(header(frame)).toContain("✗ ERR_TOO_MANY_REQUESTS");

    await new Promise((r) => setTimeout(r, opened + WINDOW_SECONDS * 1000 + 100 - Date.now()));
    // The window opened with the mount's request, which on a busy machine reaches the emulator later
    // than `opened`: an r still inside it meets the limit again, and says so; the next one loads.
    for (let tries = 0; tries < 10 && !tui.frame().includes("page 3/3"); tries++) {
      await tui.press("r");
      await tui.waitForFrame((f) => !f.includes("⟳"), "the retry's answer");
      if (!tui.frame().includes("page 3/3")) await new Promise((r) => setTimeout(r, 500));
    }
    frame = await tui.waitForFrame((f) => f.includes("page 3/3") && !f.includes("⟳"), "page 3 after the retry");
    expect(frame).not.toContain("ERR_TOO_MANY_REQUESTS");
    expect(listRows(frame)).not.toEqual(page2);
  });

  it("an HTML error page instead of JSON is said as such", async () => {
    tui = await mountTui(proxied);
    const frame = tui.frame();
    expect(frame).toContain("✗ CCX_HTTP_ERROR: HTTP 502");
    expect(frame).toContain("the service answered an error page: r retries");
    expect(header(frame)).toContain("✗ CCX_HTTP_ERROR");
  });

  it("the header's error goes when the screen it came from is left; a failure on the next screen says its own", async () => {
    tui = await mountTui(plain, { columns: 120 });
    await tui.paste(":group no-such-group\r");
    let frame = await tui.waitForFrame((f) => header(f).includes("✗ ERR_GUID_NOT_FOUND"), "the group not found");
    await tui.press("escape");
    frame = await tui.waitForFrame((f) => lines(f)[1] === "groups", "back to the groups");
    expect(header(frame)).not.toContain("✗");
    expect(footer(frame)).toContain("q quit");

    await tui.paste(":user no-such-user\r");
    frame = await tui.waitForFrame((f) => header(f).includes("✗ ERR_UID_NOT_FOUND"), "the user not found, in the header");
    expect(header(frame)).not.toContain("ERR_GUID_NOT_FOUND");
  });

  it("a list left before its request failed keeps the failure in place, out of the next screen's header", async () => {
    tui = await mountTui(slowFailing, { load: false });
    tui.store.getState().reload("groups");
    await tui.press("L");
    await tui.waitForFrame((f) => lines(f)[1] === "groups › log" && f.includes("ERR_INTERNAL_SERVER") && !f.includes("⟳"), "the groups' failure in the log");
    expect(header(tui.frame())).not.toContain("✗");
    await tui.press("escape");
    const frame = await tui.waitForFrame((f) => lines(f)[1] === "groups", "back on the groups");
    expect(frame).toContain("✗ ERR_INTERNAL_SERVER_ERROR:");
  });

  it("a wrong key: the auth code and what to check; another app still works", async () => {
    const apps = appRefs(plain).map((a, i) => (i === 0 ? { ...a, target: () => ({ ...a.target(), apiKey: "not-the-key" }) } : a));
    tui = await mountTui(plain, { apps });
    let frame = tui.frame();
    expect(frame).toContain("✗ AUTH_ERR_APIKEY_NOT_FOUND:");
    expect(frame).toContain("the key is not this app's: check the app id, the region (ctrl-r) and the key");
    expect(frame).not.toContain("not-the-key");

    await tui.press("ctrl-p", "j", "enter");
    frame = await tui.waitForFrame((f) => header(f).includes(plain.info.apps[1]!.appId) && listRows(f).length > 0, "the second app's groups");
    expect(header(frame)).not.toContain("✗");
    expect(frame).not.toContain("AUTH_ERR");
  });
});
