import { describe, expect, it } from "vitest";
import { displayWidth, renderTable, type TableColumn } from "../../src/text/index.js";

interface Group {
  name: string;
  guid: string;
  members: number;
  tags: string[];
  owner: string;
  created: string;
}

const GROUPS: Group[] = [
  { name: "日本語のグループ名前がとても長いです", guid: "jp-1", members: 12_345, tags: ["vip", "beta"], owner: "alice", created: "2026-10-31 14:02" },
  { name: "\u001b[2J\u001b]0;pwned\u0007Title", guid: "evil\u202e", members: 3, tags: [], owner: "bob", created: "—" },
  { name: "Team 👨‍👩‍👧 rocks 🎉", guid: "emoji", members: 7, tags: ["x"], owner: "carol", created: "2025-01-02 03:04" },
];

const COLUMNS: TableColumn<Group>[] = [
  { header: "name", get: (g) => g.name, min: 8, max: 32, flex: 1 },
  { header: "guid", get: (g) => g.guid, min: 6 },
  { header: "members", get: (g) => g.members, align: "right", min: 7 },
  { header: "tags", get: (g) => g.tags.join(","), min: 4, max: 24, flex: 1 },
  { header: "owner", get: (g) => g.owner, min: 5, max: 16 },
  { header: "created", get: (g) => g.created, min: 16 },
];

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f]/;

function expectFits(lines: string[], width: number) {
  for (const line of lines) {
    expect(displayWidth(line), JSON.stringify(line)).toBeLessThanOrEqual(width);
    expect(line).not.toMatch(/ $/);
    expect(line).not.toMatch(CONTROL);
  }
}

describe("renderTable", () => {
  it("fits 80 columns with every column, headers in capitals", () => {
    const lines = renderTable(COLUMNS, GROUPS, { width: 80 });
    expectFits(lines, 80);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^NAME +GUID +MEMBERS +TAGS +OWNER +CREATED$/);
    expect(lines[1]).toContain("…");
    expect(lines[1]).toContain("12345");
    expect(lines[2]).toContain("␛[2J");
  });

  it("right-aligns numbers under their header", () => {
    const lines = renderTable(COLUMNS, GROUPS, { width: 80 });
    const end = lines[0]!.indexOf("MEMBERS") + "MEMBERS".length;
    expect(lines[2]!.slice(0, end).endsWith("3")).toBe(true);
  });

  it("fits 40 columns by shrinking flex columns and hiding the rightmost, and says so", () => {
    const lines = renderTable(COLUMNS, GROUPS, { width: 40 });
    expectFits(lines, 40);
    expect(lines[0]).toMatch(/^NAME/);
    expect(lines[0]).not.toContain("CREATED");
    expect(lines.at(-1)).toMatch(/^\(hidden: .*created.*\)$/);
    expect(lines).toHaveLength(GROUPS.length + 2);
  });

  it("says which columns are hidden and what to do, when there is room", () => {
    const lines = renderTable(COLUMNS, GROUPS, { width: 52 });
    expectFits(lines, 52);
    expect(lines.at(-1)).toBe("(hidden: created — widen the terminal or use --json)");
  });

  it("keeps every line within the width from 120 down to 1 column", () => {
    for (let width = 120; width >= 1; width--) expectFits(renderTable(COLUMNS, GROUPS, { width }), width);
  });

  it("shrinks flex columns before the others", () => {
    const lines = renderTable(COLUMNS, GROUPS, { width: 70 });
    expect(lines[0]).toContain("CREATED");
    expect(lines[3]).toContain("2025-01-02 03:04");
    expect(lines[1]).toContain("alice");
  });

  it("makes the header bold only with colour, and emits no other escape", () => {
    const [header, ...rest] = renderTable(COLUMNS, GROUPS, { width: 80, color: true });
    expect(header).toMatch(/^\u001b\[1mNAME .*CREATED\u001b\[22m$/);
    for (const line of rest) expect(line).not.toMatch(CONTROL);
    expect(renderTable(COLUMNS, GROUPS, { width: 80 })[0]).not.toMatch(CONTROL);
  });

  it("renders a header alone for no rows, and survives a getter that throws", () => {
    expect(renderTable(COLUMNS, [], { width: 80 })).toEqual(["NAME  GUID  MEMBERS  TAGS  OWNER  CREATED"]);
    const lines = renderTable([{ header: "x", get: () => { throw new Error("odd row"); } }], [1], { width: 10 });
    expect(lines).toEqual(["X", "?"]);
  });
});
