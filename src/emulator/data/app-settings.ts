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
