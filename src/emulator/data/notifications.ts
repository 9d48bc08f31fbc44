import { tokensOf } from "./auth-tokens.js";
import { blockedBy } from "./blocks.js";
import { isMember, membersOf } from "./members.js";
import type { App } from "./model.js";
import { notificationChangesOf } from "./notification-changes.js";
import { hash32, mix32 } from "./random.js";

/**
 * What the notifications service knows of an app, derived from the seed like
 * memberships and blocks: each user's preferences (do not disturb, the
 * conversations they muted, their timezone), the push tokens their devices
 * registered against their auth tokens, the app's push, SMS and email
 * providers, and one log line per recipient and device for every message, as
 * those preferences and tokens decide it (a muted conversation's line says
 * MUTE_PREFERENCE). Nothing is stored: a log line is its message and ordinal.
 */

const PREFS = 0x6e746670;
const PUSH = 0x70757368;
const TIMEZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Tokyo", "America/Sao_Paulo", "Australia/Sydney"] as const;

export interface MutedConversation {
  /** A group's guid, or the other user's uid. */
  id: string;
  type: "group" | "oneOnOne";
  /** Until when, in ms (absent: until unmuted). */
  until?: number;
}

export interface UserPreferences {
  dnd: boolean;
  muted: MutedConversation[];
  timezone: string;
}

const cachedPreferences = new WeakMap<App, Map<number, UserPreferences>>();

/**
 * A user's preferences: one in eight on do-not-disturb, one in five muting a group or two they are
 * in (among the app's first groups). Kept per app: every log line of every message asks.
 */
export function preferencesOf(app: App, index: number): UserPreferences {
  let cache = cachedPreferences.get(app);
  if (!cache) cachedPreferences.set(app, (cache = new Map()));
  let prefs = cache.get(index);
  if (!prefs) cache.set(index, (prefs = derivePreferences(app, index)));
  return prefs;
}

function derivePreferences(app: App, index: number): UserPreferences {
  const roll = mix32(hash32(app.appId), app.seed, index, PREFS);
  const muted: MutedConversation[] = [];
  if (index < app.seededUsers && (roll >>> 3) % 5 === 0) {
    for (const group of app.groups.slice(0, 400)) {
      if (muted.length >= 2) break;
      if (group.membersCount > 1 && mix32(roll, group.index) % 3 === 0 && isMember(app, group, index)) {
        muted.push({ id: group.guid, type: "group", ...(mix32(roll, group.index, 1) % 2 === 0 ? { until: (app.createdAt + 400 * 86_400) * 1000 } : {}) });
      }
    }
  }
  return { dnd: roll % 8 === 0, muted, timezone: TIMEZONES[(roll >>> 8) % TIMEZONES.length]! };
}

/** Whether the user muted the conversation a message is in. */
export function mutedFor(prefs: UserPreferences, conversation: { group?: string; otherUid?: string }): boolean {
  return prefs.muted.some((m) => (m.type === "group" ? m.id === conversation.group : m.id === conversation.otherUid));
}

export interface PushToken {
  pushToken: string;
  /** `chat` (the example's); a VoIP token's `voip`. */
  pushTokenType: "chat" | "voip";
  /** The provider and the device, as the example's `fcm_android`. */
  platform: string;
  providerId: string;
  authToken: string;
  uid: string;
  createdAt: string;
  updatedAt: string;
}

/** The providers an app configured: FCM and APNs by default, one custom push webhook. */
export const PROVIDER_IDS = { fcm: "fcm-default", apns: "apns-default", custom: "custom-push" } as const;

/** By app, then user index: a user's push tokens once a write changed them (registered, unregistered, deleted). */
const writtenTokens = new WeakMap<App, Map<number, PushToken[]>>();

/** A user's push tokens as a write leaves them: what every read and the log's lines see after it. */
export function setPushTokens(app: App, index: number, tokens: PushToken[]): void {
  let byUser = writtenTokens.get(app);
  if (!byUser) writtenTokens.set(app, (byUser = new Map()));
  byUser.set(index, tokens);
}

/**
 * The push tokens a user's devices registered: one per auth token at most (a device logs in with
 * it), FCM on Android and the web, APNs on iOS; one in ten names a provider the app does not have
 * (a token from an old build), which the service refuses with INVALID_PUSH_PROVIDER_ID. Once a
 * write changed them, what it left.
 */
