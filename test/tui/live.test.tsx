import { afterEach, describe, expect, it } from "vitest";
import { type Tui, type TuiEmulator, listRows, mountTui, startTuiEmulator } from "../support/tui.js";

/**
 * Live mode (w) against a live emulator whose clock the test moves: the list
 * is asked again once an interval, changes are marked, none is asked while
 * the list is off screen, and a 429 slows it down.
 */

let fx: TuiEmulator | undefined;
let tui: Tui | undefined;
afterEach(async () => {
  await tui?.unmount();
  await fx?.close();
  tui = undefined;
  fx = undefined;
});

const callsAsked = () => fx!.served.filter((line) => /^GET \S*\/calls\?/.test(line)).length;
const listOfCalls = (t: Tui) => t.store.getState().views[t.store.getState().activeKey]!.lists.calls!;

describe("live mode", () => {
  it("w follows the calls: one request an interval, what came or changed marked; esc away asks nothing", async () => {
    let worldMs = Date.now();
    fx = await startTuiEmulator({ sizes: { apps: 1, groups: 5, calls: 20, users: 20 }, live: true, liveSpeed: 1, clock: () => worldMs });
    tui = await mountTui(fx, { root: "calls", columns: 140, rows: 30, debounceMs: 30 });
    await tui.paste(":interval 2\r");
    const before = callsAsked();
    const started = Date.now();
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("· live (w stops)"), "live on");
    // Ten minutes pass in the world: calls begin, change and end.
    worldMs += 10 * 60_000;
    await tui.waitForFrame(() => (listOfCalls(tui!).live?.polls ?? 0) >= 1, "a live answer", 8000);
    const marks = Object.values(listOfCalls(tui!).live!.marks);
    expect(marks.length).toBeGreaterThan(0);
    const frame = tui.frame();
    expect(listRows(frame).some((row) => /^[+~] /.test(row))).toBe(true);
    // At most one request an interval (and the first only after one).
    const elapsed = (Date.now() - started) / 1000;
    expect(callsAsked() - before).toBeLessThanOrEqual(Math.floor(elapsed / 2) + 1);

    // Off screen, nothing is asked; back, it goes on.
    await tui.paste(":groups\r");
    const away = callsAsked();
    await new Promise((r) => setTimeout(r, 2500));
    expect(callsAsked()).toBe(away);
    // w on groups is the groups' own: on, then off.
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("live: groups asked again every 2 s"), "groups live");
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("live off: groups"), "groups live off");
    expect(listOfCalls(tui).live).toBeDefined();
    await tui.paste(":calls\r");
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("live off"), "live off on calls");
    expect(listOfCalls(tui).live).toBeUndefined();
  }, 20_000);

  it("a 429 doubles the wait, said under the list", async () => {
    fx = await startTuiEmulator({ sizes: { apps: 1, groups: 5, calls: 20, users: 20 }, faults: { rateLimit: { limit: 1, windowSeconds: 60 } } });
    tui = await mountTui(fx, { root: "calls", columns: 140, rows: 30, debounceMs: 30 });
    await tui.paste(":interval 2\r");
    await tui.press("w");
    await tui.waitForFrame((f) => f.includes("slowed to 4 s after a 429"), "slowed down", 8000);
    // The rows stay on screen.
    expect(listRows(tui.frame()).length).toBeGreaterThan(0);
  }, 15_000);

  it(":interval refuses less than 2 s", async () => {
    fx = await startTuiEmulator({ sizes: { apps: 1, groups: 5, calls: 5, users: 5 } });
    tui = await mountTui(fx, { root: "calls", debounceMs: 30 });
    await tui.paste(":interval 1\r");
    await tui.waitForFrame((f) => f.includes("the interval is at least 2 s"), "refused");
    expect(tui.store.getState().liveInterval).toBe(5);
  });
});
