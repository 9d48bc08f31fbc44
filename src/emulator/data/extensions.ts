import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * An app's extensions and each one's settings, as management-apis.json
 * documents them: the list's items with the example's fields, and for every
 * extension the exports give settings for (26, and the chat widgets) the
 * fields of its GET example, third-party credentials included (Giphy, Scanii,
 * Rev.ai, Bitly, Virgil, Twilio, SendGrid, FCM, basic-auth passwords…): fake,
 * from the seed, in clear as the service answers them. Derived, not stored;
 * what the writes changed (an extension enabled, settings saved or deleted, a
 * chat widget made) is kept beside the app and answered over the seed's.
 */

/** What the extension writes changed of an app. */
export interface ExtensionChanges {
  /** By id: on or off, in place of the seed's. */
  active: Map<string, boolean>;
  /** By id: the settings saved now (without the appId the answers add), `{}` once deleted. */
  settings: Map<string, Record<string, unknown>>;
  /** The chat widgets, once one was made or changed. */
  widgets?: Array<Record<string, unknown>>;
}

const changes = new WeakMap<App, ExtensionChanges>();

export function extensionChangesOf(app: App): ExtensionChanges {
  let found = changes.get(app);
  if (!found) changes.set(app, (found = { active: new Map(), settings: new Map() }));
  return found;
}

const roll = (app: App, ...salt: number[]) => mix32(hash32(app.appId), app.seed, ...salt);

/** A seeded credential: `length` hex digits, the same for the same app, seed and label. */
function secretOf(app: App, label: string, length = 32): string {
  return Array.from({ length: Math.ceil(length / 8) }, (_, i) => roll(app, hash32(label), i).toString(16).padStart(8, "0")).join("").slice(0, length);
}

/** [id, name, tag line, third party]: every extension the exports give settings for, and two that have none. */
const EXTENSIONS = [
  ["profanity-filter", "Profanity Filter", "Mask or drop profane words", false], ["data-masking", "Data Masking", "Hide emails, phone numbers and patterns of your own", false],
  ["xss-filter", "XSS Filter", "Strip scripts from messages", false], ["image-moderation", "Image Moderation", "Flag or drop explicit images", true],
  ["report-user", "Report User", "Let users report abusive users", false], ["report-message", "Report Message", "Let users report messages", false],
  ["human-moderation", "In-flight Message Moderation", "Review messages before they are delivered", false], ["sentiment-analysis", "Sentiment Analysis", "Understand the tone of messages", true],
  ["virus-malware-scanner", "Virus Malware Scanner", "Scan user uploaded files & media for viruses and malware.", true],
  ["push-notification", "Push Notifications", "Notify users of new messages and calls", false], ["email-notification", "Email Notification", "Notify users via email for unread messages.", true],
  ["sms-notification", "SMS Notification", "Notify users via sms for unread messages.", true], ["email-replies", "Email Replies", "Respond to conversations by replying to email notifications", false],
  ["gifs-giphy", "Giphy", "Search and send GIFs from Giphy", true], ["gifs-tenor", "Tenor", "Search and send GIFs from Tenor", true],
  ["stickers", "Stickers", "Send & manage stickers", false], ["stickers-stipop", "Stipop", "Stickers from Stipop", true],
  ["rich-media", "Rich Media Preview", "Previews of the links in messages", true], ["url-shortener-bitly", "Bitly", "Shorten links with Bitly", true],
  ["url-shortener-tinyurl", "TinyURL", "Shorten links with TinyURL", true], ["voice-transcription", "Voice Transcription", "Transcribe audio messages", true],
  ["message-shortcuts", "Message Shortcuts", "Expand typed shortcuts into messages", false], ["broadcast", "Video Broadcasting", "Real-time live video streaming & broadcasting to 1000s of viewers", true],
  ["e2ee", "End-to-end Encryption", "End-to-end encryption is intended to prevent data being read or modified by anyone but the sender and recipient(s).", true],
  ["intercom", "Intercom", "Connect and exchange messages between CometChat and Intercom", true], ["chatwoot", "Chatwoot", "Connect and exchange messages between CometChat and Chatwoot", true],
  ["widget", "Chat Widget", "Chat on your website in a few lines", false], ["polls", "Polls", "Ask questions with options", false], ["reminders", "Reminders", "Remind users of messages", false],
] as const;

