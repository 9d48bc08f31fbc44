import { describe, expect, it } from "vitest";
import { type Tui, footer, lines, listRows, tuiFixture } from "../support/tui.js";

/** Calls: drilling into one (participants, recordings, a recording whole), and :call <sessionId>, hit and miss. */

const fixture = tuiFixture();
let tui: Tui;

const crumbs = (frame: string) => lines(frame)[1]!;
const listed = (request: string) => (f: string) => f.includes(request) && !f.includes("⟳") && listRows(f).length > 0;

describe("a call", () => {
  it("tab, rec:yes, enter: participants and recordings; a recording whole, its URL copied; esc back twice", async () => {
    tui = await fixture.mount({ columns: 160, debounceMs: 40 });
    await tui.press("tab");
    await tui.waitForFrame(listed("GET /calls?perPage=50"), "the calls");
    await tui.press("/");
    await tui.type("rec:yes");
    await tui.press("enter");
    const list = await tui.waitForFrame(listed("hasRecording=true"), "the calls with recordings");
    expect(listRows(list).every((row) => / yes /.test(row))).toBe(true);

    await tui.press("enter");
    let frame = await tui.waitForFrame((f) => f.includes("Recordings ("), "the call");
    const sessionId = /call (v1\.\S+)/.exec(crumbs(frame))![1]!;
    expect(listRows(list)[0]).toContain(sessionId);
    const call = fixture.fx.emulator.world.apps[0]!.callBySessionId.get(sessionId)!;
    expect(call.recordings.length).toBeGreaterThan(0);
    expect(frame).toContain(`Participants (${call.participants.length})`);
    expect(frame).toContain(`Recordings (${call.recordings.length})`);
    const shown = lines(frame);
    // Each participant entry has its row (uid first); each recording its rid.
    for (const p of call.participants.slice(0, 3)) expect(shown.some((l) => l.startsWith(`${p.uid} `))).toBe(true);
    for (const r of call.recordings) expect(frame).toContain(r.rid);

    // The last row is the last recording: enter shows it whole.
    const recording = call.recordings.at(-1)!;
    await tui.press("G", "enter");
    frame = await tui.waitForFrame((f) => f.includes(`recording ${recording.rid}`), "the recording");
    expect(frame).toContain(`rid       ${recording.rid}`);
    expect(frame.replace(/\n/g, "")).toContain(recording.recording_url);

    await tui.press("y");
    expect(tui.copies()).toEqual([recording.recording_url]);
    expect(tui.writes.at(-1)).toContain(`52;c;${Buffer.from(recording.recording_url).toString("base64")}\u0007`);
    await tui.waitForFrame((f) => f.includes("copied the URL (OSC 52)"), "the copy said");

    await tui.press("escape");
    frame = await tui.waitForFrame((f) => f.includes("Participants (") && !crumbs(f).includes("recording"), "back at the call");
    expect(crumbs(frame)).toBe(`calls › call ${sessionId}`);
    await tui.press("escape");
    frame = await tui.waitForFrame((f) => crumbs(f) === "calls" && listRows(f).length > 0, "back at the calls");
    expect(frame).toContain("/ rec:yes");
    expect(listRows(frame)).toEqual(listRows(list));
  });

  it(":call <sessionId> opens the call, found in whichever app has it", async () => {
    tui = await fixture.mount();
    const call = fixture.fx.emulator.world.apps[2]!.calls.find((c) => c.participants.length > 1)!;
    await tui.press(":");
    await tui.paste(`call ${call.sessionId}`);
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumbs(frame)).toBe(`groups › call ${call.sessionId}`);
    expect(frame).toContain(`found in ${fixture.fx.info.apps[2]!.name} · in`);
    expect(frame).toContain(`${call.status} · ${call.type} · ${call.mode}`);
    expect(frame).toContain(`Participants (${call.participants.length})`);
    expect(lines(frame).some((l) => l.startsWith(`${call.participants[0]!.uid} `))).toBe(true);
  });

  it("a call found in another app opens in that app: the header names it, the status line says so, Enter on a participant asks that app for the user", async () => {
    tui = await fixture.mount({ columns: 160 });
    const app = fixture.fx.info.apps[2]!;
    const call = fixture.fx.emulator.world.apps[2]!.calls.find((c) => c.participants.length > 1)!;
    expect(lines(tui.frame())[0]).toContain(fixture.fx.info.apps[0]!.name);
    await tui.paste(`:call ${call.sessionId}\r`);
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(lines(frame)[0], "the header: the app that has the call").toContain(app.name);
    expect(lines(frame)[0]).not.toContain(fixture.fx.info.apps[0]!.name);
    expect(lines(frame).at(-1), "the status line").toBe(`switched to ${app.name} · ${app.region}: it has this call`);

    // The first row is the first participant entry: Enter opens that user, asked of the app that has the call.
    const uid = call.participants[0]!.uid;
    const served = fixture.fx.served.length;
    await tui.press("enter");
    const user = await tui.waitForFrame((f) => crumbs(f) === `groups › call ${call.sessionId} › user ${uid}` && !f.includes("⟳"), "the participant");
    expect(user).not.toContain("✗");
    const asked = fixture.fx.served.slice(served).filter((l) => l.startsWith("GET ") && l.split(" ")[1]!.endsWith(`/users/${uid}`));
    expect(asked.map((l) => l.split(" ")[1])).toEqual([`/${app.appId}.api-${app.region}/v3/users/${uid}`]);

    // Back: the call, then the groups of the app that has it, loaded as they show.
    await tui.press("escape", "escape");
    const groups = await tui.waitForFrame((f) => crumbs(f) === "groups" && listRows(f).length > 0, "that app's groups");
    expect(lines(groups)[0]).toContain(app.name);
  });

  it("v, T, c and d are offered on a call's item and in help's section of its own, not on another item (a group's)", async () => {
    tui = await fixture.mount({ columns: 200, rows: 40 });
    const call = fixture.fx.emulator.world.apps[0]!.calls.find((c) => c.participants.length > 1 && c.recordings.length > 0)!;
    await tui.paste(`:call ${call.sessionId}\r`);
    let frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    for (const hint of ["v timeline⇄table", "T transcripts", "d download"]) expect(footer(frame)).toContain(hint);
    // v is the call's: a call's answer has no secret the generic item's v would show whole.
    expect(footer(frame)).not.toContain("reveal");
    const item = Object.values(tui.store.getState().views[tui.store.getState().activeKey]!.details).find((d) => d && "item" in d && d.item?.sessionId === call.sessionId);
    expect(item && "masked" in item ? item.masked : undefined).toEqual([]);
    expect(frame).toContain(`Participants (${call.participants.length}) · Timeline`);
    await tui.press("v");
    frame = await tui.waitForFrame((f) => /^UID\s+DEVICE\s+STATE/m.test(f), "the participants as a table");
    expect(frame).not.toContain("Timeline");

    const group = fixture.fx.emulator.world.apps[0]!.groups.find((g) => g.membersCount >= 1)!;
    await tui.paste(`:group ${group.guid}\r`);
    const other = await tui.waitForFrame((f) => f.includes("Members (") && !f.includes("⟳"), "a group");
    for (const hint of ["timeline⇄table", "T transcripts", "d download"]) expect(footer(other)).not.toContain(hint);
    const served = fixture.fx.served.length;
    await tui.press("T", "c");
    await tui.settle();
    expect(crumbs(tui.frame())).toMatch(new RegExp(`group ${group.guid}$`));
    expect(fixture.fx.served.slice(served)).toEqual([]);

    await tui.press("?", "/");
    await tui.type("participants as a timeline");
    await tui.press("enter");
    const help = await tui.waitForFrame((f) => f.includes("1 line matches"), "help narrowed");
    expect(help).toContain("A call (:call <sessionId>, a pasted session id, or Enter on :calls)");
  });

  it.each([[1, "1 entry"], [2, "2 entries"]])("a call with %i participant entries counts them as \"%s\"", async (entries, words) => {
    tui = await fixture.mount({ columns: 160 });
    // A call of the emulator's, cut to that many entries for this test (the seeded world has none of one).
    const call = fixture.fx.emulator.world.apps[0]!.calls.find((c) => c.participants.length >= 2 && c.status === "ended")!;
    const kept = { participants: call.participants, totalParticipants: call.totalParticipants };
    Object.assign(call, { participants: call.participants.slice(0, entries), totalParticipants: entries });
    try {
      await tui.press(":");
      await tui.paste(`call ${call.sessionId}`);
      await tui.press("enter");
      const frame = await tui.waitForFrame((f) => f.includes(`Participants (${entries})`), "the call");
      expect(frame).toContain(`· ${words}`);
    } finally {
      Object.assign(call, kept);
    }
  });

  describe("while acting as a user", () => {
    const world = () => fixture.fx.emulator.world;
    let seen = 0;
    /** The requests the emulator answered for this call's detail since the last find, in every app. */
    const asked = (sessionId: string) => fixture.fx.served.slice(seen).filter((l) => l.startsWith("GET ") && l.split(" ")[1]!.endsWith(`/calls/${sessionId}`));
    /** A user of app 0 who is not in `call`, acted for with :as. */
    const actAsOutsider = async (call: { uids: Set<string> }) => {
      const uid = world().apps[0]!.users.find((u) => !call.uids.has(u.uid))!.uid;
      await tui.paste(`:as ${uid}\r`);
      await tui.waitForFrame((f) => lines(f)[0]!.includes(`as ${uid}`) && listRows(f).length > 0, "acting as the user");
      return uid;
    };
    const find = async (sessionId: string) => {
      seen = fixture.fx.served.length;
      await tui.press(":");
      await tui.paste(`call ${sessionId}`);
      await tui.press("enter");
    };

    it("finds a call the user was not in, asking its app alone and on behalf of nobody", async () => {
      tui = await fixture.mount();
      const call = world().apps[0]!.calls.find((c) => c.participants.length > 1)!;
      const uid = await actAsOutsider(call);
      await find(call.sessionId);
      const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
      expect(frame).toContain(`found in ${fixture.fx.info.apps[0]!.name}`);
      expect(lines(frame)[0], "still acting as the user").toContain(`as ${uid}`);
      expect(asked(call.sessionId)).toHaveLength(1);
      expect(asked(call.sessionId).filter((l) => l.includes("onBehalfOf=")), "requests that carried onBehalfOf").toEqual([]);
    });

    it("finds a call of another app without the user of this one", async () => {
      tui = await fixture.mount();
      const call = world().apps[2]!.calls.find((c) => c.participants.length > 1)!;
      await actAsOutsider(call);
      await find(call.sessionId);
      const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
      expect(frame).toContain(`found in ${fixture.fx.info.apps[2]!.name} · in`);
      expect(asked(call.sessionId)).toHaveLength(1);
      expect(asked(call.sessionId)[0]).not.toContain("onBehalfOf=");
    });

    it("an id no app has: every app asked once, none on behalf of the user", async () => {
      tui = await fixture.mount();
      await actAsOutsider({ uids: new Set() });
      const sessionId = "v1.us.nowhere.0123456789";
      await find(sessionId);
      const frame = await tui.waitForFrame((f) => f.includes("✗ ERR_CALL_SESSION_NOT_FOUND:"), "the miss");
      expect(frame).toContain(`no known app has the call ${sessionId} (asked 3)`);
      expect(asked(sessionId)).toHaveLength(3);
      expect(asked(sessionId).filter((l) => l.includes("onBehalfOf=")), "requests that carried onBehalfOf").toEqual([]);
    });
  });

  it("a log line after `:` finds the id in it and opens the call", async () => {
    tui = await fixture.mount();
    const call = fixture.fx.emulator.world.apps[1]!.calls.find((c) => c.participants.length > 1)!;
    await tui.press(":");
    await tui.paste(`2026-11-01 12:00:03 ERROR call ${call.sessionId} dropped (code 1006)`);
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes("Participants ("), "the call");
    expect(crumbs(frame)).toBe(`groups › call ${call.sessionId}`);
    expect(frame).not.toContain("unknown command");
  });

  it(":call with an id no app has says so in place, and the explorer stays usable", async () => {
    tui = await fixture.mount();
    await tui.press(":");
    await tui.paste("call v1.us.nope.123");
    await tui.press("enter");
    const frame = await tui.waitForFrame((f) => f.includes("✗ ERR_CALL_SESSION_NOT_FOUND:"), "the miss");
    expect(frame).toContain("v1.us.nope.123");
    expect(frame).toContain("no known app has this call");
    expect(crumbs(frame)).toBe("groups › call v1.us.nope.123");

    await tui.press("escape");
    await tui.waitForFrame((f) => crumbs(f) === "groups" && listRows(f).length > 0, "the groups again");
    await tui.press("tab");
    await tui.waitForFrame((f) => crumbs(f) === "calls" && listRows(f).length > 0, "the calls");
  });
});
