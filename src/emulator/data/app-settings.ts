import type { App } from "./model.js";
import { hash32, mix32 } from "./random.js";

/**
 * An app's settings and collaborators, as the management API answers them
 * (management-apis.json): derived from the seed, not stored. Its extensions
 * are in extensions.ts.
 */

const roll = (app: App, ...salt: number[]) => mix32(hash32(app.appId), app.seed, ...salt);

/** The documented example's ten settings: switches, and the advanced push features an app's plan includes. */
const SWITCHES = [
  "core.conversations.updateOnGroupActions", "core.conversations.updateOnReplies", "core.threads.updateOnMessageActions",
  "core.conversations.updateOnCallActivity", "core.conversations.updateOnMessageActions", "core.conversations.updateOnCustomMessage",
  "core.notifications.push.accessible", "core.notifications.push.enabled", "core.notifications.push.advanced.enabled",
] as const;
const ADVANCED_PUSH = ["preferences", "templates", "providers.multiple"];

/** What the writes changed (POST and DELETE /apps/{appId}/settings, POST …/collaborators): the seed's until the first. */
const changed = new WeakMap<App, { settings?: Record<string, boolean | string[]>; collaborators?: Collaborator[] }>();
const changesOf = (app: App) => {
  let found = changed.get(app);
  if (!found) changed.set(app, (found = {}));
  return found;
};

/** The app's settings now: a flat map of dotted names to switches, and one list (`…push.advanced.included`). */
export function settingsOf(app: App): Record<string, boolean | string[]> {
  return (changesOf(app).settings ??= defaultSettings(app));
}

/** The settings an app starts with, and those an unmap (DELETE) puts back. */
export function defaultSettings(app: App): Record<string, boolean | string[]> {
  return {
    ...Object.fromEntries(SWITCHES.map((name, i) => [name, roll(app, 0x736574, i) % 3 !== 0])),
    "core.notifications.push.advanced.included": ADVANCED_PUSH.slice(0, 1 + (roll(app, 0x616476) % ADVANCED_PUSH.length)),
  };
}

const PEOPLE = [["Ada Okafor", "owner"], ["Ben Ito", "admin"], ["Chloé Martin", "developer"], ["Dev Patel", "support"]] as const;

export interface Collaborator {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: number;
}

/** Who else works on the app in the dashboard now. */
export function collaboratorsOf(app: App): Collaborator[] {
  return (changesOf(app).collaborators ??= seededCollaborators(app));
}

function seededCollaborators(app: App): Collaborator[] {
  const count = 2 + (roll(app, 0x636f6c) % 3);
  return PEOPLE.slice(0, count).map(([name, role], i) => ({
    id: `collab-${(roll(app, i) % 0xffffff).toString(16).padStart(6, "0")}`,
    name,
    email: `${name.split(" ")[0]!.toLowerCase().normalize("NFD").replace(/[^a-z]/g, "")}@example.com`,
    role,
    createdAt: app.createdAt + i * 86_400,
  }));
}
