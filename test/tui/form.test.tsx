import { describe, expect, it } from "vitest";
import { CALL_FILTER_KEYS, GROUP_FILTER_KEYS } from "../../src/query/index.js";
import { fieldLabel } from "../../src/tui/components/filter-form.js";
import { type Tui, lines, listRows, tuiFixture } from "../support/tui.js";

/** The filter form (f): every parameter in reach, editing the very line `/` edits. */

const fixture = tuiFixture();
let tui: Tui;

const groups = () => fixture.fx.emulator.world.apps[0]!.groups;
/** The form's row for a field: its label, then its value. */
const fieldRow = (frame: string, label: string) => frame.split("\n").find((l) => new RegExp(`^[› ] ${label} +`).test(l));
const focusField = async (t: Tui, label: string, labels: string[]) => {
  const at = labels.indexOf(label);
  expect(at).toBeGreaterThanOrEqual(0);
  await t.press("g", ...Array<string>(at).fill("j"));
  expect(fieldRow(t.frame(), label)).toMatch(/^›/);
};

/** The rows drawn under the form: those after the list's header, up to the footer. */
const rowsBelowForm = (frame: string) => {
  const all = lines(frame);
  const header = all.findIndex((l) => /^\s*NAME\s+GUID/.test(l));
  return header < 0 ? [] : all.slice(header + 1, -1).filter((l) => l.trim() !== "");
};

