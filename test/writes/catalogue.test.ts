import { describe, expect, it } from "vitest";
import { ENDPOINTS, findEndpoint } from "../../src/api/endpoints.js";
import { fillParams } from "../../src/resources/resource.js";
import { RESOURCE_LIST } from "../../src/resources/index.js";
import { writeCall } from "../../src/writes/execute.js";
import { VERBS } from "../../src/writes/index.js";
import { PROVIDER_KINDS } from "../../src/writes/providers.js";
import { type ReadBefore, type VerbInput, type WriteRequest, type WriteVerb, verbWords } from "../../src/writes/verb.js";

/**
 * Every verb against the endpoint catalogue: each request it makes (and the
 * read before it, and the inverses it gives, from that read or from its answer) names a template the catalogue
 * documents for that method, its parameters filled in by the one encoder, and
 * the path filled in goes to the host the catalogue gives the template. A verb
 * without inputs here fails the test: a new verb is checked too.
 */

/** Inputs enough to reach each request a verb makes (both conversations, both review lists, with and without triggers). */
const INPUTS: Record<string, VerbInput[]> = {
  "user create": [{ args: { uid: "u1" }, flags: { name: "Una", tags: "a,b", metadata: '{"team":"qa"}' } }],
  "user update": [{ args: { uid: "u1" }, flags: { name: "Una", role: "admin" } }],
  "user deactivate": [{ args: { uid: ["u1", "u2"] }, flags: {} }],
  "user reactivate": [{ args: { uid: ["u1"] }, flags: {} }],
  "user delete": [{ args: { uid: ["u1"] }, flags: { permanent: true } }],
  "member add": [{ args: { guid: "g1", uid: ["u1"] }, flags: { scope: "moderator" } }],
  "member kick": [{ args: { guid: "g1", uid: ["u1"] }, flags: {} }],
  "member scope": [{ args: { guid: "g1", uid: "u1", scope: "admin" }, flags: {} }],
  "member ban": [{ args: { guid: "g1", uid: ["u1"] }, flags: {} }],
  "member unban": [{ args: { guid: "g1", uid: ["u1"] }, flags: {} }],
  block: [{ args: { uid: "u1", target: ["u2"] }, flags: {} }],
  unblock: [{ args: { uid: "u1", target: ["u2"] }, flags: {} }],
  "group create": [{ args: { guid: "g1" }, flags: { name: "G", type: "public" } }],
  "group update": [{ args: { guid: "g1" }, flags: { name: "G", description: "d", tags: "t" } }],
  "group delete": [{ args: { guid: "g1" }, flags: {} }],
  "friend add": [{ args: { uid: "u1", friend: ["u2"] }, flags: {} }],
  "friend remove": [{ args: { uid: "u1", friend: ["u2"] }, flags: {} }],
  token: [{ args: { uid: "u1" }, flags: {} }, { args: { uid: "u1" }, flags: { force: true } }],
  send: [{ args: {}, flags: { as: "u1", to: "u2", text: "hi" } }, { args: {}, flags: { as: "u1", group: "g1", text: "hi" } }],
  "tokens revoke": [{ args: { uid: "u1", token: ["t1"] }, flags: {} }, { args: { uid: "u1" }, flags: { all: true } }],
  "message edit": [{ args: { id: "7" }, flags: { text: "new", as: "u1" } }],
  "message delete": [{ args: { id: ["7"] }, flags: {} }],
  react: [{ args: { id: "7", reaction: "👍" }, flags: { as: "u1" } }],
  unreact: [{ args: { id: "7", reaction: "👍" }, flags: { as: "u1" } }],
  ...Object.fromEntries(["read", "unread", "delivered"].map((what) => [`conversation ${what}`, [
    { args: {}, flags: { as: "u1", user: "u2", message: "7" } },
    { args: {}, flags: { as: "u1", group: "g1" } },
  ]])),
  "webhook create": [
    { args: {}, flags: { name: "Hook", url: "https://hooks.example.com/h", triggers: "group_created,group_deleted", basicAuth: "user:pass" } },
    { args: {}, flags: { name: "Hook", url: "https://hooks.example.com/h" } },
  ],
  "webhook update": [{ args: { webhookId: "h1" }, flags: { name: "Hook", url: "https://hooks.example.com/h" } }],
  "webhook enable": [{ args: { webhookId: "h1" }, flags: {} }],
  "webhook disable": [{ args: { webhookId: "h1" }, flags: {} }],
  "webhook delete": [{ args: { webhookId: "h1" }, flags: {} }],
  "triggers add": [{ args: { webhookId: "h1", trigger: ["group_created"] }, flags: {} }],
  "triggers remove": [{ args: { webhookId: "h1", trigger: ["group_created"] }, flags: {} }],
  ...Object.fromEntries(["approve", "reject"].map((decision) => [`moderation ${decision}`, [
    { args: { messageId: ["7"] }, flags: {} },
    { args: { messageId: ["7"] }, flags: { flagged: true } },
  ]])),
  "notifications settings-set": [{ args: { field: "preferences.group.messagesSetting", value: "1" }, flags: {} }],
  "notifications settings-reset": [{ args: {}, flags: {} }],
  "notifications preference-set": [{ args: { uid: "u1", field: "preferences.mute.dndPreferenceSetting", value: "2" }, flags: {} }],
  "notifications preference-reset": [{ args: { uid: ["u1"] }, flags: {} }],
  "notifications mute": [{ args: { uid: "u1" }, flags: { groups: "g1", users: "u2", until: "2030-01-01T00:00:00Z" } }],
  "notifications unmute": [{ args: { uid: "u1" }, flags: { groups: "g1" } }, { args: { uid: "u1" }, flags: { all: true } }],
  "notifications timezone": [{ args: { uid: "u1", timezone: "Asia/Tokyo" }, flags: {} }],
  "notifications contact-set": [{ args: { uid: "u1" }, flags: { email: "u1@example.com", phone: "+15550100" } }],
  "notifications contact-delete": [{ args: { uid: "u1" }, flags: {} }],
  "push-token register": [{ args: {}, flags: { authToken: "u1_abc", platform: "fcm_android", token: "fcm:123", provider: "fcm-default" } }],
  "push-token unregister": [{ args: {}, flags: { authToken: "u1_abc", all: true } }],
  "push-token delete": [{ args: { pushToken: ["fcm:123"] }, flags: {} }],
  // Every provider kind: its create's documented required fields, an update's one, a delete and default by id.
  ...Object.fromEntries(PROVIDER_KINDS.flatMap((kind) => {
    const flags = Object.fromEntries(kind.fields.map((f) => [f.flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), f.kind === "boolean" ? "true" : f.kind === "json" || f.kind === "file" ? '{"a":1}' : "p1"]));
    return [
      [`${kind.noun} create`, [{ args: {}, flags }]],
      [`${kind.noun} update`, [{ args: {}, flags }]],
      [`${kind.noun} delete`, [{ args: { providerId: "p1" }, flags: {} }]],
      ...(kind.byId ? [[`${kind.noun} default`, [{ args: { providerId: "p2" }, flags: {} }]]] : []),
    ];
  })),
};

