/**
 * A resource made from a definition, in a real terminal (tmux), on the demo:
 * `:webhooks` lists the app's webhooks from the management API, Enter opens
 * one with its fields and, below, the triggers it is posted for; q leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectFrame, expectRestored, mainPane, settledList } from "./screen.js";

describe.skipIf(tmuxMissing !== undefined)(`:webhooks in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  const marker = `BEFORE-CCX-WEBHOOKS-${process.pid}`;
  let s: TmuxSession;

  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(marker, 11), width: 120, height: 32, cwd: ROOT });
  });
  afterAll(async () => {
    await s?.kill();
  });

  it(":webhooks, Enter on one, its triggers", async () => {
    await s.waitFor((lines) => settledList(lines) !== undefined, { what: "the groups", timeoutMs: 15_000 });
    await s.keys(":");
    await s.type("webhooks");
    await s.waitFor((lines) => lines.some((l) => l.includes(":webhooks")), { what: "the command typed" });
    await s.keys("Enter");
    const rows = await s.waitFor((lines) => {
      const body = mainPane(lines);
      const listed = body.filter((l) => /^wh-\S+\s/.test(l));
      return body.some((l) => /\d+ of \d+ · page 1\/1 \(the last\)|\d+ loaded/.test(l)) && listed.length > 0 && listed;
    }, { what: "the webhooks listed" });
    expectFrame(await s.lines(), s, "the webhooks");
    const id = rows[0]!.split(/\s+/)[0]!;
    await s.keys("Enter");
    const frame = await s.waitFor((lines) => {
      const body = mainPane(lines);
      return body.some((l) => /^Triggers \(\d+\)/.test(l)) && body.some((l) => /^(before|after|message|user|group|call|meeting|recording)_\w+\s/.test(l)) && body;
    }, { what: "the webhook and its triggers" });
    expect(frame.some((l) => l.startsWith(`id              ${id}`))).toBe(true);
    expect(frame.some((l) => /^webhookURL\s+https:\/\/hooks\.example\.com\//.test(l))).toBe(true);
    expect((await s.lines())[1]).toMatch(new RegExp(`webhooks › webhook ${id}`));
    await s.keys("q");
    await s.waitFor((lines) => lines.some((l) => l === "EXIT=0"), { what: "the exit" });
    await expectRestored(s, marker);
  });
});
