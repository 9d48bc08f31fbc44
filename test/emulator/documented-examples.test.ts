import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS, type Endpoint } from "../../src/api/endpoints.js";
import { bannedFrom, blockedBy } from "../../src/emulator/data/blocks.js";
import { tokensOf } from "../../src/emulator/data/auth-tokens.js";
import { friendsOf } from "../../src/emulator/data/friends.js";
import { isMember, membersOf } from "../../src/emulator/data/members.js";
import type { App } from "../../src/emulator/data/model.js";
import { preferencesOf, pushTokensOf } from "../../src/emulator/data/notifications.js";
import { reactionsTo } from "../../src/emulator/data/reactions.js";
import { ROLE_NAMES, restrictedFeatures } from "../../src/emulator/data/roles.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { DOCUMENTED_EXAMPLES, WITHOUT_EXAMPLE } from "./documented-examples.js";

/**
 * The emulator answers every documented read as the docs do: each field of the read's documented
 * example (test/emulator/documented-examples.ts) is in the emulator's answer with the same JSON type,
 * recursively. A list is compared by its first item against what its items hold together (a field the
 * example shows may be absent from some items, as an avatar is, but not from all of them). A `null` in
 * an example says only that the field is there (the examples send null where a value may be absent, or
 * its type varies between examples).
 */

type Json = unknown;
const kind = (value: Json) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
const isObject = (value: Json): value is Record<string, Json> => kind(value) === "object";

/** Two items as one: every field either has, the first's value where both do (objects and lists merged in turn). */
function merged(a: Json, b: Json): Json {
  if (isObject(a) && isObject(b)) return Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, k in a ? (k in b ? merged(a[k], b[k]) : a[k]) : b[k]]));
  if (Array.isArray(a) && Array.isArray(b) && a.length + b.length > 0) return [[...a, ...b].reduce(merged)];
  return a;
}

/** Where `actual` lacks a field of `example`, or holds it with another JSON type. */
export function departures(example: Json, actual: Json, at = "$"): string[] {
  if (example === null) return actual === undefined ? [`${at}: missing`] : [];
  if (Array.isArray(example)) {
    if (!Array.isArray(actual)) return [`${at}: ${kind(actual)} where the example has an array`];
    if (example.length === 0) return [];
    if (actual.length === 0) return [`${at}: empty where the example has items`];
    return departures(example[0], actual.reduce(merged), `${at}[]`);
  }
  if (isObject(example)) {
    if (!isObject(actual)) return [`${at}: ${kind(actual)} where the example has an object`];
    return Object.entries(example).flatMap(([key, value]) => (key in actual ? departures(value, actual[key], `${at}.${key}`) : [`${at}.${key}: missing`]));
  }
  return kind(actual) === kind(example) ? [] : [`${at}: ${kind(actual)} where the example has a ${kind(example)}`];
}

let fx: EmulatorFixture;
let app: App;
/** The values the reads' path parameters and queries take, found in the emulator's world. */
let ids: Record<string, string>;

