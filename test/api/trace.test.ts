import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { limiter } from "../../src/api/limit.js";
import { traceMessage } from "../../src/api/trace.js";

/**
 * The trace over canned answers in the forms the exports give (message ids
 * as numbers, the log in milliseconds with `meta{previous,current,next}`,
 * moderation with `meta.current` only, push tokens inside `data.pushTokens`
 * with ISO times): what it reads, how many at once, and what it makes of a
 * read that fails.
 */

const MEMBERS = Array.from({ length: 30 }, (_, i) => ({ uid: `m${i}`, scope: "participant" }));

/** Canned answers by path; a function of the query where it matters. */
function cannedService(overrides: Record<string, (query: Record<string, string>) => unknown> = {}) {
  const asked: Array<{ path: string; query: Record<string, string> }> = [];
  let inFlight = 0;
  let most = 0;
  const answers: Record<string, (query: Record<string, string>) => unknown> = {
    "/messages/42": () => ({ data: { id: 42, sender: { uid: "m0" }, receiver: "crew", receiverType: "group", category: "message", type: "text", data: { text: "hi" }, sentAt: 1700000000 } }),
    "/moderation/blocked-messages": () => ({ data: [], meta: { current: { limit: 50, count: 0 } } }),
    "/apps/{appId}/extensions": () => ({ data: [{ id: "profanity-filter", name: "Profanity Filter", isActive: true }, { id: "xss-filter", isActive: false }, { id: "polls", isActive: true }], meta: { pagination: { total: 3 } } }),
    "/apps/{appId}/webhooks": () => ({ data: [{ id: "w1", name: "relay", enabled: false }, { id: "w2", name: "crm" }], meta: { pagination: {} } }),
    "/apps/{appId}/webhooks/w1/triggers": () => ({ data: [{ id: "after_message" }, { id: "call_ended" }] }),
    "/apps/{appId}/webhooks/w2/triggers": () => ({ data: [{ id: "group_created" }] }),
    "/notifications/v1/logs": (q) => (q.logId
      ? { data: [], meta: { previous: {}, current: { limit: 20, count: 0 }, next: {} } }
      : {
        data: [
          { _id: "a1", messageId: "42", member: "m1", channel: "push", provider: "fcm", notificationTriggered: true, reason: null, success: true, sentAtMS: 1700000000123 },
          { _id: "a2", messageId: "42", member: "m2", channel: "push", provider: "apns", notificationTriggered: false, reason: "MUTE_PREFERENCE", sentAtMS: "1700000000200" },
        ],
        meta: { previous: { messageId: "42" }, current: { limit: 20, count: 2 }, next: { messageId: "42" } },
      }),
    "/groups/crew/members": () => ({ data: MEMBERS, meta: { pagination: { total: 30 } } }),
    "/groups/crew/bannedusers": () => ({ data: [{ uid: "m3" }] }),
    "/users/m0/blockedusers": () => ({ data: [{ uid: "m4", blockedByMe: true }], meta: { cursor: {} } }),
    "/notifications/push/v1/tokens": (q) => ({ data: { pushTokens: [{ pushToken: `tok-${q.authToken}`, platform: "ios", createdAt: "2024-01-02T03:04:05.000Z" }] } }),
    ...overrides,
  };
  const read = async (path: string, query: Record<string, string> = {}) => {
    asked.push({ path, query });
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    const user = /^\/users\/([^/]+)\/(auth_tokens|blockedusers)$/.exec(path);
    if (user && !answers[path]) {
      // m5 has no auth token; the others one each.
      if (user[2] === "auth_tokens") return { data: user[1] === "m5" ? [] : [{ uid: user[1], authToken: `${user[1]}-auth` }] };
      return { data: [] };
    }
    // The documented dndPreferenceSetting (2 on, 1 off); m7 answers an older form's DND boolean.
    if (path === "/notifications/v1/preferences") return { data: { preferences: { mute: query.uid === "m7" ? { DND: false } : { dndPreferenceSetting: query.uid === "m6" ? 2 : 1 } } } };
    if (path === "/notifications/v1/preferences/mute") return { data: { mutedConversations: query.uid === "m7" ? [{ id: "crew", type: "group" }] : [] } };
    const answer = answers[path];
    if (!answer) throw new ApiError("ERR_API_NOT_FOUND", `no canned answer for ${path}`);
    return answer(query);
  };
  return { read, asked, most: () => most };
}

