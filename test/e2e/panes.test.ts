/**
 * The panes of a wide terminal (tmux, 160×45): the apps pane on the left
 * lists the known apps under their regions with the active one marked, and
 * switches app with ctrl-p, j, Enter; the preview on the right shows the
 * selected row (a group's fields, a call's participants) and follows the
 * selection; `[` and `]` turn each off and on. At 80×24 neither shows and no
 * line is wider than the terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayWidth } from "../../src/text/width.js";
import { type TmuxSession, startTmux, tmuxMissing } from "../support/tmux.js";
import { type DemoCall, demoCalls, demoEnv } from "./demo-data.js";
import { ROOT, demoCommand, expectFrame, footer, panesOf, plain, previewPane, selectedRow, settledList, sidePane } from "./screen.js";

interface SideApp {
  region: string;
  label: string;
  active: boolean;
}

/** The apps pane read back: each app under the region header above it. */
function sideApps(lines: string[]): { title: string; regions: string[]; apps: SideApp[] } | undefined {
  const side = sidePane(lines);
  if (!side) return undefined;
  const [title = "", ...rest] = side;
  const regions: string[] = [];
  const apps: SideApp[] = [];
  for (const line of rest) {
    if (/^[A-Z]{2,}$/.test(line)) regions.push(line);
    else if (/^[● ] \S/.test(line)) apps.push({ region: regions[regions.length - 1] ?? "", label: line.slice(2), active: line.startsWith("●") });
  }
  return { title, regions, apps };
}

/** `label  value` lines of the preview, as a map. */
function previewFields(lines: string[]): Map<string, string> | undefined {
  const preview = previewPane(lines);
  if (!preview) return undefined;
  const fields = new Map<string, string>();
  for (const line of preview.slice(1)) {
    const m = /^(\w+) {2,}(\S.*)$/.exec(line);
    if (m) fields.set(m[1]!, m[2]!);
  }
  return fields;
}

/** A cell cut with "…" is a start of the value. */
const startOf = (cell: string) => cell.trim().replace(/…$/, "");

/** The cell of `row` under `column` of the table's header line. */
function cellUnder(header: string, row: string, column: string): string {
  const at = header.indexOf(column);
  return row.slice(at).split(/\s{2,}/)[0] ?? "";
}