/** The first user index for which `fits` holds. */
function userWhere(fits: (index: number) => boolean): number {
  const index = app.users.findIndex((_, i) => i < app.seededUsers && fits(i));
  if (index < 0) throw new Error("no user fits");
  return index;
}

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 30, calls: 40, users: 200, messages: 3000 } });
  app = fx.emulator.world.apps[0]!;
  // Someone with friends, tokens and conversations; someone who blocked a user with a link and metadata, as the example's blocked user has.
  const described = (i: number) => app.users[i]!.link !== undefined && app.users[i]!.metadata !== undefined && app.users[i]!.avatar !== undefined;
  const talks = (i: number) => app.messages.conversations.some((c) => c.group < 0 && (c.userA === i || c.userB === i)) &&
    app.messages.conversations.some((c) => c.group >= 0 && isMember(app, app.groups[c.group]!, i));
  const me = userWhere((i) => friendsOf(app, i).length > 0 && tokensOf(app, i).length > 0 && talks(i));
  const blocker = userWhere((i) => blockedBy(app, i).some((b) => described(b.userIndex)));
  const befriended = userWhere((i) => friendsOf(app, i).some(described));
  const banning = app.groups.find((g) => bannedFrom(app, g).some(described))!;
  const gathering = app.groups.find((g) => membersOf(app, g).some((m) => described(m.userIndex)))!;
  const uid = app.users[me]!.uid;
  const asMe = { onBehalfOf: uid };
  const groups = (await fx.chat("/groups", { hasJoined: "true", perPage: 100 }, asMe)).body.data as Array<{ guid: string; description?: string; icon?: string }>;
  const describedGroup = groups.find((g) => g.description !== undefined && g.icon !== undefined)!;
  type Listed = { id: string; receiverType: string; replyCount?: number; data: { entities: Record<string, { entity: { avatar?: string } }> } };
  const messages = (await fx.chat("/messages", { limit: 1000, category: "message", type: "text" })).body.data as Listed[];
  const pictured = (m: Listed) => m.data.entities.sender!.entity.avatar !== undefined && m.data.entities.receiver!.entity.avatar !== undefined;
  const shown = messages.find((m) => m.receiverType === "user" && pictured(m) && "metadata" in m.data)!;
  const reacted = messages.find((m) => reactionsTo(app, Number(m.id) - 1).length > 0)!;
  // A thread with a reply whose sender has an avatar, as the example's has.
  let threaded: Listed | undefined;
  for (const m of messages.filter((m) => (m.replyCount ?? 0) > 0)) {
    const replies = (await fx.chat(`/messages/${m.id}/thread`)).body.data as Listed[];
    if (replies.some((r) => r.data.entities.sender!.entity.avatar !== undefined)) [threaded] = [m];
    if (threaded) break;
  }
  const conversations = (await fx.chat("/conversations", { perPage: 100 }, asMe)).body.data as Array<{ conversationId: string; conversationType: string; conversationWith: { uid?: string; guid?: string; icon?: string; description?: string } }>;
  const withUser = conversations.find((c) => c.conversationType === "user")!;
  const withGroup = conversations.find((c) => c.conversationType === "group" && c.conversationWith.icon !== undefined && c.conversationWith.description !== undefined)!;
  const pushed = userWhere((i) => pushTokensOf(app, i).length > 0);
  const recorded = app.calls.find((c) => c.recordings.length > 0)!;
  const transcribed = app.calls.find((c) => c.transcriptions.length > 0)!;
  const apiKeys = (await fx.chat("/apikeys")).body.data as Array<{ apiKey: string }>;
  ids = {
    uid, me: String(me), apiKey: apiKeys[0]!.apiKey, guid: banning.guid, id: reacted.id, threadId: threaded!.id, messageId: shown.id, describedGuid: describedGroup.guid, describedUid: app.users[userWhere(described)]!.uid, blockerUid: app.users[blocker]!.uid, friendlyUid: app.users[befriended]!.uid, gatheringGuid: gathering.guid,
    reaction: reactionsTo(app, Number(reacted.id) - 1)[0]!.reaction, conversationId: withGroup.conversationId,
    otherUid: withUser.conversationWith.uid!, conversationGuid: withGroup.conversationWith.guid!, authToken: tokensOf(app, me)[0]!.authToken,
    role: ROLE_NAMES.find((r) => restrictedFeatures(app, r).length > 0)!, scope: "admin", sessionId: recorded.sessionId, transcribedSessionId: transcribed.sessionId, appId: app.appId,
    webhookId: app.webhooks[0]!.id, ruleId: "rule-profanity", keywordId: "profanity-en", reasonId: "spam",
    pushAuthToken: pushTokensOf(app, pushed)[0]!.authToken, mutedUid: app.users[userWhere((i) => preferencesOf(app, i).muted.length > 0)]!.uid,
  };
});
afterAll(() => fx?.close());

