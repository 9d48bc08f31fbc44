import { readFileSync } from "node:fs";
import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type VerbInput, type VerbKey, type WriteVerb, arg, dataOf, documentedRead, documentedWrite, fieldOf, isTrue } from "./verb.js";

/**
 * The app's notification providers (chat-apis.json, Notifications), from one
 * table: each kind's path and the fields of its documented body, a flag each.
 * Every kind is created (POST), updated (PUT) and deleted; FCM and APNs hold
 * several providers, deleted and made the default by id, the others one.
 * A create is undone by the delete; an update and a delete are not: what they
 * replace are credentials, which the journal keeps only masked, so no inverse
 * could put them back. Making one the default is undone by making the one
 * that was the default again.
 */

/** How a flag's text becomes its field: as written, true/false, or JSON (a file's, when it names one). */
type FieldKind = "text" | "boolean" | "json" | "file";

interface ProviderField {
  flag: string;
  /** The documented body's name. */
  field: string;
  kind: FieldKind;
  description: string;
  /** Documented as required when it is created. */
  required?: true;
}

interface ProviderKind {
  /** Its command's noun: `fcm-provider`. */
  noun: string;
  /** How the explorer's providers list names it (`push: fcm`): its rows' keys act on their own kind. */
  source: string;
  /** What help calls it: `FCM push provider`. */
  what: string;
  path: string;
  /** FCM and APNs: several, each by its providerId. */
  byId?: true;
  fields: readonly ProviderField[];
}

const text = (flag: string, field: string, description: string, required?: true): ProviderField => ({ flag, field, kind: "text", description, ...(required ? { required } : {}) });
const yes = (flag: string, field: string, description: string, required?: true): ProviderField => ({ flag, field, kind: "boolean", description, ...(required ? { required } : {}) });

/** The custom providers' webhook: where the service posts, and the basic auth it sends. */
const WEBHOOK_FIELDS: readonly ProviderField[] = [
  yes("enabled", "isEnabled", "use it: true or false", true),
  text("url", "webhookURL", "the webhook URL the service posts each notification to", true),
  yes("basic-auth", "useBasicAuth", "send basic auth: true or false", true),
  text("username", "basicAuthUsername", "the basic auth's user name", true),
  text("password", "basicAuthPassword", "the basic auth's password (masked in every output and the journal)", true),
];

export const PROVIDER_KINDS: readonly ProviderKind[] = [
  {
    noun: "fcm-provider", what: "FCM push provider", source: "push: fcm", path: "/notifications/push/v1/providers/fcm", byId: true,
    fields: [
      text("id", "providerId", "its id", true),
      { flag: "service-account", field: "serviceAccountCreds", kind: "file", description: "the Firebase service account's key: a JSON file, or its JSON (masked)" },
      text("service-account-filename", "serviceAccountFilename", "the key file's name, as the dashboard shows it"),
      { flag: "notification-in-payload", field: "notificationInPayload", kind: "json", description: "per platform, whether a notification goes in the payload: {\"ios\":{\"chat\":true,\"call\":false},…}" },
    ],
  },
  {
    noun: "apns-provider", what: "APNs push provider", source: "push: apns", path: "/notifications/push/v1/providers/apns", byId: true,
    fields: [
      text("id", "providerId", "its id", true),
      text("key-id", "keyId", "the .p8 key's id"),
      text("team-id", "teamId", "the Apple team's id"),
      text("bundle-id", "bundleId", "the app's bundle id"),
      { flag: "p8-key", field: "p8Key", kind: "file", description: "the .p8 key: its file, or its text (masked)" },
      text("p8-key-filename", "p8KeyFilename", "the key file's name, as the dashboard shows it"),
      yes("production", "productionMode", "production (true) or sandbox (false)"),
      yes("content-available", "includeContentAvailable", "include content-available: true or false"),
      yes("mutable-content", "includeMutableContent", "include mutable-content: true or false"),
    ],
  },
  { noun: "custom-push-provider", what: "custom push provider (a webhook)", source: "push: custom", path: "/notifications/push/v1/providers/custom", fields: WEBHOOK_FIELDS },
  {
    noun: "twilio-provider", what: "Twilio SMS provider", source: "sms: twilio", path: "/notifications/sms/v1/providers/twilio",
    fields: [
      text("account-sid", "twilioAccountSID", "the Twilio account SID (masked)", true),
      text("auth-token", "twilioAuthToken", "the Twilio auth token (masked)", true),
      text("sender", "twilioSenderPhoneNumber", "the number SMS are sent from", true),
      yes("enabled", "isEnabled", "use it: true or false"),
    ],
  },
  { noun: "custom-sms-provider", what: "custom SMS provider (a webhook)", source: "sms: custom", path: "/notifications/sms/v1/providers/custom", fields: [...WEBHOOK_FIELDS, yes("stored-only", "useStoredPhNo", "post only for users whose phone number is stored: true or false", true)] },
  {
    noun: "sendgrid-provider", what: "SendGrid email provider", source: "email: sendgrid", path: "/notifications/email/v1/providers/sendgrid",
    fields: [
      // Not --api-key: that is every command's, the app's own key.
      text("sendgrid-api-key", "sendGridApiKey", "the SendGrid API key (masked)", true),
      text("template-id", "sendGridTemplateID", "the SendGrid template's id", true),
      text("unsubscribe-group-id", "sendGridUnsubscribeGroupID", "the SendGrid unsubscribe group's id", true),
      text("sender-name", "senderName", "the sender's name", true),
      text("sender-email", "senderEmail", "the sender's address", true),
      yes("allow-replies", "allowEmailReplies", "let users reply by email: true or false", true),
      text("reply-email", "senderEmailForReplies", "the address replies go to"),
      yes("enabled", "isEnabled", "use it: true or false"),
    ],
  },
  { noun: "custom-email-provider", what: "custom email provider (a webhook)", source: "email: custom", path: "/notifications/email/v1/providers/custom", fields: [...WEBHOOK_FIELDS, yes("stored-only", "useStoredEmailID", "post only for users whose email address is stored: true or false", true)] },
];