/** The trio `ccx trace` asks about is on in most apps; the rest by chance. */
const ON_IN_MOST = new Set(["profanity-filter", "data-masking", "xss-filter"]);

/** The app's extensions (GET /apps/{appId}/extensions), each with the documented example's fields. */
export function extensionsOf(app: App) {
  return EXTENSIONS.map(([id, name, tagLine, thirdParty], i) => {
    const hooked = roll(app, i, 0x686f6f6b) % 2 === 0;
    return {
      id, name, tagLine, description: tagLine, author: "CometChat", email: "help@cometchat.com",
      webhookURL: `https://${id}-${app.region}.extensions.example/v1/action`,
      accessToAppData: false,
      adminURL: `https://${id}-${app.region}.extensions.example/v1/show-setting?appToken=${secretOf(app, `admin-${id}`, 24)}`,
      websiteURL: "https://www.cometchat.com",
      isActive: extensionChangesOf(app).active.get(id) ?? (ON_IN_MOST.has(id) ? roll(app, i) % 5 !== 0 : roll(app, i) % 3 === 0),
      isPrivate: false, isInvisible: false, isThirdParty: thirdParty,
      createdAt: app.createdAt - 86_400 * (30 + i),
      hooks: { data: hooked ? [{ hook: "after_message", description: "The hook triggers after sending a message", isActive: true, enabled: 1, createdAt: app.createdAt - 86_400 * 400 }] : [] },
      categories: { data: [] as unknown[] },
    };
  });
}

/** The ids of the extensions whose settings the exports document, with the version in their path. */
export const SETTINGS_VERSIONS: Readonly<Record<string, string>> = Object.fromEntries(
  EXTENSIONS.filter(([id]) => id !== "polls" && id !== "reminders").map(([id]) => [id, id === "widget" ? "v2" : "v1"]),
);

/** Words the profanity filter drops, patterns data masking hides, as the dashboard starts them. */
const BADWORDS = ["darn", "heck", "blast"];
const DEFAULT_REGEX = [
  { enableFlag: true, id: "2", name: "Emails", regex: "\\w+([.-]?\\w+)*@\\w+([.-]?\\w+)*(\\.\\w{2,10})+" },
  { enableFlag: true, id: "1", name: "US Phone numbers", regex: "[2-9]\\d{2}-\\d{3}-\\d{4}" },
  { enableFlag: false, id: "3", name: "SSN", regex: "\\d{3}-\\d{2}-\\d{4}" },
];

/**
 * One extension's settings (GET /apps/{appId}/extensions/<id>/v<n>/settings, inside the wrapper), with
 * the fields of its documented example, or undefined for an extension the exports give no settings.
 * The chat widgets' answer is a list (`body.data[]{configuration, widgetId}`), the others' `{settings}`.
 */
