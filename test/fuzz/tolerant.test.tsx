import fc from "fast-check";
import { render } from "ink-testing-library";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAnswer } from "../../src/api/client.js";
import { ApiError } from "../../src/api/errors.js";
import { conversationListSchema, messageListSchema, userListSchema } from "../../src/api/chat-schemas.js";
import { callListSchema, groupListSchema, oddFields } from "../../src/api/schemas.js";
import { tableColumns } from "../../src/cli/render/resource-table.js";
import { calls } from "../../src/resources/calls.js";
import { conversations } from "../../src/resources/conversations.js";
import { groups } from "../../src/resources/groups.js";
import { users } from "../../src/resources/users.js";
import { messageColumns as messageTable } from "../../src/cli/render/message-rows.js";
import { type TableColumn, planTable, tableRows } from "../../src/text/table.js";
import { type Column, Rows } from "../../src/tui/components/rows.js";
import { explorerColumns } from "../../src/tui/screens/resource-columns.js";
import type { AnyResource } from "../../src/resources/resource.js";
import { createTheme } from "../../src/tui/theme.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { thrown } from "./arbitraries.js";

/**
 * The tolerant reader: any real answer, one non-id field of one item mangled
 * into a form ccx cannot read, still reads whole; that field is kept as sent
 * and marked [!] in the table and in the explorer's rows; the body itself is
 * untouched, so --json prints what was sent. An item whose id is mangled is
 * refused, on one line naming its place.
 */

type Body = { data: Array<Record<string, unknown>>; meta?: Record<string, any> };

let fx: EmulatorFixture;
let docs: EmulatorFixture;
const BODIES: Partial<Record<Kind, Body>> = {};

const SIZES = { apps: 1, groups: 30, calls: 30, users: 20, messages: 300 };

beforeAll(async () => {
  fx = await emulatorFixture({ seed: 11, sizes: SIZES });
  // The documented examples' forms: a conversation's unreadMessageCount as a string, nulls.
  docs = await emulatorFixture({ seed: 11, sizes: SIZES, variants: new Set(["docs"]) });
  // The first two users talk to each other (the emulator pairs the first user with the next few).
  const [me, other] = fx.emulator.world.apps[0]!.users.map((u) => u.uid);
  BODIES.groups = (await fx.chat("/groups", { perPage: 30, withTags: true })).body;
  BODIES.calls = (await fx.calls("/calls", { perPage: 30 })).body;
  BODIES.users = (await fx.chat("/users", { perPage: 30, withTags: true }, { onBehalfOf: me! })).body;
  // Both envelopes: the app's messages (meta.current and meta.next), a 1:1's (meta.pagination and meta.cursor, its id a number).
  BODIES.messages = (await fx.chat("/messages", { limit: 30, withTags: true })).body;
  BODIES.userMessages = (await fx.chat(`/users/${encodeURIComponent(other!)}/messages`, { limit: 30 }, { onBehalfOf: me! })).body;
  BODIES.conversations = (await docs.chat("/conversations", { perPage: 30, withTags: true }, { onBehalfOf: me! })).body;
});
afterAll(async () => {
  await fx?.close();
  await docs?.close();
});

/** Forms no field of an item is read from: the schema of every field refuses each (a map, `data`, takes any object: not those). */
const unreadable = fc.oneof(
  fc.constant({ nested: { deeper: [1, 2] } }),
  fc.constant([true, "x"]),
  fc.constant(true),
  fc.string({ minLength: 1, maxLength: 12 }).map((text) => ({ text })),
);
const unreadableMap = fc.oneof(fc.constant([true, "x"]), fc.constant(true), fc.integer(), fc.string({ maxLength: 12 }));

type Kind = "groups" | "calls" | "users" | "messages" | "userMessages" | "conversations";

interface KindSpec {
  schema: v.GenericSchema;
  /** The id field an item needs. */
  id: string;
  /** The fields each kind shows in a column (its id aside), as the item names them. */
  shown: readonly string[];
  /** Fields read as maps: any object is a form they read. */
  maps?: readonly string[];
  /** The table the one-shot command prints. */
  table: TableColumn<never>[];
  /** The explorer's rows, at a width (messages: drawn by their own screen, not a list's). */
  rows?: (width: number) => Column<never>[];
}

