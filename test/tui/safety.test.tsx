import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { requestText } from "../../src/tui/screens/log.js";
import { describe, expect, it } from "vitest";
import { HOSTILE_GROUP_NAMES } from "../../src/emulator/data/vocabulary.js";
import { type Tui, inkWritesColour, lines, listRows, tuiFixture } from "../support/tui.js";

/** What the server sends never acts on the terminal, and an API key is never shown or copied whole. */

const fixture = tuiFixture();
let tui: Tui;

/**
 * Characters a terminal acts on or that hide or reorder text: every C0 control
 * but the newline between lines, DEL, C1, bidi controls, zero-width ones.
 */
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/**
 * With a no-colour theme the frame has no ESC at all. Should this process
 * make Ink write styles anyway (FORCE_COLOR), only Ink's own one-parameter SGR
 * (bold, inverse, underline) are allowed: the hostile names carry multi-part
 * ones ("ESC[31;1m"), a screen clear and an OSC title, none of that form.
 */
function expectHarmless(frame: string): void {
  const text = inkWritesColour() ? frame.replace(/\u001b\[\d+m/g, "") : frame;
  const active = ACTIVE.exec(text);
  expect(active && `U+${active[0].codePointAt(0)!.toString(16).padStart(4, "0")} at ${active.index}: ${JSON.stringify(text.slice(Math.max(0, active.index - 20), active.index + 20))}`).toBeNull();
}

describe("hostile names", () => {
  it("a group named with escape sequences, controls and bidi overrides is drawn harmless, in the list and in its detail", async () => {
    tui = await fixture.mount({ columns: 160 });
    const names: readonly string[] = HOSTILE_GROUP_NAMES;
    const hostile = fixture.fx.emulator.world.apps[0]!.groups.filter((g) => names.includes(g.name));
    expect(hostile.length).toBe(HOSTILE_GROUP_NAMES.length);
    expect(hostile.some((g) => g.name.startsWith("\u001b[2J"))).toBe(true);

    await tui.press("/");
    await tui.paste(`guid:${hostile.map((g) => g.guid).join(",")}`);
    await tui.press("enter");
    let frame = await tui.waitForFrame((f) => f.includes(`${hostile.length} of ${hostile.length}`) && !f.includes("⟳"), "the hostile groups");
    expect(listRows(frame)).toHaveLength(hostile.length);
    expectHarmless(tui.rawFrame());
    // Each sequence stays visible as text, so odd data is noticed.
    expect(frame).toContain("␛[2J␛[HScreen wiper");
    expect(frame).toContain("␛[31;1mALERT␛[0m ops");
    expect(frame).toContain("␛]0;pwned terminal t");
    expect(frame).toContain("�evil reversed� name");

    // Open the screen wiper: its detail shows every field, sanitized too.
    const rowIndex = listRows(frame).findIndex((row) => row.includes("Screen wiper"));
    await tui.press(...Array<string>(rowIndex).fill("j"), "enter");
    frame = await tui.waitForFrame((f) => f.includes("Members ("), "the group's detail");
    expect(lines(frame).some((l) => /^name\s+␛\[2J␛\[HScreen wiper/.test(l))).toBe(true);
    expectHarmless(tui.rawFrame());
    for (const f of tui.frames()) expectHarmless(f);
  });

  it("a notice that carries the service's words (a write refused, its message hostile) is drawn harmless", async () => {
    tui = await fixture.mount({ columns: 160 });
    await tui.waitForFrame((f) => /\d+ of \d+/.test(f), "the groups");
    tui.store.getState().notify("refused crew/bob: ERR_NOT_A_MEMBER \u001b]0;pwned\u0007\u001b[2Jgone \u202eevil");
    const frame = await tui.waitForFrame((f) => f.includes("refused crew/bob"), "the notice");
    expect(frame).toContain("␛]0;pwned");
    expectHarmless(tui.rawFrame());
  });
});

describe("API keys", () => {
  it("the request log never shows a key, and y copies a curl command that reads it from $CCX_API_KEY", async () => {
    tui = await fixture.mount({ columns: 200, rows: 30 });
    const keys = fixture.fx.info.apps.flatMap((a) => [a.fullAccessKey, a.authOnlyKey]);
    const call = fixture.fx.emulator.world.apps[1]!.calls[0]!;
    await tui.press("tab");
    await tui.waitForFrame((f) => f.includes("GET /calls") && listRows(f).length > 0, "the calls");
    await tui.press(":");
    await tui.paste(`call ${call.sessionId}`);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("Participants ("), "a call");

    await tui.press("L");
    const frame = await tui.waitForFrame((f) => f.includes("the latest requests") && !f.includes(" … "), "the request log");
    const entries = tui.store.getState().log;
    expect(entries.length).toBeGreaterThanOrEqual(3);
    // Each request as the log shows it: the method and the path from the API's version on (the host and app are the same on every row).
    for (const e of entries) expect(frame).toContain(requestText(e));
    expect(requestText(entries[0]!)).toMatch(/^GET \/groups\?/);
    for (const f of tui.frames()) for (const key of keys) expect(f).not.toContain(key);

    // The newest entry is selected (the call's messages, read for its story); above it the call, asked of the app that has it.
    const callEntry = entries.findLastIndex((e) => e.url.includes(`/calls/${call.sessionId}`));
    expect(callEntry).toBeGreaterThan(0);
    for (let i = entries.length - 1; i > callEntry; i--) await tui.press("k");
    await tui.press("y");
    const curl = tui.copies().at(-1)!;
    expect(curl).toContain(`'${entries[callEntry]!.url}'`);
    expect(curl).toContain('"apikey: $CCX_API_KEY"');
    for (const key of keys) expect(curl).not.toContain(key);
    for (const w of tui.writes) for (const key of keys) expect(Buffer.from(w).toString("base64")).not.toContain(Buffer.from(key).toString("base64"));

    // And the command works as copied, with the key from the environment (async: the emulator is in this process).
    const { stdout } = await promisify(execFile)("sh", ["-c", curl], { env: { ...process.env, CCX_API_KEY: fixture.fx.info.apps[1]!.fullAccessKey }, timeout: 10_000 });
    const data = JSON.parse(stdout).data;
    expect((Array.isArray(data) ? data[0] : data).sessionId).toBe(call.sessionId);
  });
});
