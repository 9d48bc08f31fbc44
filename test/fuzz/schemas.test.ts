/**
 * Bad input, fuzzed: the response schemas, through parseAnswer (the path every answer takes in
 * the client). Random JSON, deep nesting, and real answers (from the emulator, in its plain and
 * its variant shapes, and docs/service.md's examples) mutated: fields dropped, types changed, nulls,
 * huge numbers, numbers as strings, extra fields. The only failure is ccx's ApiError, one line
 * naming where the answer is wrong; a valid answer keeps every field it did not name.
 */
import fc from "fast-check";
import type * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAnswer } from "../../src/api/client.js";
import { ApiError, CLIENT_CODES } from "../../src/api/errors.js";
import * as chatSchemas from "../../src/api/chat-schemas.js";
import * as schemas from "../../src/api/schemas.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { thrown, runs } from "./arbitraries.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Kind = "groups" | "group" | "members" | "calls" | "call" | "apps" | "users" | "user" | "messages" | "conversations";

const SCHEMAS: Record<Kind, v.GenericSchema> = {
  groups: schemas.groupListSchema,
  group: schemas.groupDetailSchema,
  members: chatSchemas.userListSchema,
  calls: schemas.callListSchema,
  call: schemas.callDetailSchema,
  apps: schemas.appListSchema,
  users: chatSchemas.userListSchema,
  user: chatSchemas.userDetailSchema,
  messages: chatSchemas.messageListSchema,
  conversations: chatSchemas.conversationListSchema,
};
const KINDS = Object.keys(SCHEMAS) as Kind[];

/** The outcome of parseAnswer: the value, or what was thrown, which must be a one-line ApiError naming the place. */
function parse(kind: Kind, json: unknown): { ok: true; value: any } | { ok: false } {
  let value: unknown;
  const error = thrown(() => (value = parseAnswer(SCHEMAS[kind], json, `GET /${kind}`)));
  if (error === undefined) return { ok: true, value };
  expect(error).toBeInstanceOf(ApiError);
  const e = error as ApiError;
  expect(e.code).toBe(CLIENT_CODES.badShape);
  // "unexpected answer from GET /calls: data[0].participants[1].uid: Invalid type: Expected string but received 5"
  expect(e.message).toMatch(new RegExp(`^unexpected answer from GET /${kind}: (the body|[\\w$-]|"|\\[).*: \\S`));
  expect(e.message).not.toMatch(/[\n\r\u2028\u2029]/);
  expect(e.message.length).toBeLessThan(400);
  return { ok: false };
}

// ---- real-shaped answers ------------------------------------------------------

