import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../src/emulator/data/model.js";
import { runInProcess } from "../support/run-in-process.js";
import { type TuiEmulator, lines, mountTui, startTuiEmulator } from "../support/tui.js";

/**
 * A call's story: a call rejected in the live world, whose own messages (category call) say who
 * rejected it and when; the explorer's timeline and table, and `ccx call --json`, carry each one's outcome.
 */

let fx: TuiEmulator;
let rejected: Call;
beforeAll(async () => {
  // A still clock: the world moves only when advanced, so the call is the same on every run.
  fx = await startTuiEmulator({ sizes: { apps: 1, groups: 5, calls: 10, users: 20, messages: 50 }, live: true, clock: () => 0 });
  fx.emulator.live!.advance(20 * 60_000);
  const app = fx.emulator.world.apps[0]!;
  rejected = app.calls.find((c) => c.status === "rejected" && c.receiverType === "user" && c.startedAt > fx.emulator.live!.anchor)!;
  expect(rejected).toBeDefined();
});
afterAll(() => fx.close());

describe("a call's story", () => {
  it("a rejected call's timeline says rejected for both, and the table says who rejected it, when", async () => {
    const tui = await mountTui(fx, { columns: 160, rows: 30 });
    try {
      await tui.paste(`:call ${rejected.sessionId}\r`);
      let frame = await tui.waitForFrame((f) => f.includes("Participants (") && f.includes("Timeline"), "the call's timeline");
      const rowOf = (uid: string, f: string) => lines(f).find((l) => l.startsWith(`${uid} `)) ?? "";
      // The caller's log says nothing of the rejection (unanswered): the call's messages do.
      expect(rowOf(rejected.initiator, frame)).toMatch(/×.* rejected$/);
      expect(rowOf(rejected.receiver, frame)).toMatch(/×.* rejected$/);
      await tui.press("v");
      frame = await tui.waitForFrame((f) => f.includes("OUTCOME"), "the participants' table");
      expect(rowOf(rejected.initiator, frame)).toContain(`rejected by ${rejected.receiver} `);
      expect(rowOf(rejected.receiver, frame)).toMatch(/ rejected \d\d:\d\d/);
    } finally {
      await tui.unmount();
    }
  });

  it("ccx call --json --outcomes keeps the call as sent and adds each participant's outcome", async () => {
    const run = await runInProcess(["call", rejected.sessionId, "--json", "--outcomes"], fx.cliEnv());
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout) as { sessionId: string; status: string; outcomes: Array<{ uid: string; action: string; by: string; at: number }> };
    expect(body.sessionId).toBe(rejected.sessionId);
    expect(body.status).toBe("rejected");
    expect(body.outcomes).toEqual([
      { uid: rejected.initiator, action: "rejected", by: rejected.receiver, at: rejected.endedAt },
      { uid: rejected.receiver, action: "rejected", by: rejected.receiver, at: rejected.endedAt },
    ]);
  });
});