/** States read before a write, some making each verb's inverse: nothing, an empty list, a row unlike what it writes, one like it. */
const BEFORES: unknown[] = [
  undefined,
  { data: [] },
  { data: { scope: "participant", hasJoined: true, name: "Old", description: "old", tags: ["old"], role: "default", webhookURL: "https://old.example.com", enabled: false, data: { text: "old" }, lastReadMessageId: "3", unreadMessageCount: 2, reactions: [] } },
  { data: { deactivatedAt: 1_700_000_000, enabled: true, data: { text: "new" }, reactions: [{ reaction: "👍", reactedByMe: true }] } },
  { data: [{ id: "group_created" }, { uid: "u2" }, { messageId: 7, status: "approved", message: { id: 7, data: { moderation: { status: "approved" } } } }] },
  // The notifications' reads: settings, a mute list, a timezone, contact details, providers with a default.
  { data: { preferences: { group: { messagesSetting: 2 }, mute: { dndPreferenceSetting: 1 } }, sound: { chat: "default" }, mutedConversations: [{ id: "g1", type: "group", until: 1 }], timezone: "UTC", email: "old@example.com", phno: "+1555", pushProviders: [{ providerId: "p1", isDefault: true }] } },
];

/** A write's answer, naming what it made: a message's id, a token. */
const ANSWER = { data: { id: 7, uid: "u1", authToken: "u1_abc", sentAt: 1_700_000_000 } };