const KINDS: Record<Kind, KindSpec> = {
  groups: {
    schema: groupListSchema, id: "guid", shown: ["name", "type", "membersCount", "tags", "owner", "createdAt", "updatedAt"],
    table: tableColumns(groups) as TableColumn<never>[], rows: (w) => explorerColumns(groups as unknown as AnyResource, { width: w, rows: [] }) as Column<never>[],
  },
  calls: {
    schema: callListSchema, id: "sessionId", shown: ["status", "mode", "type", "startedAt", "endedAt", "totalDurationInMinutes", "receiver"],
    table: tableColumns(calls) as TableColumn<never>[], rows: (w) => explorerColumns(calls as unknown as AnyResource, { width: w, rows: [] }) as Column<never>[],
  },
  users: {
    schema: userListSchema, id: "uid", shown: ["name", "status", "role", "tags", "lastActiveAt", "createdAt"],
    table: tableColumns(users) as TableColumn<never>[], rows: (w) => explorerColumns(users as unknown as AnyResource, { width: w, rows: [] }) as Column<never>[],
  },
  messages: {
    schema: messageListSchema, id: "id", shown: ["sentAt", "sender", "receiver", "type", "data"], maps: ["data"],
    table: messageTable as TableColumn<never>[],
  },
  userMessages: {
    schema: messageListSchema, id: "id", shown: ["sentAt", "sender", "receiver", "type", "data"], maps: ["data"],
    table: messageTable as TableColumn<never>[],
  },
  conversations: {
    schema: conversationListSchema, id: "conversationId", shown: ["conversationWith", "conversationType", "unreadMessageCount", "lastMessage", "updatedAt"],
    table: tableColumns(conversations) as TableColumn<never>[], rows: (w) => explorerColumns(conversations as unknown as AnyResource, { width: w, rows: [] }) as unknown as Column<never>[],
  },
};
const ALL = Object.keys(KINDS) as Kind[];

/** A field the kind shows, and a form of it ccx cannot read. */
const mangledField = (kind: Kind) =>
  fc.constantFrom(...KINDS[kind].shown).chain((field) => (KINDS[kind].maps?.includes(field) ? unreadableMap : unreadable).map((value) => ({ field, value })));

const bodyOf = (kind: Kind): Body => BODIES[kind]!;

function check(kind: Kind, index: number, field: string, value: unknown): boolean {
  const spec = KINDS[kind];
  const body = structuredClone(bodyOf(kind));
  const item = body.data[index % body.data.length]!;
  item[field] = value;
  const sent = JSON.stringify(body);
  const page = parseAnswer(spec.schema, JSON.parse(sent), `GET /${kind}`) as { data: Array<Record<string, unknown>> };
  const read = page.data[index % body.data.length]!;
  // Read whole, the field left out and kept as sent.
  expect(page.data).toHaveLength(body.data.length);
  expect(read[field]).toBeUndefined();
  expect(oddFields(read)).toEqual({ [field]: value });
  // The table marks it in the item's row.
  const plan = planTable(spec.table, [read as never], { width: 400, color: false });
  expect(tableRows(plan, [read as never]).join("\n")).toContain("[!]");
  // So do the explorer's rows: its column (on a wide screen, where every column shows) shows the field
  // marked, and the row drawn (of the columns that fit a 100-column frame) holds it when that column is drawn.
  if (spec.rows) {
    const tuiColumns = spec.rows(160) as Array<{ get(row: unknown): unknown }>;
    const marked = tuiColumns.findIndex((c) => String(c.get(read)).startsWith("[!]"));
    expect(marked).toBeGreaterThanOrEqual(0);
    if (marked < 4) {
      const rows = render(<Rows columns={tuiColumns as never} rows={[read]} selected={-1} height={3} width={99} theme={createTheme(false)} />);
      const frame = rows.lastFrame() ?? "";
      rows.unmount();
      expect(frame).toContain("[!]");
    }
  }
  // The body as sent is untouched: --json prints it.
  expect(JSON.stringify(body)).toBe(sent);
  return true;
}