/** docs/service.md's shapes, written by hand: strings for numbers, the cursor at the top level, data as a one-element array. */
const NOTES: Array<[Kind, Json]> = [
  ["groups", { data: [{ guid: "g1", name: "G", type: "password", membersCount: "12", createdAt: 1704067200, tags: ["vip"], metadata: { a: { b: [1] } }, conversationId: "group_g1", updatedBy: "u" }], cursor: { updatedAt: 1704067200, affix: "prepend" } }],
  ["groups", { data: [], meta: { pagination: { total: 0, count: 0, per_page: 25, current_page: 1, total_pages: 0 }, cursor: { updatedAt: "1704067200", affix: "append" } } }],
  ["call", { data: [{ sessionId: "v1.us.app.1", status: "ended", participants: [{ uid: "a", totalDuration: 1.5, name: "A", avatar: "https://x/a.png" }], recordings: [{ rid: "r", duration: "2.25", startTime: "1704067200", recording_url: "https://x/r.mp4" }], metaData: {}, tags: [] }] }],
  ["calls", { data: [{ sessionId: "s", totalAudioMinutes: "0.5", participants: [{ uid: "b" }], mid: "m", hasTranscription: false, transcriptions: [] }], meta: { pagination: { total: 1, count: 1, current_page: 1, total_pages: 1 } } }],
  ["members", { data: [{ uid: "u", scope: "admin", joinedAt: 1704067200, name: "U", status: "offline" }], meta: { pagination: { total: 1, count: 1, per_page: 10, current_page: 1, total_pages: 1 } } }],
  ["apps", { data: [{ id: "app", name: "A", region: "eu", plan: "free", apiKeys: { k1: { apiKey: "k1", scope: "fullAccess", name: "n", createdBy: "x" } }, appOwner: { id: 1 } }] }],
  // The chat side: nulls, numbers as strings, metadata as PHP's []; both message envelopes (the per-user one with
  // numeric ids); a conversation's unread count as a string and its other side as an entity; an empty user.
  ["users", { data: [{ uid: "alice", name: "Alice", status: "available", role: "default", avatar: null, metadata: [], tags: ["vip"], createdAt: "1704067200", lastActiveAt: 1704067300, conversationId: "alice_user_bob", blockedByMe: false, hasBlockedMe: false }], meta: { pagination: { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 } } }],
  ["user", { data: { uid: "bob", name: "Bob", status: "offline", role: "agent", metadata: { "@private": { email: "bob@example.com" } }, createdAt: 1704067200, deactivatedAt: null } }],
  ["user", { data: [] }],
  ["messages", { data: [{ id: "10", conversationId: "group_g1", sender: "alice", receiver: "g1", receiverType: "group", category: "message", type: "text", data: { text: "hi", entities: { sender: { entity: { uid: "alice", name: "A" }, entityType: "user" }, receiver: { entity: { guid: "g1", name: "G" }, entityType: "group" } } }, sentAt: 1704067200, updatedAt: 1704067200, editedAt: null, editedBy: null, deletedAt: null, deletedBy: null, tags: [] }], meta: { current: { limit: 30, count: 1 }, next: { affix: "prepend", sentAt: 1704067200, id: "10" } } }],
  ["messages", { data: [{ id: 11, conversationId: "alice_user_bob", sender: "bob", receiver: "alice", receiverType: "user", category: "custom", type: "location", data: { customData: { latitude: 1.5 } }, sentAt: "1704067300", parentId: 10, replyCount: "2", reactions: [{ reaction: "👍", count: 1 }] }], meta: { pagination: { total: 1, count: 1, per_page: 30, current_page: 1, total_pages: 1 }, cursor: { id: 11, affix: "prepend" } } }],
  ["conversations", { data: [
    { conversationId: "alice_user_bob", conversationType: "user", unreadMessageCount: "3", unreadMentionsCount: 0, lastReadMessageId: "8", lastMessage: { id: "11", sender: "bob", receiver: "alice", receiverType: "user", category: "message", type: "text", data: { text: "hi" }, sentAt: 1704067300, editedAt: null }, conversationWith: { uid: "bob", name: "Bob", status: "offline" }, updatedAt: 1704067300 },
    { conversationId: "group_g1", conversationType: "group", unreadMessageCount: 0, lastMessage: null, conversationWith: { guid: "g1", name: "G", membersCount: "12", metadata: [] }, updatedAt: "1704067200", tags: ["pinned"] },
  ], meta: { pagination: { total: 2, count: 2, per_page: 50, current_page: 1, total_pages: 1 } } }],
];

let plain: EmulatorFixture;
let variants: EmulatorFixture;
let docs: EmulatorFixture;
const REAL: Array<[Kind, Json]> = [...NOTES];

async function answersOf(fx: EmulatorFixture): Promise<Array<[Kind, Json]>> {
  const groups = (await fx.chat("/groups", { perPage: 4, withTags: true })).body;
  const guid = groups.data[0].guid as string;
  const calls = (await fx.calls("/calls", { perPage: 4 })).body;
  const withParticipants = calls.data.find((c: any) => c.participants?.length) ?? calls.data[0];
  const management = { key: fx.info.management.key, secret: fx.info.management.secret };
  // The first two users talk to each other (the emulator pairs the first user with the next few).
  const [me, other] = fx.emulator.world.apps[0]!.users.map((u) => u.uid);
  const onBehalfOf = { onBehalfOf: me! };
  return [
    ["groups", groups],
    ["groups", (await fx.chat("/groups", { perPage: 2, updatedAt: 1, affix: "append" })).body],
    ["group", (await fx.chat(`/groups/${encodeURIComponent(guid)}`)).body],
    ["members", (await fx.chat(`/groups/${encodeURIComponent(guid)}/members`, { perPage: 3 })).body],
    ["calls", calls],
    ["call", (await fx.calls(`/calls/${encodeURIComponent(withParticipants.sessionId)}`)).body],
    ["apps", (await fx.send("GET", `${fx.info.managementUrl}/apps`, management)).body],
    ["users", (await fx.chat("/users", { perPage: 4, withTags: true })).body],
    ["users", (await fx.chat("/users", { perPage: 3 }, onBehalfOf)).body],
    ["user", (await fx.chat(`/users/${encodeURIComponent(other!)}`)).body],
    ["messages", (await fx.chat("/messages", { limit: 4, withTags: true })).body],
    ["messages", (await fx.chat(`/users/${encodeURIComponent(other!)}/messages`, { limit: 3 }, onBehalfOf)).body],
    ["conversations", (await fx.chat("/conversations", { perPage: 4, withTags: true }, onBehalfOf)).body],
  ];
}

