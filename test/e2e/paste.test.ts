/**
 * Finding a call by its session id, as people do it: copy the id (or the log
 * line that holds it), type `:`, paste, Enter, at once and without waiting
 * for the screen, in a real terminal (tmux) at 100×30 and at 80×24. Each way
 * must open that call (its participants and recordings on screen), never
 * the selected row's call, a call with the id cut short, or another prompt;
 * and a filter typed fast with its Enter and a `j` must be applied and the
 * `j` move the selection. The ids are real ones, asked of the demo with
 * `ccx calls --json` as a user would in another shell.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { displayWidth } from "../../src/text/width.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { type DemoCall, demoCalls, demoEnv } from "./demo-data.js";
import { ROOT, callScreen, demoCommand, expectFrame, filterLineOpen, footer, listScreen, panesOf, plain, selectedRow, settledList } from "./screen.js";

const SIZES = [
  { width: 100, height: 30 },
  { width: 80, height: 24 },
];

/**
 * A list with no line open, in a capture made with escapes: its keys in the
 * footer (the filter's first) and no cursor in the filter line.
 */
const atRest = (raw: string[]) => /^\/ filter\b/.test(footer(raw.map(plain))) && !filterLineOpen(raw);

/** The list whose breadcrumbs are `crumbs`, its answer in, and no line open. */
const resting = (crumbs: string) => (raw: string[]) => {
  const list = settledList(raw.map(plain));
  return list?.crumbs === crumbs && atRest(raw) ? list : undefined;
};

