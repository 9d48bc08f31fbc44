/**
 * Keys that reach ccx in one read: a paste, fast typing over SSH, or a busy
 * moment. The terminal hands over "type:public\r" at once, and the Enter in it
 * must still close the filter line rather than become part of the filter; the
 * keys after it are the list's again. A lone Escape, with no byte after it,
 * is the Escape key (it is not kept waiting for the rest of a sequence); and
 * an Escape with the keys typed after it in the same read (a fast typist, or
 * keys bunched together by SSH) still closes the line before they act.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectFrame, filterLineOpen, listScreen, plain, selectedRow, settledList } from "./screen.js";

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
    await s.waitFor((raw) => selectedRow(raw) === 1, { what: "j to select the second row", escapes: true });
    const lines = await s.lines();
    expectFrame(lines, s, "after j");
    const list = settledList(lines);
    expect(list?.filter, "the filter line after the paste and j").toBe("type:public");
    expect(list?.request, "the request after the paste and j").toMatch(/^GET \/groups\?.*\btype=public\b/);
    expect(list?.request, "the request after the paste and j").not.toContain("searchKey");
  }, 30_000);

  it("a lone Escape closes the line it was pressed in, with no key after it", async () => {
    await s.keys("/");
    await s.waitFor((raw) => filterLineOpen(raw) && listScreen(raw.map(plain))?.filter === "type:public", { what: "the filter line open again", escapes: true });
    // No key follows: the Escape must not wait for the rest of a sequence that never comes.
    await s.keys("Escape");
    const raw = await s.waitFor((l) => (!filterLineOpen(l) ? l : undefined), { what: "the line closed (no cursor in it)", escapes: true });
    const lines = raw.map(plain);
    expectFrame(lines, s, "after Escape");
    expect(listScreen(lines)?.filter, "the filter kept").toBe("type:public");
  }, 20_000);

  it("Escape and the keys after it in one read: the line closes, then `:calls` runs", async () => {
    await s.keys("/");
    await s.waitFor((raw) => filterLineOpen(raw) && listScreen(raw.map(plain))?.filter === "type:public", { what: "the filter line open again", escapes: true });
    // ESC followed by ":" reads as alt-: too; ccx binds no alt-:, so it can only be Escape, then ":".
    await s.type("\u001b:calls\r");
    const raw = await s.waitFor((l) => {
      const list = settledList(l.map(plain));
      return list?.crumbs === "calls" && !filterLineOpen(l) && l;
    }, { what: "the calls list, `:calls` run after the Escape", escapes: true, timeoutMs: 4000 });
    expectFrame(raw.map(plain), s, "after Escape and :calls");
    await s.keys("BTab");
    const groups = await s.waitFor((l) => {
      const list = settledList(l);
      return list?.crumbs === "groups" && list;
    }, { what: "back on the groups" });
    expect(groups.filter, "the groups' filter, as it was when Escape closed the line").toBe("type:public");
  }, 20_000);
});
