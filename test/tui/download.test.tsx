import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call } from "../../src/emulator/data/model.js";
import { type FileServer, combinedCaFile, expectedBytes, fileServer } from "../support/file-server.js";
import { type Tui, appRefs, footer, tuiFixture } from "../support/tui.js";
import { scratchDir } from "../support/scratch.js";

/** The explorer's d: a call's recordings into files, asked first, its progress and its end in the footer. */

const fixture = tuiFixture();
let files: FileServer;
let work: string;
let ca: string;
let tui: Tui;

beforeAll(async () => {
  files = await fileServer();
  work = scratchDir("ccx-d-");
  ca = combinedCaFile(join(work, "ca.pem"), fixture.fx.info.caFile, files.caFile);
});
afterAll(async () => {
  delete process.env.CCX_DOWNLOAD_DIR;
  await files.close();
  rmSync(work, { recursive: true, force: true });
});


/** Opens the call and waits for its recordings. */
async function openCall(call: Call): Promise<void> {
  tui.store.getState().openResourceItem("calls", [call.sessionId]);
  await tui.waitForFrame((f) => f.includes(`Recordings (${call.recordings.length})`), "the call");
}

describe("d", () => {
  it("on a recording: asks, naming the directory; the footer shows its progress, a second d is refused, then where it went", async () => {
    const call = fixture.fx.emulator.world.apps[0]!.calls.find((c) => c.recordings.length >= 2)!;
    const last = call.recordings.at(-1)!;
    const path = `/tui/${last.rid}.mp4`;
    last.recording_url = files.add(path, 300_000, "gate");
    process.env.CCX_DOWNLOAD_DIR = join(work, "one");
    tui = await fixture.mount({ caFile: ca, columns: 140 });
    await openCall(call);

    await tui.press("G", "d");
    const folder = join(work, "one", call.sessionId);
    let frame = await tui.waitForFrame((f) => f.includes("Download the recording?"), "the confirm box");
    expect(frame).toContain(`into ${folder}`);
    expect(frame).toContain("y download · n cancel");
    expect(files.requestsFor(path)).toEqual([]);

    await tui.press("y");
    frame = await tui.waitForFrame((f) => /↓ downloading 0\/1 file · [\d.]+ kB of 300 kB \(\d+%\)/.test(footer(f)), "the progress in the footer");
    expect(footer(frame)).toContain(`→ ${folder}`);
    await tui.press("d");
    await tui.waitForFrame((f) => footer(f).includes(`a download is already running (into ${folder}): one at a time`), "the second d refused");

    files.release(path);
    frame = await tui.waitForFrame((f) => footer(f).startsWith("downloaded: 1 written (300 kB)"), "the download's end");
    expect(footer(frame)).toContain(folder);
    expect(readFileSync(join(folder, `${last.rid}.mp4`)).equals(expectedBytes(300_000))).toBe(true);
    expect(readdirSync(folder)).toEqual([`${last.rid}.mp4`]);
    // The request log has it, sent without the key.
    expect(tui.store.getState().log.find((e) => e.url === last.recording_url)).toMatchObject({ method: "GET", status: 200, keyless: true, done: true });
  });

  it("on a participant: every recording of the call, from the recording screen the one shown", async () => {
    const call = fixture.fx.emulator.world.apps[0]!.calls.filter((c) => c.recordings.length >= 2 && c.participants.length > 0).at(-1)!;
    call.recordings.forEach((r, i) => (r.recording_url = files.add(`/all/${r.rid}.mp4`, 10_000 + i)));
    process.env.CCX_DOWNLOAD_DIR = join(work, "all");
    tui = await fixture.mount({ caFile: ca });
    await openCall(call);
    await tui.press("g", "d");
    await tui.waitForFrame((f) => f.includes(`Download ${call.recordings.length} recordings?`), "the confirm box");
    await tui.press("y");
    await tui.waitForFrame((f) => footer(f).startsWith(`downloaded: ${call.recordings.length} written`), "the downloads' end");
    const folder = join(work, "all", call.sessionId);
    expect(readdirSync(folder).sort()).toEqual(call.recordings.map((r) => `${r.rid}.mp4`).sort());

    // Enter on the last row shows the recording; d there is that one, already whole now.
    await tui.press("G", "enter");
    await tui.waitForFrame((f) => f.includes("d downloads it"), "the recording");
    await tui.press("d");
    await tui.waitForFrame((f) => f.includes("Download the recording?"), "the confirm box");
    await tui.press("y");
    await tui.waitForFrame((f) => footer(f).startsWith("downloaded: 0 written (0 B), 1 already whole"), "the file kept");
  });

  it("is refused in read-only mode, and a box cancelled writes nothing", async () => {
    const call = fixture.fx.emulator.world.apps[0]!.calls.find((c) => c.recordings.length >= 1)!;
    process.env.CCX_DOWNLOAD_DIR = join(work, "never");
    const apps = appRefs(fixture.fx).map((a) => ({ ...a, readOnly: true, target: () => ({ ...a.target(), readOnly: true }) }));
    tui = await fixture.mount({ caFile: ca, apps });
    await openCall(call);
    await tui.press("d");
    await tui.waitForFrame((f) => footer(f).includes("read-only mode: writing recordings to disk refused, nothing fetched"), "the refusal");
    await tui.unmount();

    tui = await fixture.mount({ caFile: ca });
    await openCall(call);
    await tui.press("d");
    await tui.waitForFrame((f) => f.includes("y download · n cancel"), "the confirm box");
    await tui.press("n");
    await tui.settle();
    expect(existsSync(join(work, "never"))).toBe(false);
  });
});