export function extensionSettingsOf(app: App, id: string): { settings: Record<string, unknown> } | Array<Record<string, unknown>> | undefined {
  if (!(id in SETTINGS_VERSIONS)) return undefined;
  const changed = extensionChangesOf(app);
  if (id === "widget") return changed.widgets ?? widgetsOf(app);
  const saved = changed.settings.get(id);
  if (saved) return { settings: { ...saved, appId: app.appId } };
  const secret = (label: string, length?: number) => secretOf(app, `${id}:${label}`, length);
  const on = (salt: number) => roll(app, hash32(id), salt) % 2 === 0;
  const hooks = `https://hooks.example.com/${app.appId}/${id}`;
  const reports = { maxReports: 3, useWebhook: true, webhookURL: hooks, basicAuthUsername: `ccx-${id}`, basicAuthPassword: `pw-${secret("basic", 16)}` };
  const settings: Record<string, Record<string, unknown>> = {
    "gifs-giphy": { giphyApiKey: secret("api") },
    "xss-filter": { dropMessage: on(1) },
    "image-moderation": { dropMessage: on(1) },
    "report-user": reports,
    "report-message": reports,
    "voice-transcription": { revaiAPIKey: secret("api", 40) },
    "stickers-stipop": { stipopApiKey: secret("api"), stipopAppId: secret("app", 16) },
    "sentiment-analysis": { dropMessage: on(1) },
    "url-shortener-tinyurl": { tinyUrlAPIToken: secret("token", 40), tinyUrlDomain: "tiny.one" },
    intercom: { customerSupportUid: app.users[0]?.uid ?? "support", intercomAccessToken: secret("token", 24), webhookURL: `${hooks}/reply?token=${secret("hook", 24)}` },
    "url-shortener-bitly": { bitlyAccessToken: secret("token", 40), groupGUID: secret("group", 14) },
    "rich-media": { iframelyApiKey: secret("api", 24) },
    "virus-malware-scanner": { scaniiApiKey: secret("api"), scaniiSecretKey: secret("secret", 8) },
    broadcast: { apiVideoKey: secret("api"), recordVideo: on(2) },
    "gifs-tenor": { tenorApiKey: secret("api", 24) },
    "human-moderation": {
      allUserMessages: false, allGroupMessages: false, allMessages: false,
      senders: app.users.slice(0, 2).map((u) => u.uid), receiverGroups: app.groups.slice(0, 1).map((g) => g.guid), receiverUsers: app.users.slice(2, 3).map((u) => u.uid),
    },
    e2ee: { virgilAppID: secret("app", 32), virgilAppKeyID: secret("key-id", 32), virgilAppKey: `MC4CAQAwBQYDK2VwBCIEI${secret("key", 40)}` },
    stickers: {
      dropMessage: false, customMasterStickersData: [],
      defaultMasterStickersData: Array.from({ length: 3 }, (_, i) => ({
        stickerName: `litt_${i + 1}.png`, stickerOrder: i + 1, stickerSetId: secret("set", 32), stickerSetName: "little dyno", stickerSetOrder: 1,
        stickerUrl: `https://stickers.example.com/littledyno/litt_${i + 1}.png`, id: secret(`sticker-${i}`, 32), enableFlag: true,
      })),
    },
    "email-replies": { senderEmailForReplies: `replies@${app.appId}.example.com`, sendEmailReplies: on(1) },
    "sms-notification": {
      fromMobileNo: "+15005550006", messageDelay: 60, twilioAccountSid: `AC${secret("sid")}`, twilioAuthToken: secret("token"), websiteURL: `https://${app.appId}.example.com`,
    },
    "push-notification": pushSettings(app, secret),
    chatwoot: {
      chatwootAccountId: String(10_000 + (roll(app, 0x6377) % 90_000)), chatwootInboxId: String(10_000 + (roll(app, 0x6369) % 90_000)),
      chatwootAccessToken: secret("token", 24), customerSupportUid: app.users[0]?.uid ?? "support", webhookURL: `${hooks}/reply?token=${secret("hook", 24)}`,
    },
    "message-shortcuts": { shortcuts: { "!cu": "See you later.", "!ty": "Hey! Thanks a lot! 😊", "!hbd": "Happy Birthday! 🥳", "!wc": "You're welcome!" } },
    "email-notification": {
      messageDelay: 120, senderEmail: `noreply@${app.appId}.example.com`, senderName: app.name, sendGridApiKey: `SG.${secret("api", 40)}`,
      sendGridTemplateId: `d-${secret("template")}`, sendGridUnsubscribeGroupId: String(10_000 + (roll(app, 0x756e) % 90_000)),
      useWebhook: on(3), webhookURL: hooks, useWebhookBasicAuth: true, webhookUsername: "ccx-email", webhookPassword: `pw-${secret("webhook", 16)}`,
    },
    "data-masking": { dropMessage: false, customregexData: [{ enableFlag: true, id: "ticket", name: "Ticket numbers", regex: "TCK-\\d{6}" }], defaultRegexData: DEFAULT_REGEX },
    "profanity-filter": { badwords: BADWORDS, dropMessage: on(1) },
  };
  // The examples send appId as a string, some as a number; the emulator sends the app's id.
  return { settings: { ...settings[id], appId: app.appId } };
}

