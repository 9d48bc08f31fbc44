/**
 * The explorer follows the terminal's size: after a resize the next frame
 * fits the new width and height (no line wider, the header on top), a
 * taller terminal shows more rows, and the apps pane comes and goes with the
 * width that decides it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayWidth } from "../../src/text/width.js";
import { PANES } from "../../src/tui/layout.js";
import { join } from "node:path";
import { scratchDir } from "../support/scratch.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectFrame, panesOf, selectedLine, settledList } from "./screen.js";

const CLEAR_SCREEN = "\u001b[2J";

describe.skipIf(tmuxMissing !== undefined)(`resizing the terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let s: TmuxSession;
  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(`BEFORE-RESIZE-${process.pid}`, 11), width: 80, height: 24, cwd: ROOT });
  });
  afterAll(async () => {
    await s?.kill();
  });

  it("redraws to fit a larger and then a smaller terminal", async () => {
    const first = await s.waitFor((lines) => settledList(lines), { what: "groups at 80×24", timeoutMs: 15_000 });
    for (const [width, height] of [[140, 40], [60, 16]] as const) {
      await s.resize(width, height);
      const list = await s.waitFor((lines) => {
        const l = settledList(lines);
        // The new frame: the table's header line ends within the new width and the rows fill the new height.
        return l && lines.every((line) => displayWidth(line) <= width) && l.rows.length === height - 7 && l;
      }, { what: `a frame of ${width}×${height}` });
      const lines = await s.lines();
      expectFrame(lines, s, `${width}×${height}`);
      if (width > 80) expect(list.rows.length).toBeGreaterThan(first.rows.length);
      const panes = panesOf(lines);
      expect({ side: panes.side, preview: panes.preview }, `the panes at ${width}×${height}`)
        .toEqual({ side: width >= PANES.side.from, preview: width >= PANES.preview.from });
      expect((await s.joinedLines()).filter((l) => displayWidth(l) > width), "lines that wrapped").toEqual([]);
    }
  });

  it("sends a cursor move as the rows it changed, no clear-screen; a resize redraws once", async () => {
    await s.resize(120, 40);
    await s.waitFor((lines) => settledList(lines)?.rows.length === 33, { what: "groups at 120×40" });
    const dir = scratchDir("ccx-frames-");
    const before = selectedLine(await s.lines(true));
    const moved = await s.received(join(dir, "move"), () => s.keys("j"), (lines) => selectedLine(lines) === before + 1, { what: "the cursor a row down", escapes: true });
    expect(moved).not.toContain(CLEAR_SCREEN);
    expect(Buffer.byteLength(moved, "latin1"), "bytes for one cursor move (budget 800)").toBeLessThanOrEqual(800);
    // The two rows the cursor left and reached, and the footer's counts at most: never the header.
    expect(moved).not.toContain("GUID");
    const resized = await s.received(join(dir, "resize"), () => s.resize(100, 30), (lines) => settledList(lines)?.rows.length === 23, { what: "groups at 100×30" });
    expect(resized.split(CLEAR_SCREEN)).toHaveLength(2);
  });
});
