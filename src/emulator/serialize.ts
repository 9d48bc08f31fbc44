import { membershipOf } from "./data/members.js";
import { dayOf } from "./group-query.js";
import type { App, Call, Group, Participant, Transcription, User } from "./data/model.js";
import { type EmulatorOptions, docsForm } from "./options.js";

type Json = Record<string, unknown>;

/** Copies the fields that are set: the service leaves empty fields out rather than sending null. */
function defined(entries: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) out[k] = v;
  return out;
}

/** A user; lists send `tags` only when asked with withTags, as the groups list does. */
export function userJson(user: User, withTags = true): Json {
  return defined({
    uid: user.uid, name: user.name, link: user.link, avatar: user.avatar, status: user.status, role: user.role,
    metadata: user.metadata, tags: withTags ? user.tags : undefined, createdAt: user.createdAt, updatedAt: user.updatedAt,
    lastActiveAt: user.lastActiveAt, deactivatedAt: user.deactivatedAt,
  });
}

export interface GroupView {
  withTags: boolean;
  /** The onBehalfOf user: adds hasJoined, and scope and joinedAt for members. */
  userIndex?: number;
}

export function groupJson(app: App, group: Group, view: GroupView, options: EmulatorOptions): Json {
  const type = group.type === "protected" && options.variants.has("password-type") ? "password" : group.type;
  const json = defined({
    guid: group.guid, name: group.name, description: group.description, icon: group.icon, type,
    owner: app.users[group.ownerIndex]?.uid, membersCount: group.membersCount, metadata: group.metadata,
    conversationId: `group_${group.guid}`, createdAt: group.createdAt,
    updatedAt: options.variants.has("cursor-ties") ? dayOf(group.updatedAt) : group.updatedAt,
    updatedBy: group.updatedBy, tags: view.withTags ? group.tags : undefined,
  });
  // The documented examples: a description null, a count as a string, an empty metadata as PHP's [].
  if (docsForm(options, group.guid, 0, 3)) json.description = group.description ?? null;
  if (docsForm(options, group.guid, 1, 3)) json.membersCount = String(group.membersCount);
  if (docsForm(options, group.guid, 2, 3) && (!group.metadata || Object.keys(group.metadata).length === 0)) json.metadata = [];
  if (view.userIndex !== undefined) {
    const member = membershipOf(app, group, view.userIndex);
    json.hasJoined = member !== undefined;
    if (member) Object.assign(json, { scope: member.scope, joinedAt: member.joinedAt });
  }
  return json;
}

function participantJson(app: App, p: Participant, options: EmulatorOptions, legacy: boolean): Json {
  // The calls export's examples name the minutes totalDuration; its field table (and older answers) totalDurationInMinutes.
  const { totalDurationInMinutes, ...rest } = p;
  const json: Json = options.variants.has("participant-in-minutes") ? { ...p } : { ...rest, totalDuration: totalDurationInMinutes };
  if (legacy) {
    const user = app.users[app.userIndexByUid.get(p.uid) ?? -1];
    if (user) Object.assign(json, defined({ name: user.name, avatar: user.avatar }));
  }
  // Still in the call: the documented examples send leftAt null.
  if (options.variants.has("docs") && p.joinedAt !== undefined && p.leftAt === undefined) json.leftAt = null;
  return json;
}

/** A transcription: its date an ISO-8601 string, as the export's example sends it, or seconds (the variant). */
export function transcriptionJson(t: Transcription, options: EmulatorOptions): Json {
  return options.variants.has("transcript-date-seconds") ? { ...t } : { ...t, transcriptDate: new Date(t.transcriptDate * 1000).toISOString() };
}

/** A uid as the documented examples also send it: the user's entity object. */
function entityOf(app: App, uid: string): Json | string {
  const user = app.users[app.userIndexByUid.get(uid) ?? -1];
  return user ? defined({ uid: user.uid, name: user.name, avatar: user.avatar }) : uid;
}

/** A call as the list sends it; `detail` adds metaData and tags as GET /calls/{sessionId} does. */
export function callJson(app: App, call: Call, options: EmulatorOptions, detail = false): Json {
  const legacy = detail && options.variants.has("call-data-array");
  const strings = options.variants.has("string-numbers");
  const { uids: _uids, participants, recordings, transcriptions, metaData, tags, ...fields } = call;
  const json: Json = defined({
    ...fields,
    participants: participants.map((p) => participantJson(app, p, options, legacy)),
    recordings: recordings.length === 0 ? undefined : recordings.map((r) =>
      strings ? { ...r, duration: String(r.duration), startTime: String(r.startTime) } : r),
    transcriptions: transcriptions.length === 0 ? undefined : transcriptions.map((t) => transcriptionJson(t, options)),
  });
  // The detail's example sends both, empty when the call has none.
  if (detail) Object.assign(json, { metaData: metaData ?? [], tags: tags ?? [] });
  // Totals as the documented examples compute them: the call's wall clock, and the entries that joined.
  if (docsForm(options, call.sessionId, 2, 3) && call.startedAt !== undefined && call.endedAt !== undefined) {
    json.totalDurationInMinutes = Math.round(((call.endedAt - call.startedAt) / 60) * 100) / 100;
    json.totalParticipants = participants.filter((p) => p.joinedAt !== undefined).length;
  }
  if (docsForm(options, call.sessionId, 0, 2)) json.initiator = entityOf(app, call.initiator);
  if (docsForm(options, call.sessionId, 0, 3) && call.receiverType === "user") json.receiver = entityOf(app, call.receiver);
  if (docsForm(options, call.sessionId, 1, 3) && Array.isArray(json.recordings)) {
    json.recordings = (json.recordings as Json[]).map(({ rid: _rid, ...recording }, i) => (i === 0 ? recording : { rid: _rid, ...recording }));
  }
  return json;
}
