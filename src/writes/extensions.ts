import { extname, resolve } from "node:path";
import { maskAnswerSecrets } from "../api/answer-secrets.js";
import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type VerbInput, type WriteItem, type WriteVerb, arg, dataOf, documentedRead, documentedWrite, eachOf, fieldOf, isTrue } from "./verb.js";

/**
 * The app's extensions (management-apis.json, Extensions), from one table:
 * each extension with settings of its own, its path's version, whether its
 * settings can be deleted, and the fields of its documented body, each with
 * the kind of value the examples give it. One family of verbs covers every
 * path: `extension enable|disable <id>…` (POST /apps/{appId}/extensions),
 * `extension settings-create|settings-update <id> field=value…` (POST, PUT:
 * the body `{settings: {…}}`, each field checked against the table before
 * anything is sent) and `extension settings-delete <id>`. One verb a method
 * rather than 26 × 3 copies: the extensions differ only in their fields.
 * Each reads the settings first; its undo puts back the values it replaced,
 * or deletes settings that were not there; not where those values hold a
 * secret (an API key), which the journal keeps only masked. The push
 * extension's APNs certificates are uploaded as the docs say, multipart
 * (a `certificate` file part): `extension certificate-upload <file>`.
 */

type FieldKind = "text" | "boolean" | "number" | "json";

interface ExtensionSettings {
  id: string;
  /** The version in its path: `widget/v2`. */
  version: "v1" | "v2";
  /** Its documented methods beside GET: the chat widgets and two others have no POST or no DELETE. */
  create: boolean;
  remove: boolean;
  /** Its documented body's fields (inside `settings`), by name, and the kind of value each takes. */
  fields: Readonly<Record<string, FieldKind>>;
}

const t = "text", b = "boolean", n = "number", j = "json";
const DROP = { dropMessage: b } as const;
const REPORTS = { maxReports: n, useWebhook: b, webhookURL: t, basicAuthUsername: t, basicAuthPassword: t } as const;
const PUSH_SWITCHES = ["NewMessage", "EditMessage", "DeleteMessage", "ThreadedMessage", "IncomingCall", "MissedCall", "MemberJoined", "MemberLeft",
  "MemberKicked", "MemberBanned", "MemberUnbanned", "MemberAdded", "MemberScopeChanged"].map((what) => [`send${what}Notification`, b] as const);

const ext = (id: string, fields: ExtensionSettings["fields"], methods: { create?: false; remove?: false; version?: "v2" } = {}): ExtensionSettings =>
  ({ id, version: methods.version ?? "v1", create: methods.create ?? true, remove: methods.remove ?? true, fields });

/** Every extension with documented settings, the fields of its examples (the GET's, the POST's and PUT's bodies). */
export const EXTENSION_SETTINGS: readonly ExtensionSettings[] = [
  // A chat widget's configuration: its sections as JSON; an update names the widget (widgetId, beside the settings).
  ext("widget", { name: t, version: t, style: j, sidebar: j, main: j }, { version: "v2", remove: false }),
  ext("gifs-giphy", { giphyApiKey: t }),
  ext("xss-filter", DROP),
  ext("image-moderation", DROP),
  ext("report-user", REPORTS),
  ext("report-message", REPORTS),
  ext("voice-transcription", { revaiAPIKey: t }),
  ext("stickers-stipop", { stipopApiKey: t, stipopAppId: t }),
  ext("sentiment-analysis", DROP),
  ext("url-shortener-tinyurl", { tinyUrlAPIToken: t, tinyUrlDomain: t }),
  ext("intercom", { customerSupportUid: t, intercomAccessToken: t }),
  ext("url-shortener-bitly", { bitlyAccessToken: t, groupGUID: t }),
  ext("rich-media", { iframelyApiKey: t }),
  ext("virus-malware-scanner", { scaniiApiKey: t, scaniiSecretKey: t }),
  ext("broadcast", { apiVideoKey: t, recordVideo: b }),
  ext("gifs-tenor", { tenorApiKey: t }),
  ext("human-moderation", { allUserMessages: b, allGroupMessages: b, allMessages: b, senders: j, receiverGroups: j, receiverUsers: j }),
  ext("e2ee", { virgilAppID: t, virgilAppKeyID: t, virgilAppKey: t }),
  ext("email-replies", { senderEmailForReplies: t, sendEmailReplies: b }),
  ext("sms-notification", { fromMobileNo: t, messageDelay: n, twilioAccountSid: t, twilioAuthToken: t, websiteURL: t }),
  ext("push-notification", {
    version: n, pushProvider: n, fcmCredentials: j, notificationInPayload: j, useP8: b, sendApnsProduction: b, keyId: t, teamId: t, bundleId: t,
    cometchatMessagePayloadOptions: j, ...Object.fromEntries(PUSH_SWITCHES),
  }),
  ext("chatwoot", { chatwootAccountId: t, chatwootInboxId: t, chatwootAccessToken: t, customerSupportUid: t }),
  ext("message-shortcuts", { shortcuts: j }),
  ext("email-notification", {
    messageDelay: n, senderEmail: t, senderName: t, sendGridApiKey: t, sendGridTemplateId: t, sendGridUnsubscribeGroupId: t,
    useWebhook: b, webhookURL: t, useWebhookBasicAuth: b, webhookUsername: t, webhookPassword: t,
  }),
  ext("profanity-filter", { badwords: j, dropMessage: b }),
  ext("stickers", { dropMessage: b, customMasterStickersData: j, defaultMasterStickersData: j }, { create: false }),
  ext("data-masking", { dropMessage: b, customregexData: j, defaultRegexData: j }, { create: false }),
];