export function pushTokensOf(app: App, index: number): PushToken[] {
  return writtenTokens.get(app)?.get(index) ?? seededPushTokens(app, index);
}

function seededPushTokens(app: App, index: number): PushToken[] {
  return tokensOf(app, index).flatMap((token, j) => {
    const roll = mix32(hash32(token.authToken), app.seed, PUSH);
    if (roll % 4 === 0) return [];
    const platform = (["fcm_android", "apns_ios_device", "fcm_web"] as const)[(roll >>> 2) % 3]!;
    const type = platform.startsWith("apns") ? "APNS" : "FCM";
    const stale = (roll >>> 5) % 10 === 0;
    const created = new Date(token.createdAt * 1000 + 5_000).toISOString();
    return [{
      pushToken: `${type === "FCM" ? "fcm" : "apns"}:${mix32(roll, j).toString(16).padStart(8, "0")}${mix32(roll, j, 1).toString(16).padStart(8, "0")}${mix32(roll, j, 2).toString(16).padStart(8, "0")}`,
      pushTokenType: "chat",
      platform,
      providerId: stale ? `${type.toLowerCase()}-legacy` : type === "FCM" ? PROVIDER_IDS.fcm : PROVIDER_IDS.apns,
      authToken: token.authToken,
      uid: token.uid,
      createdAt: created,
      updatedAt: created,
    }];
  });
}

/** A line as the log's documented example gives it (times in ms; `reason` only when held back, `success` only when sent). */
export interface LogLine {
  _id: string;
  processingStartedAtMS: number;
  processingEndedAtMS: number;
  totalProcessingTimeInMS: number;
  component: "notifications-core";
  channel: "push";
  provider: "fcm" | "apns";
  messageId: number;
  messageCategory: string;
  messageType: string;
  trigger: "after_message";
  messageSentAtMS: number;
  sender: string;
  receiver: string;
  receiverType: "user" | "group";
  member?: string;
  tokenType: string;
  pushToken: string;
  providerId: string;
  payload: Record<string, unknown>;
  notificationTriggered: boolean;
  reason?: string;
  success?: boolean;
}

/** Categories that notify: a group's member actions and calls notify through their own triggers, not logged here. */
const NOTIFYING = new Set(["message", "custom"]);

/** A log id: the message's time, its index and the line's ordinal, so that ids sort as the log does. */
export const logIdOf = (sentAt: number, index: number, ordinal: number): string =>
  [Math.floor(sentAt), index, ordinal].map((n) => (n >>> 0).toString(16).padStart(8, "0")).join("");

/** The message index and ordinal a log id names, or undefined for another id. */
export function logPosition(logId: string): { index: number; ordinal: number } | undefined {
  if (!/^[0-9a-f]{24}$/.test(logId)) return undefined;
  return { index: parseInt(logId.slice(8, 16), 16), ordinal: parseInt(logId.slice(16), 16) };
}

/**
 * The log lines of message `i`, one per recipient and registered device, in recipient order. None for
 * a message moderation holds back (not delivered until a moderator approves it), none between a recipient and a sender either of
 * whom blocked the other (a block stops communication both ways); a recipient without a push token
 * has no device to notify and no line.
 */
