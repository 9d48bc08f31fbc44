import { badInput } from "../api/errors.js";
import { type DocumentedWrite, type ReadBefore, type VerbInput, type WriteItem, type WriteVerb, arg, commaList, dataOf, documentedRead, documentedWrite, eachOf } from "./verb.js";

/**
 * The notification writes on the app's settings and on one user's
 * preferences, muted conversations, timezone and contact details
 * (chat-apis.json, Notifications): each reads first what it changes, so that
 * its undo puts back the value it had. A setting is named by its place in the
 * answer of the read (`preferences.group.messagesSetting`), the value as JSON
 * (`1`, `true`, `"default"`): one field a write, its inverse that field's
 * earlier value, rather than a whole body that would undo changes made by
 * others in between.
 */

const SETTINGS = "/notifications/v1/settings";
const PREFERENCES = "/notifications/v1/preferences";
const MUTE = "/notifications/v1/preferences/mute";
const TIMEZONE = "/notifications/v1/preferences/timezone";
const CONTACT = "/notifications/v1/contact-details";

/** The user a write is for, as the preferences, mute and timezone take it: a `uid` query parameter. */
const forUser = (item: WriteItem) => ({ query: { uid: arg(item, "uid") } });

/** A field's dotted name, each part a word of the answer (no empty part). */
function fieldPath(name: string): string[] {
  const parts = name.split(".");
  if (name === "" || parts.some((p) => p === "")) throw badInput(`a setting is named by its place in the answer, as preferences.group.messagesSetting: not '${name}'; nothing was sent`);
  return parts;
}

/** A value given on the command line: JSON where it reads as JSON (1, true, {"a":1}), else the text itself. */
function valueOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `{a: {b: value}}` from `a.b` and the value. */
const nested = (path: readonly string[], value: unknown): Record<string, unknown> =>
  path.reduceRight<Record<string, unknown>>((inner, part, i) => (i === path.length - 1 ? { [part]: value } : { [part]: inner }), {});

/** The value at a dotted place in an answer's data; undefined where there is none. */
function valueAt(before: unknown, path: readonly string[]): unknown {
  let node: unknown = dataOf(before);
  for (const part of path) node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** The parts of an answer a PATCH puts back whole after a reset: what the read gave of them. */
function restorable(before: unknown, parts: readonly string[]): Record<string, unknown> | undefined {
  const data = dataOf(before);
  const body = Object.fromEntries(parts.filter((p) => data?.[p] !== undefined).map((p) => [p, data![p]]));
  return Object.keys(body).length > 0 ? body : undefined;
}

/** `notifications settings-set` and `notifications preference-set`: one field, its earlier value its undo. */
function setVerb(spec: { verb: string; description: string; path: string; perUser: boolean }): WriteVerb {
  const write = (item: WriteItem, value: unknown): DocumentedWrite =>
    documentedWrite("PATCH", spec.path, {}, { body: nested(fieldPath(arg(item, "field")), value), ...(spec.perUser ? forUser(item) : {}) });
  return {
    noun: "notifications", verb: spec.verb,
    description: spec.description,
    args: [
      ...(spec.perUser ? [{ name: "uid", description: "the user" }] : []),
      { name: "field", description: "the setting, by its place in the read's answer: preferences.group.messagesSetting" },
      { name: "value", description: "its value, as JSON where it reads as JSON: 1, true, \"default\"" },
    ],
    items: (input) => [{ label: spec.perUser ? `${String(input.args.uid)}: ${String(input.args.field)}` : String(input.args.field), input }],
    request: (item) => write(item, valueOf(arg(item, "value"))),
    before: (item) => documentedRead(spec.path, {}, spec.perUser ? forUser(item) : {}),
    inverse: (item, before) => {
      const had = valueAt(before, fieldPath(arg(item, "field")));
      return had === undefined || JSON.stringify(had) === JSON.stringify(valueOf(arg(item, "value"))) ? undefined : write(item, had);
    },
    check: (item) => (spec.perUser ? `ccx notifications preferences ${arg(item, "uid")}` : "ccx notifications settings"),
  };
}

export const settingsSet = setVerb({
  verb: "settings-set", path: SETTINGS, perUser: false,
  description: "change one of the app's notification settings (PATCH /notifications/v1/settings; undo: the value it had)",
});

export const preferenceSet = setVerb({
  verb: "preference-set", path: PREFERENCES, perUser: true,
  description: "change one of a user's notification preferences, as preferences.mute.dndPreferenceSetting 2 (undo: the value it had)",
});

export const settingsReset: WriteVerb = {
  noun: "notifications", verb: "settings-reset",
  description: "reset the app's notification settings to the service's defaults; 'settings' is typed back first (undo: the settings read before it)",
  args: [],
  items: (input) => [{ label: "settings", input }],
  request: () => documentedWrite("DELETE", SETTINGS),
  before: () => documentedRead(SETTINGS),
  inverse: (_item, before) => {
    const body = restorable(before, ["preferences", "sound", "templates"]);
    return body ? documentedWrite("PATCH", SETTINGS, {}, { body }) : undefined;
  },
  destructive: () => true,
  check: () => "ccx notifications settings",
};

/** Back to the app's defaults: the fix `ccx why` names for a preference that holds a message's notification back. */
export const preferenceReset: WriteVerb = {
  noun: "notifications", verb: "preference-reset",
  description: "put a user's notification preferences back to the app's defaults (undo: the preferences read before it)",
  args: [{ name: "uid", description: "the users", variadic: true }],
  items: (input) => eachOf(input, "uid"),
  request: (item) => documentedWrite("DELETE", PREFERENCES, {}, forUser(item)),
  before: (item) => documentedRead(PREFERENCES, {}, forUser(item)),
  inverse: (item, before) => {
    const body = restorable(before, ["preferences", "sound"]);
    return body ? documentedWrite("PATCH", PREFERENCES, {}, { body, ...forUser(item) }) : undefined;
  },
  selectable: "users",
  // D on a user's preferences (`:preferences alice`): the item is named by its parameter.
  keys: [{ on: "preferences", key: "D", footer: "reset", input: ({ params }) => (params[0] ? { args: { uid: [params[0]] }, flags: {} } : "no user here") }],
  check: (item) => `ccx notifications preferences ${arg(item, "uid")}`,
};

/** A conversation as the mute list names it: a group's guid, or the other user's uid (`oneOnOne`). */
interface Conversation {
  id: string;
  type: "group" | "oneOnOne";
  until?: number;
}

/** The conversations --groups and --users name. */
function conversationsOf(flags: VerbInput["flags"]): Conversation[] {
  return [
    ...commaList(flags.groups).map((id) => ({ id, type: "group" as const })),
    ...commaList(flags.users).map((id) => ({ id, type: "oneOnOne" as const })),
  ];
}

/** --until: milliseconds, or a date (2030-01-01T00:00:00Z), as the mute list keeps it (ms). */
function untilOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms)) throw badInput(`--until takes a time in ms or a date (2030-01-01T00:00:00Z): not '${text}'; nothing was sent`);
  return ms;
}