const LIST = "/apps/{appId}/extensions";
const pathOf = (e: ExtensionSettings) => `/apps/{appId}/extensions/${e.id}/${e.version}/settings`;
/** The chat widget an update names: beside its settings, as the list's rows name it. */
const WIDGET_ID = "widgetId";

function extensionOf(id: string): ExtensionSettings {
  const found = EXTENSION_SETTINGS.find((e) => e.id === id);
  if (!found) throw badInput(`'${id}' has no documented settings: one of ${EXTENSION_SETTINGS.map((e) => e.id).join(", ")}; nothing was sent`);
  return found;
}

function valueOf(e: ExtensionSettings, field: string, kind: FieldKind, given: string): unknown {
  if (kind === "text") return given;
  if (kind === "boolean") {
    if (given !== "true" && given !== "false") throw badInput(`${e.id}'s ${field} takes true or false: not '${given}'; nothing was sent`);
    return given === "true";
  }
  if (kind === "number") {
    if (given.trim() === "" || !Number.isFinite(Number(given))) throw badInput(`${e.id}'s ${field} takes a number: not '${given}'; nothing was sent`);
    return Number(given);
  }
  try {
    const parsed: unknown = JSON.parse(given);
    if (parsed !== null && typeof parsed === "object") return parsed;
  } catch {
    // Said below, as a value that is JSON but no object or list.
  }
  throw badInput(`${e.id}'s ${field} takes a JSON object or list (as its documented example): not '${given}'; nothing was sent`);
}

/** The settings `field=value…` give, each field one of the extension's documented ones and its value of the documented kind. */
function settingsGiven(e: ExtensionSettings, pairs: readonly string[], updating: boolean): { settings: Record<string, unknown>; widgetId?: string } {
  const settings: Record<string, unknown> = {};
  let widgetId: string | undefined;
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw badInput(`'${pair}' is no field=value; nothing was sent`);
    const [field, given] = [pair.slice(0, at), pair.slice(at + 1)];
    if (e.id === "widget" && field === WIDGET_ID && updating) widgetId = given;
    else if (e.fields[field] === undefined) throw badInput(`${e.id} documents no setting '${field}': ${Object.keys(e.fields).join(", ")}; nothing was sent`);
    else settings[field] = valueOf(e, field, e.fields[field]!, given);
  }
  if (Object.keys(settings).length === 0) throw badInput(`nothing to send: give ${e.id}'s settings as field=value (${Object.keys(e.fields).join(", ")}); nothing was sent`);
  if (e.id === "widget" && updating && !widgetId) throw badInput("say which chat widget: widgetId=…; nothing was sent");
  return widgetId ? { settings, widgetId } : { settings };
}

/** The settings a read answered: `data.body.data.settings` (the bare `{settings}` of the push example too); a widget's `configuration`. */
function settingsRead(before: unknown, widgetId?: string): Record<string, unknown> | undefined {
  const data = dataOf(before);
  const inner = (data?.body as { data?: unknown } | undefined)?.data ?? (before as { settings?: unknown } | null)?.settings;
  if (widgetId !== undefined) {
    const widget = Array.isArray(inner) ? inner.find((w) => (w as { widgetId?: unknown } | null)?.widgetId === widgetId) as { configuration?: unknown } | undefined : undefined;
    return widget?.configuration !== null && typeof widget?.configuration === "object" ? (widget.configuration as Record<string, unknown>) : undefined;
  }
  const settings = inner !== null && typeof inner === "object" && !Array.isArray(inner) && "settings" in inner ? (inner as { settings?: unknown }).settings : inner;
  return settings !== null && typeof settings === "object" && !Array.isArray(settings) ? (settings as Record<string, unknown>) : undefined;
}

