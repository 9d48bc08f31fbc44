/**
 * A write in the explorer, in a real terminal (tmux), on the demo: a group,
 * the cursor on a member, D; the box shows the exact request; y kicks them
 * and their row goes; :journal, U, y undoes it; back at the group, their row
 * is back. The journal goes to a directory of the test's own.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectRestored, mainPane, settledList } from "./screen.js";
import { scratchDir } from "../support/scratch.js";

describe.skipIf(tmuxMissing !== undefined)(`kick a member and undo it, in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  const marker = `BEFORE-CCX-WRITES-${process.pid}`;
  let s: TmuxSession;
  // The user's state directory: the demo writes its own journal, never this one's.
  const state = scratchDir("ccx-e2e-w-");

  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(marker, 13), width: 140, height: 40, cwd: ROOT, env: { XDG_STATE_HOME: state } });
  });
  afterAll(async () => {
    await s?.kill();
    rmSync(state, { recursive: true, force: true });
  });

  /** The members' rows below their heading, its request and the columns' header, as drawn. */
  const memberRows = (lines: string[]) => {
    const body = mainPane(lines);
    const at = body.findIndex((l) => /^Members \(\d+\)/.test(l));
    return at < 0 ? [] : body.slice(at + 3).filter((l) => /^\S/.test(l) && !/^\s*$/.test(l));
  };

  it("D on a member, y: their row goes; :journal, U, y: back", async () => {
    const list = await s.waitFor((lines) => settledList(lines), { what: "the groups", timeoutMs: 15_000 });
    // A group with a few members: the first row whose MEMBERS column says 3 or more.
    const rowAt = list.rows.findIndex((r) => /\s([3-9]|\d{2,})\s/.test(r));
    for (let i = 0; i < Math.max(0, rowAt); i++) await s.keys("j");
    await s.keys("Enter");
    const rows = await s.waitFor((lines) => {
      const found = memberRows(lines);
      return found.length >= 2 && found;
    }, { what: "the group's members" });
    // The second member: the first is the owner, who cannot be kicked.
    const uid = rows[1]!.split(/\s+/)[0]!;
    await s.keys("j");
    await s.keys("D");
    const box = await s.waitFor((lines) => lines.some((l) => l.includes(`member kick`) && l.includes(`/${uid}?`)) && lines, { what: "the confirm box" });
    // The box wraps the request's line: the method, then the URL.
    expect(box.some((l) => /│ DELETE\b/.test(l)), box.join("\n")).toBe(true);
    expect(box.some((l) => new RegExp(`https://\\S+/groups/\\S+/members/${uid}\\b`).test(l)), box.join("\n")).toBe(true);
    await s.keys("y");
    await s.waitFor((lines) => lines.some((l) => l.includes("done: member kick")) && !memberRows(lines).some((r) => r.startsWith(`${uid} `)), { what: "the member's row gone" });
    await s.keys(":");
    await s.type("journal");
    await s.keys("Enter");
    await s.waitFor((lines) => mainPane(lines).some((l) => l.includes("member kick") && l.includes("U undoes")), { what: "the journal" });
    await s.keys("U");
    await s.waitFor((lines) => lines.some((l) => l.includes("undo 1: member kick")), { what: "the undo's box" });
    await s.keys("y");
    await s.waitFor((lines) => mainPane(lines).some((l) => l.includes("undone (2)")), { what: "the entry undone" });
    expect(existsSync(join(state, "ccx", "journal.ndjson"))).toBe(false);
    await s.keys("Escape");
    await s.keys("r");
    await s.waitFor((lines) => memberRows(lines).some((r) => r.startsWith(`${uid} `)), { what: "the member's row back" });
    await s.keys("q");
    await s.waitFor((lines) => lines.some((l) => l === "EXIT=0"), { what: "the exit" });
    await expectRestored(s, marker);
  });
});