describe.skipIf(tmuxMissing !== undefined)(`pasting a session id${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  describe.each(SIZES)("at $width×$height", ({ width, height }) => {
    let s: TmuxSession;
    /** Calls of the app on screen with recordings and two participants or more, none of them the list's first (selected) row. */
    let calls: DemoCall[] = [];
    /** A call of another app, in another region (eu). */
    let foreign: DemoCall;

    const nextCall = () => {
      const call = calls.shift();
      if (!call) throw new Error("no more calls of the demo to paste");
      return call;
    };

    beforeAll(async () => {
      s = await startTmux({ command: demoCommand(`BEFORE-CCX-PASTE-${width}x${height}-${process.pid}`, 7), width, height, cwd: ROOT });
      const env = await demoEnv(s);
      const [first, recorded, eu] = await Promise.all([
        demoCalls(env, ["--per-page", "1"]),
        demoCalls(env, ["-q", "rec:yes", "--per-page", "40"]),
        demoCalls(env, ["-q", "rec:yes", "--per-page", "10"], "eu"),
      ]);
      calls = recorded.filter((c) => c.sessionId !== first[0]?.sessionId && c.participants.length >= 2 && c.recordings > 0);
      expect(calls.length, "calls of the demo with recordings and participants").toBeGreaterThanOrEqual(12);
      foreign = eu.find((c) => c.participants.length >= 2)!;
      expect(foreign, "a call of the demo's eu app").toBeDefined();
      await s.waitFor(settledList, { what: "groups with data rows", timeoutMs: 15_000 });
    }, 60_000);
    afterAll(async () => {
      await s?.kill();
    });

    /**
     * Back to the calls list with no line open, whatever the test before
     * left: Esc closes a line or goes back, Tab goes from groups to calls.
     */
    beforeEach(async () => {
      for (let tries = 0; tries < 8; tries++) {
        const raw = await s.lines(true);
        const crumbs = plain(raw[1] ?? "");
        if (crumbs === "calls" && atRest(raw)) return void (await backOn("calls", "the calls list"));
        if (crumbs === "groups" && atRest(raw)) {
          await s.keys("Tab");
          return void (await backOn("calls", "the calls list"));
        }
        const before = raw.join("\n");
        await s.keys("Escape");
        // A lone ESC is the Escape key once no byte follows it for a moment (50 ms): none may follow sooner.
        await new Promise((r) => setTimeout(r, 150));
        await s.waitFor((l) => l.join("\n") !== before, { what: "the screen to change", timeoutMs: 2000, escapes: true }).catch(() => undefined);
      }
      throw new Error(`could not get back to the calls list; the screen was:\n${s.lastScreen}`);
    }, 30_000);

    /** Waits for the list `crumbs` names, its answer in and no line open. */
    const backOn = (crumbs: string, what: string) => s.waitFor(resting(crumbs), { what, escapes: true });

    /** The call's view, and nothing else: the right session id, its participants and recordings, the frame within the terminal. */
    const expectCall = async (call: DemoCall, how: string, below = "calls") => {
      // The first call view drawn is the answer: a wrong one fails at once, with the screen.
      const view = await s.waitFor(callScreen, { what: `the call ${call.sessionId} opened (${how})` });
      expect(view.sessionId, `the call opened (${how}); the screen was:\n${s.lastScreen}\n`).toBe(call.sessionId);
      expect(view.crumbs).toBe(`${below} › call ${call.sessionId}`);
      expect(view.summary).toContain(`${call.initiator} → ${call.receiver}`);
      // Where it was found, when the line is not cut short (it is at 80 columns).
      const foundIn = /· found in (.*)$/.exec(view.summary)?.[1];
      if (foundIn && !foundIn.endsWith("…")) expect(foundIn, "the app the call was found in").toMatch(new RegExp(` · ${call.region}$`));
      expect(view.participants, "participants of the call").toBe(call.participants.length);
      expect(view.participantHeader).toMatch(/^\s+0:00─/);
      const firstUid = view.participantRows[0]?.trim().split(/\s+/)[0]?.replace(/…$/, "") ?? "";
      expect(firstUid.length, "the first participant's uid on screen").toBeGreaterThan(0);
      expect(call.participants[0]?.startsWith(firstUid), `the first participant ${call.participants[0]}, on screen ${firstUid}`).toBe(true);
      expect(view.recordings, "recordings of the call").toBe(call.recordings);
      const lines = await s.lines();
      expectFrame(lines, s, how);
      expect(footer(lines), "the command line closed").not.toMatch(/^:/);
      expect((await s.joinedLines()).filter((l) => displayWidth(l) > width), "lines wider than the terminal").toEqual([]);
    };

    /** The command line's text, once it shows `text`. */
    const commandLine = (text: string, what: string) =>
      // Trailing blanks are not captured; an earlier `:call <id>` may follow, dim, as the history's suggestion.
      s.waitFor((lines) => footer(lines).startsWith(`:${text}`.trimEnd()), { what: `${what}: the command line reading ":${text}"` });

    it("shows one pane, every line within the terminal", async () => {
      const lines = await s.lines();
      expectFrame(lines, s, "the calls list");
      const panes = panesOf(lines);
      expect({ side: panes.side, preview: panes.preview }, "the apps and preview panes at this size").toEqual({ side: false, preview: false });
      expect(settledList(lines)?.header).toMatch(/^SESSION/);
      expect((await s.joinedLines()).filter((l) => displayWidth(l) > width), "lines wider than the terminal").toEqual([]);
    });

    it("`:` typed, then `call <id>` pasted and Enter pressed at once: opens that call", async () => {
      const call = nextCall();
      // Three writes back to back, no wait for the screen in between.
      await s.keys(":");
      await s.paste(`call ${call.sessionId}`);
      await s.keys("Enter");
      await expectCall(call, "`:`, a bracketed paste, Enter");
    });

    it("the paste and its Enter in one write, with and without the paste markers: opens that call", async () => {
      const unmarked = nextCall();
      await s.type(`:call ${unmarked.sessionId}\r`);
      await expectCall(unmarked, "`:call <id>` and Enter in one write, no paste markers");

      await s.keys("Escape");
      await backOn("calls", "back on the calls list");
      const bracketed = nextCall();
      await s.type(`:\u001b[200~call ${bracketed.sessionId}\u001b[201~\r`);
      await expectCall(bracketed, "`:`, a bracketed paste and Enter in one write");
    });

    it("blanks and quotes around a pasted id are trimmed, bracketed or not: opens that call", async () => {
      for (const bracketed of [true, false]) {
        await s.type(":call ");
        await commandLine("call ", "`:call ` typed");
        const call = nextCall();
        await s.paste(`  "${call.sessionId}"  `, { bracketed });
        await s.keys("Enter");
        await expectCall(call, `\`:call \` then '  "<id>"  ' pasted${bracketed ? "" : " without the paste markers"}, Enter`);
        await s.keys("Escape");
        await backOn("calls", "back on the calls list");
      }
    });

    it("a pasted log line that holds the id: opens that call in the app of another region that has it", async () => {
      for (const bracketed of [true, false]) {
        await s.type(":call ");
        await commandLine("call ", "`:call ` typed");
        await s.paste(`2026-11-01 12:00:03 ERROR call ${foreign.sessionId} dropped`, { bracketed });
        await s.keys("Enter");
        // Shown in the app that has it (the header names its region), on top of that app's own stack.
        await expectCall(foreign, `\`:call \` then a log line pasted${bracketed ? "" : " without the paste markers"}, Enter`, "groups");
        expect((await s.lines())[0], "the header: the app of the call").toContain(" · eu ");
        await s.keys("Escape");
        await backOn("groups", "back on the groups of the app that has the call");
      }
    });

    it("a bracketed paste with line breaks in it does not submit; Enter then does", async () => {
      const call = nextCall();
      // Into the open line: had the first line break submitted, the q after it would have quit.
      await s.type(":call ");
      await s.paste(`${call.sessionId}\nq\n`);
      await commandLine(`call ${call.sessionId} q`, "the paste, its line breaks made blanks");
      let lines = await s.lines();
      expect(listScreen(lines)?.crumbs, "still on the calls list").toBe("calls");
      await s.keys("Escape");
      await backOn("calls", "the line closed, nothing run");

      // With no line open: the paste opens the command line with it, and waits for Enter.
      await s.paste(`:call ${call.sessionId}\n`);
      await commandLine(`call ${call.sessionId}`, "the paste with no line open");
      lines = await s.lines();
      expect(listScreen(lines)?.crumbs, "still on the calls list").toBe("calls");
      await s.keys("Enter");
      await expectCall(call, "a pasted `:call <id>` line break, then Enter");
    });

    it("an id pasted with no line open reads as `:call <id>`, and waits for Enter", async () => {
      const call = nextCall();
      await s.paste(` ${call.sessionId}\n`);
      await commandLine(`call ${call.sessionId}`, "the id pasted on the calls list");
      expect(listScreen(await s.lines())?.crumbs, "still on the calls list").toBe("calls");
      await s.keys("Enter");
      await expectCall(call, "an id pasted with no line open, then Enter");
    });

    it("a uid pasted with no line open opens that user, and the status line says what it was", async () => {
      const uid = calls[0]!.participants[0]!;
      await s.paste(uid);
      const lines = await s.waitFor((l) => plain(l[1] ?? "") === `calls › user ${uid}` && footer(l) === `${uid}: a user` && l, { what: `the user ${uid} opened` });
      expectFrame(lines, s, "a uid pasted");
    });

    it("an id without the paste markers in two reads 5 ms apart, as SSH and mosh deliver a long paste: opens that call, never the act-as prompt", async () => {
      const call = nextCall();
      const id = call.sessionId;
      await s.typeInReads([id.slice(0, 10), id.slice(10)], 5);
      await commandLine(`call ${id}`, "the id in two reads");
      await s.keys("Enter");
      await expectCall(call, "an id in two reads 5 ms apart, then Enter");
      await s.keys("Escape");
      await backOn("calls", "back on the calls list");

      // Its Enter in the second read.
      const again = nextCall();
      await s.typeInReads([again.sessionId.slice(0, 7), `${again.sessionId.slice(7)}\r`], 5);
      await expectCall(again, "an id and Enter in two reads 5 ms apart");
    });

    it("u typed by hand opens the act-as prompt; an id pasted into it in two reads is offered as its call, and Enter opens it", async () => {
      await s.keys("u");
      await s.waitFor((lines) => footer(lines).startsWith("act as user"), { what: "the act-as prompt" });
      const call = nextCall();
      await s.typeInReads([call.sessionId.slice(0, 12), call.sessionId.slice(12)], 5);
      await s.waitFor((lines) => footer(lines) === "that is a call's session id: enter opens the call · esc leaves it", { what: "the offer of the call" });
      await s.keys("Enter");
      await expectCall(call, "u, then an id in two reads, then Enter");
      expect((await s.lines())[0], "nobody acted as").toContain(" · as nobody");
    });

    it("ctrl-u clears what was typed, and the command typed after it runs", async () => {
      const call = nextCall();
      await s.type(":call wrong-id");
      await s.keys("C-u");
      await s.type(`call ${call.sessionId}`);
      await s.keys("Enter");
      await expectCall(call, "`:call wrong-id`, ctrl-u, `call <id>`, Enter");
      expect(s.lastScreen, "anything of the id cleared").not.toContain("wrong-id");
    });

    it("↑ recalls earlier commands, newest first, and Enter runs the one recalled", async () => {
      const call = nextCall();
      await s.type(`:call ${call.sessionId}\r`);
      await expectCall(call, "`:call <id>` and Enter");
      await s.keys("Escape");
      await backOn("calls", "back on the calls list");
      // All at once: `:`, ↑, Enter.
      await s.type(":\u001b[A\r");
      await expectCall(call, "`:`, ↑ and Enter in one write");

      await s.type(":calls\r");
      await backOn("calls", "`:calls` run: the calls list");
      await s.keys("BTab");
      await backOn("groups", "the groups list");
      await s.keys(":", "Up");
      await commandLine("calls", "↑ once");
      await s.keys("Up");
      await commandLine(`call ${call.sessionId}`, "↑ twice");
      await s.keys("Down");
      await commandLine("calls", "↑ twice, ↓ once");
      await s.keys("Enter");
      await backOn("calls", "the recalled `:calls` run: the calls list");
    });

    it("a filter typed fast, its Enter and j in one write: the filter is applied and j moves the selection", async () => {
      await s.keys("BTab");
      await backOn("groups", "the groups list");
      await s.type("/type:private\rj");
      const list = await s.waitFor((raw) => {
        const l = resting("groups")(raw);
        return l?.request.includes("type=private") && l;
      }, { what: "the private groups, the filter line closed", escapes: true });
      expect(list.filter, "the filter line (the j after Enter is not part of it)").toBe("type:private");
      expect(list.request).toMatch(/^GET \/groups\?.*\btype=private\b/);
      expect(list.rows.filter((r) => !/\s{2}private\s{2}/.test(r)), "rows that are not private groups").toEqual([]);
      await s.waitFor((raw) => {
        const row = selectedRow(raw);
        if (row !== 1) throw new Error(`the row selected is ${row === undefined ? "none" : ["the first", "the second"][row] ?? `number ${row + 1}`}`);
        return true;
      }, { what: "the second row selected (the j after the Enter)", escapes: true, timeoutMs: 3000 });
    });
  });
});