/** Its own fields of what was read (the app's id the service adds left out): none when nothing is saved. */
const savedOf = (e: ExtensionSettings, read: Record<string, unknown>) => Object.fromEntries(Object.entries(read).filter(([field]) => e.fields[field] !== undefined));
const holdsSecret = (settings: Record<string, unknown>) => maskAnswerSecrets(settings).paths.length > 0;
const SECRET_REASON = "the values it would put back hold a secret (an API key, a token, a password), which the journal keeps only masked: set them again by hand";

const itemOf = (input: VerbInput) => ({ label: String(input.args.extension), input });
const pairs = (item: WriteItem) => {
  const given = item.input.args.setting;
  return Array.isArray(given) ? given : given === undefined ? [] : [given];
};
const check = (item: WriteItem) => `ccx extensions ${arg(item, "extension")}`;
const put = (e: ExtensionSettings, settings: Record<string, unknown>, widgetId?: string): DocumentedWrite =>
  documentedWrite("PUT", pathOf(e), {}, { body: widgetId ? { widgetId, settings } : { settings } });

/**
 * What undoes a create or an update, from the settings read before it: a delete where nothing was saved
 * (and the extension's settings can be deleted), else the values it replaced put back; a reason where
 * those hold a secret.
 */
function undoOf(item: WriteItem, before: unknown, updating: boolean): DocumentedWrite | string | undefined {
  const e = extensionOf(arg(item, "extension"));
  const { settings, widgetId } = settingsGiven(e, pairs(item), updating);
  if (e.id === "widget" && !updating) return "a chat widget, once made, has no documented delete: change it with settings-update";
  const read = settingsRead(before, widgetId);
  if (!read) return undefined;
  const saved = savedOf(e, read);
  if (Object.keys(saved).length === 0) return e.remove ? documentedWrite("DELETE", pathOf(e)) : undefined;
  const replaced = Object.fromEntries(Object.keys(settings).flatMap((field) =>
    saved[field] !== undefined && JSON.stringify(saved[field]) !== JSON.stringify(settings[field]) ? [[field, saved[field]]] : []));
  if (Object.keys(replaced).length === 0) return undefined;
  return holdsSecret(replaced) ? SECRET_REASON : put(e, replaced, widgetId);
}

const SETTING_ARGS = [
  { name: "extension", description: "the extension's id: profanity-filter, gifs-giphy, widget…" },
  { name: "setting", description: "field=value, each a field of its documented settings (true|false, a number, JSON for an object or list)", variadic: true as const },
];

export const extensionSettingsCreate: WriteVerb = {
  noun: "extension", verb: "settings-create",
  description: "save an extension's settings (POST …/extensions/<id>/v1/settings, a chat widget: a new one); each field checked against its documented shape (undo: deleted, or the values it replaced)",
  args: SETTING_ARGS,
  items: (input) => [itemOf(input)],
  request: (item) => {
    const e = extensionOf(arg(item, "extension"));
    if (!e.create) throw badInput(`${e.id}'s settings are documented with PUT alone: use extension settings-update; nothing was sent`);
    return documentedWrite("POST", pathOf(e), {}, { body: settingsGiven(e, pairs(item), false) });
  },
  before: (item) => documentedRead(pathOf(extensionOf(arg(item, "extension")))),
  inverse: (item, before) => {
    const undo = undoOf(item, before, false);
    return typeof undo === "string" ? undefined : undo;
  },
  notUndone: (item, before) => {
    const undo = undoOf(item, before, false);
    return typeof undo === "string" ? undo : undefined;
  },
  check,
};

export const extensionSettingsUpdate: WriteVerb = {
  noun: "extension", verb: "settings-update",
  description: "change fields of an extension's settings (PUT; a chat widget's: widgetId=… names it), each checked against its documented shape (undo: the values it replaced)",
  args: SETTING_ARGS,
  items: (input) => [itemOf(input)],
  request: (item) => {
    const e = extensionOf(arg(item, "extension"));
    const { settings, widgetId } = settingsGiven(e, pairs(item), true);
    return put(e, settings, widgetId);
  },
  before: (item) => documentedRead(pathOf(extensionOf(arg(item, "extension")))),
  inverse: (item, before) => {
    const undo = undoOf(item, before, true);
    return typeof undo === "string" ? undefined : undo;
  },
  notUndone: (item, before) => {
    const undo = undoOf(item, before, true);
    return typeof undo === "string" ? undo : undefined;
  },
  check,
};

