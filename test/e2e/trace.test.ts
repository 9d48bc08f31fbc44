/**
 * Issue 20's journeys in a real terminal (tmux), on the demo: `:resources`,
 * Enter on moderation's rules, Enter on one of them (a sub-resource journey:
 * the list, then its item); then the app's messages and T on the newest, its
 * trace drawn whole, Esc back; q leaves the terminal as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceRows } from "../../src/tui/screens/resources.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectFrame, expectRestored, mainPane, settledList } from "./screen.js";

describe.skipIf(tmuxMissing !== undefined)(`:resources and T in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  const marker = `BEFORE-CCX-TRACE-${process.pid}`;
  let s: TmuxSession;

  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(marker, 11), width: 140, height: 45, cwd: ROOT });
  });
  afterAll(async () => {
    await s?.kill();
  });

  it(":resources, Enter on moderation's rules, Enter on a rule: its fields", async () => {
    await s.waitFor((lines) => settledList(lines) !== undefined, { what: "the groups", timeoutMs: 15_000 });
    await s.keys(":");
    await s.type("resources");
    await s.keys("Enter");
    await s.waitFor((lines) => mainPane(lines).some((l) => /\d+ resources · enter opens one/.test(l)), { what: "the resources" });
    const at = resourceRows().findIndex((r) => r.command === "rules");
    for (let i = 0; i < at; i++) await s.keys("j");
    await s.waitFor((lines) => lines.some((l) => /Moderation\s+:rules\s/.test(l)), { what: "the rules row" });
    await s.keys("Enter");
    const rules = await s.waitFor((lines) => {
      const listed = mainPane(lines).filter((l) => /^rule-\S+\s/.test(l));
      return listed.length > 3 && listed;
    }, { what: "the moderation rules" });
    expectFrame(await s.lines(), s, "the rules");
    const id = rules[0]!.split(/\s+/)[0]!;
    await s.keys("Enter");
    const rule = await s.waitFor((lines) => {
      const body = mainPane(lines);
      return body.some((l) => l.startsWith(`id              ${id}`)) && body;
    }, { what: "the rule's fields" });
    expect(rule.some((l) => /^conditions\s+\[/.test(l))).toBe(true);
    expect((await s.lines())[1]).toMatch(new RegExp(`rules › rule ${id}`));
  });

  it("the app's messages, T on the newest: its trace; Esc goes back; q restores the terminal", async () => {
    await s.keys(":");
    await s.type("msgs");
    await s.keys("Enter");
    await s.waitFor((lines) => /the app's messages$/.test(lines[1] ?? "") && mainPane(lines).some((l) => /\d+ loaded/.test(l)), { what: "the app's messages" });
    await s.keys("T");
    const report = await s.waitFor((lines) => {
      const body = mainPane(lines);
      return body.some((l) => l.startsWith("webhooks for its events")) && body;
    }, { what: "the trace", timeoutMs: 15_000 });
    const head = report.find((l) => l.startsWith("message "))!;
    const id = /^message (\d+):/.exec(head)?.[1];
    expect(id).toBeDefined();
    expect(report.some((l) => /^moderation$/.test(l))).toBe(true);
    expect(report.some((l) => /^recipients \(\d+/.test(l))).toBe(true);
    expect((await s.lines())[1]).toMatch(new RegExp(`trace ${id}$`));
    expectFrame(await s.lines(), s, "the trace");
    await s.keys("Escape");
    await s.waitFor((lines) => !mainPane(lines).some((l) => l.startsWith("webhooks for its events")) && mainPane(lines).some((l) => /\d+ loaded/.test(l)), { what: "back at the messages" });
    await s.keys("q");
    await s.waitFor((lines) => lines.some((l) => l === "EXIT=0"), { what: "the exit" });
    await expectRestored(s, marker);
  });
});
