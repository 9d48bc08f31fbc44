import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "../../src/api/chat-schemas.js";
import type { Group } from "../../src/api/schemas.js";
import { activeView } from "../../src/store/explorer-store.js";
import { sanitize } from "../../src/text/sanitize.js";
import { type Tui, type TuiEmulator, inkWritesColour, listRows, mountTui, startTuiEmulator } from "../support/tui.js";
import { PAYLOADS } from "./payloads.js";
import { copiesFrom, expectFramesHarmless, expectIdCopy, expectJsonCopy, mountSized } from "./screen.js";
import { type Injected, MARK, inject } from "./world.js";
import { resourceKey } from "../../src/store/details.js";

/**
 * Terminal injection, groups: a group per payload (in its name, guid,
 * description, tags, metadata keys and values), and every member and owner a
 * user whose uid and name carry one. The explorer lists them, opens each, and
 * copies each one's id and JSON: nothing reaches the terminal or the clipboard
 * alive, and every frame fits.
 */

let fx: TuiEmulator;
let injected: Injected;
let tui: Tui | undefined;

beforeAll(async () => {
  // Ink's own styles on, as under FORCE_COLOR (a worker has no TTY, so none by default): the
  // frames then carry its bold and inverse, and nothing else may. chalk is ink's, loaded once per file.
  const { default: chalk } = await import("chalk");
  chalk.level = 1;
  fx = await startTuiEmulator();
  injected = inject(fx.emulator.world.apps[0]!);
  // A plain OSC 52, whatever terminal runs the tests.
  vi.stubEnv("TMUX", "");
  vi.stubEnv("TERM", "xterm-256color");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fx?.close();
});
afterEach(async () => {
  await tui?.unmount();
  tui = undefined;
});

const COUNT = `${PAYLOADS.length} of ${PAYLOADS.length}`;

async function listInjected(t: Tui): Promise<string> {
  await t.press("/");
  await t.paste(MARK);
  await t.press("enter");
  return t.waitForFrame((f) => f.includes(COUNT) && !f.includes("⟳"), "the injected groups");
}

describe("groups with escape sequences in every field", () => {
  it("the list, each group's detail and members, and every y and Y leave the screen and the clipboard untouched", async () => {
    const columns = 100;
    const rows = 30;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows));
    const frame = await listInjected(tui);
    expect(inkWritesColour()).toBe(true);
    expect(tui.rawFrame()).toContain("\u001b[7m");
    expect(listRows(frame)).toHaveLength(PAYLOADS.length);
    for (const p of PAYLOADS) expect(frame).toContain(`${MARK} ${p.name.slice(0, 6)}`);

    for (let row = 0; row < PAYLOADS.length; row++) {
      const group = activeView(tui.store.getState()).lists.groups!.items[row] as Group;
      const { payload } = injected.groups.find((g) => g.group.guid === group.guid)!;
      const what = `group ${payload.name}`;
      // (j to the row,) y, Y and enter, as one burst of keys.
      const [id, json] = await copiesFrom(tui, `${row > 0 ? "j" : ""}yY\r`, what);
      expectIdCopy(id, group.guid, what);
      expectJsonCopy(json, { guid: group.guid, name: group.name, description: group.description, tags: group.tags, metadata: group.metadata }, what);

      const detail = await tui.waitForFrame((f) => f.includes("Members (") && !f.includes("loading group"), `the detail of ${what}`);
      // Each payload is shown as its visible trace ("␛[2J", "␛]52;c;…"), next to its case's name.
      expect(detail).toContain(`name            ${MARK} ${payload.name} ${sanitize(payload.text).slice(0, 20)}`);
      expect(detail).toContain(`description     about ${sanitize(payload.text).slice(0, 20)}`);
      expect(detail).toMatch(/^tags\s+\["tag-/m);
      expect(detail).toMatch(/^metadata\s+\{"key-/m);
      expect(detail).toMatch(/^owner\s+u\d+-/m);
      const member = activeView(tui.store.getState()).lists[resourceKey("members", [group.guid])]!.items[0] as User;
      expect(member).toBeDefined();
      const [memberId, memberJson] = await copiesFrom(tui, "yY", `${what}, member`);
      expectIdCopy(memberId, member.uid, `${what}, member`);
      expectJsonCopy(memberJson, { uid: member.uid, name: member.name }, `${what}, member`);
      await tui.press("escape");
    }
    expectFramesHarmless(tui, columns, rows, "groups at 100×30", sizedFrom);
  });

  it("layout holds on a small terminal: the longest and the multi-line values stay in their cells and lines", async () => {
    const columns = 60;
    const rows = 16;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows));
    await listInjected(tui);
    for (const name of ["long", "line-breaks", "carriage-return", "csi-cursor"]) {
      const index = activeView(tui.store.getState()).lists.groups!.items.findIndex((g) => (g as Group).name?.includes(` ${name} `));
      tui.store.getState().select("groups", index);
      await tui.settle();
      await tui.press("enter");
      await tui.waitForFrame((f) => f.includes("Members ("), `the detail of ${name}`);
      // Down the members, past the first screenful.
      await tui.press("G", "k", "escape");
    }
    await tui.press("?");
    await tui.press("G");
    expectFramesHarmless(tui, columns, rows, "groups at 60×16", sizedFrom);
  });

  it("the groups any list shows carry hostile owners, and a hostile guid shows in the breadcrumbs harmless", async () => {
    const columns = 100;
    const rows = 24;
    let sizedFrom: number;
    ({ tui, sizedFrom } = await mountSized((o) => mountTui(fx, o), columns, rows));
    const osc = injected.groups.find((g) => g.payload.name === "osc-52-clipboard")!.group;
    tui.store.getState().openResourceItem("groups", [osc.guid]);
    const frame = await tui.waitForFrame((f) => f.includes("Members ("), "the OSC 52 group");
    expect(frame).toContain(`group ${MARK}-osc-52-clipboard-␛]52;c;`);
    expectFramesHarmless(tui, columns, rows, "groups at 100×24", sizedFrom);
  });
});