/** The flag's name as commander gives it: `service-account` → serviceAccount. */
const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A key file's text, or bad input naming the flag when it cannot be read. */
function fileText(field: ProviderField, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw badInput(`--${field.flag} names no file ccx can read (${(error as NodeJS.ErrnoException).code ?? "unreadable"}): give the file, or its text; nothing was sent`);
  }
}

function fieldValue(field: ProviderField, given: string): unknown {
  if (field.kind === "text") return given;
  if (field.kind === "boolean") {
    if (given !== "true" && given !== "false") throw badInput(`--${field.flag} takes true or false: not '${given}'; nothing was sent`);
    return given === "true";
  }
  // A file's content when the value names one (the key files); JSON where it reads as JSON; a .p8 key as its text.
  const content = field.kind === "file" && !given.trimStart().startsWith("{") && !given.includes("-----BEGIN") ? fileText(field, given) : given;
  try {
    return JSON.parse(content);
  } catch {
    if (field.kind === "file") return content;
    throw badInput(`--${field.flag} takes JSON; nothing was sent`);
  }
}

/** The documented body of the flags given; on a create, the documented required ones all given. */
function bodyOf(kind: ProviderKind, flags: VerbInput["flags"], creating: boolean): Record<string, unknown> {
  const missing = creating ? kind.fields.filter((f) => f.required && typeof flags[camel(f.flag)] !== "string").map((f) => `--${f.flag}`) : [];
  if (missing.length > 0) throw badInput(`${kind.noun} create needs ${missing.join(", ")} (documented as required); nothing was sent`);
  const body = Object.fromEntries(kind.fields.flatMap((f) => (typeof flags[camel(f.flag)] === "string" ? [[f.field, fieldValue(f, flags[camel(f.flag)] as string)]] : [])));
  if (Object.keys(body).length === 0) throw badInput(`nothing to send: give ${kind.fields.map((f) => `--${f.flag}`).join(", ")}; nothing was sent`);
  return body;
}

/** Its fields as flags, the value named by the body's field; on a create, those the docs require said so. */
const flagsOf = (kind: ProviderKind, creating: boolean) => kind.fields.map((f) => ({
  flag: f.flag, value: f.kind === "boolean" ? "true|false" : f.kind === "file" ? "file|text" : f.kind === "json" ? "json" : f.field,
  description: `${f.description}${creating && f.required ? " (required)" : ""}`, field: f.field,
}));
const ID_ARG = [{ name: "providerId", description: "the provider's id" }];
const check = (kind: ProviderKind) => () => `ccx notifications providers (${kind.source})`;
/** The item a provider write names: its id, or its kind's source for one of a kind. */
const labelOf = (kind: ProviderKind, id: string | undefined) => (id ? `${kind.source} ${id}` : kind.source);
/** The kind a providers list's row is of (its `source`), so that its keys act on that kind alone. */
const rowOf = (kind: ProviderKind) => (row: Record<string, unknown> | undefined) => fieldOf(row, "source") === kind.source;