export function logLinesOf(app: App, i: number, isBlockedMessage: (i: number) => boolean): LogLine[] {
  const store = app.messages;
  if (i < 0 || i >= store.count || !NOTIFYING.has(store.categoryOf(i)) || isBlockedMessage(i)) return [];
  const conversation = store.conversations[store.conversation[i]!]!;
  const sender = store.sender[i]!;
  const group = conversation.group >= 0 ? app.groups[conversation.group]! : undefined;
  const recipients = group
    ? membersOf(app, group).map((m) => m.userIndex).filter((u) => u !== sender)
    : [conversation.userA === sender ? conversation.userB : conversation.userA];
  const senderUid = app.users[sender]!.uid;
  const sentAtMs = store.sentAt[i]! * 1000;
  const lines: LogLine[] = [];
  const senderBlocked = new Set(blockedBy(app, sender).map((b) => b.userIndex));
  const providerIds = pushProviderIdsOf(app);
  for (const recipient of recipients) {
    if (senderBlocked.has(recipient) || blockedBy(app, recipient).some((b) => b.userIndex === sender)) continue;
    const prefs = preferencesOf(app, recipient);
    const uid = app.users[recipient]!.uid;
    const muted = mutedFor(prefs, group ? { group: group.guid } : { otherUid: senderUid });
    for (const token of pushTokensOf(app, recipient)) {
      const known = providerIds.has(token.providerId);
      const reason = muted ? "MUTE_PREFERENCE" : prefs.dnd ? "DND_PREFERENCE" : known ? undefined : "INVALID_PUSH_PROVIDER_ID";
      const ordinal = lines.length;
      // Later lines of a message go out later: the log's order is its lines' time order.
      const started = sentAtMs + 40 + ordinal * 20 + (mix32(i, ordinal) % 15);
      const took = 2 + (mix32(i, ordinal, 1) % 40);
      const provider = token.platform.startsWith("apns") ? "apns" : "fcm";
      lines.push({
        _id: logIdOf(store.sentAt[i]!, i, ordinal),
        processingStartedAtMS: started,
        processingEndedAtMS: started + took,
        totalProcessingTimeInMS: took,
        component: "notifications-core",
        channel: "push",
        provider,
        messageId: i + 1,
        messageCategory: store.categoryOf(i),
        messageType: store.typeOf(i),
        trigger: "after_message",
        messageSentAtMS: sentAtMs,
        sender: senderUid,
        receiver: group ? group.guid : uid,
        receiverType: group ? "group" : "user",
        ...(group ? { member: uid } : {}),
        tokenType: token.platform,
        pushToken: token.pushToken,
        providerId: token.providerId,
        payload: pushPayload(app, i, group, provider, sentAtMs),
        notificationTriggered: reason === undefined,
        // As documented: a reason only when held back, whether the provider took it only when sent.
        ...(reason === undefined ? { success: mix32(i, recipient) % 50 !== 0 } : { reason }),
      });
    }
  }
  return lines;
}

/** What went to the provider, as the log's example shows an APNs one (FCM's carries the same inner payload). */
function pushPayload(app: App, i: number, group: App["groups"][number] | undefined, provider: "fcm" | "apns", sentAtMs: number): Record<string, unknown> {
  const store = app.messages;
  const sender = app.users[store.sender[i]!]!;
  const conversation = store.conversations[store.conversation[i]!]!;
  const receiver = group ?? app.users[conversation.userA === store.sender[i] ? conversation.userB : conversation.userA]!;
  const body = store.text[i] || `Has sent a ${store.typeOf(i)}`;
  const inner = {
    title: sender.name, body, tag: String(i + 1), sender: sender.uid, senderName: sender.name,
    receiver: "guid" in receiver ? receiver.guid : receiver.uid, receiverName: receiver.name, receiverType: group ? "group" : "user",
    conversationId: group ? `group_${group.guid}` : [sender.uid, (receiver as { uid: string }).uid].sort().join("_user_"),
    type: "chat", sessionId: null, callAction: null, callType: null, sentAt: Math.floor(sentAtMs / 1000),
  };
  const apns = {
    contentAvailable: 1, mutableContent: 1, topic: `com.example.${app.appId}`, alert: { title: sender.name, body },
    priority: 10, pushType: "alert", sound: "default", collapseId: String(i + 1), expiry: Math.floor(sentAtMs / 1000) + 3600,
  };
  return provider === "apns" ? { payload: inner, ...apns, type: "apns" } : { payload: inner, priority: "high", type: "fcm" };
}

/** The ids of the app's FCM and APNs providers now: a push token naming another is refused. */
export function pushProviderIdsOf(app: App): Set<string> {
  const now = providersOf(app);
  return new Set([now.fcm, now.apns].flatMap((list) => ((list as { pushProviders?: Array<{ providerId?: string }> }).pushProviders ?? []).map((p) => p.providerId ?? "")));
}

export type ProviderKind = keyof ReturnType<typeof seededProviders>;

/** The app's providers, by kind, as the writes left them (notification-changes.ts) over the seed's. */
export function providersOf(app: App): ReturnType<typeof seededProviders> {
  const written = notificationChangesOf(app).providers;
  const seeded = seededProviders(app);
  return written.size === 0 ? seeded : { ...seeded, ...Object.fromEntries(written) };
}