describe("the filter form", () => {
  it("at 120×40 leaves the list's first rows in sight below every field, and they follow the fields", async () => {
    tui = await fixture.mount({ columns: 120, rows: 40, debounceMs: 40 });
    const first = listRows(tui.frame()).slice(0, 3);
    await tui.press("f");
    let frame = await tui.waitForFrame((f) => f.includes("filter form · groups"), "the form");
    for (const key of GROUP_FILTER_KEYS) expect(fieldRow(frame, fieldLabel(key)), fieldLabel(key)).toBeDefined();
    expect(rowsBelowForm(frame).slice(0, 3)).toEqual(first);

    await focusField(tui, "type", GROUP_FILTER_KEYS.map(fieldLabel));
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("type: choose a value"), "the choices");
    await tui.press("down", "down", "enter");
    const privateCount = groups().filter((g) => g.type === "private").length;
    frame = await tui.waitForFrame((f) => f.includes("/ type:private") && f.includes(`of ${privateCount}`) && !f.includes("⟳"), "the private groups");
    const below = rowsBelowForm(frame);
    expect(below.length).toBeGreaterThanOrEqual(3);
    expect(below.filter((row) => !/\s{2}private\s{2}/.test(row)), "rows below that are not private").toEqual([]);
  });

  it("has a field for every groups filter key, and says which API parameters each sets", async () => {
    tui = await fixture.mount({ rows: 30 });
    await tui.press("f");
    const frame = await tui.waitForFrame((f) => f.includes("filter form · groups"), "the form");
    for (const key of GROUP_FILTER_KEYS) expect(fieldRow(frame, fieldLabel(key)), fieldLabel(key)).toBeDefined();
    // Together the fields reach every parameter the spec names for GET /groups.
    const reached = new Set(GROUP_FILTER_KEYS.flatMap((k) => k.params));
    for (const param of ["searchKey", "searchIn", "sortBy", "sortOrder", "perPage", "page", "type", "types", "tags", "withTags", "guid", "guids",
      "membersCount[gte]", "membersCount[lte]", "createdAt[from]", "createdAt[to]", "updatedAt[from]", "updatedAt[to]", "updatedAt", "affix", "hasJoined"]) {
      expect(reached, param).toContain(param);
    }
    await focusField(tui, "members", GROUP_FILTER_KEYS.map(fieldLabel));
    expect(tui.frame()).toContain("members → membersCount[gte]");
  });

  it("a value chosen from the list and one typed are the filter line's, and the results follow", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    const labels = GROUP_FILTER_KEYS.map(fieldLabel);
    await tui.press("f");
    await focusField(tui, "type", labels);
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("type: choose a value") && f.includes("protected"), "the choices");
    // (any), public, private: two down.
    await tui.press("down", "down", "enter");
    const privateCount = groups().filter((g) => g.type === "private").length;
    await tui.waitForFrame((f) => f.includes("/ type:private") && f.includes(`of ${privateCount}`), "the private groups");
    expect(fieldRow(tui.frame(), "type")).toContain("private");

    await focusField(tui, "members", labels);
    await tui.press("e");
    await tui.type(">=9");
    const wanted = groups().filter((g) => g.type === "private" && g.membersCount >= 9).length;
    expect(wanted).toBeGreaterThan(0);
    await tui.waitForFrame((f) => f.includes("membersCount%5Bgte%5D=9") && f.includes(`of ${wanted}`), "the results following the typed value");
    expect(tui.frame()).toContain("/ type:private members:>=9");
    await tui.press("enter", "escape");

    // The list shows the same line, and rows that fit it.
    const list = await tui.waitForFrame((f) => f.includes("NAME") && f.includes("/ type:private members:>=9"), "the list");
    expect(listRows(list).every((row) => row.includes("private"))).toBe(true);
  });

  it("shows what the line says: a filter typed on the line appears in its fields", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    await tui.press("/");
    await tui.type('"big team" tag:vip sort:-createdAt');
    await tui.press("enter", "f");
    const frame = await tui.waitForFrame((f) => f.includes("filter form"), "the form");
    expect(fieldRow(frame, "search")).toContain('"big team"');
    expect(fieldRow(frame, "tag")).toContain("vip");
    expect(fieldRow(frame, "sort")).toContain("-createdAt");
    expect(fieldRow(frame, "type")).toContain("—");
  });

  it("a value that does not parse is marked on its field and not sent; Esc puts the line back", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    const labels = GROUP_FILTER_KEYS.map(fieldLabel);
    await tui.press("f");
    await focusField(tui, "created", labels);
    const sent = tui.requests("/groups");
    await tui.press("e");
    await tui.type("yesterdayish");
    await tui.settle(150);
    expect(fieldRow(tui.frame(), "created")).toMatch(/yesterdayish.*✗/);
    expect(tui.frame()).toContain("nothing sent");
    expect(tui.requests("/groups")).toBe(sent);
    await tui.press("escape");
    await tui.waitForFrame((f) => f.includes("(no filter"), "the line as it was");
    expect(fieldRow(tui.frame(), "created")).toContain("—");
  });

  it("x clears a field, and the form for calls has the calls keys", async () => {
    tui = await fixture.mount({ debounceMs: 40 });
    await tui.press("/");
    await tui.type("type:public tag:vip");
    await tui.press("enter", "f");
    await focusField(tui, "type", GROUP_FILTER_KEYS.map(fieldLabel));
    await tui.press("x");
    await tui.waitForFrame((f) => f.includes("/ tag:vip") && !f.includes("type=public"), "the type taken out");

    await tui.press("escape", "tab", "f");
    const frame = await tui.waitForFrame((f) => f.includes("filter form · calls"), "the calls form");
    for (const key of CALL_FILTER_KEYS) expect(fieldRow(frame, fieldLabel(key)), key.key).toBeDefined();
    await focusField(tui, "status", CALL_FILTER_KEYS.map(fieldLabel));
    await tui.press("enter");
    await tui.waitForFrame((f) => f.includes("unanswered"), "the statuses");
    // (any), initiated, ongoing, ended.
    await tui.press("down", "down", "down", "enter");
    const ended = fixture.fx.emulator.world.apps[0]!.calls.filter((c) => c.status === "ended").length;
    await tui.waitForFrame((f) => f.includes("/ status:ended") && f.includes("status=ended") && f.includes(`of ${ended}`), "the ended calls");
  });
});
