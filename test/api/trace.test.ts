import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { limiter } from "../../src/api/limit.js";
import { traceMessage } from "../../src/api/trace.js";
import { whyMessage } from "../../src/api/why.js";

/**
 * The trace over canned answers in the forms the exports give (message ids
 * as numbers, the log in milliseconds with `meta{previous,current,next}`,
 * moderation with `meta.current` only, push tokens inside `data.pushTokens`
 * with ISO times): what it reads, how many at once, and what it makes of a
 * read that fails.
 */

const MEMBERS = Array.from({ length: 30 }, (_, i) => ({ uid: `m${i}`, scope: "participant" }));

/** `GET /users` as m0 in an app of 5,000 users: its first page of 1,000 lists none of the group's members. */
const bigAppUsers = () => ({
  data: Array.from({ length: 1000 }, (_, i) => ({ uid: `user${i}`, blockedByMe: false, hasBlockedMe: false })),
  meta: { pagination: { total: 5000, count: 1000, per_page: 1000, current_page: 1, total_pages: 5 } },
});

/** `GET /users` as m0 in an app of 30 users, all on one page: m4 blocked by the sender, m9 blocking them. */
const smallAppUsers = () => ({
  data: MEMBERS.filter((m) => m.uid !== "m0").map((m) => ({
    uid: m.uid, conversationId: `m0_user_${m.uid}`, blockedByMe: m.uid === "m4", hasBlockedMe: m.uid === "m9",
    ...(m.uid === "m4" ? { blockedByMeAt: 1700000000, blockedAt: 1700000000 } : m.uid === "m9" ? { blockedAt: 1700000000 } : {}),
  })),
  meta: { pagination: { total: 29, count: 29, per_page: 1000, current_page: 1, total_pages: 1 } },
});

