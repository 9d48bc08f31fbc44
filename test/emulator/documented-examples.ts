/**
 * The documented answer of every read the catalogue lists (src/api/endpoints.ts), as test data: the
 * official exports' example of each GET (chat-apis.json, calls.json, management-apis.json in the
 * public cometchat/docs repository), each list cut to its first item and long values shortened, since
 * only the fields and their JSON types are compared. Where an export's example contradicts itself
 * (docs/service.md says where), the form noted beside it. `fromSchema`: the export gives no example, so
 * the shape comes from its schema (moderation reasons).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface DocumentedRead {
  /** Query parameters that select items of the example's kind (a text message, a group conversation). */
  query?: Record<string, string>;
  /** Asked as a user (the emulator's first user that fits), as the example was. */
  asUser?: boolean;
  example: Json;
  /** The export gives no example: the shape is its schema's. */
  fromSchema?: true;
}

const pagination = { total: 3, count: 3, per_page: 100, current_page: 1, total_pages: 1 };
const cursor = { updatedAt: 1638354799, affix: "prepend" };
const userEntity = { uid: "cometchat-uid-3", name: "Nancy Grace", role: "default", avatar: "https://a/3.webp", status: "offline", createdAt: 1638361550 };
const user = { uid: "cometchat-uid-2", name: "George Alan", avatar: "https://a", status: "offline", role: "default", createdAt: 1629869270 };
const textMessage = {
  id: "1", conversationId: "cometchat-uid-3_user_cometchat-uid-5", sender: "cometchat-uid-3", receiverType: "user", receiver: "cometchat-uid-5",
  category: "message", type: "text",
  data: {
    text: "test hello",
    metadata: {},
    entities: { sender: { entity: userEntity, entityType: "user" }, receiver: { entity: { ...userEntity, conversationId: "cometchat-uid-3_user_cometchat-uid-5" }, entityType: "user" } },
  },
  sentAt: 1638423490, updatedAt: 1638423490,
};
const messageCursor = { current: { limit: 100, count: 1 }, next: { affix: "append", sentAt: 1638423490, id: "1" } };
const group = {
  guid: "project-group", name: "Project Group", description: "project related discussions", icon: "https://a/g.webp", type: "public", scope: "admin",
  membersCount: 1, joinedAt: 1638440784, conversationId: "group_project-group", hasJoined: true, createdAt: 1638440784, owner: "cometchat-uid-4",
};
const groupConversation = {
  conversationId: "group_project-group", conversationType: "group", unreadMessageCount: "0", createdAt: 1630071782, updatedAt: 1630481413,
  lastMessage: { id: "50", conversationId: "group_project-group", sender: "cometchat-uid-4", receiverType: "group", receiver: "project-group", category: "action", type: "groupMember", data: { entities: {} }, sentAt: 1630305562, updatedAt: 1630305562 },
  conversationWith: { ...group, scope: "participant", updatedAt: 1630308875 },
};
const wrapped = (settings: Json) => ({ data: { statusCode: 200, success: true, responseTime: 3.06, body: { data: { settings } } } });
const dayOpen = { from: 0, to: 2359, dnd: false };
const week = { monday: dayOpen, tuesday: dayOpen, wednesday: dayOpen, thursday: dayOpen, friday: dayOpen, saturday: dayOpen, sunday: dayOpen };
const events = (names: string[], value: number, override: boolean) => Object.fromEntries(names.flatMap((n) => [[`${n}Setting`, value], [`${n}Override`, override]]));
const messageEvents = events(["messages", "replies", "quotedReplies", "reactions"], 2, true);
const memberEvents = events(["memberLeft", "memberAdded", "memberJoined", "memberKicked", "memberBanned", "memberUnbanned", "memberScopeChanged"], 1, true);
const mute = { dndPreferenceSetting: 1, dndPreferenceOverride: true, schedulePreferenceSetting: week, schedulePreferenceOverride: true, mutedGroupsOverride: true, mutedOneOnOnesOverride: true };
const titles = { titleOneOnOne: "{{…}}", titleGroup: "{{…}}" };
const withFallback = { ...titles, body: "{{message.data.text}}", body_fallback: "" };
const media = { ...titles, body_audio: "a", body_file: "f", body_image: "i", body_video: "v" };
const templates = {
  usePrivacyTemplate: 3, textMessageTemplateDefault: { ...titles, body: "b" }, textMessageTemplatePrivacy: { ...titles, body: "b" },
  mediaMessageTemplateDefault: media, mediaMessageTemplatePrivacy: media, pollMessageTemplateDefault: withFallback, pollMessageTemplatePrivacy: withFallback,
  reminderMessageTemplateDefault: withFallback, reminderMessageTemplatePrivacy: withFallback, customMessageTemplateDefault: withFallback, customMessageTemplatePrivacy: withFallback,
};
const digest = { notifyForUnreadOnly: true, intervalInSeconds: 7200, maxPerDay: 20, maxPerDayPerConversation: 2 };
const permission = (type: string) => ({ id: "sendMessage", type, title: "t", description: "d", dataType: "string", availableValues: ["allow", "deny"], defaultValue: "allow", createdAt: 1765962204, updatedAt: 1765962204 });
const condition = { id: 1, isKeywordsReferencePresent: true, isMediaPresent: false, entity: "message", operand: "text", category: "word", operator: "contains", value: ["profanity-list"] };
const rule = { id: "text-profanity-filter", name: "Text Profanity filter", description: "d", enabled: true, conditions: [condition], action: ["blockMessage"], active: true, createdAt: 1718355386, updatedAt: 1720006272, revisionId: "a_profanity-filter_25" };
const participant = { uid: "u", totalAudioMinutes: 1.5, totalVideoMinutes: 0, totalDuration: 1.5, deviceId: "d", isJoined: true, joinedAt: 1, leftAt: 2, mid: "m", state: "ended" };
const recording = { rid: "r", recording_url: "https://r", startTime: 1, endTime: 2, duration: 1.5 };
const call = {
  sessionId: "v1.us.a.1", type: "audio", mode: "call", receiverType: "user", status: "ended", totalAudioMinutes: 1.5, totalVideoMinutes: 0, totalDuration: "00:01:30",
  totalDurationInMinutes: 0.32, totalParticipants: 2, hasRecording: false, startedAt: 1, endedAt: 2, initiatedAt: 1, initiator: "u", receiver: "v", mid: "m", hasTranscription: false, participants: [participant], recordings: [recording],
};
const webhook = { id: "test_webhook201", name: "test_webhook201", webhookURL: "https://example.com/test", createdAt: 1684141151, updatedAt: 1684141151 };

