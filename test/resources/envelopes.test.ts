import { describe, expect, it } from "vitest";
import { endpointPager } from "../../src/api/paging-styles.js";
import { findEndpoint } from "../../src/api/endpoints.js";
import { tableColumns } from "../../src/cli/render/resource-table.js";
import { RESOURCES } from "../../src/resources/index.js";
import { childKey, childrenOf, listRefOf } from "../../src/store/item-children.js";
import { type AnyResource, itemRequests, listBody, listRequests, mergedItem, detailItems, readItems, requestOf, sourcedItems } from "../../src/resources/resource.js";

/**
 * Issue 20's envelopes, as the exports' own examples give them: the notification log
 * in milliseconds with `meta{previous, current, next}` naming the message, moderation with `meta.current`
 * only, push tokens inside `data.pushTokens` with ISO times, an extension's settings wrapped in
 * `{statusCode, success, body: {data: {settings}}}`, a user's preferences from three reads, the providers
 * from seven, and the requests each definition makes.
 */

const as = (r: unknown) => r as AnyResource;
const logs = as(RESOURCES["notification-logs"]);
const cell = (resource: AnyResource, header: string, item: Record<string, unknown>) =>
  String(tableColumns(resource).find((c) => c.header === header)!.get(item));

describe("the envelopes the exports give", () => {
  it("the notification log: times in ms shown as times; the next page asked by the last line's logId, the answer's own cursor naming a message", () => {
    const body = {
      data: [{ _id: "65f1c0de2a", messageId: "1842", member: "bob", channel: "push", provider: "fcm", notificationTriggered: false, reason: "DND_PREFERENCE", success: false, sentAtMS: 1710342366123 }],
      meta: { previous: { messageId: "1842", affix: "prepend" }, current: { limit: 1, count: 1 }, next: { messageId: "1841", affix: "append" } },
    };
    const [line] = readItems(logs, body);
    expect(cell(logs, "sent", line!)).toBe("2024-03-13 15:06");
    expect(cell(logs, "reason", line!)).toBe("DND_PREFERENCE");
    const pager = endpointPager(findEndpoint("/notifications/v1/logs", "GET"), { messageId: "1842" });
    expect(pager.step(pager.first, body).next).toEqual({ messageId: "1842", logId: "65f1c0de2a", affix: "append" });
  });

  it("moderation's lists: meta.current alone is one page, nothing more asked", () => {
    const rules = as(RESOURCES.rules);
    const body = { data: [{ id: "r1", name: "Block profanity", enabled: true, conditions: [{ type: "keyword", keywordListId: "profanity-en" }] }], meta: { current: { limit: 50, count: 8 } } };
    expect(readItems(rules, body).map((r) => r.id)).toEqual(["r1"]);
    expect(cell(rules, "conditions", readItems(rules, body)[0]!)).toBe("keyword profanity-en");
    const pager = endpointPager(findEndpoint("/moderation/rules", "GET"), {});
    expect(pager.step(pager.first, body).next).toBeUndefined();
    // The GET of one rule answers, in the example, a keyword list: it is shown as sent.
    expect(detailItems({ data: { id: "kw1", name: "Profanity", searchTerms: ["darn"] } }, rules, "kw1")).toMatchObject([{ id: "kw1" }]);
  });

  it("push tokens inside data.pushTokens, created at an ISO time; asked with the auth token and all=true", () => {
    const tokens = as(RESOURCES["push-tokens"]);
    const body = { data: { pushTokens: [{ authToken: "a_1", pushTokenType: "FCM", createdAt: "2024-03-13T15:06:06.123Z", platform: "android", providerId: "fcm-1", pushToken: "fcm:xyz", uid: "bob" }] } };
    const [token] = readItems(tokens, listBody(tokens.list!, body));
    expect(token).toMatchObject({ pushToken: "fcm:xyz", platform: "android" });
    expect(cell(tokens, "created", token!)).toBe("2024-03-13 15:06");
    expect(listRequests(tokens.list!, ["a_1"])).toEqual([{ path: "/notifications/push/v1/tokens", query: { all: "true", authToken: "a_1" } }]);
  });

  it("an extension's settings, wrapped; a widget's, an array of one; each at its own documented path", () => {
    const extensions = as(RESOURCES.extensions);
    const wrapped = { data: { statusCode: 200, success: true, responseTime: 31, body: { data: { settings: { badwords: ["darn"], dropMessage: true, appId: 12345 } } } } };
    expect(detailItems(wrapped, extensions, "profanity-filter")).toEqual([{ badwords: ["darn"], dropMessage: true, appId: 12345 }]);
    const widget = { data: { statusCode: 200, success: true, body: { data: [{ configuration: { theme: "dark" }, widgetId: "w-1" }] } } };
    expect(detailItems(widget, extensions, "widget")).toEqual([{ configuration: { theme: "dark" }, widgetId: "w-1" }]);
    expect(itemRequests(extensions, ["data-masking"])[0]!.path).toBe("/apps/{appId}/extensions/data-masking/v1/settings");
    expect(itemRequests(extensions, ["widget"])[0]!.path).toBe("/apps/{appId}/extensions/widget/v2/settings");
    expect(() => itemRequests(extensions, ["polls"])).toThrow(/documents no extension for polls/);
  });

  it("a user's preferences: three reads (the user as a query parameter), one item; the settings and preferences objects though the schemas say arrays", () => {
    const preferences = as(RESOURCES.preferences);
    expect(itemRequests(preferences, ["bob"])).toEqual([
      { path: "/notifications/v1/preferences", query: { uid: "bob" } },
      { path: "/notifications/v1/preferences/mute", query: { uid: "bob" } },
      { path: "/notifications/v1/preferences/timezone", query: { uid: "bob" } },
    ]);
    const item = mergedItem(preferences, [
      { data: { preferences: { group: {}, oneOnOne: {}, mute: { DND: true } }, sound: {}, templates: {} } },
      { data: { mutedConversations: [{ id: "crew", type: "group" }] } },
      { data: { timezone: "Asia/Kolkata" } },
    ], "bob");
    expect(item).toMatchObject({ preferences: { mute: { DND: true } }, mutedConversations: [{ id: "crew" }], timezone: "Asia/Kolkata" });
    expect(requestOf("/notifications/v1/preferences?uid={uid}", ["a b&c"])).toEqual({ path: "/notifications/v1/preferences", query: { uid: "a b&c" } });
  });

  it("the providers: a list, a list inside data.pushProviders, or one object, each item saying its source", () => {
    const providers = as(RESOURCES.providers);
    const bodies = [
      { data: { pushProviders: [{ providerId: "fcm-1", isDefault: true }] } },
      { data: { pushProviders: [] } },
      { data: { pushProviders: [{ providerId: "c-1", webhookURL: "https://x" }] } },
      { data: { twilioAccountSID: "AC1", twilioAuthToken: "t" } },
      { data: { useStoredPhNo: true, webhookURL: "https://s" } },
      { data: { sendGridApiKey: "SG.k" } },
      { data: { useStoredEmailID: true } },
    ];
    expect(sourcedItems(providers.list!, bodies).map((p) => p.source)).toEqual(["push: fcm", "push: custom", "sms: twilio", "sms: custom", "email: sendgrid", "email: custom"]);
    expect(listRequests(providers.list!, []).map((r) => r.path)).toHaveLength(7);
  });

  it("a message's notification log lines, below it: the log narrowed to it by messageId, keyed apart from the whole log", () => {
    const message = as(RESOURCES.messages);
    const child = childrenOf(message).find((c) => c.resource === logs)!;
    expect(child.relation).toEqual({ name: "notification-logs", param: "messageId" });
    const key = childKey(message, child, ["1842"]);
    expect(key).not.toBe("notification-logs");
    expect(listRefOf(key)).toEqual({ resource: logs, params: ["1842"], below: child.relation });
    expect(listRefOf("notification-logs")).toEqual({ resource: logs, params: [] });
    expect(listRequests(logs.list!, [])).toEqual([{ path: "/notifications/v1/logs", query: {} }]);
  });
});
