import { describe, expect, it } from "vitest";
import { type Tui, lines, listRows, tuiFixture } from "../support/tui.js";

/**
 * Pasting as people paste, over the emulator: a session id into `:call`
 * (bracketed or not, with its Enter in the same read), a long filter, and
 * the line edited as readline edits it.
 */

const fixture = tuiFixture();
let tui: Tui;

const PASTE = (text: string) => `\u001b[200~${text}\u001b[201~`;
const crumb = (frame: string) => lines(frame)[1]!;

/** A call of the first app with participants, and another row's (the selected one differs). */
function calls() {
  const app = fixture.fx.emulator.world.apps[0]!;
  const wanted = app.calls.find((c) => c.participants.length >= 3 && c.recordings.length > 0) ?? app.calls[5]!;
  return { wanted, appId: app.appId };
}

describe("paste", () => {
  it(":, then the id pasted with blanks and quotes, and Enter in the same read: that call opens with its participants", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    tui.router.feed(":call ");
    tui.router.feed(`${PASTE(`  "${wanted.sessionId}"  \n`)}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants (") && !f.includes("looking for"), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
    expect(frame).toContain(`Participants (${wanted.participants.length})`);
    expect(frame).toContain(wanted.participants[0]!.uid.slice(0, 10));
  });

  it("without bracketed paste: `:call <id>` and Enter as plain keys in one write, the same call", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.paste(`:call ${wanted.sessionId}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
  });

  it("a session id in two reads 5 ms apart, no paste markers (as SSH delivers it), then Enter: that call opens, no act-as prompt on the way", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    const id = wanted.sessionId;
    await tui.paste([id.slice(0, 9), id.slice(9)], 5);
    expect(lines(tui.frame()).at(-1)).toBe(`:call ${id}`);
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${id}`);
    expect(tui.frames().some((f) => f.includes("act as user"))).toBe(false);
    expect(tui.store.getState().user).toBeUndefined();
  });

  it("u typed by hand opens the act-as prompt; a session id pasted into it is offered as its call, and Enter opens it", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.press("u");
    expect(lines(tui.frame()).at(-1)).toMatch(/^act as user \(empty: nobody\):/);
    await tui.paste([wanted.sessionId.slice(0, 12), wanted.sessionId.slice(12)], 5);
    expect(lines(tui.frame()).at(-1)).toBe("that is a call's session id: enter opens the call · esc leaves it");
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
    expect(tui.store.getState().user).toBeUndefined();
  });

  it("keys typed one by one at a person's pace stay keys: u, a uid and Enter act as that user", async () => {
    tui = await fixture.mount();
    const uid = fixture.fx.emulator.world.apps[0]!.users[0]!.uid;
    await tui.press("u");
    await tui.type(uid);
    await tui.press("enter");
    await tui.waitForFrame((f) => lines(f)[0]!.includes(` · as ${uid.slice(0, 20)}`), "the header naming the user");
    expect(tui.store.getState().user).toBe(uid);
  });

  it("a pasted log line: :call finds the session id in it", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.paste(`:call ${PASTE(`2026-11-01T12:00:03Z WARN media: session ${wanted.sessionId} ended with 1006`)}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
  });

  it("ctrl-u clears a wrong id, and the command typed after it runs", async () => {
    tui = await fixture.mount();
    const { wanted } = calls();
    await tui.paste(`:call not-this-one\u0015call ${wanted.sessionId}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumb(frame)).toBe(`groups › call ${wanted.sessionId}`);
  });

  it("1,000 characters pasted into the filter line send one request, and the line shows its end", async () => {
    tui = await fixture.mount({ debounceMs: 60 });
    const before = tui.requests("/groups");
    // A long search: 1,000 characters of words, and a type, in one paste.
    const words = Array.from({ length: 200 }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ").slice(0, 985);
    const text = `${words} type:public`;
    expect(text.length).toBe(997);
    await tui.press("/");
    tui.router.feed(PASTE(text));
    await tui.waitForFrame((f) => f.includes("type=public") && !f.includes("⟳"), "the answer");
    await tui.settle(150);
    expect(tui.requests("/groups") - before).toBe(1);
    // The open line shows where the cursor is: the end of the paste.
    const line = lines(tui.frame())[2]!;
    expect(line.startsWith("/ …")).toBe(true);
    expect(line).toMatch(/w196 +type:public\s*$/);
    await tui.press("enter");
    expect(tui.requests("/groups") - before).toBe(1);
  });

  it("the filter line edits as readline does: home, a word typed there, ctrl-e, ctrl-w; ↑ recalls an earlier filter", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    await tui.press("/");
    await tui.type("tag:vip");
    await tui.press("home");
    await tui.type("type:private ");
    await tui.press("ctrl-e");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("→ GET /groups?perPage=100&type=private&tags=vip") && !f.includes("⟳"), "the private vip groups");
    expect(listRows(tui.frame()).length).toBeGreaterThan(0);

    await tui.press("/", "ctrl-w", "ctrl-w");
    await tui.type("type:public");
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("→ GET /groups?perPage=100&type=public&withTags=true") && !f.includes("⟳"), "the public groups");

    // ↑ on the open line brings the earlier filter back, and it is sent again.
    await tui.press("/", "up", "enter");
    await tui.waitForFrame((f) => f.includes("type=private&tags=vip") && !f.includes("⟳"), "the recalled filter");
    expect(lines(tui.frame())[2]).toContain("/ type:private tag:vip");
  });
});