/** Every documented read, by its path in the catalogue, but those in WITHOUT_EXAMPLE. */
export const DOCUMENTED_EXAMPLES: Record<string, DocumentedRead> = {
  "/apikeys": { example: { data: [{ apiKey: "f1", name: "John's apiKey", scope: "authOnly", createdAt: 1631095584 }], meta: { pagination } } },
  "/apikeys/{apiKey}": { example: { data: { apiKey: "f1", name: "John's apiKey", scope: "authOnly", createdAt: 1625206799 } } },
  "/users": {
    asUser: true,
    example: { data: [{ uid: "cometchat-uid-6", name: "Barry Allen", link: "https://l", avatar: "https://a", metadata: {}, status: "offline", role: "manager", createdAt: 1638354015, updatedAt: 1638354799, conversationId: "c" }], meta: { pagination }, cursor },
  },
  "/users/{uid}": { example: { data: { uid: "cometchat-uid-6", name: "Barry Allen", link: "https://l", avatar: "https://a", status: "offline", role: "manager", createdAt: 1638354015 } } },
  // The example's data is an object keyed "0" beside one group's fields; its schema, a list: compared as the list.
  "/groups": { asUser: true, query: { hasJoined: "true", withTags: "true" }, example: { data: [{ ...group, tags: ["friends"] }], meta: { pagination, cursor } } },
  "/groups/{guid}": { asUser: true, example: { data: group } },
  "/messages": { query: { category: "message", type: "text" }, example: { data: [textMessage], meta: messageCursor } },
  "/messages/{id}": { example: { data: textMessage } },
  "/messages/{id}/reactions": {
    example: { data: [{ id: "1", messageId: "2", reaction: "😀", uid: "cometchat-uid-1", reactedAt: 1689082633, reactedBy: { uid: "cometchat-uid-1", name: "Andrew Joseph", avatar: "https://a", status: "available", role: "default", lastActiveAt: 1689082633, createdAt: 1684751861 } }], meta: { current: { limit: 100, count: 1 }, next: { affix: "append", id: "1" } } },
  },
  "/messages/{id}/reactions/{reaction}": {
    example: { data: [{ id: "1", messageId: "2", reaction: "😀", uid: "cometchat-uid-1", reactedAt: 1689082633, reactedBy: { uid: "cometchat-uid-1", name: "Andrew Joseph", status: "available", role: "default", createdAt: 1684751861 } }], meta: { current: { limit: 100, count: 1 }, next: { affix: "append", id: "1" } } },
  },
  // A reply's receiver may be a group: compared by what a user's and a group's entity share.
  "/messages/{id}/thread": {
    example: { data: [{ ...textMessage, data: { text: "t", metadata: {}, entities: { sender: textMessage.data.entities.sender, receiver: { entity: { name: "n" }, entityType: "user" } } }, parentId: "1" }], meta: { current: { limit: 10, count: 1 }, next: { affix: "append", sentAt: 1638423490, id: "3" } } },
  },
  // The example is the call messages between two users.
  "/users/{uid}/messages": {
    query: { category: "call" },
    example: {
      data: [{
        id: "1776", conversationId: "c", sender: "s", receiverType: "user", receiver: "r", category: "call", type: "audio",
        data: {
          action: "initiated",
          entities: {
            by: { entity: { uid: "u", name: "n", role: "default", avatar: "https://a", status: "offline" }, entityType: "user" },
            on: {
              entity: {
                data: { entities: { sender: { entity: { uid: "u", name: "n" }, entityType: "user" }, receiver: { entity: { uid: "v", name: "n", conversationId: "c" }, entityType: "user" } } },
                type: "audio", sender: "s", status: "initiated", receiver: "r", sessionid: "s", wsChannel: { secret: "s", service: "s", identity: "i" }, initiatedAt: 1646995097, receiverType: "user", conversationId: "c",
              },
              entityType: "call",
            },
            for: { entity: { uid: "v", name: "n", role: "default", avatar: "https://a", status: "offline", conversationId: "c" }, entityType: "user" },
          },
        },
        sentAt: 1646995097, updatedAt: 1646995097,
      }],
      meta: { pagination, cursor: { id: 1786, affix: "prepend" } },
    },
  },
  "/groups/{guid}/messages": {
    query: { category: "message", type: "text" },
    example: { data: [{ ...textMessage, data: { text: "t", entities: { sender: textMessage.data.entities.sender, receiver: { entity: { name: "n" }, entityType: "group" } } } }], meta: messageCursor },
  },
  "/conversations": { asUser: true, query: { conversationType: "group" }, example: { data: [groupConversation], meta: { pagination } } },
  "/conversations/{conversationId}": { asUser: true, example: { data: [groupConversation] } },
  // The example is a group conversation (docs/service.md): a user's is compared by the fields both kinds share.
  "/users/{uid}/conversation": {
    asUser: true,
    example: { data: [{ ...groupConversation, conversationType: "user", conversationWith: { name: "n", conversationId: "c", createdAt: 1 } }] },
  },
  "/groups/{guid}/conversation": { asUser: true, example: { data: [groupConversation] } },
  "/users/{uid}/auth_tokens": { example: { data: [{ uid: "cometchat-uid-1", authToken: "t", createdAt: 1630306819 }], meta: { pagination } } },
  "/users/{uid}/auth_tokens/{authToken}": { example: { data: { uid: "cometchat-uid-1", authToken: "t", createdAt: 1630306819 } } },
  // Members and banned users: the examples' conversationId names a conversation with a user the request does not name; not compared.
  "/groups/{guid}/members": { example: { data: [{ ...user, link: "https://l", metadata: {}, scope: "participant", joinedAt: 1638360106, updatedAt: 1630308676 }], meta: { pagination }, cursor } },
  "/groups/{guid}/bannedusers": { example: { data: [{ ...user, link: "https://l", metadata: {}, updatedAt: 1638354799 }], meta: { pagination } } },
  "/users/{uid}/friends": { example: { data: [{ ...user, link: "https://l", metadata: {}, updatedAt: 1638354799, conversationId: "c" }], meta: { pagination, cursor } } },
  "/users/{uid}/blockedusers": { example: { data: [{ ...user, link: "https://l", metadata: {}, blockedByMe: true, blockedByMeAt: 1638346853, blockedAt: 1638346853, updatedAt: 1638351060, conversationId: "c" }], meta: { pagination, cursor } } },
  "/roles": { example: { data: [{ role: "manager", name: "manager", description: "d", metadata: {}, settings: { listUsers: "all", sendMessagesTo: "friendsOnly" }, createdAt: 1638343994 }], meta: { pagination } } },
  "/roles/{role}": { example: { data: { role: "manager", name: "manager", description: "d", metadata: {}, settings: { listUsers: "all", sendMessagesTo: "friendsOnly" }, createdAt: 1638343994 } } },
  "/roles/{role}/restrictedfeatures": { example: { data: [{ title: "Delete Group", description: "d", key: "u.deleteGroup", path: "/v3/groups/{{guid}}", createdAt: 1639448370 }], meta: { pagination } } },
  "/roles/{role}/permissions": { example: { data: [permission("role")], meta: { pagination: { ...pagination, total: 28 } } } },
  "/groups/{guid}/scopes/{scope}/permissions": { example: { data: [permission("scope")], meta: { pagination: { ...pagination, total: 11 } } } },
  "/stats": {
    query: { fromDate: "1630164253", toDate: "1632842653" },
    example: { data: { metrics: { audio_minutes: 0, video_minutes: 0, recorded_minutes: 0, active_users: 0, concurrent_users: 0 }, time_range: { fromDate: 1630164253000, toDate: 1632842653000 } } },
  },
  "/stats/messages": {
    example: { data: { startTime: "1682676600000", endTime: "1682680200000", dataPoints: [{ messagesSent: 0, readReceipts: 0, deliveryReceipts: 0, startTime: "1682676600000", endTime: "1682676900000" }], appId: "235391c94852dc7d" } },
  },
  "/notifications/v1/settings": {
    example: {
      data: {
        preferences: {
          group: { ...messageEvents, ...memberEvents, messageEditedSetting: 2, messageDeletedSetting: 2 }, bypassPreferencesForMentions: false,
          call: events(["initiated", "ongoing", "cancelled", "rejected", "unanswered", "busy", "ended"], 1, false),
          oneOnOne: { ...messageEvents, messageEditedSetting: 2, messageDeletedSetting: 2 }, mute, email: digest, sms: digest,
          push: { includeMessageObjectSetting: false, includeSenderMetadataSetting: true, includeReceiverMetadataSetting: true, trimTextFieldSetting: false, includeMessageMetadataSetting: true, customJson: {} },
        },
        sound: { chat: "default", call: "default" },
        templates: {
          ...templates,
          emailSubjectTemplateDefault: { subjectGroup: "s", subjectOneOnOne: "s" }, emailSubjectTemplatePrivacy: { subjectGroup: "s", subjectOneOnOne: "s" },
          smsContentTemplateDefault: { bodyGroup: "b", bodyOneOnOne: "b" }, smsContentTemplatePrivacy: { bodyGroup: "b", bodyOneOnOne: "b" },
        },
      },
    },
  },
  "/notifications/push/v1/providers/fcm": { example: { data: { pushProviders: [] } } },
  "/notifications/push/v1/providers/apns": { example: { data: { pushProviders: [] } } },
  "/notifications/v1/preferences": { example: { data: { preferences: { group: { ...messageEvents, ...memberEvents }, oneOnOne: messageEvents, mute }, sound: { chat: "default", call: "default" }, templates } } },
  "/notifications/push/v1/tokens": {
    example: { data: { pushTokens: [{ authToken: "a", pushTokenType: "chat", createdAt: "2024-03-11T07:27:59.412Z", platform: "fcm_android", providerId: "fcm-provider-2", pushToken: "p", uid: "u", updatedAt: "2024-03-13T11:24:47.776Z" }] } },
  },
  "/notifications/v1/preferences/mute": { example: { data: { mutedConversations: [] } } },
  "/notifications/v1/preferences/timezone": { example: { data: { timezone: "Asia/Kolkata" } } },
  "/notifications/v1/contact-details": { asUser: true, example: { data: { email: "someone@example.com", phno: "+919591128691" } } },
  "/notifications/push/v1/providers/custom": { example: { data: { pushProviders: [{ basicAuthUsername: "user123", basicAuthPassword: "pass123", useBasicAuth: true, isEnabled: true, webhookURL: "https://t" }] } } },
  "/notifications/sms/v1/providers/twilio": { example: { data: { twilioAccountSID: "AC9", twilioAuthToken: "71c", twilioSenderPhoneNumber: "+13611364718" } } },
  "/notifications/sms/v1/providers/custom": { example: { data: { basicAuthPassword: "user888", basicAuthUsername: "pass123", isEnabled: true, useBasicAuth: true, useStoredPhNo: false, webhookURL: "https://t" } } },
  "/notifications/email/v1/providers/sendgrid": { example: { data: { sendGridApiKey: "SG.9", sendGridTemplateID: "d-8", sendGridUnsubscribeGroupID: "33832", senderEmail: "noreply@e.com", senderName: "Emailer" } } },
  "/notifications/email/v1/providers/custom": { example: { data: { basicAuthUsername: "user889", basicAuthPassword: "pass122", isEnabled: true, useBasicAuth: true, useStoredEmailID: false, webhookURL: "https://t" } } },
  // The example is a reaction's line held back by a mute; message lines carry no reaction fields, and only a held line a reason.
  "/notifications/v1/logs": {
    query: { provider: "apns", notificationTriggered: "false" },
    example: {
      data: [{
        _id: "67e3c56babf90e20e2652edb", processingStartedAtMS: 1742980459696, processingEndedAtMS: 1742980459738, totalProcessingTimeInMS: 42, component: "notifications-core",
        channel: "push", provider: "apns", messageId: 3939, trigger: "message_reaction_added", messageSentAtMS: 1742980459000, sender: "cometchat-uid-4",
        receiver: "cometchat-guid-1", receiverType: "group", member: "g-muted-yes", tokenType: "apns_ios_device", pushToken: "pushtoken123", providerId: "apns-provider",
        payload: {
          payload: { title: "t", body: "b", tag: "69", sender: "s", senderName: "s", receiver: "r", receiverName: "r", receiverType: "group", conversationId: "c", type: "chat", sessionId: null, callAction: null, callType: null, sentAt: null },
          contentAvailable: 1, mutableContent: 1, topic: "com.example.com", alert: { title: "t", body: "b" }, priority: 10, pushType: "alert", sound: "default", collapseId: "69", expiry: 1742984059, type: "apns",
        },
        notificationTriggered: false, reason: "MUTE_PREFERENCE",
      }],
      meta: { previous: { affix: "prepend", messageId: 3939 }, current: { limit: 20, count: 20 }, next: { affix: "append", messageId: 3939 } },
    },
  },
  // Reasons have a schema and no example: compared by the schema's fields (createdAt and updatedAt typed string).
  "/moderation/reasons": { fromSchema: true, example: { data: [{ id: "spam", name: "Spam", description: "d", createdAt: "s", updatedAt: "s", default: true }], meta: { current: { limit: 5, count: 5 } } } },
  "/moderation/reasons/{id}": { fromSchema: true, example: { data: { id: "spam", name: "Spam", description: "d", createdAt: "s", updatedAt: "s", default: true } } },
  "/moderation/rules": { example: { data: [{ ...rule, default: true }], meta: { current: { limit: 50, count: 8 } } } },
  // GET's example is a keyword list (docs/service.md): a rule is compared with PUT's example, a rule.
  "/moderation/rules/{ruleId}": { example: { data: { ...rule, conditions: [{ ...condition, message: ["m"] }] } } },
  "/moderation/rules/{ruleId}/revisions": { example: { data: [rule], meta: { current: { limit: 10, count: 2 } } } },
  "/moderation/keywords": {
    example: { data: [{ _id: "66857afdb4bf371ddfba853b", id: "profane-word-list-1", appId: "a", name: "n", description: "d", category: "word", isCSV: true, searchTerms: ["a"], createdAt: 1720023805, updatedAt: 1720023805, revisionId: "r", active: true, __v: 0 }], meta: { current: { limit: 10, count: 2 } } },
  },
  "/moderation/keywords/{keywordId}": { example: { data: { id: "profanity-list", name: "Profane Words", category: "word", isCSV: false, searchTerms: ["x"], createdAt: 1718354412, updatedAt: 1718354412, revisionId: "r", active: true, default: true } } },
  // The example's message is an image; a blocked text message is compared by what any message has.
  "/moderation/blocked-messages": {
    example: {
      data: [{
        ruleId: "image-moderation", ruleName: "AI Image Moderation", revisionId: "r", condition: { ...condition, message: ["m"], weight: 1 },
        message: { id: "65", conversationId: "c", sender: "s", receiverType: "user", receiver: "r", category: "message", type: "image", data: { entities: {}, moderation: { status: "pending" } }, sentAt: 1719993037, updatedAt: 1719993037 },
        action: ["blockMessage"], createdAt: 1719993038, updatedAt: 1719993038,
      }],
      meta: { current: { limit: 50, count: 20 } },
    },
  },
  // calls.json's examples; recordings (an answered call's, as the notes give them from the SDK) added.
  "/calls": { example: { data: [call], meta: { pagination: { total: 2, count: 2, total_pages: 1, current_page: 1 } } } },
  // The example's metaData is [], an empty map as PHP writes it; a call's own metadata is an object: only its presence is compared.
  "/calls/{sessionId}": { example: { data: { ...call, metaData: null, tags: [] } } },
  "/calls/{sessionId}/transcriptions": {
    example: { data: [{ roomName: "r", mid: "m", tid: "t", startTime: 1, endTime: 2, transcriptDate: "2024-01-01T00:00:00.000Z", transcriptUrl: "https://t" }], meta: { pagination } },
  },
  // The example's data is one app, its schema a list: compared as the list. Its trialEndsAt is a trial plan's, and no emulated app is on trial.
  "/apps": {
    example: {
      data: [{
        id: "<APP_ID>", name: "<App Name>", plan: "trial", state: "active", owner: 1656, region: "us", createdAt: 1586295393,
        appOwner: { id: "1656", name: "<OWNER_NAME>", email: "youremail@domain.com" }, appRegion: { id: "us", name: "USA", description: "d" }, accessKey: "<API_KEY>", apiKeys: {},
      }],
    },
  },
  "/apps/{appId}/extensions": {
    example: {
      data: [{
        id: "e2ee", name: "End-to-end Encryption", tagLine: "t", description: "d", author: "CometChat", email: "help@cometchat.com", webhookURL: "https://w", accessToAppData: false,
        adminURL: "https://a", websiteURL: "https://www.cometchat.com", isActive: true, isPrivate: false, isInvisible: false, isThirdParty: true, createdAt: 1592815197,
        hooks: { data: [] }, categories: { data: [] },
      }],
      meta: { pagination: { total: 32, count: 25, per_page: 25, current_page: 1, total_pages: 2 } },
    },
  },
  "/apps/{appId}/extensions/widget/v2/settings": {
    example: {
      data: {
        statusCode: 200, success: true, responseTime: 0.11,
        body: { data: [{ configuration: { name: "n", style: { primary_color: "#03A9F4", custom_css: "s", override_system_background_colors: true }, main: { allow_message_reactions: true, send_gifs: false }, version: "v2", sidebar: { group_listing: "g", sidebar_navigation_sequence: ["chats"], users: true }, appId: "a" }, widgetId: "w" }] },
      },
    },
  },
  "/apps/{appId}/extensions/gifs-giphy/v1/settings": { example: wrapped({ giphyApiKey: "k", appId: null }) },
  "/apps/{appId}/extensions/xss-filter/v1/settings": { example: wrapped({ dropMessage: false, appId: "a" }) },
  "/apps/{appId}/extensions/image-moderation/v1/settings": { example: wrapped({ dropMessage: false }) },
  "/apps/{appId}/extensions/report-user/v1/settings": { example: wrapped({ maxReports: 3, useWebhook: true, webhookURL: "https://e", basicAuthUsername: "abcd", basicAuthPassword: "12345", appId: "a" }) },
  "/apps/{appId}/extensions/report-message/v1/settings": { example: wrapped({ maxReports: 3, useWebhook: true, webhookURL: "https://e", basicAuthUsername: "abcd", basicAuthPassword: "12345", appId: "a" }) },
  "/apps/{appId}/extensions/voice-transcription/v1/settings": { example: wrapped({ revaiAPIKey: "k", appId: "a" }) },
  "/apps/{appId}/extensions/stickers-stipop/v1/settings": { example: wrapped({ stipopApiKey: "k", stipopAppId: "i", appId: "a" }) },
  "/apps/{appId}/extensions/sentiment-analysis/v1/settings": { example: wrapped({ dropMessage: false, appId: "a" }) },
  "/apps/{appId}/extensions/url-shortener-tinyurl/v1/settings": { example: wrapped({ tinyUrlAPIToken: "t", tinyUrlDomain: "tiny.one", appId: "a" }) },
  "/apps/{appId}/extensions/intercom/v1/settings": { example: wrapped({ appId: "a", customerSupportUid: "u", intercomAccessToken: "t", webhookURL: "https://w" }) },
  "/apps/{appId}/extensions/url-shortener-bitly/v1/settings": { example: wrapped({ bitlyAccessToken: "t", groupGUID: "g", appId: "a" }) },
  "/apps/{appId}/extensions/rich-media/v1/settings": { example: wrapped({ iframelyApiKey: "k", appId: "a" }) },
  // appId is a number in this example and a string in others (docs/service.md): its type is not compared.
  "/apps/{appId}/extensions/virus-malware-scanner/v1/settings": { example: wrapped({ scaniiApiKey: "k", scaniiSecretKey: "s", appId: null }) },
  "/apps/{appId}/extensions/broadcast/v1/settings": { example: wrapped({ apiVideoKey: "k", appId: "a", recordVideo: false }) },
  "/apps/{appId}/extensions/gifs-tenor/v1/settings": { example: wrapped({ tenorApiKey: "k", appId: "a" }) },
  "/apps/{appId}/extensions/human-moderation/v1/settings": { example: wrapped({ allUserMessages: false, allGroupMessages: false, senders: ["u"], receiverGroups: ["g"], receiverUsers: ["u"], allMessages: false, appId: "a" }) },
  "/apps/{appId}/extensions/e2ee/v1/settings": { example: wrapped({ virgilAppID: "i", virgilAppKeyID: "k", virgilAppKey: "k", appId: "a" }) },
  "/apps/{appId}/extensions/email-replies/v1/settings": { example: wrapped({ senderEmailForReplies: "m@e.com", sendEmailReplies: true, appId: null }) },
  "/apps/{appId}/extensions/sms-notification/v1/settings": { example: wrapped({ fromMobileNo: "+1", messageDelay: 60, twilioAccountSid: "AC", twilioAuthToken: "t", websiteURL: "w", appId: "a" }) },
  // The example is the bare {settings} (components.examples); the emulator answers it wrapped as every other extension (--variant push-settings-bare: bare).
  "/apps/{appId}/extensions/push-notification/v1/settings": {
    example: wrapped({
      version: 2, pushProvider: 1, fcmCredentials: { project_id: "p", client_email: "c", private_key: "k", private_key_id: "i" },
      notificationInPayload: { web: true, android: true, ionic_cordova: true, react_native: false, ios: true, flutter: true }, useP8: true, sendApnsProduction: true,
      sendNewMessageNotification: true, sendEditMessageNotification: false, sendDeleteMessageNotification: false, sendThreadedMessageNotification: true,
      sendIncomingCallNotification: true, sendMissedCallNotification: true, sendMemberJoinedNotification: true, sendMemberLeftNotification: true,
      sendMemberKickedNotification: true, sendMemberBannedNotification: true, sendMemberUnbannedNotification: true, sendMemberAddedNotification: true,
      sendMemberScopeChangedNotification: false, keyId: "k", teamId: "t", bundleId: "b", appId: "abcd",
      cometchatMessagePayloadOptions: { skipSenderMetadata: false, skipReceiverMetadata: false, skipMessageMetadata: false, trimMessageText: true },
    }),
  },
  "/apps/{appId}/extensions/chatwoot/v1/settings": { example: wrapped({ chatwootAccountId: "1", chatwootInboxId: "2", appId: "a", chatwootAccessToken: "t", customerSupportUid: "u", webhookURL: "https://w" }) },
  "/apps/{appId}/extensions/message-shortcuts/v1/settings": { example: wrapped({ shortcuts: { "!cu": "See you later." } }) },
  "/apps/{appId}/extensions/email-notification/v1/settings": {
    example: wrapped({
      messageDelay: 120, senderEmail: "m@e", senderName: "J", sendGridApiKey: "k", sendGridTemplateId: "t", sendGridUnsubscribeGroupId: "g",
      useWebhook: true, webhookURL: "http://e", useWebhookBasicAuth: true, webhookUsername: "u", webhookPassword: "p",
    }),
  },
  "/apps/{appId}/extensions/profanity-filter/v1/settings": { example: wrapped({ badwords: ["xyz"], dropMessage: false, appId: "a" }) },
  "/apps/{appId}/extensions/stickers/v1/settings": {
    example: wrapped({ appId: "a", dropMessage: false, customMasterStickersData: [], defaultMasterStickersData: [{ stickerName: "n", stickerOrder: 14, stickerSetId: "s", stickerSetName: "n", stickerSetOrder: 7, stickerUrl: "https://s", id: "i", enableFlag: true }] }),
  },
  "/apps/{appId}/extensions/data-masking/v1/settings": { example: wrapped({ appId: "a", dropMessage: false, customregexData: [], defaultRegexData: [{ enableFlag: false, id: "2", name: "Emails", regex: "r" }] }) },
  "/apps/{appId}/extensions/push-notification/v1/query-certificates": { example: { data: { statusCode: 200, success: true, responseTime: 3.06, body: { success: true } } } },
  "/apps/{appId}/collaborators": { example: { data: [{ id: "1", name: "Admin1", email: "admin1@cometchat.com", role: "admin", createdAt: 1618578628 }] } },
  "/apps/{appId}/settings": {
    example: {
      data: {
        "core.conversations.updateOnGroupActions": true, "core.conversations.updateOnReplies": true, "core.threads.updateOnMessageActions": false,
        "core.conversations.updateOnCallActivity": true, "core.conversations.updateOnMessageActions": true, "core.conversations.updateOnCustomMessage": true,
        "core.notifications.push.accessible": true, "core.notifications.push.enabled": true, "core.notifications.push.advanced.enabled": true,
        "core.notifications.push.advanced.included": ["preferences"],
      },
    },
  },
  "/apps/{appId}/webhooks": { example: { data: [webhook], meta: { pagination: { ...pagination, per_page: 10 } } } },
  "/apps/{appId}/webhooks/{webhookId}": { example: { data: [{ data: webhook }] } },
  "/apps/{appId}/webhooks/{webhookId}/triggers": { example: { data: [{ id: "message_delivery_receipt", description: "[Beta] The hook triggers when …" }], meta: { pagination } } },
};

/** The reads whose documented answer has neither an example nor a field table to compare with, and why. */
export const WITHOUT_EXAMPLE: Record<string, string> = {
  "/moderation/flagged-messages": "the export gives a schema without items and no example (docs/service.md, moderation)",
  "/moderation/reviewed-messages": "the export gives a schema without items and no example (docs/service.md, moderation)",
};