describe("the tolerant reader", () => {
  it("the real answers hold what the properties need: both message envelopes, a conversation's count as a string", () => {
    for (const kind of ALL) expect(bodyOf(kind).data.length, kind).toBeGreaterThan(3);
    expect(bodyOf("messages").meta).toMatchObject({ current: expect.any(Object), next: expect.any(Object) });
    expect(bodyOf("userMessages").meta).toMatchObject({ pagination: expect.any(Object), cursor: { id: expect.any(Number) } });
    expect(bodyOf("conversations").data.some((c) => typeof c.unreadMessageCount === "string")).toBe(true);
  });

  it.each(ALL)("any %s item with one shown field in a form ccx cannot read: read whole, the field marked, --json as sent", (kind) => {
    fc.assert(fc.property(fc.nat(), mangledField(kind), (index, { field, value }) => check(kind, index, field, value)), { numRuns: 60 });
  });

  it.each(ALL)("any %s item whose id is mangled is refused, on one line naming its place", (kind) => {
    const { id, schema } = KINDS[kind];
    // Forms no id is read from: gone, null, a boolean, an object, a list, a fraction (a message's id may be an integer).
    const mangled = fc.constantFrom(undefined, null, true, { nested: 1 }, ["x"], 1.5);
    fc.assert(
      fc.property(fc.nat(), mangled, (index, value) => {
        const body = structuredClone(bodyOf(kind));
        const at = index % body.data.length;
        if (value === undefined) delete body.data[at]![id];
        else body.data[at]![id] = value;
        const error = thrown(() => parseAnswer(schema, body, `GET /${kind}`)) as ApiError;
        expect(error).toBeInstanceOf(ApiError);
        expect(error.message).toMatch(new RegExp(`^unexpected answer from GET /${kind}: data\\[${at}\\]\\.${id}: \\S`));
        expect(error.message).not.toMatch(/[\n\r\u2028\u2029]/);
      }),
      { numRuns: 30 },
    );
  });

  it("a list whose data is one item sent alone reads as a list of one", () => {
    const one = structuredClone(bodyOf("groups").data[0]!);
    const page = parseAnswer(groupListSchema, { data: one }, "GET /groups");
    expect(page.data.map((g) => g.guid)).toEqual([one.guid]);
  });

  it("a paging block or a cursor of another shape is let go, not the page; an owner sent as its entity reads as its uid", () => {
    const body = { ...structuredClone(bodyOf("groups")), meta: { pagination: "n/a", cursor: { at: "later" } }, cursor: [1] };
    body.data[0]!.owner = { uid: "carol", name: "Carol" };
    const page = parseAnswer(groupListSchema, body, "GET /groups");
    expect(page.data).toHaveLength(bodyOf("groups").data.length);
    expect(page.meta?.pagination).toBeUndefined();
    expect(page.cursor).toBeUndefined();
    expect(page.data[0]!.owner).toBe("carol");
  });

  it("messages: either envelope's paging, in any other shape, is let go, not the page; a numeric id (the per-user cursor's) reads as a string", () => {
    const odd = fc.oneof(fc.constant("n/a"), fc.constant([1]), fc.constant({ id: { x: 1 }, affix: 5 }), fc.constant({ limit: "many", sentAt: "soon" }), fc.constant(null));
    const place = fc.constantFrom("pagination", "current", "next", "cursor");
    fc.assert(
      fc.property(fc.constantFrom("messages", "userMessages") as fc.Arbitrary<Kind>, place, odd, (kind, key, value) => {
        const body = structuredClone(bodyOf(kind));
        body.meta = { ...body.meta, [key]: value };
        const page = parseAnswer(messageListSchema, body, `GET /${kind}`);
        expect(page.data.map((m) => m.id)).toEqual(bodyOf(kind).data.map((m) => m.id));
      }),
      { numRuns: 40 },
    );
    const numeric = structuredClone(bodyOf("userMessages"));
    numeric.data[0]!.id = Number(numeric.data[0]!.id);
    numeric.data[1]!.parentId = 7;
    const page = parseAnswer(messageListSchema, numeric, "GET /users/bob/messages");
    expect(page.data[0]!.id).toBe(String(numeric.data[0]!.id));
    expect(page.data[1]!.parentId).toBe("7");
    expect(page.meta?.cursor?.id).toBe(String(bodyOf("userMessages").meta!.cursor.id));
  });

  it("conversations: an unread count sent as a string (as the docs send it) reads as a number, shown unmarked; a last message without its id is marked, not the page", () => {
    const page = parseAnswer(conversationListSchema, structuredClone(bodyOf("conversations")), "GET /conversations");
    bodyOf("conversations").data.forEach((sent, i) => {
      const read = page.data[i]!;
      expect(read.unreadMessageCount).toBe(Number(sent.unreadMessageCount));
      expect(oddFields(read)).toBeUndefined();
      const plan = planTable(tableColumns(conversations), [read], { width: 400, color: false });
      expect(tableRows(plan, [read]).join("\n")).not.toContain("[!]");
    });
    const body = structuredClone(bodyOf("conversations"));
    delete (body.data[2]!.lastMessage as Record<string, unknown>).id;
    const read = parseAnswer(conversationListSchema, body, "GET /conversations").data[2]!;
    expect(read.lastMessage).toBeUndefined();
    expect(Object.keys(oddFields(read) ?? {})).toEqual(["lastMessage"]);
  });
});
