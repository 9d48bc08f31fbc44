import fc from "fast-check";
import { render } from "ink-testing-library";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAnswer } from "../../src/api/client.js";
import { callListSchema, groupListSchema, oddFields } from "../../src/api/schemas.js";
import { callColumns as callTable } from "../../src/cli/render/call-rows.js";
import { groupColumns as groupTable } from "../../src/cli/render/group-rows.js";
import { planTable, tableRows } from "../../src/text/table.js";
import { Rows } from "../../src/tui/components/rows.js";
import { callColumns, groupColumns } from "../../src/tui/screens/list-kinds.js";
import { createTheme } from "../../src/tui/theme.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";

/**
 * The tolerant reader: any real answer, one non-id field of one item mangled
 * into a form ccx cannot read, still reads whole; that field is kept as sent
 * and marked [!] in the table and in the explorer's rows; the body itself is
 * untouched, so --json prints what was sent.
 */

let fx: EmulatorFixture;
let groupsBody: { data: Array<Record<string, unknown>> };
let callsBody: { data: Array<Record<string, unknown>> };

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 11, sizes: { apps: 1, groups: 30, calls: 30, users: 20 } });
  groupsBody = (await fx.chat("/groups", { perPage: 30, withTags: true })).body;
  callsBody = (await fx.calls("/calls", { perPage: 30 })).body;
});
afterAll(() => fx?.close());

/** Forms no field of an item is read from: the schema of every field refuses each. */
const unreadable = fc.oneof(
  fc.constant({ nested: { deeper: [1, 2] } }),
  fc.constant([true, "x"]),
  fc.constant(true),
  fc.string({ minLength: 1, maxLength: 12 }).map((text) => ({ text })),
);

/** The fields each kind shows in a column (its id aside), as the item names them. */
const SHOWN = {
  groups: ["name", "type", "membersCount", "tags", "owner", "createdAt", "updatedAt"],
  calls: ["status", "mode", "type", "startedAt", "totalDurationInMinutes", "receiver"],
} as const;

function check(kind: "groups" | "calls", index: number, field: string, value: unknown): boolean {
  const body = structuredClone(kind === "groups" ? groupsBody : callsBody);
  const item = body.data[index % body.data.length]!;
  item[field] = value;
  const sent = JSON.stringify(body);
  const schema = (kind === "groups" ? groupListSchema : callListSchema) as v.GenericSchema;
  const page = parseAnswer(schema, JSON.parse(sent), `GET /${kind}`) as { data: Array<Record<string, unknown>> };
  const read = page.data[index % body.data.length]!;
  // Read whole, the field left out and kept as sent.
  expect(page.data).toHaveLength(body.data.length);
  expect(read[field]).toBeUndefined();
  expect(oddFields(read)).toEqual({ [field]: value });
  // The table marks it in the item's row.
  const columns = kind === "groups" ? groupTable : callTable;
  const plan = planTable(columns as never, [read], { width: 400, color: false });
  expect(tableRows(plan, [read]).join("\n")).toContain("[!]");
  // So do the explorer's rows: its column shows the field marked, and the row drawn (of the columns that
  // fit a 100-column frame) holds it when that column is drawn.
  const tuiColumns = (kind === "groups" ? groupColumns(100, false) : callColumns(100)) as Array<{ get(row: unknown): unknown }>;
  const marked = tuiColumns.findIndex((c) => String(c.get(read)).startsWith("[!]"));
  expect(marked).toBeGreaterThanOrEqual(0);
  if (marked < 4) {
    const rows = render(<Rows columns={tuiColumns as never} rows={[read]} selected={-1} height={3} width={99} theme={createTheme(false)} />);
    const frame = rows.lastFrame() ?? "";
    rows.unmount();
    expect(frame).toContain("[!]");
  }
  // The body as sent is untouched: --json prints it.
  expect(JSON.stringify(body)).toBe(sent);
  return true;
}

describe("the tolerant reader", () => {
  it.each(["groups", "calls"] as const)("any %s item with one shown field in a form ccx cannot read: read whole, the field marked, --json as sent", (kind) => {
    fc.assert(fc.property(fc.nat(), fc.constantFrom(...SHOWN[kind]), unreadable, (index, field, value) => check(kind, index, field, value)), { numRuns: 60 });
  });

  it("a list whose data is one item sent alone reads as a list of one", () => {
    const one = structuredClone(groupsBody.data[0]!);
    const page = parseAnswer(groupListSchema, { data: one }, "GET /groups");
    expect(page.data.map((g) => g.guid)).toEqual([one.guid]);
  });

  it("a paging block or a cursor of another shape is let go, not the page; an owner sent as its entity reads as its uid", () => {
    const body = { ...structuredClone(groupsBody), meta: { pagination: "n/a", cursor: { at: "later" } }, cursor: [1] };
    body.data[0]!.owner = { uid: "carol", name: "Carol" };
    const page = parseAnswer(groupListSchema, body, "GET /groups");
    expect(page.data).toHaveLength(groupsBody.data.length);
    expect(page.meta?.pagination).toBeUndefined();
    expect(page.cursor).toBeUndefined();
    expect(page.data[0]!.owner).toBe("carol");
  });

  it("an item without its id is still refused, and named by its place", () => {
    const body = structuredClone(groupsBody);
    delete body.data[3]!.guid;
    expect(() => parseAnswer(groupListSchema, body, "GET /groups")).toThrow(/data\[3\]\.guid/);
  });
});
