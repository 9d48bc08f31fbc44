/**
 * Keys that reach ccx in one read: a paste, fast typing over SSH, or a busy
 * moment. The terminal hands over "type:public\r" at once, and the Enter in it
 * must still close the filter line rather than become part of the filter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectFrame, listScreen, settledList } from "./screen.js";

describe.skipIf(tmuxMissing !== undefined)(`keys that arrive together${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let s: TmuxSession;

  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(`BEFORE-CCX-INPUT-${process.pid}`, 7), width: 80, height: 24, cwd: ROOT });
  });
  afterAll(async () => {
    await s?.kill();
  });

  it("a filter and its Enter in one read: the filter is applied and the line closed", async () => {
    await s.waitFor(settledList, { what: "groups with data rows", timeoutMs: 15_000 });
    await s.keys("/");
    await s.waitFor((lines) => listScreen(lines)?.filter === "", { what: "the filter line open" });
    await s.type("type:public\r"); // one write: text and Enter together
    await s.waitFor((lines) => settledList(lines)?.request.includes("type=public"), { what: "the filtered groups" });
    // The line is closed: j moves the selection instead of being typed into the filter.
    await s.keys("j");
    await new Promise((r) => setTimeout(r, 400));
    const lines = await s.lines();
    expectFrame(lines, s, "after j");
    const request = lines.findIndex((l) => l.startsWith("  → GET /groups"));
    expect(request, "the request line").toBeGreaterThan(0);
    expect(lines[request - 1], "the filter line after the paste and j").toBe("/ type:public");
    expect(lines[request], "the request after the paste and j").not.toContain("searchKey");
  }, 30_000);
});
