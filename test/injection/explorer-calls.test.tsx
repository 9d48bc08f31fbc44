import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Call } from "../../src/api/schemas.js";
import type { Call as WorldCall } from "../../src/emulator/data/model.js";
import { activeView } from "../../src/store/explorer-store.js";
import { sanitize } from "../../src/text/sanitize.js";
import { type Tui, type TuiEmulator, listRows, mountTui, startTuiEmulator } from "../support/tui.js";
import { PAYLOADS } from "./payloads.js";
import { copiesFrom, expectFramesHarmless, expectIdCopy, expectJsonCopy, mountSized } from "./screen.js";
import { type Injected, inject, injectCrowdedCall } from "./world.js";
import { detailOf, resourceKey } from "../../src/store/details.js";

/**
 * Terminal injection, calls: the newest calls carry one payload each (the
 * session id sent back, initiator, receiver, every participant's uid and
 * device, a recording's id and URL), and one call carries them all, a
 * participant and a recording per payload. The explorer lists them, opens
 * each, shows recordings whole, and copies ids, URLs and JSON.
 */

let fx: TuiEmulator;
let injected: Injected;
let crowded: WorldCall;
let tui: Tui | undefined;

beforeAll(async () => {
  fx = await startTuiEmulator();
  const app = fx.emulator.world.apps[0]!;
  injected = inject(app);
  crowded = injectCrowdedCall(app, PAYLOADS.length);
  vi.stubEnv("TMUX", "");
  vi.stubEnv("TERM", "xterm-256color");
  // No browser to open: o copies the URL instead (and never starts one from a test).
  for (const name of ["DISPLAY", "WAYLAND_DISPLAY"]) vi.stubEnv(name, "");
  vi.stubEnv("SSH_CONNECTION", "127.0.0.1 1 127.0.0.1 22");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fx?.close();
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

const callAt = (t: Tui, row: number) => activeView(t.store.getState()).lists.calls!.items[row] as Call;

describe("calls with escape sequences in every field", () => {
  it("the list and each call, and y and Y on its row, a participant and a recording, leave the screen and the clipboard untouched", async () => {
    const columns = 100;
    const rows = 30;
    const { tui: t, sizedFrom } = await mountSized((o) => mountTui(fx, { ...o, root: "calls" }), columns, rows, "calls");
    tui = t;
    const frame = await t.waitForFrame((f) => listRows(f).length >= PAYLOADS.length, "the calls");
    // The receiver, cut to its column at 100 columns, shows its escape as a visible picture.
    expect(frame).toContain("recv-␛[2");

    for (let row = 0; row < PAYLOADS.length; row++) {
      const call = callAt(t, row);
      const { payload } = injected.calls.find((c) => c.call.sessionId === call.sessionId)!;
      const what = `call ${payload.name}`;
      const [id, json] = await copiesFrom(t, `${row > 0 ? "j" : ""}yY\r`, what);
      expectIdCopy(id, call.sessionId, what);
      expectJsonCopy(json, { sessionId: call.sessionId, initiator: call.initiator, receiver: call.receiver }, what);

      const detail = await t.waitForFrame((f) => f.includes("Participants ("), `the detail of ${what}`);
      expect(detail).toContain(`init-${sanitize(payload.text).slice(0, 10)}`);
      expect(detail).toContain(`call ${sanitize(call.sessionId).slice(0, 30)}`);
      // The last row is a recording: y copies its URL.
      const [url, recording] = await copiesFrom(t, "GyY", `${what}, recording`);
      const item = detailOf(activeView(t.store.getState()), "resource", resourceKey("calls", [call.sessionId]))!.item!;
      const raw = (item.recordings as Array<{ rid: string; recording_url: string }>).at(-1)!;
      expectIdCopy(url, raw.recording_url!, `${what}, recording URL`);
      expectJsonCopy(recording, { rid: raw.rid, recording_url: raw.recording_url }, `${what}, recording`);
      await t.press("escape");
    }
    expectFramesHarmless(t, columns, rows, "calls at 100×30", sizedFrom);
  });

  it("a call with a participant and a recording per payload: all drawn at once, each recording shown whole and copied", async () => {
    // Tall enough for every participant and every recording in one frame.
    const columns = 120;
    const rows = 72;
    const { tui: t, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows);
    tui = t;
    t.store.getState().openResourceItem("calls", [crowded.sessionId]);
    const frame = await t.waitForFrame((f) => f.includes(`Participants (${PAYLOADS.length})`), "the crowded call");
    for (const p of crowded.participants) expect(frame).toContain(sanitize(p.uid).slice(0, 8));
    for (const r of crowded.recordings) expect(frame).toContain(sanitize(r.rid).slice(0, 8));

    for (const name of ["osc-52-clipboard", "bidi-override", "line-breaks", "long", "c1-osc"]) {
      const k = PAYLOADS.findIndex((p) => p.name === name);
      const what = `participant ${name}`;
      t.store.getState().selectItemRow(k);
      await t.settle();
      const [uid, participant] = await copiesFrom(t, "yY", what);
      expectIdCopy(uid, crowded.participants[k]!.uid, what);
      expectJsonCopy(participant, { uid: crowded.participants[k]!.uid, deviceId: crowded.participants[k]!.deviceId }, what);

      const recording = crowded.recordings[k]!;
      t.store.getState().selectItemRow(PAYLOADS.length + k);
      await t.settle();
      const [url, opened] = await copiesFrom(t, "yo\r", `recording ${name}`);
      expectIdCopy(url, recording.recording_url, `recording ${name}`);
      expectIdCopy(opened, recording.recording_url, `recording ${name}, o without a browser`);
      const whole = await t.waitForFrame((f) => f.includes("y copies the URL · o opens it"), `the recording ${name}`);
      expect(whole).toContain(`rid       ${sanitize(recording.rid).slice(0, 30)}`);
      const [again, json] = await copiesFrom(t, "yY", `recording view ${name}`);
      expectIdCopy(again, recording.recording_url, `recording view ${name}`);
      expectJsonCopy(json, { rid: recording.rid, recording_url: recording.recording_url }, `recording view ${name}`);
      await t.press("escape");
    }
    expectFramesHarmless(t, columns, rows, "the crowded call at 120×72", sizedFrom);
  });

  it("layout holds on a small terminal: a call's longest values and its recording view", async () => {
    const columns = 60;
    const rows = 16;
    const { tui: t, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows);
    tui = t;
    const long = injected.calls.find((c) => c.payload.name === "long")!.call;
    for (const id of [long.sessionId, crowded.sessionId]) {
      t.store.getState().openResourceItem("calls", [id]);
      await t.waitForFrame((f) => f.includes("Participants ("), "a call");
      await t.press("G", "enter");
      await t.waitForFrame((f) => f.includes("y copies the URL"), "its last recording");
      await t.press("escape", "escape");
    }
    expectFramesHarmless(t, columns, rows, "calls at 60×16", sizedFrom);
  });
});