const app = { appId: "app1", region: "us", apiKey: "k", chatUrl: "https://{appId}.api-{region}.example.com/v3", callsUrl: "https://{appId}.call-{region}.example.com/v3" } as const;
const credentials = { management: { url: "https://mgmt.example.com/apimgmt", key: "mk", secret: "ms" }, readOnly: false };

/** Each request a verb makes for its inputs: the writes, the reads before them, the inverses. */
function requestsOf(verb: WriteVerb): Array<{ method: string; request: WriteRequest | ReadBefore }> {
  const found: Array<{ method: string; request: WriteRequest | ReadBefore }> = [];
  for (const input of INPUTS[verbWords(verb).join(" ")] ?? []) {
    for (const item of verb.items(input)) {
      const request = verb.request(item);
      found.push({ method: request.method, request });
      const before = verb.before?.(item);
      if (before) found.push({ method: "GET", request: before });
      for (const state of BEFORES) {
        const inverse = verb.inverse?.(item, state);
        if (inverse) found.push({ method: inverse.method, request: inverse });
      }
      // The inverse an answer names (a message sent: deleted by its id).
      const told = verb.answered?.(item, ANSWER)?.inverse;
      if (told) found.push({ method: told.method, request: told });
    }
  }
  return found;
}

describe("every verb against the catalogue", () => {
  it("every verb has inputs here", () => {
    expect(VERBS.map((v) => verbWords(v).join(" ")).filter((words) => !INPUTS[words])).toEqual([]);
  });

  it("every key is offered where the explorer shows it: a resource's rows (its name), one item (its singular, on the item's screen), or the thread", () => {
    const rows = new Set(RESOURCE_LIST.filter((r) => r.list).map((r) => r.name));
    const items = new Set(RESOURCE_LIST.filter((r) => r.detail).map((r) => r.singular));
    const nowhere = VERBS.flatMap((v) => (v.keys ?? []).map((k) => k.on)).filter((on) => !rows.has(on) && !items.has(on) && on !== "messages");
    expect(nowhere).toEqual([]);
  });

  it.each(VERBS.map((v) => [verbWords(v).join(" "), v] as const))("%s: method, template, host and headers as documented", (_, verb) => {
    const requests = requestsOf(verb);
    expect(requests.length).toBeGreaterThan(0);
    for (const { method, request } of requests) {
      const { template, params } = request as WriteRequest & { template?: string; params?: Record<string, string> };
      // The template is the catalogue's, word for word, and documents the method.
      const documented = ENDPOINTS.find((e) => e.path === template);
      expect(documented, `${method} ${template}`).toBeDefined();
      expect(documented!.methods, `${method} ${template}`).toContain(method);
      // Every parameter of the template given, none more.
      expect(Object.keys(params ?? {}).sort()).toEqual([...template!.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((p) => p !== "appId").sort());
      // The path filled in is that operation, sent to the host the catalogue gives it.
      expect(findEndpoint(request.path, method as "GET")?.path, request.path).toBe(template);
      const call = writeCall(app, credentials, { method, path: request.path, query: request.query, as: request.as });
      expect(call.host).toBe(documented!.host);
      // The credentials the catalogue gives it: the API key (and the acting user where required), or the management key and secret.
      const headers = Object.keys(call.headers).sort();
      expect(headers, `${method} ${template}`).toEqual(
        documented!.auth === "apikey" ? (request.as !== undefined ? ["apikey", "onBehalfOf"] : ["apikey"]) : documented!.auth === "moderation" ? ["appId", "key", "secret"] : ["key", "secret"]);
      // The user a notification preference, mute or timezone is for: the `uid` query parameter the catalogue requires.
      if (documented!.group === "Notifications" && documented!.query?.includes("uid")) expect(request.query?.uid, `${method} ${template}`).toBeTruthy();
      expect(call.url.startsWith(documented!.host === "management" ? credentials.management.url : documented!.host === "calls" ? "https://app1.call-us" : "https://app1.api-us")).toBe(true);
    }
  });

  it("a lone surrogate in an id is sent as U+FFFD, by the one encoder, for a write and for a read", () => {
    const verb = VERBS.find((v) => verbWords(v).join(" ") === "user delete")!;
    const [item] = verb.items({ args: { uid: ["a\uD800b"] }, flags: {} });
    expect(verb.request(item!).path).toBe("/users/a%EF%BF%BDb");
    expect(fillParams("/users/{uid}", ["a\uDC00b"])).toBe("/users/a%EF%BF%BDb");
  });
});