describe.skipIf(tmuxMissing !== undefined)(`the panes${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ""}`, () => {
  let s: TmuxSession;
  /** The calls list's first rows, as `ccx calls --json` gives them. */
  let calls: DemoCall[] = [];

  beforeAll(async () => {
    s = await startTmux({ command: demoCommand(`BEFORE-CCX-PANES-${process.pid}`, 7), width: 160, height: 45, cwd: ROOT });
    calls = await demoCalls(await demoEnv(s), ["--per-page", "5"]);
    await s.waitFor(settledList, { what: "groups with data rows", timeoutMs: 15_000 });
  }, 60_000);
  afterAll(async () => {
    await s?.kill();
  });

  it("at 160×45 the apps pane lists the apps under their regions, the active one marked", async () => {
    const lines = await s.lines();
    expectFrame(lines, s, "groups at 160×45");
    const panes = panesOf(lines);
    expect({ side: panes.side, preview: panes.preview }, "the apps and preview panes").toEqual({ side: true, preview: true });
    const side = sideApps(lines)!;
    expect(side.title).toBe("apps (ctrl-p)");
    expect(side.regions, "the regions, in order").toEqual(["US", "EU", "IN"]);
    for (const region of side.regions) expect(side.apps.filter((a) => a.region === region).length, `apps under ${region}`).toBeGreaterThan(0);
    // The demo names its apps after their region: each is listed under its own.
    for (const app of side.apps) expect(app.label, `the app under ${app.region}`).toContain(`(${app.region})`);
    const active = side.apps.filter((a) => a.active);
    expect(active.map((a) => a.label), "apps marked ●").toHaveLength(1);
    expect(lines[0], "the header names the active app and its region").toMatch(new RegExp(`^ccx · ${active[0]!.label.replace(/[()]/g, "\\$&")} \\S+ · ${active[0]!.region.toLowerCase()} · `));
    expect((await s.joinedLines()).filter((l) => displayWidth(l) > s.width), "lines wider than the terminal").toEqual([]);
  });

  it("the preview shows the selected group and follows j", async () => {
    for (const expected of [0, 1, 2]) {
      if (expected > 0) await s.keys("j");
      const { row, fields } = await s.waitFor((raw) => {
        const lines = raw.map(plain);
        const list = settledList(lines);
        const fields = previewFields(lines);
        if (!list || !fields || selectedRow(raw) !== expected) return undefined;
        const cells = list.rows[expected]!;
        const row = { name: cellUnder(list.header, cells, "NAME"), guid: cellUnder(list.header, cells, "GUID"), type: cellUnder(list.header, cells, "TYPE") };
        // Said in the timeout's message if the preview never shows the selected row.
        if (!fields.get("guid")?.startsWith(startOf(row.guid))) throw new Error(`the preview shows guid ${fields.get("guid")}, the selected row ${row.guid}`);
        return { row, fields };
      }, { what: `row ${expected + 1} selected and in the preview`, escapes: true });
      expect(fields.get("name")?.startsWith(startOf(row.name)), `the preview's name ${fields.get("name")} for the row's ${row.name}`).toBe(true);
      expect(fields.get("type"), "the preview's type").toBe(row.type.trim());
    }
  });

  it("the preview shows the selected call's participants and follows j", async () => {
    await s.keys("Tab");
    for (const expected of [0, 1]) {
      if (expected > 0) await s.keys("j");
      const call = calls[expected]!;
      const preview = await s.waitFor((raw) => {
        const lines = raw.map(plain);
        const list = settledList(lines);
        if (list?.crumbs !== "calls" || selectedRow(raw) !== expected) return undefined;
        const preview = previewPane(lines)!;
        return preview.some((l) => l.startsWith("from ") && l.endsWith(` ${call.initiator}`)) ? preview : undefined;
      }, { what: `call ${expected + 1} (${call.sessionId}, from ${call.initiator}) selected and in the preview`, escapes: true });
      const at = preview.findIndex((l) => /^Participants \(\d+\)$/.test(l));
      expect(preview[at], "the preview's participants").toBe(`Participants (${call.participants.length})`);
      expect(preview[at + 1]?.split(/\s+/)[0], "the first participant").toBe(call.participants[0]);
      expect(preview.find((l) => l.startsWith("to ")), "the preview's receiver").toContain(` ${call.receiver} (`);
    }
    await s.keys("BTab");
    await s.waitFor((l) => settledList(l)?.crumbs === "groups", { what: "back on the groups" });
  });

  it("`[` and `]` turn the apps and preview panes off and on", async () => {
    await s.type("]");
    let lines = await s.waitFor((l) => (!panesOf(l).preview ? l : undefined), { what: "the preview hidden by ]" });
    expect(panesOf(lines).side, "the apps pane still there").toBe(true);
    expect(footer(lines), "the notice").toMatch(/preview pane/);
    expect(settledList(lines)?.header, "the list's own columns").toMatch(/^NAME\s+GUID\s+TYPE/);
    await s.type("[");
    lines = await s.waitFor((l) => (!panesOf(l).side ? l : undefined), { what: "the apps pane hidden by [" });
    expect(lines[2], "the list from the first column").toMatch(/^\/ /);
    expect(footer(lines), "the notice").toMatch(/apps pane/);
    await s.type("[");
    await s.type("]");
    lines = await s.waitFor((l) => (panesOf(l).side && panesOf(l).preview ? l : undefined), { what: "both panes back" });
    expectFrame(lines, s, "both panes back");
  });

  it("ctrl-p, j and Enter switch to the app below the active one: the header names it", async () => {
    const before = sideApps(await s.lines())!;
    const at = before.apps.findIndex((a) => a.active);
    const next = before.apps[at + 1]!;
    expect(next, "an app below the active one").toBeDefined();
    await s.keys("C-p", "j", "Enter");
    const lines = await s.waitFor((l) => {
      const side = sideApps(l);
      const list = settledList(l);
      return side?.apps.find((a) => a.active)?.label === next.label && list?.crumbs === "groups" && l.every((x) => !x.includes("⟳")) ? l : undefined;
    }, { what: `${next.label} marked active, its groups shown` });
    expect(lines[0], "the header").toMatch(new RegExp(`^ccx · ${next.label.replace(/[()]/g, "\\$&")} \\S+ · ${next.region.toLowerCase()} · `));
    expect(sideApps(lines)!.title, "the keys back to the list").toBe("apps (ctrl-p)");
    expect(settledList(lines)!.rows.length).toBeGreaterThan(0);
    expectFrame(lines, s, "after the switch");
  });

  it("at 80×24 neither pane shows and no line is wider than the terminal", async () => {
    const [header] = await s.lines();
    await s.resize(80, 24);
    const lines = await s.waitFor((l) => {
      const list = settledList(l);
      return list && list.rows.length === 24 - 7 && l;
    }, { what: "the list redrawn at 80×24" });
    expectFrame(lines, s, "80×24");
    expect(panesOf(lines), "the panes at 80×24").toMatchObject({ side: false, preview: false });
    expect(lines[0], "the header, the same app").toBe(header);
    expect(lines[2], "the list from the first column").toMatch(/^\/ /);
    expect((await s.joinedLines()).filter((l) => displayWidth(l) > 80), "lines wider than the terminal").toEqual([]);
    // Wide again: the panes come back.
    await s.resize(160, 45);
    await s.waitFor((l) => panesOf(l).side && panesOf(l).preview && settledList(l), { what: "the panes back at 160×45" });
  });
});
