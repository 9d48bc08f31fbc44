/**
 * The notification settings of an app and the preferences of a user, in the
 * documented names and values (chat-apis.json, GET /notifications/v1/settings
 * and GET /notifications/v1/preferences, their examples): each event's
 * `…Setting` a number with its `…Override` switch (1 don't subscribe, 2
 * subscribe to all, 3 mentions only; the SDK's `DONT_SUBSCRIBE`,
 * `SUBSCRIBE_TO_ALL`, `SUBSCRIBE_TO_MENTIONS`), do not disturb as
 * `mute.dndPreferenceSetting` (1 off, 2 on), a weekly schedule, sounds per
 * `chat` and `call`, and the push, email and SMS templates per message kind.
 */

const ALL = 2;
const NONE = 1;
export const DND_ON = 2;
export const DND_OFF = 1;

const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** `{name}Setting` and `{name}Override` for each event, in the example's order. */
function events(names: readonly string[], setting: (name: string) => number, override = true): Record<string, number | boolean> {
  return Object.fromEntries(names.flatMap((name) => [[`${name}Setting`, setting(name)], [`${name}Override`, override]]));
}

const MESSAGE_EVENTS = ["messages", "replies", "quotedReplies", "reactions"] as const;
const MEMBER_EVENTS = ["memberLeft", "memberAdded", "memberJoined", "memberKicked", "memberBanned", "memberUnbanned", "memberScopeChanged"] as const;
const CALL_EVENTS = ["initiated", "ongoing", "cancelled", "rejected", "unanswered", "busy", "ended"] as const;

const groupPreferences = () => ({ ...events(MESSAGE_EVENTS, () => ALL), ...events(MEMBER_EVENTS, () => NONE) });
const oneOnOnePreferences = () => events(MESSAGE_EVENTS, () => ALL);

/** A user's do-not-disturb and weekly schedule (the schedule open all week unless `dnd`). */
function mutePreferences(dnd: boolean): Record<string, unknown> {
  return {
    dndPreferenceSetting: dnd ? DND_ON : DND_OFF,
    dndPreferenceOverride: true,
    schedulePreferenceSetting: Object.fromEntries(WEEK.map((day) => [day, { from: 0, to: 2359, dnd: false }])),
    schedulePreferenceOverride: true,
    mutedGroupsOverride: true,
    mutedOneOnOnesOverride: true,
  };
}

const SENDER = "{{message.data.entities.sender.entity.name}}";
const IN_GROUP = `${SENDER} @ {{message.data.entities.receiver.entity.name}}`;
const titles = { titleOneOnOne: SENDER, titleGroup: IN_GROUP };
const withFallback = (body: string, fallback: string) => ({ ...titles, body, body_fallback: fallback });
const media = (say: (type: string) => string) => ({ ...titles, ...Object.fromEntries(["audio", "file", "image", "video"].map((t) => [`body_${t}`, say(t)])) });

/** The templates of push notifications (and, for the app, of emails and SMS), default and private. */
function templates(app: boolean): Record<string, unknown> {
  const digest = (where: string) => `You've received {{messages.length}} message(s) ${where}! Read them in the app.`;
  return {
    usePrivacyTemplate: 3,
    textMessageTemplateDefault: { ...titles, body: "{{message.data.text}}" },
    textMessageTemplatePrivacy: { ...titles, body: "New message" },
    mediaMessageTemplateDefault: media((t) => `Has sent ${/^[aeiou]/.test(t) ? "an" : "a"} ${t}`),
    mediaMessageTemplatePrivacy: media(() => "New message"),
    pollMessageTemplateDefault: withFallback("{{message.data.text}}", ""),
    pollMessageTemplatePrivacy: withFallback("{{message.data.text}}", ""),
    reminderMessageTemplateDefault: withFallback("{{message.data.text}}", ""),
    reminderMessageTemplatePrivacy: withFallback("{{message.data.text}}", ""),
    customMessageTemplateDefault: withFallback("{{message.data.text}}", "New message"),
    customMessageTemplatePrivacy: withFallback("New message", "New message"),
    ...(app
      ? {
          emailSubjectTemplateDefault: { subjectGroup: "New messages in {{groupDetails.name}}", subjectOneOnOne: "New messages from {{senderDetails.name}}" },
          emailSubjectTemplatePrivacy: { subjectGroup: "New messages in {{groupDetails.name}}", subjectOneOnOne: "New messages from {{senderDetails.name}}" },
          smsContentTemplateDefault: { bodyGroup: digest("in {{groupDetails.name}}"), bodyOneOnOne: digest("from {{senderDetails.name}}") },
          smsContentTemplatePrivacy: { bodyGroup: digest("in {{groupDetails.name}}"), bodyOneOnOne: digest("from {{senderDetails.name}}") },
        }
      : {}),
  };
}

const SOUND = { chat: "default", call: "default" };
const DIGEST = { notifyForUnreadOnly: true, intervalInSeconds: 7200, maxPerDay: 20, maxPerDayPerConversation: 2 };

/** The app's settings (GET /notifications/v1/settings): every channel's defaults, sounds and templates. */
export function notificationSettings(): Record<string, unknown> {
  return {
    preferences: {
      group: { ...groupPreferences(), messageEditedSetting: ALL, messageDeletedSetting: ALL },
      bypassPreferencesForMentions: false,
      call: events(CALL_EVENTS, () => NONE, false),
      oneOnOne: { ...oneOnOnePreferences(), messageEditedSetting: ALL, messageDeletedSetting: ALL },
      mute: mutePreferences(false),
      email: { ...DIGEST },
      sms: { ...DIGEST },
      push: {
        includeMessageObjectSetting: false, includeSenderMetadataSetting: true, includeReceiverMetadataSetting: true,
        trimTextFieldSetting: false, includeMessageMetadataSetting: true, customJson: {},
      },
    },
    sound: { ...SOUND },
    templates: templates(true),
  };
}

/** One user's preferences (GET /notifications/v1/preferences): the app's defaults, their do not disturb. */
export function preferencesJson(prefs: { dnd: boolean }): Record<string, unknown> {
  return {
    preferences: { group: groupPreferences(), oneOnOne: oneOnOnePreferences(), mute: mutePreferences(prefs.dnd) },
    sound: { ...SOUND },
    templates: templates(false),
  };
}

/**
 * The older shape (`--variant notification-names`): words for settings (`SUBSCRIBE_TO_ALL`), do not
 * disturb as `mute.DND`, a sound per `message`. A client reading it tolerantly still knows who is on DND.
 */
export function legacyPreferencesJson(prefs: { dnd: boolean }): Record<string, unknown> {
  const subscribe = { messages: "SUBSCRIBE_TO_ALL", replies: "SUBSCRIBE_TO_ALL", reactions: "SUBSCRIBE_TO_MENTIONS" };
  return {
    preferences: { group: { ...subscribe, memberJoined: "DONT_SUBSCRIBE", memberLeft: "DONT_SUBSCRIBE" }, oneOnOne: subscribe, mute: { DND: prefs.dnd, schedule: {} } },
    sound: { message: "default", call: "default" },
    templates: {},
  };
}
