/**
 * Without colour (`--no-color`, `NO_COLOR`) the screen must stay usable: the
 * selected row is still told apart from the others, by inverse video or by a
 * mark of some kind. Checked as "the row looks different once selected".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, plain, settledList } from "./screen.js";

const CASES: Array<{ how: string; flags: string[]; env: Record<string, string> }> = [
  { how: "--no-color", flags: ["--no-color"], env: {} },
  { how: "NO_COLOR=1", flags: [], env: { NO_COLOR: "1" } },
];

describe.skipIf(tmuxMissing !== undefined)(`no colour${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  describe.each(CASES)("with $how", ({ flags, env }) => {
    let s: TmuxSession;

    beforeAll(async () => {
      s = await startTmux({ command: demoCommand(`BEFORE-CCX-MONO-${process.pid}`, 7, flags), width: 80, height: 24, cwd: ROOT, env });
    });
    afterAll(async () => {
      await s?.kill();
    });

    it("the selection is visible: a row looks different selected and not", async () => {
      await s.waitFor((lines) => settledList(lines.map(plain)), { what: "groups with data rows", timeoutMs: 15_000, escapes: true });
      const rowsOf = (raw: string[]) => {
        const at = raw.map(plain).findIndex((l) => /^NAME\s+GUID/.test(l));
        return [raw[at + 1]!, raw[at + 2]!];
      };
      const [firstBefore = "", secondBefore = ""] = rowsOf(await s.lines(true));
      await s.keys("j");
      // Nothing else changes on j: wait (with a deadline) for the two rows to be drawn otherwise.
      const [firstAfter = "", secondAfter = ""] = await s.waitFor((raw) => {
        const rows = rowsOf(raw);
        return rows[0] !== firstBefore && rows[1] !== secondBefore ? rows : undefined;
      }, { what: "the first two rows drawn otherwise after j (the selection moved, and shows without colour)", escapes: true, timeoutMs: 3000 });
      expect(plain(secondAfter).replace(/\W/g, ""), "the same row").toContain(plain(secondBefore).replace(/\W/g, "").slice(0, 20));
      expect(secondAfter, "the second row, selected by j, drawn as when it was not").not.toBe(secondBefore);
      expect(firstAfter, "the first row, no longer selected, drawn as when it was").not.toBe(firstBefore);
    });
  });
});
