import type { App } from "./model.js";
import { ROLE_NAMES, restrictedFeatures, roleJson } from "./roles.js";

/**
 * What the access writes changed of an app, over what is derived from its
 * seed: its roles (created, updated, deleted), each role's restricted
 * features, the permissions set on a role or a group's scope, and the REST API
 * keys made, changed or deleted. Each is the seed's until the first write
 * that changes it, then kept here. Beside the app, not in it, as the
 * notification writes keep theirs.
 */

export type Role = ReturnType<typeof roleJson>;
export interface Feature {
  title: string;
  description: string;
  key: string;
  path: string;
  createdAt: number;
}
export interface ApiKey {
  apiKey: string;
  name: string;
  scope: "fullAccess" | "authOnly";
  createdBy: string;
  createdAt: number;
}

interface AccessChanges {
  roles?: Map<string, Role>;
  features: Map<string, Feature[]>;
  /** By holder (`role:premium`, `scope:crew/moderator`): each permission set, by id. */
  permissions: Map<string, Map<string, unknown>>;
  apiKeys?: ApiKey[];
}

const changes = new WeakMap<App, AccessChanges>();

function changesOf(app: App): AccessChanges {
  let found = changes.get(app);
  if (!found) changes.set(app, (found = { features: new Map(), permissions: new Map() }));
  return found;
}

/** The app's roles now, by id: the seed's until a write changes them. */
export function rolesOf(app: App): Map<string, Role> {
  const c = changesOf(app);
  return (c.roles ??= new Map(ROLE_NAMES.map((r) => [r, roleJson(app, r)])));
}

/** A role's restricted features now. */
export function featuresOf(app: App, role: string): Feature[] {
  const c = changesOf(app);
  if (!c.features.has(role)) c.features.set(role, ROLE_NAMES.includes(role as (typeof ROLE_NAMES)[number]) ? restrictedFeatures(app, role) : []);
  return c.features.get(role)!;
}

/** The permissions set on a role or a group's scope, by id (none: each holds its default). */
export function permissionsSet(app: App, holder: string): Map<string, unknown> {
  const c = changesOf(app);
  if (!c.permissions.has(holder)) c.permissions.set(holder, new Map());
  return c.permissions.get(holder)!;
}

/** The app's REST API keys now: the two the dashboard made, until a write changes them. */
export function apiKeysOf(app: App): ApiKey[] {
  const c = changesOf(app);
  return (c.apiKeys ??= [
    { apiKey: app.fullAccessKey, name: "REST API Key", scope: "fullAccess", createdBy: "dashboard", createdAt: app.createdAt },
    { apiKey: app.authOnlyKey, name: "Auth Key", scope: "authOnly", createdBy: "dashboard", createdAt: app.createdAt },
  ]);
}
