import { randomBytes } from "node:crypto";
import type { AppRoute, RequestContext } from "../context.js";
import { type ApiKey, type Role, apiKeysOf, featuresOf, permissionsSet, rolesOf } from "../data/access-changes.js";
import { FEATURES, permissions } from "../data/roles.js";
import { ServiceError, badRequest, notFound } from "../errors.js";
import { knownRole, knownScope } from "./roles.js";

/**
 * The access writes (chat-apis.json: Roles, Restrict Features, RBAC, API
 * Keys), each changing what the reads after it answer: a role created,
 * updated (its `unset` fields removed), deleted; features restricted and
 * allowed (`featuresToAllow`, or `allowAll`); a role's or a group scope's
 * permission set (one of its documented values) or unset; an API key made
 * (answered once with its value), renamed or re-scoped, deleted. Answered as
 * the exports' examples are; refused with ERR_BAD_REQUEST naming the field,
 * or a not-found code where what is named does not exist.
 */

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const bodyOf = (ctx: RequestContext): Record<string, unknown> => (isObject(ctx.body) ? ctx.body : {});
const SETTING_VALUES = ["all", "friendsOnly"];
const UNSETTABLE = ["description", "metadata", "settings"];

/** The role's fields a create or an update sends, each checked: the problems by field. */
function roleFields(body: Record<string, unknown>, problems: Record<string, string[]>): Partial<Role> {
  const fields: Record<string, unknown> = {};
  for (const name of ["name", "description"] as const) {
    if (body[name] === undefined) continue;
    if (typeof body[name] !== "string") problems[name] = [`The ${name} must be a string.`];
    else fields[name] = body[name];
  }
  if (body.metadata !== undefined) {
    if (!isObject(body.metadata)) problems.metadata = ["The metadata must be a JSON object."];
    else fields.metadata = body.metadata;
  }
  if (body.settings !== undefined) {
    const settings = body.settings;
    if (!isObject(settings)) problems.settings = ["The settings must be an object."];
    else {
      for (const [key, value] of Object.entries(settings)) {
        if (!["listUsers", "sendMessagesTo"].includes(key)) problems[`settings.${key}`] = ["Not a role setting: listUsers, sendMessagesTo."];
        else if (!SETTING_VALUES.includes(value as string)) problems[`settings.${key}`] = [`The settings.${key} must be one of ${SETTING_VALUES.join(", ")}.`];
      }
      fields.settings = settings;
    }
  }
  return fields as Partial<Role>;
}

function refuseIf(problems: Record<string, string[]>): void {
  if (Object.keys(problems).length > 0) throw badRequest(problems);
}

/** A list of strings in the body, or a problem named by its field. */
function stringsIn(body: Record<string, unknown>, field: string, problems: Record<string, string[]>): string[] {
  const value = body[field];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    problems[field] = [`The ${field} must be a list of feature keys.`];
    return [];
  }
  return value as string[];
}

const FEATURE_KEYS: readonly string[] = FEATURES.map(([, key]) => key);

/** The permissions a PUT sets: each a documented id, its value one the permission takes. */
function permissionsIn(ctx: RequestContext, type: "role" | "scope"): Array<[string, unknown]> {
  const given = bodyOf(ctx).permissions;
  if (!isObject(given) || Object.keys(given).length === 0) throw badRequest({ permissions: ["The permissions must be an object of permission ids and their values."] });
  const known = new Map(permissions(ctx.app, type).map((p) => [p.id, p]));
  const problems: Record<string, string[]> = {};
  for (const [id, value] of Object.entries(given)) {
    const permission = known.get(id);
    if (!permission) problems[`permissions.${id}`] = [`Not a ${type} permission: ${id}.`];
    else if (permission.dataType === "string" ? !permission.availableValues.includes(value as string)
      : !Array.isArray(value) || value.some((v) => !permission.availableValues.includes(v as string))) {
      problems[`permissions.${id}`] = [`The ${id} takes ${permission.dataType === "string" ? "one" : "a list"} of ${permission.availableValues.join(", ")}.`];
    }
  }
  refuseIf(problems);
  return Object.entries(given);
}

/** Sets a holder's permissions, answered as the example: each id's success, and the holder's permissions now. */
function setPermissions(ctx: RequestContext, type: "role" | "scope", holder: string, whose: string) {
  const set = permissionsSet(ctx.app, holder);
  const results: Record<string, unknown> = {};
  for (const [id, value] of permissionsIn(ctx, type)) {
    set.set(id, value);
    results[id] = { success: true, message: `Permission with id ${id} have been mapped successfully to ${type} ${whose}.` };
  }
  return { data: { ...results, permissions: Object.fromEntries(set) } };
}

