import type { App } from "./model.js";

/**
 * What the notification writes changed of an app, over what is derived from
 * its seed: the app's settings and each user's preferences (a patch each,
 * merged over the defaults), the providers saved or deleted, the contact
 * details stored. Kept beside the app, not in it: only the notifications
 * service reads them. Muted conversations, timezones and push tokens change
 * the per-user state notifications.ts keeps, so that the log's lines follow.
 */
export interface NotificationChanges {
  /** Merged over the app's settings (GET /notifications/v1/settings); undefined: the defaults. */
  settings?: Record<string, unknown>;
  /** By user index: merged over their preferences. */
  preferences: Map<number, Record<string, unknown>>;
  /** By provider kind: what a GET answers now, in place of the seed's. */
  providers: Map<string, unknown>;
  /** By user index: their email and phone as stored (an empty object once deleted). */
  contacts: Map<number, { email?: string; phno?: string }>;
}

const changes = new WeakMap<App, NotificationChanges>();

export function notificationChangesOf(app: App): NotificationChanges {
  let found = changes.get(app);
  if (!found) changes.set(app, (found = { preferences: new Map(), providers: new Map(), contacts: new Map() }));
  return found;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** `patch` merged into `base`, object by object; any other value of the patch replaces the base's. */
export function merged(base: Record<string, unknown>, patch: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!patch) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = isObject(value) && isObject(base[key]) ? merged(base[key], value) : value;
  return out;
}

/**
 * The problems of a PATCH of settings or preferences, by field: each name one the answer has, each value
 * of the type the answer gives it; a `…Setting` number one of the documented 1, 2, 3 (do not disturb: 1, 2).
 */
export function patchProblems(shape: Record<string, unknown>, patch: unknown, at = ""): Record<string, string[]> {
  if (!isObject(patch)) return { [at || "body"]: ["The body must be a JSON object of the settings to change."] };
  const problems: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(patch)) {
    const field = at ? `${at}.${key}` : key;
    const known = shape[key];
    if (known === undefined) problems[field] = [`Not a setting: ${field}.`];
    else if (isObject(known)) {
      // customJson and templates take what the app gives them; every other object is checked field by field.
      if (!isObject(value)) problems[field] = [`The ${field} must be an object.`];
      else if (key !== "customJson") Object.assign(problems, patchProblems(known, value, field));
    } else if (typeof value !== typeof known) problems[field] = [`The ${field} must be a ${typeof known}.`];
    else if (typeof value === "number" && key.endsWith("Setting") && !(Number.isInteger(value) && value >= 1 && value <= (key === "dndPreferenceSetting" ? 2 : 3))) {
      problems[field] = [`The ${field} must be one of ${key === "dndPreferenceSetting" ? "1, 2" : "1, 2, 3"}.`];
    }
  }
  return problems;
}
