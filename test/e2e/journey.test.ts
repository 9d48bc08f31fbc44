/**
 * `ccx demo` in a real terminal (tmux) at 80×24 and at 200×50: it starts and
 * shows groups, and help keeps the demo's `source …/env` line once a key took
 * it from the footer; the main journey (groups → filter → calls → a call → its
 * recordings → back → quit) works, with the apps and preview panes beside it
 * at 200 columns; every frame fits; and after `q` the
 * terminal is as it was (normal screen, cursor shown, what was there before
 * visible again, exit 0).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanOutputs } from "../support/secrets.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { PANES } from "../../src/tui/layout.js";
import { ROOT, callScreen, demoCommand, expectFrame, expectRestored, listScreen, mainPane, panesOf, plain, selectedLine, settledList } from "./screen.js";

const SIZES = [
  { width: 80, height: 24 },
  { width: 200, height: 50 },
];

describe.skipIf(tmuxMissing !== undefined)(`ccx demo in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  describe.each(SIZES)("at $width×$height", ({ width, height }) => {
    const marker = `BEFORE-CCX-${width}x${height}-${process.pid}`;
    let s: TmuxSession;

    beforeAll(async () => {
      s = await startTmux({ command: demoCommand(marker, 7), width, height, cwd: ROOT });
    });
    afterAll(async () => {
      await s?.kill();
    });

    /**
     * Waits for a screen, then checks that the frame fits. The predicate sees
     * the view's own columns: the same lines whether the panes show or not.
     */
    const step = async <T>(what: string, predicate: (lines: string[]) => T | undefined | false, timeoutMs?: number) => {
      const found = await s.waitFor((lines) => predicate(mainPane(lines)), { what, timeoutMs });
      expectFrame(await s.lines(), s, what);
      return found;
    };

    it("starts on the alternate screen and shows groups", async () => {
      // The emulator is a child process: a second or two before the first answer.
      const list = await step("groups with data rows", (lines) => {
        const l = settledList(lines);
        return l && /\d+ of \d+/.test(l.summary) && l;
      }, 15_000);
      expect(list.crumbs).toBe("groups");
      expect(list.request).toMatch(/^GET \/groups\?/);
      expect(list.header).toMatch(/^NAME\s+GUID\s+TYPE/);
      // As many rows as fit: the summary sits at the bottom of the body.
      expect(list.rows.length).toBeGreaterThanOrEqual(height - 8);
      for (const row of list.rows) expect(row.trim()).not.toBe("");
      expect(await s.display("#{alternate_on}")).toBe("1");
      // The panes show where there is room for them, and the list keeps its own columns between them.
      const panes = panesOf(await s.lines());
      expect({ side: panes.side, preview: panes.preview }, "the apps and preview panes")
        .toEqual({ side: width >= PANES.side.from, preview: width >= PANES.preview.from });
      // The demo's env file, named in the footer, gave the secrets scan the keys in use (an API key, the management key and secret).
      expect(scanOutputs().secrets).toBeGreaterThanOrEqual(3);
    });

    it("keeps the demo's source line in help once a key has taken it from the footer", async () => {
      const sourceLine = (lines: string[]) => lines.find((l) => /^demo · in another shell: source \/\S+\/env$/.test(l.trim()));
      const said = sourceLine(await s.lines());
      expect(said, "the source line in the first footer").toBeDefined();
      await s.keys("?");
      const help = await step("help", (lines) => lines[1] === "groups › help" && lines);
      // Back first: the tests after this one start on the groups whatever it finds.
      await s.keys("Escape");
      await step("back on the groups", (lines) => settledList(lines)?.crumbs === "groups");
      expect(sourceLine(help), "the source line in help").toBe(said);
    });

    it("filters groups, opens a call with recordings, shows one whole, goes back and quits", async () => {
      // groups → / type:public Enter
      await s.keys("/");
      await step("the filter line open", (lines) => listScreen(lines)?.filter.includes("(no filter") === false);
      await s.type("type:public");
      // As a person types: Enter after the text is on the screen (in one read, see input.test.ts).
      await step("the filter typed", (lines) => listScreen(lines)?.filter === "type:public");
      await s.keys("Enter");
      const publics = await step("the public groups", (lines) => {
        const l = settledList(lines);
        return l && l.request.includes("type=public") && /\s{2}public\s{2}/.test(l.rows[0]!) && l;
      });
      expect.soft(publics.rows.filter((r) => !/\s{2}public\s{2}/.test(r)), "rows that are not public groups").toEqual([]);
      expect(publics.filter).toBe("type:public");
      expect(publics.request).toMatch(/^GET \/groups\?.*\btype=public\b/);
      expect(publics.rows.length).toBeGreaterThan(0);

      // tab → calls, / rec:yes Enter
      await s.keys("Tab");
      await step("the calls", (lines) => settledList(lines)?.crumbs === "calls");
      await s.keys("/");
      await step("the calls' filter line open", (lines) => listScreen(lines)?.filter.includes("(no filter") === false);
      await s.type("rec:yes");
      await step("the calls' filter typed", (lines) => listScreen(lines)?.filter === "rec:yes");
      await s.keys("Enter");
      const recorded = await step("calls with recordings", (lines) => {
        const l = settledList(lines);
        return l && l.crumbs === "calls" && l.request.includes("hasRecording=true") && /\syes\s/.test(l.rows[0]!) && l;
      });
      expect.soft(recorded.rows.filter((r) => !/\syes\s/.test(r)), "rows without the recording marker").toEqual([]);
      expect(recorded.header).toMatch(/^SESSION/);
      const firstSession = recorded.rows[0]!.trim().split(/\s+/)[0]!.replace(/…/g, "");

      // Enter → the first call: its participants and recordings
      await s.keys("Enter");
      const call = await step("the call with participants and recordings", callScreen);
      expect(call.sessionId).toBeDefined();
      expect(call.sessionId).toContain(firstSession);
      expect(call.crumbs).toBe(`calls › call ${call.sessionId}`);
      // The participants as their timeline: the scale under the heading, each entry a row.
      expect(call.participantHeader).toMatch(/^\s+0:00─/);
      expect(call.participants).toBeGreaterThan(0);
      expect(call.participantRows.length).toBeLessThanOrEqual(call.participants);
      expect(call.participantRows.length).toBeGreaterThan(0);
      expect(call.recordings).toBeGreaterThan(0);

      // Down past every participant: the first recording is selected.
      await s.keys(...Array<string>(call.participants).fill("j"));
      const rid = await s.waitFor((raw) => {
        const lines = mainPane(raw.map(plain));
        const selected = selectedLine(raw);
        const recordingsAt = lines.findIndex((l) => /^Recordings \(\d+\)/.test(l));
        return selected > recordingsAt + 1 && recordingsAt > 0 ? lines[selected]!.trim().split(/\s+/)[0] : undefined;
      }, { what: "the first recording selected", escapes: true });
      expectFrame(await s.lines(), s, "the first recording selected");

      // Enter → the recording, whole: its URL is not cut
      await s.keys("Enter");
      const recording = await step("the recording shown whole", (lines) => {
        const at = lines.findIndex((l) => l === "url");
        const end = lines.findIndex((l) => l.startsWith("y copies the URL"));
        if (!lines.some((l) => l.includes("› recording ")) || at < 0 || end < at) return undefined;
        return { rid: /^rid\s+(\S+)/.exec(lines.find((l) => l.startsWith("rid ")) ?? "")?.[1], url: lines.slice(at + 1, end).map((l) => l.trim()).join("") };
      });
      expect(recording.rid).toBe(rid);
      expect(recording.url).toMatch(/^https:\/\/\S+$/);
      expect(recording.url).not.toContain("…");
      expect(recording.url).toContain(call.sessionId!);
      expect(recording.url).toContain(rid!);

      // Esc → the call, Esc → the calls (filter kept), q → the shell
      await s.keys("Escape");
      await step("back on the call", (lines) => lines.includes(`calls › call ${call.sessionId}`) && lines.some((l) => l.startsWith("Recordings (")));
      await s.keys("Escape");
      const back = await step("back on the calls", (lines) => {
        const l = settledList(lines);
        return l?.crumbs === "calls" && l;
      });
      expect(back.filter).toBe("rec:yes");
      expect(back.request).toContain("hasRecording=true");

      await s.keys("q");
      await s.waitFor((lines) => lines.some((l) => /^EXIT=\d+$/.test(l)), { what: "ccx to exit" });
    }, 40_000);

    it("leaves the terminal as it found it after q", async () => {
      const lines = await s.lines();
      expect(lines).toContain("EXIT=0");
      expect(lines.indexOf(marker)).toBeLessThan(lines.indexOf("EXIT=0"));
      await expectRestored(s, marker);
    });
  });
});
