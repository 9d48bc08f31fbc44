import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type VerbInput, type WriteItem, type WriteVerb, arg, dataOf, documentedRead, documentedWrite, eachOf, fieldOf } from "./verb.js";
import { REGIONS, REGION_WORDS } from "../api/regions.js";

/**
 * The management API's writes on apps themselves (management-apis.json: App,
 * Team Management, Settings, Tenants), with the management key and secret
 * (a tenant's, as HTTP Basic's user and password: the catalogue says which):
 * an app created (its REST API key shown once; undone by deleting it) or
 * deleted (its id typed back; irreversible), its usage asked for; its
 * collaborators added and removed; its settings set and reset; a tenant
 * created. `{appId}` is the active app's, filled in when the request is made,
 * but where the id is the item itself (`app delete <appId>`).
 */

const SETTINGS = "/apps/{appId}/settings";
const COLLABORATORS = "/apps/{appId}/collaborators";

function regionOf(flag: string, value: unknown): string {
  if (!(REGIONS as readonly unknown[]).includes(value)) throw badInput(`--${flag} takes ${REGION_WORDS}; nothing was sent`);
  return value as string;
}

/** The REST API key of an app's answer (`apiKeys` keyed by the key, each with its scope), if it has one. */
function restKeyIn(app: Record<string, unknown>): string | undefined {
  const keys = app.apiKeys;
  if (keys === null || typeof keys !== "object") return undefined;
  const full = Object.values(keys as Record<string, { apiKey?: unknown; scope?: unknown }>).find((k) => k?.scope === "fullAccess");
  return typeof full?.apiKey === "string" ? full.apiKey : undefined;
}

export const appCreate: WriteVerb = {
  noun: "app", verb: "create",
  description: "create an app in the account (POST /apps); its REST API key printed alone on stdout, once (undo: delete the app)",
  args: [],
  flags: [
    { flag: "name", value: "text", description: "its name", required: true },
    // Not --region: every command's option, the active app's region.
    { flag: "app-region", value: REGIONS.join("|"), description: "where its data lives", required: true, field: "region" },
    { flag: "skip-sample-data", description: "without the sample users and groups" },
  ],
  items: (input) => [{ label: String(input.flags.name), input }],
  request: (item) => documentedWrite("POST", "/apps", {}, {
    body: { name: String(item.input.flags.name), region: regionOf("app-region", item.input.flags.appRegion), version: "3", ...(item.input.flags.skipSampleData === true ? { skipSampleData: true } : {}) },
  }),
  answered: (_item, answer) => {
    const app = dataOf(answer);
    if (!app || typeof app.id !== "string") return {};
    const key = restKeyIn(app);
    return {
      said: `app ${app.id} created (${String(app.region ?? "")})`,
      inverse: documentedWrite("DELETE", "/apps/{appId}", { appId: app.id }),
      ...(key ? { secret: { title: `REST API key of app ${app.id}`, value: key, note: `REST API key of app ${app.id}: shown once, ccx keeps no copy` } } : {}),
    };
  },
  confirmWord: "create the app",
  check: () => "ccx apps",
};

export const appDelete: WriteVerb = {
  noun: "app", verb: "delete",
  description: "delete an app: its users, groups and messages with it; the app id is typed back first (cannot be undone)",
  args: [{ name: "appId", description: "the app's id" }],
  items: (input) => [{ label: String(input.args.appId), input }],
  request: (item) => documentedWrite("DELETE", "/apps/{appId}", { appId: arg(item, "appId") }),
  irreversible: "a deleted app is archived, then deleted for good: nothing brings it back",
  destructive: () => true,
  check: () => "ccx apps",
};

export const appUsage: WriteVerb = {
  noun: "app", verb: "usage",
  description: "ask for the active app's usage, of this billing cycle or --previous-cycle: the service emails it to the account",
  args: [],
  flags: [{ flag: "previous-cycle", description: "the previous billing cycle's (usePreviousBillingCycle)" }],
  items: (input) => [{ label: input.flags.previousCycle === true ? "previous cycle" : "this cycle", input }],
  request: (item) => documentedWrite("POST", "/apps/{appId}/usage", {}, { body: { usePreviousBillingCycle: item.input.flags.previousCycle === true } }),
  irreversible: "it changes nothing: the usage is emailed, and an email is not taken back",
  answered: (_item, answer) => {
    const message = dataOf(answer)?.message;
    return typeof message === "string" ? { said: message } : {};
  },
  check: () => "the account's email",
};

