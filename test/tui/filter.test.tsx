import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Tui, type TuiEmulator, listRows, mountTui, readable, startTuiEmulator } from "../support/tui.js";

/** The live filter line: results follow as you type, one request a pause, bad tokens marked and never sent. */

let fx: TuiEmulator;
let slow: TuiEmulator;
let tui: Tui | undefined;

beforeAll(async () => {
  [fx, slow] = await Promise.all([
    startTuiEmulator(),
    // Slow answers: a request is still in flight when the next key arrives.
    startTuiEmulator({ faults: { latency: { min: 400, max: 400 } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([fx?.close(), slow?.close()]);
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

const served = (emulator: TuiEmulator, path: string) => emulator.served.filter((l) => l.includes(path)).length;
const typeOf = (row: string) => /\b(public|private|protected|password)\b/.exec(row)?.[1];

describe("the live filter line", () => {
  it("sends exactly one request after the pause, and shows its answer and its exact request", async () => {
    // Longer than a key press takes to draw, even on a busy machine (load 9 on 2 cores made one take over
    // 300 ms): typing never pauses that long.
    const debounceMs = 1000;
    tui = await mountTui(fx, { debounceMs });
    expect(listRows(tui.frame()).map(typeOf)).toContain("private");
    const sent = tui.requests("/groups");
    const arrived = served(fx, "/groups");

    await tui.press("/");
    await tui.type("type:public");
    // Nothing is sent while typing: the pause has not passed yet.
    expect(tui.requests("/groups")).toBe(sent);
    const frame = await tui.waitForFrame((f) => f.includes("→ GET /groups?perPage=100&type=public&withTags=true") && !f.includes("⟳"), "the public groups");
    await tui.settle(debounceMs);

    expect(tui.requests("/groups") - sent).toBe(1);
    expect(served(fx, "/groups") - arrived).toBe(1);
    const rows = listRows(tui.frame());
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map(typeOf))).toEqual(new Set(["public"]));
    const publicCount = fx.emulator.world.apps[0]!.groups.filter((g) => g.type === "public").length;
    expect(frame).toContain(`100 of ${publicCount}`);
    expect(frame).toContain("/ type:public");
  });

  it("drops the answer a newer filter made stale: the newest request and its results are what is shown", async () => {
    const debounceMs = 60;
    tui = await mountTui(slow, { debounceMs });
    await tui.press("/");
    await tui.type("type:private");
    // Past the pause: the private request is on its way (and takes 400 ms).
    await tui.waitForFrame((f) => f.includes("type=private") && f.includes("⟳"), "the private request in flight");
    await tui.type(",protected");
    const newest = "→ GET /groups?perPage=100&types=private%2Cprotected&withTags=true";
    await tui.waitForFrame((f) => f.includes(newest) && !f.includes("⟳"), "the newest answer");
    // Long enough for the stale answer to have arrived, had it not been dropped.
    await tui.settle(400);

    const frame = tui.frame();
    expect(frame).toContain(newest);
    const types = new Set(listRows(frame).map(typeOf));
    expect(types.has("public")).toBe(false);
    expect(types.has("protected")).toBe(true);
    const world = slow.emulator.world.apps[0]!.groups;
    expect(frame).toContain(`of ${world.filter((g) => g.type !== "public").length}`);
    // Once the newest answer was drawn, no frame went back to the stale one.
    const frames = tui.frames().map(readable);
    const first = frames.findIndex((f) => f.includes(newest) && !f.includes("⟳"));
    expect(frames.slice(first).some((f) => f.includes("type=private&"))).toBe(false);
    // The stale request was aborted, not left to finish.
    const privateOnly = tui.store.getState().log.filter((e) => e.url.includes("type=private&"));
    expect(privateOnly).toHaveLength(1);
    expect(privateOnly[0]!.status).not.toBe(200);
  });

  it.each(["members:>>x", "created:yesterdayish"])("marks %s in place, sends nothing and keeps the results", async (bad) => {
    const debounceMs = 60;
    tui = await mountTui(fx, { debounceMs });
    const before = listRows(tui.frame());
    const sent = tui.requests();
    const arrived = fx.served.length;

    await tui.press("/");
    // Pasted: typed key by key, a prefix such as "m" is a valid search, sent if a key takes longer than the pause.
    await tui.paste(`type:public ${bad}`);
    // Its reason is said below the line, "nothing sent" first (long reasons are cut at the edge).
    await tui.waitForFrame((f) => f.includes(`  ✗ nothing sent · ${bad.split(":")[0]}: `), "the token's reason while typing");
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes(`/ type:public [!]${bad}`), "the token marked in the line");
    await tui.settle(3 * debounceMs);

    expect(tui.requests()).toBe(sent);
    expect(fx.served.length).toBe(arrived);
    expect(listRows(tui.frame())).toEqual(before);
    expect(frame).toContain("100 of 300");
    // The valid token alone is not marked.
    expect(frame).not.toContain("[!]type:public");
  });
});