describe("traceMessage", () => {
  it("holds at most the requests in flight it is given, and one request per endpoint per recipient", async () => {
    const service = cannedService();
    const report = await traceMessage(service.read, "42", { members: 50, inFlight: 8 });
    expect(service.most()).toBeLessThanOrEqual(8);
    expect(service.most()).toBeGreaterThan(1);
    expect(report.recipients).toHaveLength(29);
    for (const r of report.recipients) {
      const mine = service.asked.filter((a) => a.path.includes(`/users/${r.uid}/`) || a.query.uid === r.uid || a.query.authToken === `${r.uid}-auth`);
      const endpoints = mine.map((a) => a.path);
      expect(new Set(endpoints).size, r.uid).toBe(endpoints.length);
      expect(endpoints.length).toBeLessThanOrEqual(5);
    }
    expect(report.requests).toBe(service.asked.length);
  });

  it("reads the facts from the forms the exports give, each naming its evidence", async () => {
    const report = await traceMessage(cannedService().read, "42", { members: 50, inFlight: 8 });
    const by = (uid: string) => report.recipients.find((r) => r.uid === uid)!;
    // The log's sent line settles m1; its muted line settles m2's mute.
    expect(by("m1")).toMatchObject({ muted: false, dnd: false, blocked: false, notifications: [{ channel: "push", provider: "fcm", triggered: true, at: 1700000000123 }] });
    expect(by("m1").evidence.muted).toBe("GET /notifications/v1/logs?messageId=42");
    expect(by("m2")).toMatchObject({ muted: true, notifications: [{ triggered: false, reason: "MUTE_PREFERENCE", at: 1700000000200 }] });
    expect(by("m3").banned).toBe(true);
    expect(by("m4")).toMatchObject({ blocked: true, blockedBy: "sender" });
    // No push token: nothing was sent or held back, so mutes and blocks are not read.
    expect(by("m5")).toMatchObject({ pushTokens: [], muted: null, dnd: null, blocked: null });
    expect(by("m6")).toMatchObject({ dnd: true, muted: false, evidence: { dnd: "GET /notifications/v1/preferences" } });
    expect(by("m7")).toMatchObject({ muted: true, evidence: { muted: "GET /notifications/v1/preferences/mute" } });
    expect(by("m8").pushTokens).toEqual([{ pushToken: "tok-m8-auth", platform: "ios", providerId: undefined, pushTokenType: undefined }]);
    expect(report.moderation).toEqual({ blocked: null, extensions: [{ id: "profanity-filter", name: "Profanity Filter", evidence: "GET /apps/{appId}/extensions" }] });
    expect(report.webhooks).toEqual([{ id: "w1", name: "relay", enabled: false, triggers: ["after_message"] }]);
    expect(report.recipients.map((r) => r.uid)).not.toContain("m0");
  });

  it("what it cannot read is said with its code, and the rest still shows", async () => {
    const refused = () => {
      throw new ApiError("CCX_CONFIG", "/moderation/blocked-messages takes the management key and secret");
    };
    const service = cannedService({ "/moderation/blocked-messages": refused, "/apps/{appId}/extensions": refused, "/apps/{appId}/webhooks": refused });
    const report = await traceMessage(service.read, "42", { members: 5, inFlight: 8 });
    expect(report.unreadable.map((u) => [u.endpoint, u.code])).toEqual([
      ["GET /moderation/blocked-messages", "CCX_CONFIG"],
      ["GET /apps/{appId}/extensions?perPage=100", "CCX_CONFIG"],
      ["GET /apps/{appId}/webhooks?perPage=100", "CCX_CONFIG"],
    ]);
    expect(report.recipients).toHaveLength(5);
    expect(report.recipientsLeftOut).toBe(24);
    expect(report.moderation.blocked).toBeNull();
  });

  it("a message that is not there is the trace's own error", async () => {
    const service = cannedService({ "/messages/42": () => ({ data: {} }) });
    await expect(traceMessage(service.read, "42", { members: 5, inFlight: 8 })).rejects.toThrow(/no message/);
  });
});

describe("limiter", () => {
  it("never runs more than n at once, and runs every task in the order it came", async () => {
    const limit = limiter(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, i) => limit(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
      running--;
      // A task added while others finish must wait its turn too.
      if (i === 2) void limit(async () => { running++; most = Math.max(most, running); running--; });
    })));
    expect(most).toBeLessThanOrEqual(3);
    expect(started).toEqual([...started].sort((a, b) => a - b));
  });
});