/** The roles a collaborator is added as: the body's list for each. */
const COLLABORATOR_ROLES = { admin: "admins", moderator: "moderators" } as const;
type CollaboratorRole = keyof typeof COLLABORATOR_ROLES;

/** The collaborators a read gave: role by email. */
function collaboratorsIn(before: unknown): Map<string, string> {
  const data = (before as { data?: unknown } | null)?.data;
  return new Map(Array.isArray(data) ? data.flatMap((c) => (typeof c?.email === "string" ? [[c.email as string, String(c.role ?? "")]] : [])) : []);
}

/** A POST of collaborators: those to add by role, those to remove. */
function collaboratorsWrite(add: ReadonlyArray<[email: string, role: string]>, remove: readonly string[]): DocumentedWrite | undefined {
  const body: Record<string, string[]> = {};
  for (const [email, role] of add) {
    const list = COLLABORATOR_ROLES[role as CollaboratorRole];
    if (list) (body[list] ??= []).push(email);
  }
  if (remove.length > 0) body.collaboratorsToRemove = [...remove];
  return Object.keys(body).length > 0 ? documentedWrite("POST", COLLABORATORS, {}, { body }) : undefined;
}

const emailsOf = (item: WriteItem): string[] => {
  const emails = item.input.args.email;
  return Array.isArray(emails) ? emails : [String(emails)];
};
/** The emails given, one request for them all (the body takes lists). */
function emailItems(input: VerbInput): WriteItem[] {
  const emails = eachOf(input, "email").map((i) => i.label);
  if (emails.length === 0) throw badInput("say whom: their emails (or --ids FILE); nothing was sent");
  return [{ label: emails.join(", "), input }];
}

export const collaboratorAdd: WriteVerb = {
  noun: "collaborator", verb: "add",
  description: "add collaborators to the active app's dashboard, by email, as admins or moderators (undo: remove those that were not collaborators, or give back the role they had)",
  args: [{ name: "email", description: "their emails", variadic: true }],
  flags: [{ flag: "role", value: "admin|moderator", description: "as what", required: true }],
  items: (input) => {
    if (!Object.hasOwn(COLLABORATOR_ROLES, String(input.flags.role))) throw badInput("--role takes admin or moderator; nothing was sent");
    return emailItems(input);
  },
  request: (item) => collaboratorsWrite(emailsOf(item).map((e) => [e, String(item.input.flags.role)]), [])!,
  before: () => documentedRead(COLLABORATORS),
  inverse: (item, before) => {
    const had = collaboratorsIn(before);
    const added = emailsOf(item).filter((e) => !had.has(e));
    const changed = emailsOf(item).flatMap((e): Array<[string, string]> => (had.has(e) && had.get(e) !== item.input.flags.role ? [[e, had.get(e)!]] : []));
    return collaboratorsWrite(changed, added);
  },
  check: () => "ccx collaborators",
};

export const collaboratorRemove: WriteVerb = {
  noun: "collaborator", verb: "remove",
  description: "remove collaborators from the active app's dashboard, by email (undo: add back the admins and moderators among them, as they were)",
  args: [{ name: "email", description: "their emails", variadic: true }],
  items: emailItems,
  request: (item) => collaboratorsWrite([], emailsOf(item))!,
  before: () => documentedRead(COLLABORATORS),
  inverse: (item, before) => {
    const had = collaboratorsIn(before);
    return collaboratorsWrite(emailsOf(item).flatMap((e): Array<[string, string]> => (had.has(e) ? [[e, had.get(e)!]] : [])), []);
  },
  keys: [{ on: "collaborators", key: "-", footer: "remove", input: ({ row }) => ({ args: { email: [fieldOf(row, "email")] }, flags: {} }) }],
  check: () => "ccx collaborators",
};

