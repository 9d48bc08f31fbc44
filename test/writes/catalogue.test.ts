import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addGlobalOptions } from "../../src/cli/global-options.js";
import { ENDPOINTS, endpointsOf, findEndpoint } from "../../src/api/endpoints.js";
import { fillParams } from "../../src/resources/resource.js";
import { RESOURCE_LIST } from "../../src/resources/index.js";
import { writeCall } from "../../src/writes/execute.js";
import { VERBS } from "../../src/writes/index.js";
import { verbExamples } from "../../src/writes/examples.js";
import { type ReadBefore, type WriteRequest, type WriteVerb, verbWords } from "../../src/writes/verb.js";

const VERB_EXAMPLES = verbExamples();

/**
 * Every verb against the endpoint catalogue: each request it makes (and the
 * read before it, and the inverses it gives, from that read or from its answer) names a template the catalogue
 * documents for that method, its parameters filled in by the one encoder, and
 * the path filled in goes to the host the catalogue gives the template. A verb
 * without examples (src/writes/examples.ts) fails the test: a new verb is checked too.
 */

// The webhook verbs whose examples include the current webhooks' (--version 2).
const WEBHOOK_VERBS = ["webhook create", "webhook update", "webhook enable", "webhook disable", "webhook delete", "triggers add", "triggers remove"];

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
  for (const input of VERB_EXAMPLES[verbWords(verb).join(" ")] ?? []) {
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
    expect(VERBS.map((v) => verbWords(v).join(" ")).filter((words) => !VERB_EXAMPLES[words])).toEqual([]);
  });

  it("no verb's flag is one every command has (a provider's --api-key would be taken for the app's key)", () => {
    const program = new Command();
    addGlobalOptions(program);
    const global = new Set(program.options.map((o) => o.long?.replace(/^--(no-)?/, "")));
    expect(VERBS.flatMap((v) => (v.flags ?? []).filter((f) => global.has(f.flag)).map((f) => `${verbWords(v).join(" ")} --${f.flag}`))).toEqual([]);
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
      // Every parameter of the template given, none more; `{appId}` is the active app's, unless the app is the item (`app delete`).
      expect(Object.keys(params ?? {}).sort()).toEqual([...template!.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((p) => p !== "appId" || "appId" in (params ?? {})).sort());
      // The path filled in is that operation (with the credentials asked for, where the catalogue gives it with two), sent to the host the catalogue gives it.
      const { auth } = request as WriteRequest;
      const inferred = auth === "management" ? endpointsOf(request.path, method as "GET").find((e) => e.auth !== "apikey") : findEndpoint(request.path, method as "GET");
      expect(inferred?.path, request.path).toBe(template);
      const call = writeCall(app, credentials, { method, path: request.path, query: request.query, as: request.as, headers: request.headers, auth });
      expect(call.host).toBe(documented!.host);
      // The credentials the catalogue gives it: the API key (and the acting user where required), the management key and secret, or those as HTTP Basic's (`POST /tenants`).
      const credentialHeaders = documented!.auth === "apikey" ? (request.as !== undefined ? ["apikey", "onBehalfOf"] : ["apikey"])
        : documented!.auth === "moderation" ? ["appId", "key", "secret"] : documented!.auth === "basic" ? ["authorization"] : ["key", "secret"];
      expect(Object.keys(call.headers).sort(), `${method} ${template}`).toEqual([...credentialHeaders, ...Object.keys(request.headers ?? {})].sort());
      // The user a notification preference, mute or timezone is for: the `uid` query parameter the catalogue requires.
      if (documented!.group === "Notifications" && documented!.query?.includes("uid")) expect(request.query?.uid, `${method} ${template}`).toBeTruthy();
      // A header beside the credentials only where the catalogue documents it: the webhooks' version.
      if (request.headers) {
        expect(documented!.group, `${method} ${template}`).toBe("Webhooks");
        expect(call.headers).toMatchObject({ key: "mk", secret: "ms", "X-Webhook-Version": "2" });
      }
      expect(call.url.startsWith(documented!.host === "management" ? credentials.management.url : documented!.host === "calls" ? "https://app1.call-us" : "https://app1.api-us")).toBe(true);
    }
  });

  it("--version 2: a webhook verb's every request, the read before it and its undo carry X-Webhook-Version: 2; without it, none does", () => {
    for (const words of WEBHOOK_VERBS) {
      const verb = VERBS.find((v) => verbWords(v).join(" ") === words)!;
      for (const input of VERB_EXAMPLES[words]!) {
        const expected = input.flags.version === "2" ? { "X-Webhook-Version": "2" } : undefined;
        for (const item of verb.items(input)) {
          expect(verb.request(item).headers, words).toEqual(expected);
          expect(verb.before?.(item).headers, words).toEqual(verb.before ? expected : undefined);
          for (const state of BEFORES) {
            const inverse = verb.inverse?.(item, state);
            if (inverse) expect(inverse.headers, words).toEqual(expected);
          }
        }
      }
    }
  });

  it("a lone surrogate in an id is sent as U+FFFD, by the one encoder, for a write and for a read", () => {
    const verb = VERBS.find((v) => verbWords(v).join(" ") === "user delete")!;
    const [item] = verb.items({ args: { uid: ["a\uD800b"] }, flags: {} });
    expect(verb.request(item!).path).toBe("/users/a%EF%BF%BDb");
    expect(fillParams("/users/{uid}", ["a\uDC00b"])).toBe("/users/a%EF%BF%BDb");
  });
});