beforeAll(async () => {
  const sizes = { apps: 1, groups: 8, calls: 8, users: 6, messages: 200 };
  plain = await emulatorFixture({ sizes });
  variants = await emulatorFixture({
    sizes,
    variants: new Set(["cursor-top-level", "call-data-array", "participant-in-minutes", "password-type", "string-numbers", "unread-count-number"]),
  });
  // The documented examples' forms, mixed per item: nulls, numbers as strings, entity objects for uids.
  docs = await emulatorFixture({ sizes, variants: new Set(["docs"]) });
  REAL.push(...(await answersOf(plain)), ...(await answersOf(variants)), ...(await answersOf(docs)));
});
afterAll(async () => {
  await plain?.close();
  await variants?.close();
  await docs?.close();
});

// ---- mutations ----------------------------------------------------------------

type Path = Array<string | number>;

/** Every place in a value (the root included), parents before children, down to a depth well below any nesting mutation. */
function placesOf(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (path.length >= 8) return out;
  if (Array.isArray(value)) value.forEach((item, i) => placesOf(item, [...path, i], out));
  else if (value !== null && typeof value === "object") for (const [k, item] of Object.entries(value)) placesOf(item, [...path, k], out);
  return out;
}

function at(value: Json, path: Path): Json {
  return path.reduce<any>((v, k) => v?.[k], value);
}