/** The conversations a user muted, from the mute list's answer. */
function mutedIn(before: unknown): Conversation[] {
  const list = dataOf(before)?.mutedConversations;
  return Array.isArray(list) ? list.filter((c): c is Conversation => typeof (c as Conversation | null)?.id === "string") : [];
}

const sameConversation = (a: Conversation, b: Conversation) => a.id === b.id && a.type === b.type;
const mute = (item: WriteItem, conversations: Conversation[]) => documentedWrite("PUT", MUTE, {}, { body: { conversations }, ...forUser(item) });
const unmuteThose = (item: WriteItem, conversations: Conversation[]) => documentedWrite("DELETE", MUTE, {}, { body: { conversations: conversations.map(({ id, type }) => ({ id, type })) }, ...forUser(item) });
const muteBefore = (item: WriteItem): ReadBefore => documentedRead(MUTE, {}, forUser(item));
const CONVERSATION_FLAGS = [
  { flag: "groups", value: "guid,…", description: "group conversations, by guid" },
  { flag: "users", value: "uid,…", description: "one-on-one conversations, by the other user's uid" },
] as const;

export const notificationsMute: WriteVerb = {
  noun: "notifications", verb: "mute",
  description: "mute a user's notifications from conversations, until a time or until unmuted (undo: unmute those that were not muted)",
  args: [{ name: "uid", description: "the user" }],
  flags: [...CONVERSATION_FLAGS, { flag: "until", value: "ms|date", description: "until when (default: until unmuted)" }],
  items: (input) => {
    const conversations = conversationsOf(input.flags);
    if (conversations.length === 0) throw badInput("say which conversations: --groups or --users; nothing was sent");
    return [{ label: `${String(input.args.uid)}: ${conversations.map((c) => c.id).join(", ")}`, input }];
  },
  request: (item) => {
    const until = untilOf(item.input.flags.until);
    return mute(item, conversationsOf(item.input.flags).map((c) => (until === undefined ? c : { ...c, until })));
  },
  before: muteBefore,
  inverse: (item, before) => {
    const had = mutedIn(before);
    const added = conversationsOf(item.input.flags).filter((c) => !had.some((h) => sameConversation(h, c)));
    return added.length > 0 ? unmuteThose(item, added) : undefined;
  },
  check: (item) => `ccx notifications preferences ${arg(item, "uid")}`,
};