/** A value given on the command line: JSON where it reads as JSON (true, ["templates"]), else the text itself. */
function valueOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const mapSettings = (settings: Record<string, unknown>) => documentedWrite("POST", SETTINGS, {}, { body: { settings } });

export const appSettingSet: WriteVerb = {
  noun: "settings", verb: "set",
  description: "set one of the active app's settings, as core.conversations.updateOnReplies false (undo: the value it had)",
  args: [{ name: "setting", description: "its name, as GET /apps/{appId}/settings names it" }, { name: "value", description: "its value, as JSON where it reads as JSON: true, '[\"templates\"]'" }],
  items: (input) => [{ label: String(input.args.setting), input }],
  request: (item) => mapSettings({ [arg(item, "setting")]: valueOf(arg(item, "value")) }),
  before: () => documentedRead(SETTINGS),
  inverse: (item, before) => {
    const had = dataOf(before)?.[arg(item, "setting")];
    return had === undefined || JSON.stringify(had) === JSON.stringify(valueOf(arg(item, "value"))) ? undefined : mapSettings({ [arg(item, "setting")]: had });
  },
  check: () => "ccx settings",
};

export const appSettingsReset: WriteVerb = {
  noun: "settings", verb: "reset",
  description: "unmap the active app's settings: each back to the service's default; 'settings' is typed back first (undo: map again those read before it)",
  args: [],
  items: (input) => [{ label: "settings", input }],
  request: () => documentedWrite("DELETE", SETTINGS),
  before: () => documentedRead(SETTINGS),
  inverse: (_item, before) => {
    const had = dataOf(before);
    return had && Object.keys(had).length > 0 ? mapSettings(had) : undefined;
  },
  destructive: () => true,
  check: () => "ccx settings",
};

const TENANT_FIELDS = [
  { flag: "name", field: "name", description: "the account holder's name", required: true },
  { flag: "email", field: "email", description: "their email, the account's login", required: true },
  { flag: "password", field: "password", description: "the account's password", required: true },
  { flag: "app-name", field: "appName", description: "the first app's name", required: true },
  { flag: "app-region", field: "appRegion", description: `its region: ${REGION_WORDS}`, required: true },
  { flag: "contact-number", field: "contactNumber", description: "a phone number" },
  { flag: "role", field: "role", description: "their role in their company" },
  { flag: "industry", field: "industry", description: "their company's industry" },
  { flag: "technology", field: "technology", description: "what they build with" },
] as const;

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export const tenantCreate: WriteVerb = {
  noun: "tenant", verb: "create",
  description: "create a customer account and its first app (POST /tenants, HTTP Basic with the management key and secret); the app's REST API key printed alone on stdout, once",
  args: [],
  flags: TENANT_FIELDS.map(({ flag, field, description, ...rest }) => ({ flag, value: "text", description, ...("required" in rest ? { required: true as const } : {}), ...(flag === field ? {} : { field }) })),
  items: (input) => [{ label: String(input.flags.email), input }],
  request: (item) => {
    regionOf("app-region", item.input.flags.appRegion);
    const body = Object.fromEntries(TENANT_FIELDS.flatMap(({ flag, field }) => (typeof item.input.flags[camel(flag)] === "string" ? [[field, item.input.flags[camel(flag)]]] : [])));
    return documentedWrite("POST", "/tenants", {}, { body });
  },
  irreversible: "no documented write deletes a tenant; its app is deleted with ccx app delete",
  answered: (_item, answer) => {
    const app = dataOf(answer)?.app as Record<string, unknown> | undefined;
    if (!app || typeof app.apiKey !== "string") return {};
    return { said: `tenant created with app ${String(app.appId ?? "")}`, secret: { title: `REST API key of app ${String(app.appId ?? "")}`, value: app.apiKey, note: `REST API key of the tenant's app ${String(app.appId ?? "")}: shown once, ccx keeps no copy` } };
  },
  confirmWord: "create the tenant",
  check: () => "the tenant's email",
};