/** Canned answers by path; a function of the query where it matters. */
function cannedService(overrides: Record<string, (query: Record<string, string>) => unknown> = {}) {
  const asked: Array<{ path: string; query: Record<string, string>; onBehalfOf?: string }> = [];
  let inFlight = 0;
  let most = 0;
  const answers: Record<string, (query: Record<string, string>) => unknown> = {
    "/messages/42": () => ({ data: { id: 42, sender: { uid: "m0" }, receiver: "crew", receiverType: "group", category: "message", type: "text", data: { text: "hi" }, sentAt: 1700000000 } }),
    "/moderation/blocked-messages": () => ({ data: [], meta: { current: { limit: 50, count: 0 } } }),
    "/moderation/reviewed-messages": () => ({ data: [], meta: { current: { limit: 50, count: 0 } } }),
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
    "/users": bigAppUsers,
    "/notifications/push/v1/tokens": (q) => ({ data: { pushTokens: [{ pushToken: `tok-${q.authToken}`, platform: "ios", createdAt: "2024-01-02T03:04:05.000Z" }] } }),
    ...overrides,
  };
  const read = async (path: string, query: Record<string, string> = {}, as?: { onBehalfOf: string }) => {
    asked.push({ path, query, ...(as ? { onBehalfOf: as.onBehalfOf } : {}) });
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    const user = /^\/users\/([^/]+)\/(auth_tokens|blockedusers)$/.exec(path);
    if (user && !answers[path]) {
      // m5, m9, m10 and m11 have no auth token; the others one each. m9 blocked the sender.
      if (user[2] === "auth_tokens") return { data: ["m5", "m9", "m10", "m11"].includes(user[1]!) ? [] : [{ uid: user[1], authToken: `${user[1]}-auth` }] };
      return { data: user[1] === "m9" ? [{ uid: "m0", blockedByMe: true, blockedAt: 1700000000 }] : [] };
    }
    // Preferences in the documented names (m10: DND on; m11: group messages not notified), the others in the older ones.
    if (path === "/notifications/v1/preferences") {
      if (query.uid === "m10") return { data: { preferences: { group: { messagesSetting: 2, messagesOverride: true }, mute: { dndPreferenceSetting: 2, dndPreferenceOverride: true } } } };
      if (query.uid === "m11") return { data: { preferences: { group: { messagesSetting: 1, messagesOverride: true }, mute: { dndPreferenceSetting: 1 } } } };
      return { data: { preferences: { mute: { DND: query.uid === "m6" } } } };
    }
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
      // Four at most; a fifth (their push tokens) only for one with a device, no log line and no cause read.
      const unexplained = r.notifications.length === 0 && r.pushTokens !== null && r.pushTokens.length > 0 && !r.blocked && !r.muted && !r.dnd;
      expect(endpoints.length, `${r.uid}: ${endpoints.join(", ")}`).toBeLessThanOrEqual(unexplained ? 5 : 4);
    }
    expect(report.requests).toBe(service.asked.length);
  });

  it("a recipient whose log lines name the devices pushed to: those devices, and no auth or push token read for them", async () => {
    const service = cannedService({
      "/notifications/v1/logs": (q) => (q.logId ? { data: [], meta: { current: { limit: 20, count: 0 } } } : {
        data: [
          { _id: "b1", messageId: 42, member: "m1", channel: "push", provider: "fcm", notificationTriggered: true, success: true, tokenType: "fcm_android", pushToken: "fcm:aaaa", providerId: "fcm-default" },
          { _id: "b2", messageId: 42, member: "m1", channel: "push", provider: "apns", notificationTriggered: true, success: true, tokenType: "apns_ios_device", pushToken: "apns:bbbb", providerId: "apns-default" },
          // An older line names no token: its recipient's devices are read as before.
          { _id: "b3", messageId: 42, member: "m2", channel: "push", provider: "fcm", notificationTriggered: true, success: true },
        ],
        meta: { current: { limit: 20, count: 3 } },
      }),
    });
    const report = await traceMessage(service.read, "42", { members: 50, inFlight: 8 });
    const by = (uid: string) => report.recipients.find((r) => r.uid === uid)!;
    expect(by("m1").pushTokens).toEqual([
      { pushToken: "fcm:aaaa", platform: "fcm_android", providerId: "fcm-default", pushTokenType: undefined },
      { pushToken: "apns:bbbb", platform: "apns_ios_device", providerId: "apns-default", pushTokenType: undefined },
    ]);
    expect(by("m1").evidence.pushTokens).toBe("GET /notifications/v1/logs?messageId=42");
    expect(service.asked.filter((a) => a.path === "/users/m1/auth_tokens" || a.query.authToken === "m1-auth")).toEqual([]);
    expect(by("m2").pushTokens).toEqual([{ pushToken: "tok-m2-auth", platform: "ios", providerId: undefined, pushTokenType: undefined, registeredAt: Date.parse("2024-01-02T03:04:05.000Z") }]);
    expect(service.asked.filter((a) => a.path === "/users/m2/auth_tokens")).toHaveLength(1);
  });

  it("a member whose uid the service sent with a lone surrogate is traced, its paths sent through the one encoder", async () => {
    const odd = "m\uD800x";
    const service = cannedService({ "/groups/crew/members": () => ({ data: [{ uid: "m0" }, { uid: odd }], meta: { pagination: { total: 2 } } }) });
    const report = await traceMessage(service.read, "42", { members: 50, inFlight: 8 });
    expect(report.recipients.map((r) => r.uid)).toEqual([odd]);
    expect(service.asked.map((a) => a.path)).toContain("/users/m%EF%BF%BDx/auth_tokens");
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
    // No push token: mutes, DND and blocks are read all the same.
    expect(by("m5")).toMatchObject({ pushTokens: [], muted: false, dnd: false, blocked: false });
    expect(by("m9")).toMatchObject({ pushTokens: [], blocked: true, blockedBy: "recipient", evidence: { blocked: "GET /users/m9/blockedusers" } });
    expect(by("m10")).toMatchObject({ pushTokens: [], dnd: true, muted: false });
    expect(by("m11")).toMatchObject({ pushTokens: [], dnd: false, muted: true, evidence: { muted: "GET /notifications/v1/preferences" } });
    // Nobody is left a question where a read answered.
    for (const r of report.recipients) expect([r.uid, r.blocked, r.muted, r.dnd, r.banned].includes(null), r.uid).toBe(false);
    expect(by("m6")).toMatchObject({ dnd: true, muted: false, evidence: { dnd: "GET /notifications/v1/preferences" } });
    expect(by("m7")).toMatchObject({ muted: true, evidence: { muted: "GET /notifications/v1/preferences/mute" } });
    expect(by("m8").pushTokens).toEqual([{ pushToken: "tok-m8-auth", platform: "ios", providerId: undefined, pushTokenType: undefined, registeredAt: Date.parse("2024-01-02T03:04:05.000Z") }]);
    expect(report.moderation).toEqual({ blocked: null, flagged: null, extensions: [{ id: "profanity-filter", name: "Profanity Filter", evidence: "GET /apps/{appId}/extensions" }] });
    expect(report.webhooks).toEqual([{ id: "w1", name: "relay", enabled: false, triggers: ["after_message"] }]);
    expect(report.recipients.map((r) => r.uid)).not.toContain("m0");
  });

  it("in an app whose users fit one page, one GET /users as the sender says every recipient's block both ways; the same verdicts as the block lists", async () => {
    const small = cannedService({ "/users": smallAppUsers });
    const report = await traceMessage(small.read, "42", { members: 50, inFlight: 8 });
    expect(small.asked.filter((a) => a.path === "/users")).toEqual([{ path: "/users", query: { perPage: "1000" }, onBehalfOf: "m0" }]);
    expect(small.asked.filter((a) => a.path.endsWith("/blockedusers"))).toEqual([]);
    const by = (uid: string) => report.recipients.find((r) => r.uid === uid)!;
    const page = "GET /users?perPage=1000 (onBehalfOf m0)";
    expect(by("m4")).toMatchObject({ blocked: true, blockedBy: "sender", evidence: { blocked: page } });
    expect(by("m9")).toMatchObject({ blocked: true, blockedBy: "recipient", pushTokens: [], evidence: { blocked: page } });
    expect(by("m5")).toMatchObject({ blocked: false, evidence: { blocked: page } });
    // A line settles it as before: the log is the evidence of the message's time.
    expect(by("m1")).toMatchObject({ blocked: false, evidence: { blocked: "GET /notifications/v1/logs?messageId=42" } });

    // Where the page lists none of them (a big app), each recipient's block list and the sender's (once) say the same.
    const big = cannedService();
    const perRecipient = await traceMessage(big.read, "42", { members: 50, inFlight: 8 });
    expect(big.asked.filter((a) => a.path === "/users/m0/blockedusers")).toHaveLength(1);
    expect(big.asked.filter((a) => /^\/users\/m\d+\/blockedusers$/.test(a.path)).length).toBeGreaterThan(20);
    const verdicts = (r: typeof report) => r.recipients.map(({ uid, blocked, blockedBy, banned, muted, dnd, pushTokens }) => ({ uid, blocked, blockedBy, banned, muted, dnd, pushTokens }));
    expect(verdicts(report)).toEqual(verdicts(perRecipient));
    expect(report.requests).toBeLessThan(perRecipient.requests - 20);
  });

  it("a recipient the page does not list (deactivated) or a page that fails: their block lists answer instead", async () => {
    const withoutM9 = () => ({ ...smallAppUsers(), data: smallAppUsers().data.filter((u) => u.uid !== "m9") });
    const missing = cannedService({ "/users": withoutM9 });
    const report = await traceMessage(missing.read, "42", { members: 50, inFlight: 8 });
    expect(missing.asked.filter((a) => a.path.endsWith("/blockedusers")).map((a) => a.path).sort()).toEqual(["/users/m0/blockedusers", "/users/m9/blockedusers"]);
    expect(report.recipients.find((r) => r.uid === "m9")).toMatchObject({ blocked: true, blockedBy: "recipient", evidence: { blocked: "GET /users/m9/blockedusers" } });

    const failing = cannedService({ "/users": () => { throw new ApiError("ERR_UID_NOT_FOUND", "The user m0 does not exist."); } });
    const fallback = await traceMessage(failing.read, "42", { members: 50, inFlight: 8 });
    expect(fallback.unreadable).toEqual([{ endpoint: "GET /users?perPage=1000 (onBehalfOf m0)", code: "ERR_UID_NOT_FOUND", message: "The user m0 does not exist." }]);
    expect(fallback.recipients.find((r) => r.uid === "m4")).toMatchObject({ blocked: true, blockedBy: "sender", evidence: { blocked: "GET /users/m0/blockedusers" } });
    for (const r of fallback.recipients) expect(r.blocked, r.uid).not.toBeNull();
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

describe("whyMessage", () => {
  it("the uids given, members or not by the group's page, those pushed to read back for receipts: within the trace's budget, one verdict each at its first break", async () => {
    const service = cannedService({
      "/groups/crew/conversation": () => ({ data: [{ conversationId: "group_crew", lastReadMessageId: "42" }] }),
    });
    const uids = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m9", "m10", "m11", "m12", "outsider"];
    const report = await whyMessage(service.read, "42", { members: 50, inFlight: 8, uids });
    expect(service.most()).toBeLessThanOrEqual(8);
    for (const uid of uids) {
      const mine = service.asked.filter((a) => a.path.includes(`/users/${uid}/`) || a.query.uid === uid || a.query.authToken === `${uid}-auth` || a.onBehalfOf === uid);
      // As the trace: a fifth (their push tokens) only for one with a device, no log line and no cause read.
      const r = report.trace.recipients.find((x) => x.uid === uid)!;
      const unexplained = r.notifications.length === 0 && r.pushTokens !== null && r.pushTokens.length > 0 && !r.blocked && !r.muted && !r.dnd;
      expect(mine.length, `${uid}: ${mine.map((a) => a.path).join(", ")}`).toBeLessThanOrEqual(unexplained ? 5 : 4);
    }
    const stage = Object.fromEntries(report.verdicts.map((v) => [v.uid, v.stage]));
    expect(stage).toMatchObject({ m1: "delivered", m2: "muted", m3: "banned", m4: "blocked", m6: "dnd", m7: "muted", m9: "blocked", m10: "dnd", m11: "preference", m5: "push-tokens", outsider: "member" });
    expect(service.asked.filter((a) => a.path === "/groups/crew")).toEqual([]);
    expect(report.verdicts.find((v) => v.uid === "m1")!.verdict).toMatch(/^delivered at .+ \(push fcm\) and read$/);
    expect(report.verdicts.find((v) => v.uid === "m4")).toMatchObject({ verdict: "m0 blocked m4: no message passes between them", facts: { uid: "m0", target: "m4" } });
  });
});

describe("whyMessage's other stages", () => {
  it("a recipient whose every push token was registered long before the message: their devices likely gone, the token named for its fix", async () => {
    const service = cannedService({
      "/notifications/push/v1/tokens": (q) => ({ data: { pushTokens: [{ pushToken: `tok-${q.authToken}`, platform: "ios", createdAt: "2020-01-02T03:04:05.000Z", updatedAt: "2020-06-01T00:00:00.000Z" }] } }),
    });
    const report = await whyMessage(service.read, "42", { members: 50, inFlight: 8, uids: ["m12"] });
    expect(report.verdicts).toEqual([{
      uid: "m12", stage: "push-tokens", verdict: expect.stringMatching(/^m12's push tokens were last registered at 2020-06-01 .*, long before the message: their devices are likely gone$/),
      evidence: [{ endpoint: "GET /notifications/push/v1/tokens", fact: expect.stringMatching(/^newest token registered 2020-06-01/) }],
      facts: { uid: "m12", pushToken: "tok-m12-auth" },
    }]);
  });

  it("a deleted message breaks at sent for everyone; a uid given of a 1:1 who is not its receiver, too", async () => {
    const deleted = cannedService({ "/messages/42": () => ({ data: { id: 42, sender: { uid: "m0" }, receiver: "crew", receiverType: "group", category: "message", type: "text", sentAt: 1700000000, deletedAt: 1700000100, deletedBy: "m0" } }) });
    const gone = await whyMessage(deleted.read, "42", { members: 50, inFlight: 8, uids: ["m1"] });
    expect(gone.verdicts).toEqual([expect.objectContaining({ uid: "m1", stage: "sent", verdict: expect.stringMatching(/^m0 deleted the message at /) })]);
    const direct = cannedService({ "/messages/42": () => ({ data: { id: 42, sender: { uid: "m0" }, receiver: { uid: "m1" }, receiverType: "user", category: "message", type: "text", sentAt: 1700000000 } }) });
    const other = await whyMessage(direct.read, "42", { members: 50, inFlight: 8, uids: ["m2"] });
    expect(other.verdicts).toEqual([expect.objectContaining({ uid: "m2", stage: "sent", verdict: "the message went to m1, not to m2" })]);
  });
});