export const extensionSettingsDelete: WriteVerb = {
  noun: "extension", verb: "settings-delete",
  description: "delete an extension's settings; its id is typed back first (undo: the settings read before it saved again, unless they hold a secret)",
  args: [{ name: "extension", description: "the extension's id" }],
  items: (input) => [itemOf(input)],
  request: (item) => {
    const e = extensionOf(arg(item, "extension"));
    if (!e.remove) throw badInput(`${e.id}'s settings have no documented delete; nothing was sent`);
    return documentedWrite("DELETE", pathOf(e));
  },
  before: (item) => documentedRead(pathOf(extensionOf(arg(item, "extension")))),
  inverse: (item, before) => {
    const e = extensionOf(arg(item, "extension"));
    const saved = savedOf(e, settingsRead(before) ?? {});
    if (Object.keys(saved).length === 0 || holdsSecret(saved)) return undefined;
    return e.create ? documentedWrite("POST", pathOf(e), {}, { body: { settings: saved } }) : put(e, saved);
  },
  notUndone: (item, before) => (holdsSecret(savedOf(extensionOf(arg(item, "extension")), settingsRead(before) ?? {})) ? SECRET_REASON : undefined),
  destructive: () => true,
  check,
};

/** Whether the list read before says the extension is on; undefined when it is not in it. */
function activeIn(before: unknown, id: string): boolean | undefined {
  const list = (before as { data?: unknown } | null)?.data;
  const row = Array.isArray(list) ? list.find((r) => (r as { id?: unknown } | null)?.id === id) as { isActive?: unknown } | undefined : undefined;
  return row ? isTrue(row.isActive) : undefined;
}

function switchVerb(on: boolean): WriteVerb {
  const word = on ? "enabled" : "disabled";
  const toggle = (id: string, enable: boolean) => documentedWrite("POST", LIST, {}, { body: { [enable ? "enabled" : "disabled"]: [id] } });
  return {
    noun: "extension", verb: on ? "enable" : "disable",
    description: `${on ? "enable" : "disable"} extensions for the app (POST /apps/{appId}/extensions {${word}: [id]}; undo: ${on ? "disabled" : "enabled"} again where ${on ? "off" : "on"} before)`,
    args: [{ name: "extension", description: "the extensions' ids", variadic: true }],
    items: (input) => eachOf(input, "extension"),
    request: (item) => toggle(arg(item, "extension"), on),
    // Every extension in one read (an app has a few dozen): the row says whether it was on.
    before: () => documentedRead(LIST, {}, { query: { perPage: "1000" } }),
    inverse: (item, before) => (activeIn(before, arg(item, "extension")) === !on ? toggle(arg(item, "extension"), !on) : undefined),
    keys: [{
      on: "extensions", key: "s", footer: on ? "enable" : "disable", when: (row) => isTrue(row?.isActive) !== on,
      input: ({ row }) => ({ args: { extension: [fieldOf(row, "id")] }, flags: {} }),
    }],
    check: () => "ccx extensions",
  };
}

export const extensionEnable = switchVerb(true);
export const extensionDisable = switchVerb(false);

const CERTIFICATE_KINDS = ["p12", "p8"] as const;

/** The kind of certificate: --kind, else the file's own extension (.p12, .p8). */
function certificateKind(item: WriteItem): (typeof CERTIFICATE_KINDS)[number] {
  const given = typeof item.input.flags.kind === "string" ? item.input.flags.kind : extname(arg(item, "file")).slice(1).toLowerCase();
  const kind = CERTIFICATE_KINDS.find((k) => k === given);
  if (!kind) throw badInput(`say which certificate: --kind p12 or p8 (the file's name ends in neither); nothing was sent`);
  return kind;
}

export const extensionCertificateUpload: WriteVerb = {
  noun: "extension", verb: "certificate-upload",
  description: "upload the push extension's APNs certificate (.p12) or key (.p8), as a multipart `certificate` part (not undone: the docs give no delete)",
  args: [{ name: "file", description: "the certificate's file: a .p12 or a .p8" }],
  flags: [{ flag: "kind", value: "p12|p8", description: "which it is, when the file's name does not say" }],
  items: (input) => [{ label: String(input.args.file), input }],
  request: (item) => documentedWrite("POST", `/apps/{appId}/extensions/push-notification/v1/upload-certificate-${certificateKind(item)}`, {}, { files: { certificate: resolve(arg(item, "file")) } }),
  irreversible: "an uploaded certificate has no documented delete, and its bytes are kept nowhere: upload the one before it again",
  check: () => "ccx push-certificates",
};

export const EXTENSION_VERBS: readonly WriteVerb[] = [extensionEnable, extensionDisable, extensionSettingsCreate, extensionSettingsUpdate, extensionSettingsDelete, extensionCertificateUpload];
