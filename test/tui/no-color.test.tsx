import { describe, expect, it } from "vitest";
import { type Tui, inkWritesColour, lines, listRows, tuiFixture } from "../support/tui.js";

/** NO_COLOR and --no-color: a monochrome screen that still says everything, statuses in words. */

const fixture = tuiFixture();
let tui: Tui;

const STATUSES = ["initiated", "ongoing", "ended", "unanswered", "rejected", "canceled"];
const statusOf = (row: string) => STATUSES.find((s) => new RegExp(` ${s} `).test(row));

describe("without colour", () => {
  it("the calls list says each call's status in words, and the frame has no escape sequence", async () => {
    tui = await fixture.mount({ color: false, root: "calls", columns: 160 });
    let frame = tui.frame();
    const rows = listRows(frame);
    expect(rows.length).toBeGreaterThan(10);
    // Every row says its status, and it is the call's own.
    const calls = fixture.fx.emulator.world.apps[0]!.callBySessionId;
    for (const row of rows) {
      const sessionId = /^(v1\.\S+)/.exec(row)![1]!;
      expect(statusOf(row)).toBe(calls.get(sessionId)!.status);
    }
    expect(rows.map(statusOf)).toContain("ended");

    // A call's participants say their state in words too: in the timeline's notes, and in the table (v).
    await tui.press("enter");
    frame = await tui.waitForFrame((f) => f.includes("Participants (") && f.includes("Timeline ·"), "the call");
    expect(lines(frame).some((l) => /\b(unanswered|rejected|in \d+:\d\d|\d+:\d\d)$/.test(l.trimEnd()))).toBe(true);
    await tui.press("v");
    frame = await tui.waitForFrame((f) => /^UID\s+DEVICE\s+STATE/m.test(f), "the participants as a table");
    const participant = lines(frame).findIndex((l) => /^UID\s+DEVICE\s+STATE/.test(l));
    expect(STATUSES.concat(["left", "joined"]).some((s) => lines(frame)[participant + 1]!.includes(` ${s} `))).toBe(true);

    // Ink's styles (bold, inverse) are all a no-colour theme leaves, and only when this process forces colour.
    const colour = inkWritesColour();
    for (const f of tui.frames()) {
      const rest = colour ? f.replace(/\u001b\[(1|22|7|27|4|24)m/g, "") : f;
      expect(rest).not.toContain("\u001b");
    }
  });
});
