/**
 * The chat side in a real terminal (tmux, 80×24): users, one user and their
 * conversations, a conversation's messages, and a test message typed, pasted,
 * confirmed and read back; then quit with the terminal restored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { ROOT, demoCommand, expectFrame, expectRestored, mainPane, settledList } from "./screen.js";

describe.skipIf(tmuxMissing !== undefined)(`the chat side in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  const marker = `BEFORE-CCX-CHAT-${process.pid}`;
  let s: TmuxSession;

  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(marker, 7), width: 80, height: 24, cwd: ROOT });
  });
  afterAll(async () => {
    await s?.kill();
  });

  const step = async <T>(what: string, predicate: (lines: string[]) => T | undefined | false, timeoutMs?: number) => {
    const found = await s.waitFor((lines) => predicate(mainPane(lines)), { what, timeoutMs });
    expectFrame(await s.lines(), s, what);
    return found;
  };
  const crumbs = (lines: string[]) => lines[1] ?? "";

  it("users → a user → their conversations → its messages → a test message sent and shown → quit", async () => {
    await step("groups", (lines) => settledList(lines), 15_000);
    await s.paste(":users");
    await s.keys("Enter");
    const users = await step("the users", (lines) => {
      const list = settledList(lines);
      return list && list.header.startsWith("NAME") && list.request.startsWith("GET /users?") && list;
    });
    expect(users.rows.length).toBeGreaterThan(5);

    await s.keys("/");
    await s.type("alice");
    await step("the filter typed", (lines) => lines.some((l) => l.startsWith("/ alice")));
    await s.keys("Enter");
    await step("alice alone", (lines) => {
      const list = settledList(lines);
      return list && list.request.includes("searchKey=alice") && list.rows.length >= 1 && list;
    });
    await s.keys("Enter");
    await step("alice's screen", (lines) => crumbs(lines).endsWith("user alice") && lines.some((l) => /groups joined \(\d+\)/i.test(l)));
    await s.keys("l", "l");
    await step("her conversations", (lines) => lines.some((l) => /conversations \(\d+\)/i.test(l)) && lines.some((l) => l.startsWith("WITH")));
    await s.keys("Enter");
    const thread = await step("a conversation's messages", (lines) => crumbs(lines).includes("messages of") && lines.some((l) => / loaded/.test(l)) && lines);
    expect(crumbs(thread)).toMatch(/user alice › messages of /);

    await s.keys("m");
    await step("the message line", (lines) => (lines.at(-1) ?? "").startsWith("message as alice to "));
    await s.keys("C-u");
    await s.paste("hello from a real terminal");
    await step("the text pasted", (lines) => (lines.at(-1) ?? "").includes("hello from a real terminal"));
    await s.keys("Enter");
    await step("the confirmation", (lines) => lines.some((l) => /send user \S+ \(as alice\)\?/.test(l)) && lines.some((l) => l.includes('"hello from a real terminal"')));
    await s.keys("y");
    await step("sent and shown in the thread", (lines) =>
      lines.some((l) => /sent message \d+ as alice/.test(l)) && lines.some((l) => l.includes("hello from a real terminal") && !l.includes('"')));

    await s.keys("q");
    await s.waitFor((lines) => lines.some((l) => l === "EXIT=0"), { what: "ccx to exit 0" });
    await expectRestored(s, marker);
  });
});