/** The push extension's settings, as the exports' components example gives them (an FCM private key among them). */
function pushSettings(app: App, secret: (label: string, length?: number) => string): Record<string, unknown> {
  return {
    version: 2, pushProvider: 1,
    fcmCredentials: {
      project_id: `${app.appId}-push`, client_email: `push@${app.appId}.iam.example.com`,
      private_key: `-----BEGIN PRIVATE KEY-----${secret("fcm", 64)}-----END PRIVATE KEY-----`, private_key_id: secret("fcm-id", 40),
    },
    notificationInPayload: { web: true, android: true, ionic_cordova: true, react_native: false, ios: true, flutter: true },
    useP8: true, sendApnsProduction: true,
    sendNewMessageNotification: true, sendEditMessageNotification: false, sendDeleteMessageNotification: false, sendThreadedMessageNotification: true,
    sendIncomingCallNotification: true, sendMissedCallNotification: true, sendMemberJoinedNotification: true, sendMemberLeftNotification: true,
    sendMemberKickedNotification: true, sendMemberBannedNotification: true, sendMemberUnbannedNotification: true, sendMemberAddedNotification: true,
    sendMemberScopeChangedNotification: false,
    keyId: secret("key-id", 10).toUpperCase(), teamId: secret("team", 10).toUpperCase(), bundleId: `com.example.${app.appId}`,
    cometchatMessagePayloadOptions: { skipSenderMetadata: false, skipReceiverMetadata: false, skipMessageMetadata: false, trimMessageText: true },
  };
}

const WIDGET_SWITCHES_ON = [
  "allow_message_reactions", "enable_collaborative_whiteboard", "enable_collaborative_document", "enable_video_calling", "enable_editing_messages",
  "enable_sending_messages", "allow_moderator_to_delete_member_messages", "join_or_leave_groups", "block_user", "enable_voice_calling", "send_emojis",
  "send_files", "view_shared_media", "enable_sound_for_messages", "send_photos_videos", "show_stickers", "enable_sound_for_calls", "show_call_notifications",
  "view_group_members", "allow_delete_groups", "allow_kick_ban_members", "hide_join_leave_notifications", "enable_message_translation",
  "send_message_in_private_to_group_member", "create_groups", "show_typing_indicators", "show_user_presence", "allow_add_members",
  "enable_deleting_messages", "enable_threaded_replies", "show_delivery_read_indicators", "hide_deleted_messages", "allow_creating_polls",
  "allow_promote_demote_members", "share_live_reactions", "show_emojis_in_larger_size", "send_voice_notes",
];
const WIDGET_SWITCHES_OFF = [
  "allow_mention_members", "enable_replying_to_messages", "enable_share_copy_forward_messages", "highlight_messages_from_moderators",
  "show_call_recording_option", "send_gifs", "share_location", "set_groups_in_qna_mode_by_moderators", "send_reply_in_private_to_group_member",
];

/** The app's chat widgets: one or two, each its configuration and id (the exports answer a list). */
function widgetsOf(app: App): Array<Record<string, unknown>> {
  const count = 1 + (roll(app, 0x776964) % 2);
  return Array.from({ length: count }, (_, i) => ({
    configuration: {
      name: i === 0 ? "Support widget" : "Sales widget",
      style: {
        docked_layout_icon_background: "#03a9f4", custom_js: "v2", docked_layout_icon_close: "https://widget.example.com/v2/resources/chat_close.svg",
        custom_css: "", docked_layout_icon_open: "https://widget.example.com/v2/resources/chat_bubble.svg",
        primary_color: i === 0 ? "#03A9F4" : "#6852D6", foreground_color: "#000000", background_color: "#FFFFFF", override_system_background_colors: true,
      },
      main: { ...Object.fromEntries(WIDGET_SWITCHES_ON.map((name) => [name, true])), ...Object.fromEntries(WIDGET_SWITCHES_OFF.map((name) => [name, false])) },
      version: "v2",
      sidebar: {
        group_listing: "public_and_password_protected_groups", start_a_new_conversation: "all_chats", user_settings: true, calls: true, chats: true,
        user_listing: "all_users", groups: true, recent_chat_listing: "all_chats", sidebar_navigation_sequence: ["chats", "users", "groups", "calls", "settings"], users: true,
      },
      appId: app.appId,
    },
    widgetId: [8, 4, 4, 4, 12].map((n, j) => secretOf(app, `widget-${i}-${j}`, n)).join("-"),
  }));
}
