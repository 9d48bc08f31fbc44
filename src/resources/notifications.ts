import * as v from "valibot";
import { idText, opt, tolerantObject } from "../api/schemas.js";
import { formatTime } from "../text/format.js";
import { type Resource, yesNo } from "./resource.js";

/**
 * The notifications service (chat-apis.json, Notifications), under `ccx
 * notifications`: the log of what was sent to whom and why not, the push
 * tokens a user's devices registered, a user's preferences, the app's
 * settings and its providers. Times in the log are milliseconds, a push
 * token's ISO strings: formatTime reads both.
 */

const logLineSchema = tolerantObject("_id", {
  _id: idText,
  messageId: opt(idText),
  messageCategory: opt(v.string()),
  messageType: opt(v.string()),
  trigger: opt(v.string()),
  sender: opt(v.string()),
  receiver: opt(v.string()),
  receiverType: opt(v.string()),
  member: opt(v.string()),
  channel: opt(v.string()),
  provider: opt(v.string()),
  notificationTriggered: opt(v.boolean()),
  reason: opt(v.nullable(v.string())),
  success: opt(v.boolean()),
  processingEndedAtMS: opt(v.union([v.number(), v.string()])),
  /** An older answer's time of the line (the documented one is processingEndedAtMS). */
  sentAtMS: opt(v.union([v.number(), v.string()])),
});
type LogLine = v.InferOutput<typeof logLineSchema>;

/** Every documented filter of GET /notifications/v1/logs, as a flag. */
const LOG_FLAGS = [
  { flag: "message-id", param: "messageId", description: "lines of this message" },
  { flag: "reaction-id", param: "reactionId", description: "lines of this reaction" },
  { flag: "from", param: "from", description: "sent at or after (2024-01-01, 2h, ms)", time: "ms" as const },
  { flag: "to", param: "to", description: "sent at or before (2024-01-01, 2h, ms)", time: "ms" as const },
  { flag: "category", param: "messageCategory", description: "the message's category (message, custom)" },
  { flag: "type", param: "messageType", description: "the message's type (text, image, …)" },
  { flag: "trigger", param: "trigger", description: "what made the notification" },
  { flag: "sender", param: "sender", description: "sent by this uid" },
  { flag: "reaction-sender", param: "reactionSender", description: "reacted by this uid" },
  { flag: "receiver", param: "receiver", description: "sent to this uid or guid" },
  { flag: "receiver-type", param: "receiverType", description: "user or group" },
  { flag: "reaction-receiver", param: "reactionReceiver", description: "reaction received by this uid" },
  { flag: "member", param: "member", description: "the group member notified (uid)" },
  { flag: "channel", param: "channel", description: "push, email or sms" },
  { flag: "provider", param: "provider", description: "fcm, apns, custom, …" },
  { flag: "triggered", param: "notificationTriggered", description: "true: sent; false: held back (see the reason)" },
  { flag: "reason", param: "reason", description: "why it was held back (MUTE_PREFERENCE, DND_PREFERENCE, …)" },
  { flag: "success", param: "success", description: "true or false: what the provider answered" },
];

export const notificationLogs: Resource<LogLine> = {
  name: "notification-logs",
  singular: "notification log line",
  command: { group: "notifications", word: "logs" },
  description: "the notifications log: to whom each message was pushed, on which channel, or why not",
  idField: "_id",
  schema: logLineSchema,
  list: { path: "/notifications/v1/logs", flags: LOG_FLAGS },
  wideAt: 140,
  columns: [
    { header: "sent", field: ["processingEndedAtMS", "sentAtMS"], get: (l) => formatTime(l.processingEndedAtMS ?? l.sentAtMS), min: 16 },
    { header: "message", field: "messageId", get: (l) => l.messageId ?? "", min: 7 },
    { header: "to", get: (l) => l.member ?? l.receiver ?? "", field: ["member", "receiver"], min: 8, max: 24 },
    { header: "channel", field: "channel", get: (l) => l.channel ?? "", min: 7 },
    { header: "provider", field: "provider", get: (l) => l.provider ?? "", min: 8 },
    { header: "sent?", field: "notificationTriggered", get: (l) => yesNo(l.notificationTriggered), min: 5, state: (l) => (l.notificationTriggered === false ? "rejected" : undefined) },
    { header: "reason", field: "reason", get: (l) => l.reason ?? "", min: 8, grows: true },
    { header: "ok", field: "success", get: (l) => yesNo(l.success), min: 3 },
    { header: "from", field: "sender", get: (l) => l.sender ?? "", min: 8, max: 24 },
  ],
};

const pushTokenSchema = tolerantObject("pushToken", {
  pushToken: v.string(),
  pushTokenType: opt(v.string()),
  platform: opt(v.string()),
  providerId: opt(v.string()),
  uid: opt(v.string()),
  createdAt: opt(v.union([v.string(), v.number()])),
});
type PushToken = v.InferOutput<typeof pushTokenSchema>;