/** The fix `ccx why` names for a muted conversation (or for all of a user's). */
export const notificationsUnmute: WriteVerb = {
  noun: "notifications", verb: "unmute",
  description: "unmute a user's conversations, or --all of them (undo: mute again those that were muted, until the time they had)",
  args: [{ name: "uid", description: "the user" }],
  flags: [...CONVERSATION_FLAGS, { flag: "all", description: "every conversation the user muted (the body's list left out)" }],
  items: (input) => {
    const conversations = conversationsOf(input.flags);
    const all = input.flags.all === true;
    if (all === (conversations.length > 0)) throw badInput("say which conversations: --groups, --users, or --all; nothing was sent");
    return [{ label: `${String(input.args.uid)}: ${all ? "all" : conversations.map((c) => c.id).join(", ")}`, input }];
  },
  // --all: no list, which the service reads as every conversation (the SDK's unmute takes a list; ccx's reading).
  request: (item) => (item.input.flags.all === true ? documentedWrite("DELETE", MUTE, {}, { body: {}, ...forUser(item) }) : unmuteThose(item, conversationsOf(item.input.flags))),
  // - on a user's preferences, where their muted conversations show: every one of them unmuted.
  keys: [{ on: "preferences", key: "-", footer: "unmute all", input: ({ params }) => (params[0] ? { args: { uid: params[0] }, flags: { all: true } } : "no user here") }],
  before: muteBefore,
  inverse: (item, before) => {
    const asked = conversationsOf(item.input.flags);
    const had = mutedIn(before).filter((h) => item.input.flags.all === true || asked.some((c) => sameConversation(h, c)));
    return had.length > 0 ? mute(item, had.map(({ id, type, until }) => (typeof until === "number" ? { id, type, until } : { id, type }))) : undefined;
  },
  check: (item) => `ccx notifications preferences ${arg(item, "uid")}`,
};

export const notificationsTimezone: WriteVerb = {
  noun: "notifications", verb: "timezone",
  description: "set the timezone a user's do-not-disturb schedule is read in, as Asia/Tokyo (undo: the one they had)",
  args: [{ name: "uid", description: "the user" }, { name: "timezone", description: "an IANA timezone: Europe/Berlin" }],
  items: (input) => [{ label: `${String(input.args.uid)}: ${String(input.args.timezone)}`, input }],
  request: (item) => documentedWrite("PATCH", TIMEZONE, {}, { body: { timezone: arg(item, "timezone") }, ...forUser(item) }),
  before: (item) => documentedRead(TIMEZONE, {}, forUser(item)),
  inverse: (item, before) => {
    const had = dataOf(before)?.timezone;
    return typeof had === "string" && had !== arg(item, "timezone") ? documentedWrite("PATCH", TIMEZONE, {}, { body: { timezone: had }, ...forUser(item) }) : undefined;
  },
  check: (item) => `ccx notifications preferences ${arg(item, "uid")}`,
};

/** Contact details are the acting user's (onBehalfOf, required): the uid argument is sent as it. */
const CONTACT_FIELDS = { email: "email", phone: "phno" } as const;
const asUser = (item: WriteItem) => ({ as: arg(item, "uid") });
const contactRead = (item: WriteItem) => documentedRead(CONTACT, {}, asUser(item));
const contactPatch = (item: WriteItem, body: Record<string, unknown>) => documentedWrite("PATCH", CONTACT, {}, { body, ...asUser(item) });

/** The contact fields a read gave, by their documented names. */
function contactIn(before: unknown): Record<string, string> {
  const data = dataOf(before) ?? {};
  return Object.fromEntries(Object.values(CONTACT_FIELDS).flatMap((field) => (typeof data[field] === "string" && data[field] !== "" ? [[field, data[field] as string]] : [])));
}

export const contactSet: WriteVerb = {
  noun: "notifications", verb: "contact-set",
  description: "set the email address or phone number a user's email and SMS notifications go to (undo: those they had)",
  args: [{ name: "uid", description: "the user" }],
  flags: [{ flag: "email", value: "address", description: "their email address" }, { flag: "phone", value: "+number", description: "their phone number, with its country code", field: "phno" }],
  items: (input) => [{ label: String(input.args.uid), input }],
  request: (item) => {
    const body = Object.fromEntries(Object.entries(CONTACT_FIELDS).flatMap(([flag, field]) => (typeof item.input.flags[flag] === "string" ? [[field, item.input.flags[flag]]] : [])));
    if (Object.keys(body).length === 0) throw badInput("nothing to change: give --email or --phone; nothing was sent");
    return contactPatch(item, body);
  },
  before: contactRead,
  inverse: (item, before) => {
    const had = contactIn(before);
    // Nothing stored before: the details are deleted again.
    if (Object.keys(had).length === 0) return documentedWrite("DELETE", CONTACT, {}, asUser(item));
    const changed = Object.entries(CONTACT_FIELDS).filter(([flag, field]) => typeof item.input.flags[flag] === "string" && had[field] !== undefined && had[field] !== item.input.flags[flag]);
    return changed.length > 0 ? contactPatch(item, Object.fromEntries(changed.map(([, field]) => [field, had[field]]))) : undefined;
  },
  check: (item) => `ccx notifications contact --as ${arg(item, "uid")}`,
};

export const contactDelete: WriteVerb = {
  noun: "notifications", verb: "contact-delete",
  description: "delete the email address and phone number stored for a user (undo: store those read before it)",
  args: [{ name: "uid", description: "the user" }],
  items: (input) => [{ label: String(input.args.uid), input }],
  request: (item) => documentedWrite("DELETE", CONTACT, {}, asUser(item)),
  before: contactRead,
  inverse: (item, before) => {
    const had = contactIn(before);
    return Object.keys(had).length > 0 ? contactPatch(item, had) : undefined;
  },
  check: (item) => `ccx notifications contact --as ${arg(item, "uid")}`,
};
