import { type Json, record } from "./json-value.js";
/**
 * What a user's notification preferences and mutes say of one conversation, read tolerantly: the
 * documented names (`mute.dndPreferenceSetting` 2 = on, `group.messagesSetting` 1 = don't notify,
 * with `messagesOverride`; mutes typed `oneOnOne` or `group`) and the older ones ccx read before
 * (`mute.DND` a boolean, `messages: "DONT_SUBSCRIBE"`), also as `preferences` sent at the top of
 * `data` or as DELETE answers them (`mutePreferences.dnd`, `groupPreferences.groupMessages`).
 * undefined where the answer does not say.
 */


/** The documented enumerations as numbers: DND on is 2 (1 is off); a messages setting of 1 is "don't notify". */
const DND_ON = 2;
const DONT_NOTIFY = 1;

const switchOf = (value: unknown, on: number): boolean | undefined => {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  if (typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value))) return Number(value) === on;
  return undefined;
};

/** The preferences object of an answer: `data.preferences`, `data` itself, or the DELETE form's. */
function preferencesIn(body: unknown): Json | undefined {
  const data = record(record(body)?.data) ?? record(body);
  return record(data?.preferences) ?? data;
}

/** Whether do not disturb is on: `mute.dndPreferenceSetting`, `mute.DND`, or `mutePreferences.dnd`. */
export function dndOf(body: unknown): boolean | undefined {
  const preferences = preferencesIn(body);
  const mute = record(preferences?.mute) ?? record(preferences?.mutePreferences);
  if (!mute) return undefined;
  for (const name of ["dndPreferenceSetting", "DND", "dnd"]) {
    const on = switchOf(mute[name], DND_ON);
    if (on !== undefined) return on;
  }
  return undefined;
}

/** Whether the user chose not to be notified of a group's (or a 1:1 conversation's) messages. */
export function messagesOffOf(body: unknown, group: boolean): boolean | undefined {
  const preferences = preferencesIn(body);
  const scope = record(preferences?.[group ? "group" : "oneOnOne"]);
  const older = record(preferences?.[group ? "groupPreferences" : "oneOnOnePreferences"]);
  // An override the app does not allow leaves the app's own setting in force, which this answer does not hold.
  if (scope?.messagesOverride === false) return undefined;
  const value = scope?.messagesSetting ?? scope?.messages ?? older?.[group ? "groupMessages" : "oneOnOneMessages"];
  if (typeof value === "boolean") return !value;
  if (typeof value === "string" && /^[A-Z_]+$/.test(value)) return value === "DONT_SUBSCRIBE";
  return switchOf(value, DONT_NOTIFY);
}

/**
 * Whether the conversation is among the user's muted ones (`data.mutedConversations[{id, type}]`); an
 * answer with nothing in it (`data: []`, PHP's empty map, or `{}`) mutes nothing; undefined when the
 * answer says something else, or nothing was read.
 */
export function mutedOf(body: unknown, conversation: { id: string; group: boolean }): boolean | undefined {
  const sent = record(body)?.data;
  if ((Array.isArray(sent) && sent.length === 0) || (record(sent) && Object.keys(record(sent)!).length === 0)) return false;
  const list = record(sent)?.mutedConversations;
  if (!Array.isArray(list)) return undefined;
  return list.some((m) => {
    const entry = record(m);
    const id = entry?.id ?? entry?.guid ?? entry?.uid;
    return (entry?.type === "group") === conversation.group && String(id) === conversation.id;
  });
}