export const pushTokens: Resource<PushToken> = {
  name: "push-tokens",
  singular: "push token",
  command: { group: "notifications", word: "tokens" },
  description: "the push tokens registered with a user's auth token (all=true: every device of theirs); masked",
  idField: "pushToken",
  schema: pushTokenSchema,
  list: {
    path: "/notifications/push/v1/tokens?all=true",
    required: [{ flag: "auth-token", param: "authToken", description: "an auth token of the user (ccx tokens <uid> --reveal)" }],
    itemsIn: "pushTokens",
  },
  columns: [
    { header: "token", field: "pushToken", get: (t) => t.pushToken, min: 12 },
    { header: "type", field: "pushTokenType", get: (t) => t.pushTokenType ?? "", min: 4 },
    { header: "platform", field: "platform", get: (t) => t.platform ?? "", min: 8 },
    { header: "provider", field: "providerId", get: (t) => t.providerId ?? "", min: 8, grows: true },
    { header: "user", field: "uid", get: (t) => t.uid ?? "", min: 6 },
    { header: "created", field: "createdAt", get: (t) => formatTime(t.createdAt), min: 16 },
  ],
};

/** A user's preferences, with whom they muted and their timezone (three reads, one item). */
export const preferences: Resource<Record<string, unknown>> = {
  name: "preferences",
  singular: "preferences",
  command: { group: "notifications", word: "preferences" },
  description: "a user's notification preferences: do not disturb, what they subscribe to, the conversations they muted, their timezone",
  idField: "preferences",
  schema: v.record(v.string(), v.unknown()),
  detail: {
    path: "/notifications/v1/preferences?uid={uid}",
    also: ["/notifications/v1/preferences/mute?uid={uid}", "/notifications/v1/preferences/timezone?uid={uid}"],
    first: ["preferences", "mutedConversations", "timezone"],
  },
  columns: [],
};

/** Where the user acted for is reached by email and SMS (GET /notifications/v1/contact-details, onBehalfOf required). */
export const contactDetails: Resource<Record<string, unknown>> = {
  name: "contact-details",
  singular: "contact-details",
  command: { group: "notifications", word: "contact" },
  description: "the email address and phone number the notifications of the user acted for (--as) go to",
  idField: "email",
  schema: v.record(v.string(), v.unknown()),
  detail: { path: "/notifications/v1/contact-details", first: ["email", "phno"] },
  columns: [],
};

export const notificationSettings: Resource<Record<string, unknown>> = {
  name: "notification-settings",
  singular: "notification settings",
  command: { group: "notifications", word: "settings" },
  description: "the app's notification settings: what each channel sends by default, sounds, templates",
  idField: "preferences",
  schema: v.record(v.string(), v.unknown()),
  detail: { path: "/notifications/v1/settings", first: ["preferences", "sound", "templates"] },
  columns: [],
};

const providerSchema = tolerantObject("source", {
  source: v.string(),
  providerId: opt(v.string()),
  name: opt(v.string()),
  isDefault: opt(v.boolean()),
  isEnabled: opt(v.boolean()),
  /** An older answer's name for isEnabled. */
  enabled: opt(v.boolean()),
  webhookURL: opt(v.string()),
});
type Provider = v.InferOutput<typeof providerSchema>;

export const providers: Resource<Provider> = {
  name: "providers",
  singular: "provider",
  command: { group: "notifications", word: "providers" },
  description: "the app's push (FCM, APNs, custom), SMS and email providers (their keys masked)",
  idField: "source",
  schema: providerSchema,
  list: {
    path: "/notifications/push/v1/providers/fcm",
    itemsIn: "pushProviders",
    sources: [
      { path: "/notifications/push/v1/providers/fcm", label: "push: fcm" },
      { path: "/notifications/push/v1/providers/apns", label: "push: apns" },
      { path: "/notifications/push/v1/providers/custom", label: "push: custom" },
      { path: "/notifications/sms/v1/providers/twilio", label: "sms: twilio" },
      { path: "/notifications/sms/v1/providers/custom", label: "sms: custom" },
      { path: "/notifications/email/v1/providers/sendgrid", label: "email: sendgrid" },
      { path: "/notifications/email/v1/providers/custom", label: "email: custom" },
    ],
  },
  columns: [
    { header: "provider", field: "source", get: (p) => p.source, min: 14 },
    { header: "id", field: "providerId", get: (p) => p.providerId ?? "", min: 10 },
    { header: "name", field: "name", get: (p) => p.name ?? "", min: 8, grows: true },
    { header: "default", field: "isDefault", get: (p) => yesNo(p.isDefault), min: 7 },
    { header: "on", field: ["isEnabled", "enabled"], get: (p) => yesNo(p.isEnabled ?? p.enabled), min: 3 },
    { header: "webhook", field: "webhookURL", get: (p) => p.webhookURL ?? "", min: 10, grows: true },
  ],
};