/** The path asked for a catalogue path: its parameters filled with what has something to show. */
function pathOf(path: string): string {
  const special: Record<string, string> = {
    "/messages/{id}/thread": `/messages/${ids.threadId}/thread`,
    "/messages/{id}": `/messages/${ids.messageId}`,
    "/groups/{guid}": `/groups/${ids.describedGuid}`,
    "/users/{uid}": `/users/${ids.describedUid}`,
    "/calls/{sessionId}/transcriptions": `/calls/${ids.transcribedSessionId}/transcriptions`,
    "/users/{uid}/blockedusers": `/users/${ids.blockerUid}/blockedusers`,
    "/users/{uid}/friends": `/users/${ids.friendlyUid}/friends`,
    "/groups/{guid}/members": `/groups/${ids.gatheringGuid}/members`,
    "/users/{uid}/conversation": `/users/${ids.otherUid}/conversation`,
    "/groups/{guid}/conversation": `/groups/${ids.conversationGuid}/conversation`,
    "/moderation/reasons/{id}": `/moderation/reasons/${ids.reasonId}`,
  };
  return special[path] ?? path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!));
}

/** The query a read needs beyond its example's: the user or the token the notifications service is asked about. */
function queryOf(path: string): Record<string, string> {
  if (path === "/notifications/push/v1/tokens") return { authToken: ids.pushAuthToken! };
  if (path.startsWith("/notifications/v1/preferences")) return { uid: ids.mutedUid! };
  return {};
}

async function ask(endpoint: Endpoint, query: Record<string, string>, asUser: boolean) {
  const path = pathOf(endpoint.path);
  const qs = new URLSearchParams({ ...query, ...queryOf(endpoint.path) }).toString();
  const user: Record<string, string> = asUser ? { onBehalfOf: ids.uid! } : {};
  if (endpoint.auth === "management") {
    return fx.send("GET", `${fx.info.managementUrl}${path}${qs ? `?${qs}` : ""}`, { key: fx.info.management.key, secret: fx.info.management.secret });
  }
  const headers: Record<string, string> = endpoint.auth === "moderation" ? { key: fx.info.management.key, secret: fx.info.management.secret, appId: app.appId } : {};
  const params = Object.fromEntries(new URLSearchParams(qs));
  return endpoint.host === "calls" ? fx.calls(path, params, { ...headers, ...user }) : fx.chat(path, params, { ...headers, ...user });
}

const reads = ENDPOINTS.filter((e) => e.methods.includes("GET"));

describe("the emulator answers as the docs do", () => {
  it("has a documented example for every read the catalogue lists but a few, each said why", () => {
    expect(reads).toHaveLength(92);
    expect(Object.keys(DOCUMENTED_EXAMPLES).filter((p) => !reads.some((e) => e.path === p))).toEqual([]);
    expect(reads.filter((e) => !(e.path in DOCUMENTED_EXAMPLES) && !(e.path in WITHOUT_EXAMPLE)).map((e) => e.path)).toEqual([]);
    expect(Object.keys(WITHOUT_EXAMPLE).length).toBeLessThanOrEqual(2);
  });

  const compared = reads.filter((e) => e.path in DOCUMENTED_EXAMPLES).map((e) => [e.path, DOCUMENTED_EXAMPLES[e.path]!.fromSchema ? "schema" : "example", e] as const);
  it.each(compared)("GET %s holds its %s's fields with their JSON types", async (_, _source, endpoint) => {
    const { example, query = {}, asUser = false } = DOCUMENTED_EXAMPLES[endpoint.path]!;
    const answer = await ask(endpoint, query, asUser);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(departures(example, answer.body)).toEqual([]);
  });

  it("says where an answer departs from its example: a missing field, another type, an empty list", () => {
    expect(departures({ data: [{ id: "1", n: 2 }] }, { data: [{ id: 1 }] })).toEqual(["$.data[].id: number where the example has a string", "$.data[].n: missing"]);
    expect(departures({ data: [{ id: "1" }] }, { data: [] })).toEqual(["$.data: empty where the example has items"]);
    expect(departures({ a: null, b: [] }, { a: 3, b: [1] })).toEqual([]);
    // A field some items lack is there when another item has it.
    expect(departures({ data: [{ icon: "i", n: 1 }] }, { data: [{ n: 1 }, { n: 2, icon: "j" }] })).toEqual([]);
  });
});