/** Replaces (or with `undefined`, removes) the value at a non-root path. */
function setAt(root: Json, path: Path, replacement: Json | undefined): void {
  const parent: any = at(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (replacement !== undefined) parent[key] = replacement;
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
}

function nested(depth: number, leaf: Json): Json {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { x: value };
  return value;
}

/** JSON text of a value, or "" for one too deep to print (the test's own limit, not ccx's). */
function stringified(value: Json): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

const HUGE = [1e308, -1e308, Infinity, -Infinity, -0, 2 ** 53 + 1, -(2 ** 63), 1.5, 0.1, 1e-300];
const NUMBER_STRINGS = ["12", " 12 ", "12abc", "", "0x10", "1e3", "-1", "1.", ".5", "١٢", "Infinity", "NaN", "9".repeat(400)];

const mutation = fc.oneof(
  fc.constant({ kind: "drop" as const }),
  fc.constant({ kind: "null" as const }),
  fc.record({ kind: fc.constant("replace" as const), with: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> }),
  fc.record({ kind: fc.constant("huge" as const), with: fc.constantFrom(...HUGE) }),
  fc.record({ kind: fc.constant("numberString" as const), with: fc.constantFrom(...NUMBER_STRINGS) }),
  fc.constant({ kind: "stringify" as const }),
  fc.constant({ kind: "wrap" as const }),
  fc.record({ kind: fc.constant("extra" as const), key: fc.string({ maxLength: 8 }), with: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> }),
  fc.record({ kind: fc.constant("deep" as const), depth: fc.integer({ min: 100, max: 5_000 }) }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(root: Json, place: Path, m: Mutation): Json {
  const current = at(root, place);
  const replace = (value: Json | undefined) => {
    if (place.length === 0) return value === undefined ? null : value;
    setAt(root, place, value);
    return root;
  };
  switch (m.kind) {
    case "drop": return replace(undefined);
    case "null": return replace(null);
    case "replace": return replace(m.with);
    case "huge": return replace(m.with);
    case "numberString": return replace(typeof current === "number" ? String(current) : m.with);
    case "stringify": return replace(stringified(current));
    case "wrap": return replace([current]);
    case "deep": return replace(nested(m.depth, current));
    case "extra":
      if (current !== null && typeof current === "object" && !Array.isArray(current)) (current as Record<string, Json>)[m.key] = m.with;
      return root;
  }
}

const mutated = fc
  .tuple(fc.nat(), fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 4 }))
  .map(([which, steps]) => {
    const [kind, answer] = REAL[which % REAL.length]!;
    let value: Json = structuredClone(answer);
    for (const [pick, m] of steps) {
      const places = placesOf(value);
      value = mutate(value, places[pick % places.length]!, m);
    }
    return { kind, value };
  });

// ---- properties ---------------------------------------------------------------

describe("response schemas on arbitrary JSON", () => {
  it("real answers, unmutated, parse", () => {
    expect(REAL.length).toBeGreaterThan(NOTES.length);
    for (const [kind, answer] of REAL) expect(parse(kind, answer).ok, `${kind}: ${JSON.stringify(answer).slice(0, 200)}`).toBe(true);
  });

  it("random JSON is parsed or refused with an ApiError naming the place", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.jsonValue({ maxDepth: 6 }), (kind, json) => {
        parse(kind, json);
        parse(kind, { data: json });
        parse(kind, { data: [json] });
      }),
      runs(300),
    );
  });

  it("random JSON text, as JSON.parse reads it (Infinity from 1e400, __proto__ as an own key)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.json({ maxDepth: 4 }), fc.constantFrom("1e400", "-1e400", '{"__proto__":{"x":1}}', '"\\u0000\\u001b[2J"'), (kind, text, odd) => {
        parse(kind, JSON.parse(text));
        parse(kind, JSON.parse(`{"data":[${odd}, ${text}], "meta": ${odd}}`));
      }),
      runs(200),
    );
  });

  it("deeply nested JSON (a million levels, as JSON.parse reads it) is no crash, wherever it sits", () => {
    const deep = JSON.parse(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`) as Json;
    for (const kind of KINDS) {
      expect(parse(kind, deep).ok).toBe(false);
      expect(parse(kind, { data: deep }).ok).toBe(false);
      expect(parse(kind, { data: [deep] }).ok).toBe(false);
    }
  });

  it("an answer nested to MAX_DEPTH is read, and can be printed", () => {
    const [, group] = REAL.find(([k]) => k === "groups")!;
    const answer = structuredClone(group) as any;
    answer.data[0].metadata = { x: nested(schemas.MAX_DEPTH - 4, "leaf") }; // the body, data, the group and metadata take four
    const result = parse("groups", answer);
    expect(result.ok).toBe(true);
    expect(() => JSON.stringify(answer)).not.toThrow();
    answer.data[0].metadata = { x: nested(schemas.MAX_DEPTH - 3, "leaf") };
    expect(parse("groups", answer).ok).toBe(false);
  });

  it("mutated real answers are parsed or refused with an ApiError naming the place", () => {
    fc.assert(fc.property(mutated, ({ kind, value }) => void parse(kind, value)), runs(600));
  });
});

describe("valid answers with extra fields", () => {
  /** Keys valibot leaves out of any object it builds, so as never to touch a prototype. */
  const RESERVED = new Set(["__proto__", "constructor", "prototype"]);
  /** Fields read as a uid or guid, whichever form they come in (uidOrEntity). */
  const ENTITY_FIELDS = new Set(["initiator", "receiver", "owner", "sender", "editedBy", "deletedBy"]);
  const extraKey = fc.string({ maxLength: 12, unit: "binary" }).map((k) => `x-${k}`).filter((k) => !RESERVED.has(k));

  it("keep every extra field, whole, at its place", () => {
    const additions = fc.array(fc.tuple(fc.nat(), extraKey, fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.nat(), additions, (which, adds) => {
        const [kind, answer] = REAL[which % REAL.length]!;
        const value = structuredClone(answer);
        const objects = placesOf(value).filter((p) => {
          const v = at(value, p);
          // Only objects a schema describes: the values of metadata and other unknown fields are kept as they are anyway.
          // An entity sent for a uid (the docs' `initiator: {uid, name}`) is read as that uid: its fields stay in the raw body.
          return v !== null && typeof v === "object" && !Array.isArray(v) && !ENTITY_FIELDS.has(String(p.at(-1)))
            && !p.some((k) => k === "metadata" || k === "metaData" || k === "apiKeys" || String(k).startsWith("x-"));
        });
        const placed: Array<[Path, string, Json]> = [];
        for (const [pick, key, extra] of adds) {
          const place = objects[pick % objects.length]!;
          (at(value, place) as Record<string, Json>)[key] = extra;
          placed.push([place, key, extra]);
        }
        const result = parse(kind, value);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        for (const [place, key, extra] of placed) {
          // GET /calls/{id} may send data as a one-element array; ccx reads the call inside.
          const outPlace = kind === "call" && Array.isArray((value as any).data) && place[0] === "data" ? ["data", ...place.slice(2)] : place;
          const holder = at(result.value, outPlace) as Record<string, Json> | undefined;
          const last = placed.filter(([p, k]) => k === key && JSON.stringify(p) === JSON.stringify(place)).at(-1)!;
          expect(holder && Object.hasOwn(holder, key), `${JSON.stringify(outPlace)}.${key}`).toBe(true);
          expect(holder![key]).toEqual(last[2]);
          void extra;
        }
      }),
      runs(200),
    );
  });
});

describe("regressions found by fuzzing", () => {
  it("metadata nested 5,000 deep is refused, naming where, instead of crashing --json and the group view later", () => {
    const body = { data: [{ guid: "g", metadata: { x: nested(5_000, 1) } }] };
    // JSON.parse reads it; JSON.stringify, as --json and the group view print it, overflows the stack.
    expect(() => JSON.stringify(body)).toThrow(RangeError);
    const error = thrown(() => parseAnswer(schemas.groupListSchema, body, "GET /groups")) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`unexpected answer from GET /groups: the body: nested deeper than ${schemas.MAX_DEPTH} levels, under data[0].metadata.x…`);
  });

  it("a bad participant inside a call's data no longer sinks the call: the participant's field is kept as sent and marked; a bad id is named", () => {
    const call = parseAnswer(schemas.callDetailSchema, { data: { sessionId: "s", participants: [{ uid: "u", totalDuration: "abc" }] } }, "GET /calls/s").data!;
    expect(call.participants![0]!.uid).toBe("u");
    expect(schemas.oddFields(call.participants![0])).toEqual({ totalDuration: "abc" });
    // An item that lacks its id cannot be read: named by its place, not hidden behind the union of data's shapes.
    const inArray = thrown(() => parseAnswer(schemas.callDetailSchema, { data: [{ sessionId: 5 }] }, "GET /calls/s")) as ApiError;
    expect(inArray.message).toBe("unexpected answer from GET /calls/s: data[0].sessionId: Invalid type: Expected string but received 5");
  });

  it("a map sent as a list (a message's data, a user's metadata) is kept as sent and marked, not read as {0: …}; PHP's [] is still an empty map", () => {
    const page = parseAnswer(chatSchemas.messageListSchema, { data: [{ id: "1", type: "text", data: ["hello"] }, { id: "2", data: [] }] }, "GET /messages");
    expect(page.data[0]!.data).toBeUndefined();
    expect(schemas.oddFields(page.data[0])).toEqual({ data: ["hello"] });
    expect(page.data[1]!.data).toEqual({});
    const user = parseAnswer(chatSchemas.userDetailSchema, { data: { uid: "u", metadata: ["a", "b"] } }, "GET /users/u").data!;
    expect(schemas.oddFields(user)).toEqual({ metadata: ["a", "b"] });
  });

  it("a key that is not a plain word is quoted in the path", () => {
    const odd = thrown(() => parseAnswer(schemas.appListSchema, { data: [{ id: "a", region: "us", apiKeys: { ":": false } }] }, "GET /apps")) as ApiError;
    expect(odd.message).toBe('unexpected answer from GET /apps: data[0].apiKeys.":": Invalid type: Expected Object but received false');
  });

  it("a received string with line breaks, or a huge key, stays on one short line", () => {
    const multiline = thrown(() => parseAnswer(schemas.groupListSchema, { data: "line1\nline2" }, "GET /groups")) as ApiError;
    expect(multiline.message).toBe('unexpected answer from GET /groups: data: Invalid type: Expected (Array | Object) but received "line1\\nline2"');
    const hugeKey = thrown(() => parseAnswer(schemas.appListSchema, { data: [{ id: "a", region: "us", apiKeys: { ["k".repeat(100_000)]: 5 } }] }, "GET /apps")) as ApiError;
    expect(hugeKey.message).toMatch(/^unexpected answer from GET \/apps: data\[0\]\.apiKeys\.k{39}…: Invalid type: Expected Object but received 5$/);
  });
});