/**
 * The app's providers, by kind, as their GETs' examples name them (secrets in clear, as the service
 * sends them): Twilio's `twilioSenderPhoneNumber`, SendGrid's sender and template, the custom
 * providers' `isEnabled` and basic auth (`useBasicAuth`, `basicAuthUsername`, `basicAuthPassword`).
 * The FCM and APNs lists' documented examples are empty: their items take the create schemas' names.
 */
function seededProviders(app: App): Record<"fcm" | "apns" | "customPush" | "twilio" | "sendgrid" | "customSms" | "customEmail", unknown> {
  const secret = (label: string, length = 32) => Array.from({ length: Math.ceil(length / 8) }, (_, i) => mix32(hash32(app.appId), app.seed, hash32(label), i).toString(16).padStart(8, "0")).join("").slice(0, length);
  const hooks = `https://hooks.example.com/${app.appId}`;
  const basicAuth = (label: string) => ({ useBasicAuth: true, basicAuthUsername: `ccx-${label}`, basicAuthPassword: `pw-${secret(`custom-${label}`, 20)}` });
  return {
    fcm: { pushProviders: [{ providerId: PROVIDER_IDS.fcm, name: "Android and web", isDefault: true, fcmServiceAccountJson: { type: "service_account", project_id: `${app.appId}-push`, private_key_id: secret("fcm-key-id", 40), private_key: `-----BEGIN PRIVATE KEY-----${secret("fcm", 64)}-----END PRIVATE KEY-----`, client_email: `push@${app.appId}.iam.example.com` } }] },
    apns: { pushProviders: [{ providerId: PROVIDER_IDS.apns, name: "iOS", isDefault: true, production: true, keyId: secret("apns-key", 10).toUpperCase(), teamId: secret("team", 10).toUpperCase(), bundleId: `com.example.${app.appId}`, p8Key: `-----BEGIN PRIVATE KEY-----${secret("p8", 48)}-----END PRIVATE KEY-----` }] },
    customPush: { pushProviders: [{ providerId: PROVIDER_IDS.custom, ...basicAuth("push"), isEnabled: true, webhookURL: `${hooks}/push` }] },
    twilio: { twilioAccountSID: `AC${secret("twilio-sid")}`, twilioAuthToken: secret("twilio-token"), twilioSenderPhoneNumber: "+15005550006" },
    sendgrid: {
      sendGridApiKey: `SG.${secret("sendgrid", 40)}`, sendGridTemplateID: `d-${secret("sendgrid-template")}`, sendGridUnsubscribeGroupID: String(10_000 + (mix32(hash32(app.appId), app.seed) % 90_000)),
      senderEmail: `noreply@${app.appId}.example.com`, senderName: app.name,
    },
    customSms: { ...basicAuth("sms"), isEnabled: false, useStoredPhNo: true, webhookURL: `${hooks}/sms` },
    customEmail: { ...basicAuth("email"), isEnabled: false, useStoredEmailID: true, webhookURL: `${hooks}/email` },
  };
}

/** The providers in the older names (`--variant notification-names`): `enabled`, `twilioFromNumber`, `fromEmail`, `basicAuth{}`. */
export function legacyProvidersOf(app: App): ReturnType<typeof providersOf> {
  const now = providersOf(app) as Record<string, Record<string, unknown>>;
  const custom = (p: Record<string, unknown>) => {
    const { useBasicAuth, basicAuthUsername, basicAuthPassword, isEnabled, ...rest } = p;
    return { ...rest, enabled: isEnabled, basicAuth: { enabled: useBasicAuth, username: basicAuthUsername, password: basicAuthPassword } };
  };
  const { twilioSenderPhoneNumber, ...twilio } = now.twilio!;
  const { senderEmail, senderName, sendGridTemplateID: _t, sendGridUnsubscribeGroupID: _u, ...sendgrid } = now.sendgrid!;
  return {
    ...now,
    customPush: { pushProviders: (now.customPush!.pushProviders as Record<string, unknown>[]).map(custom) },
    twilio: { ...twilio, twilioFromNumber: twilioSenderPhoneNumber, enabled: false },
    sendgrid: { ...sendgrid, fromEmail: senderEmail, fromName: senderName, enabled: true },
    customSms: custom(now.customSms!),
    customEmail: custom(now.customEmail!),
  } as ReturnType<typeof providersOf>;
}
