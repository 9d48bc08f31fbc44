import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * An app's extensions, settings and collaborators, as the management API
 * answers them (management-apis.json): derived from the seed, not stored.
 * The moderation extensions `ccx trace` asks about (profanity filter, data
 * masking, XSS filter) are among them.
 */

const EXTENSIONS = [
  ["profanity-filter", "Profanity Filter", "moderation"], ["data-masking", "Data Masking", "moderation"], ["xss-filter", "XSS Filter", "moderation"],
  ["image-moderation", "Image Moderation", "moderation"], ["report-user", "Report User", "moderation"], ["report-message", "Report Message", "moderation"],
  ["push-notification", "Push Notifications", "notifications"], ["email-notification", "Email Notifications", "notifications"],
  ["sms-notification", "SMS Notifications", "notifications"], ["gifs-giphy", "Giphy", "user experience"], ["stickers", "Stickers", "user experience"],
  ["rich-media", "Rich Media Preview", "user experience"], ["voice-transcription", "Voice Transcription", "user experience"],
  ["sentiment-analysis", "Sentiment Analysis", "user engagement"], ["broadcast", "Broadcast", "user engagement"],
] as const;

const roll = (app: App, ...salt: number[]) => mix32(hash32(app.appId), app.seed, ...salt);

export function extensionsOf(app: App) {
  return EXTENSIONS.map(([id, name, category], i) => ({
    id,
    name,
    category,
    adminURL: `https://${app.appId}.extensions.example/${id}/admin`,
    // The moderation trio is on in most apps, the rest by chance.
    isActive: category === "moderation" && i < 3 ? roll(app, i) % 5 !== 0 : roll(app, i) % 3 === 0,
    hooks: { data: [] as unknown[] },
  }));
}

const SETTINGS = [
  "core.conversations.updateOnCallActivities", "core.conversations.updateOnGroupActions", "core.users.hideDeactivated",
  "core.messages.editEnabled", "core.messages.deleteEnabled", "core.groups.autoDeleteEmpty", "core.calls.recordingEnabled",
  "core.notifications.includeMessageText",
] as const;

/** The app's settings: a flat map of dotted names to switches. */
export function settingsOf(app: App): Record<string, boolean> {
  return Object.fromEntries(SETTINGS.map((name, i) => [name, roll(app, 0x736574, i) % 3 !== 0]));
}

/**
 * One extension's settings (GET /apps/{appId}/extensions/<id>/v1/settings), what each holds: the
 * words the profanity filter drops, the patterns data masking hides, the Twilio and FCM keys of the
 * notification extensions (in clear, as the service sends them); the rest say whether they are on.
 */
export function extensionSettingsOf(app: App, id: string): Record<string, unknown> | undefined {
  const extension = extensionsOf(app).find((e) => e.id === id);
  if (!extension) return undefined;
  const secret = (label: string) => Array.from({ length: 4 }, (_, i) => roll(app, hash32(label), i).toString(16).padStart(8, "0")).join("");
  switch (id) {
    case "profanity-filter":
      return { badwords: ["darn", "heck", "blast"], dropMessage: roll(app, 0x70726f) % 2 === 0, appId: app.appId };
    case "data-masking":
      return {
        dropMessage: false, customregexData: [{ enableFlag: true, id: "ticket", name: "Ticket numbers", regex: "TCK-\\d{6}" }],
        defaultRegexData: [
          { enableFlag: true, id: "email", name: "Email addresses", regex: "[\\w.+-]+@[\\w-]+\\.[\\w.]+" },
          { enableFlag: true, id: "phone", name: "Phone numbers", regex: "\\+?\\d[\\d -]{7,}\\d" },
        ],
      };
    case "sms-notification":
      return { twilioAccountSID: `AC${secret("sms-sid")}`, twilioAuthToken: secret("sms-token"), twilioFromNumber: "+15005550006", notifyAfterMinutes: 60 };
    case "push-notification":
      return { fcmCredentials: { project_id: `${app.appId}-push`, private_key: `-----BEGIN PRIVATE KEY-----${secret("ext-fcm")}-----END PRIVATE KEY-----` }, includeMessageText: true };
    default:
      return { enabled: extension.isActive };
  }
}

const PEOPLE = [["Ada Okafor", "owner"], ["Ben Ito", "admin"], ["Chloé Martin", "developer"], ["Dev Patel", "support"]] as const;

/** Who else works on the app in the dashboard. */
export function collaboratorsOf(app: App) {
  const count = 2 + (roll(app, 0x636f6c) % 3);
  return PEOPLE.slice(0, count).map(([name, role], i) => ({
    id: `collab-${(roll(app, i) % 0xffffff).toString(16).padStart(6, "0")}`,
    name,
    email: `${name.split(" ")[0]!.toLowerCase().normalize("NFD").replace(/[^a-z]/g, "")}@example.com`,
    role,
    createdAt: app.createdAt + i * 86_400,
  }));
}