function createVerb(kind: ProviderKind): WriteVerb {
  return {
    noun: kind.noun, verb: "create",
    description: `save the app's ${kind.what} (undo: delete it)`,
    args: [],
    flags: flagsOf(kind, true),
    items: (input) => [{ label: labelOf(kind, typeof input.flags.id === "string" ? input.flags.id : undefined), input }],
    request: (item) => documentedWrite("POST", kind.path, {}, { body: bodyOf(kind, item.input.flags, true) }),
    inverse: (item) => (kind.byId ? documentedWrite("DELETE", `${kind.path}/{providerId}`, { providerId: String(item.input.flags.id) }) : documentedWrite("DELETE", kind.path)),
    check: check(kind),
  };
}

function updateVerb(kind: ProviderKind): WriteVerb {
  return {
    noun: kind.noun, verb: "update",
    description: `change the app's ${kind.what}: the fields given (not undone: the credentials it replaces are kept nowhere whole)`,
    args: [],
    flags: flagsOf(kind, false),
    items: (input) => [{ label: labelOf(kind, typeof input.flags.id === "string" ? input.flags.id : undefined), input }],
    request: (item) => {
      if (kind.byId && typeof item.input.flags.id !== "string") throw badInput(`say which provider: --id; nothing was sent`);
      return documentedWrite("PUT", kind.path, {}, { body: bodyOf(kind, item.input.flags, false) });
    },
    irreversible: "the values an update replaces are credentials, which the journal keeps only masked: ccx cannot put them back",
    check: check(kind),
  };
}

function deleteVerb(kind: ProviderKind): WriteVerb {
  const key: VerbKey = {
    on: "providers", key: "D", footer: "delete", when: rowOf(kind),
    input: ({ row }): VerbInput => ({ args: kind.byId ? { providerId: fieldOf(row, "providerId") } : {}, flags: {} }),
  };
  return {
    noun: kind.noun, verb: "delete",
    description: `delete the app's ${kind.what}${kind.byId ? " by its id" : ""}; it is typed back first (not undone: its credentials are kept nowhere whole)`,
    args: kind.byId ? ID_ARG : [],
    items: (input) => [{ label: labelOf(kind, kind.byId ? String(input.args.providerId) : undefined), input }],
    request: (item) => (kind.byId ? documentedWrite("DELETE", `${kind.path}/{providerId}`, { providerId: arg(item, "providerId") }) : documentedWrite("DELETE", kind.path)),
    keys: [key],
    irreversible: "a deleted provider's credentials are kept nowhere whole (the journal masks them): create it again with them",
    destructive: () => true,
    check: check(kind),
  };
}

/** The provider of a kind the read says is the default. */
function defaultIn(before: unknown): string | undefined {
  const list = dataOf(before)?.pushProviders;
  const found = Array.isArray(list) ? list.find((p) => isTrue((p as { isDefault?: unknown } | null)?.isDefault)) : undefined;
  const id = (found as { providerId?: unknown } | undefined)?.providerId;
  return typeof id === "string" ? id : undefined;
}

function defaultVerb(kind: ProviderKind): WriteVerb {
  const made = (providerId: string): DocumentedWrite => documentedWrite("PUT", `${kind.path}/default/{providerId}`, { providerId });
  return {
    noun: kind.noun, verb: "default",
    description: `make an ${kind.what} the default: the one a push token registered without a provider id goes to (undo: the default it replaced)`,
    args: ID_ARG,
    items: (input) => [{ label: labelOf(kind, String(input.args.providerId)), input }],
    request: (item) => made(arg(item, "providerId")),
    keys: [{ on: "providers", key: "s", footer: "default", when: (row) => rowOf(kind)(row) && !isTrue(row?.isDefault), input: ({ row }) => ({ args: { providerId: fieldOf(row, "providerId") }, flags: {} }) }],
    before: () => documentedRead(kind.path),
    inverse: (item, before) => {
      const was = defaultIn(before);
      return was && was !== arg(item, "providerId") ? made(was) : undefined;
    },
    check: check(kind),
  };
}

/** Each kind's writes, in the table's order: create, update, delete, and for FCM and APNs default. */
export const PROVIDER_VERBS: readonly WriteVerb[] = PROVIDER_KINDS.flatMap((kind) => [
  createVerb(kind), updateVerb(kind), deleteVerb(kind), ...(kind.byId ? [defaultVerb(kind)] : []),
]);