function unsetPermission(ctx: RequestContext, type: "role" | "scope", holder: string, id: string) {
  if (!permissions(ctx.app, type).some((p) => p.id === id)) throw badRequest({ permission: [`Not a ${type} permission: ${id}.`] });
  permissionsSet(ctx.app, holder).delete(id);
  return { data: { success: true, message: `Permission with id ${id} has been unset.` } };
}

function apiKeyOf(ctx: RequestContext, key: string): ApiKey {
  const found = apiKeysOf(ctx.app).find((k) => k.apiKey === key);
  if (!found) throw new ServiceError("ERR_APIKEY_NOT_FOUND", "The API key does not exist.", "List the app's keys with GET /apikeys.");
  return found;
}

const shownKey = ({ createdBy: _b, ...key }: ApiKey) => key;
const SCOPES = ["fullAccess", "authOnly"];

export const accessWriteRoutes: AppRoute[] = [
  {
    api: "chat", method: "POST", path: /^\/roles\/?$/,
    handle: (ctx) => {
      const body = bodyOf(ctx);
      const problems: Record<string, string[]> = {};
      const role = typeof body.role === "string" ? body.role.toLowerCase() : "";
      if (!/^[a-z0-9_-]{1,100}$/.test(role)) problems.role = ["The role is required: up to 100 of a-z, 0-9, - and _."];
      if (typeof body.name !== "string" || body.name === "") problems.name = ["The name is required."];
      const fields = roleFields(body, problems);
      refuseIf(problems);
      // The code is a guess, as ERR_UID_ALREADY_EXISTS is the users'.
      if (rolesOf(ctx.app).has(role)) throw new ServiceError("ERR_ROLE_ALREADY_EXISTS", `The role ${role} already exists.`, "Update it with PUT /roles/{role}, or choose another id.");
      const made = { role, name: fields.name!, description: fields.description ?? "", metadata: fields.metadata ?? {}, settings: fields.settings ?? { listUsers: "all", sendMessagesTo: "all" }, createdAt: ctx.now } as Role;
      rolesOf(ctx.app).set(role, made);
      return { data: made };
    },
  },
  {
    api: "chat", method: "PUT", path: /^\/roles\/(?<role>[^/]+)\/?$/,
    handle: (ctx, { role }) => {
      const roles = rolesOf(ctx.app);
      const had = roles.get(knownRole(ctx.app, role!))!;
      const body = bodyOf(ctx);
      const problems: Record<string, string[]> = {};
      const fields = roleFields(body, problems);
      const unset = body.unset === undefined ? [] : body.unset;
      if (!Array.isArray(unset) || unset.some((f) => !UNSETTABLE.includes(f as string))) problems.unset = [`The unset takes a list of ${UNSETTABLE.join(", ")}.`];
      refuseIf(problems);
      const updated: Record<string, unknown> = { ...had, ...fields, updatedAt: ctx.now };
      for (const field of unset as string[]) delete updated[field];
      roles.set(role!, updated as Role);
      return { data: updated };
    },
  },
  {
    api: "chat", method: "DELETE", path: /^\/roles\/(?<role>[^/]+)\/?$/,
    handle: (ctx, { role }) => {
      rolesOf(ctx.app).delete(knownRole(ctx.app, role!));
      return { data: { success: true, message: `The role ${role!} has been deleted successfully.` } };
    },
  },
  {
    api: "chat", method: "POST", path: /^\/roles\/(?<role>[^/]+)\/restrictedfeatures\/?$/,
    handle: (ctx, { role }) => {
      const features = featuresOf(ctx.app, knownRole(ctx.app, role!));
      const problems: Record<string, string[]> = {};
      const keys = stringsIn(bodyOf(ctx), "featuresToRestrict", problems);
      const unknown = keys.filter((k) => !FEATURE_KEYS.includes(k));
      if (unknown.length > 0) problems.featuresToRestrict = [`Not a feature: ${unknown.join(", ")}.`];
      refuseIf(problems);
      const answer: Record<string, unknown> = {};
      for (const key of keys) {
        const [title, , path] = FEATURES.find(([, k]) => k === key)!;
        if (!features.some((f) => f.key === key)) features.push({ title, description: `off for the ${role!} role`, key, path, createdAt: ctx.now });
        answer[key] = { success: true, message: `The feature ${key} has been restricted successfully.` };
      }
      return { data: answer };
    },
  },
  {
    api: "chat", method: "DELETE", path: /^\/roles\/(?<role>[^/]+)\/restrictedfeatures\/?$/,
    handle: (ctx, { role }) => {
      const features = featuresOf(ctx.app, knownRole(ctx.app, role!));
      const body = bodyOf(ctx);
      const problems: Record<string, string[]> = {};
      const all = body.allowAll === true || body.allowAll === "true";
      const keys = all ? features.map((f) => f.key) : stringsIn(body, "featuresToAllow", problems);
      refuseIf(problems);
      features.splice(0, features.length, ...features.filter((f) => !keys.includes(f.key)));
      return { data: { success: true, message: "The feature has been allowed successfully." } };
    },
  },
  {
    api: "chat", method: "PUT", path: /^\/roles\/(?<role>[^/]+)\/permissions\/?$/,
    handle: (ctx, { role }) => setPermissions(ctx, "role", `role:${knownRole(ctx.app, role!)}`, role!),
  },
  {
    api: "chat", method: "DELETE", path: /^\/roles\/(?<role>[^/]+)\/permissions\/(?<permission>[^/]+)\/?$/,
    handle: (ctx, { role, permission }) => unsetPermission(ctx, "role", `role:${knownRole(ctx.app, role!)}`, permission!),
  },
  {
    api: "chat", method: "PUT", path: /^\/groups\/(?<guid>[^/]+)\/scopes\/(?<scope>[^/]+)\/permissions\/?$/,
    handle: (ctx, { guid, scope }) => setPermissions(ctx, "scope", `scope:${guid!}/${knownScope(ctx.app, guid!, scope!)}`, scope!),
  },
  {
    api: "chat", method: "DELETE", path: /^\/groups\/(?<guid>[^/]+)\/scopes\/(?<scope>[^/]+)\/permissions\/(?<permission>[^/]+)\/?$/,
    handle: (ctx, { guid, scope, permission }) => unsetPermission(ctx, "scope", `scope:${guid!}/${knownScope(ctx.app, guid!, scope!)}`, permission!),
  },
  {
    api: "chat", method: "POST", path: /^\/apikeys\/?$/,
    handle: (ctx) => {
      const body = bodyOf(ctx);
      const problems: Record<string, string[]> = {};
      if (typeof body.name !== "string" || body.name === "" || body.name.length > 100) problems.name = ["The name is required: up to 100 characters."];
      if (!SCOPES.includes(body.scope as string)) problems.scope = [`The scope must be one of ${SCOPES.join(", ")}.`];
      refuseIf(problems);
      const keys = apiKeysOf(ctx.app);
      if (keys.length >= 25) throw badRequest({ apiKey: ["An app has at most 25 API keys."] });
      const made: ApiKey = { apiKey: randomBytes(20).toString("hex"), name: body.name as string, scope: body.scope as ApiKey["scope"], createdBy: "api", createdAt: ctx.now };
      keys.push(made);
      return { data: shownKey(made) };
    },
  },
  {
    api: "chat", method: "PUT", path: /^\/apikeys\/(?<key>[^/]+)\/?$/,
    handle: (ctx, { key }) => {
      const found = apiKeyOf(ctx, key!);
      const body = bodyOf(ctx);
      const problems: Record<string, string[]> = {};
      if (body.name !== undefined && (typeof body.name !== "string" || body.name === "")) problems.name = ["The name must be a string."];
      if (body.scope !== undefined && !SCOPES.includes(body.scope as string)) problems.scope = [`The scope must be one of ${SCOPES.join(", ")}.`];
      refuseIf(problems);
      if (typeof body.name === "string") found.name = body.name;
      if (typeof body.scope === "string") found.scope = body.scope as ApiKey["scope"];
      return { data: shownKey(found) };
    },
  },
  {
    api: "chat", method: "DELETE", path: /^\/apikeys\/(?<key>[^/]+)\/?$/,
    handle: (ctx, { key }) => {
      const keys = apiKeysOf(ctx.app);
      keys.splice(keys.indexOf(apiKeyOf(ctx, key!)), 1);
      return { data: { success: true, message: "The API key has been deleted successfully." } };
    },
  },
];
