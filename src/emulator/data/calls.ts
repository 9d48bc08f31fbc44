import { DEFAULT_NOW } from "../options.js";
import type { RecordingUrl } from "../recordings/url.js";
import { membersOf } from "./members.js";
import type { App, Call, CallStatus, Participant, ParticipantState, Recording, Transcription } from "./model.js";
import { Random } from "./random.js";
import { DEVICE_KINDS } from "./vocabulary.js";

const STATUSES: CallStatus[] = ["ended", "ongoing", "initiated", "unanswered", "rejected", "canceled"];
const MODES = ["call", "meet", "presenter"] as const;
export const MAX_ENTRIES = 50;
const DAY = 86_400;

export const round2 = (n: number): number => Math.round(n * 100) / 100;

export function timer(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** A participant entry's minutes, from the seconds it was in the call and how many of them on video. */
export function minutesOf(seconds: number, videoSeconds: number): Pick<Participant, "totalAudioMinutes" | "totalVideoMinutes" | "totalDurationInMinutes"> {
  const audio = round2((seconds - videoSeconds) / 60);
  const video = round2(videoSeconds / 60);
  return { totalAudioMinutes: audio, totalVideoMinutes: video, totalDurationInMinutes: round2(audio + video) };
}

/** A call's totals: sums over its participant entries (the spec: docs/service.md, Calls), one entry per device. */
export function totalsOf(participants: Participant[]): Pick<Call, "totalAudioMinutes" | "totalVideoMinutes" | "totalDurationInMinutes" | "totalDuration" | "totalParticipants"> {
  const total = round2(participants.reduce((s, p) => s + p.totalDurationInMinutes, 0));
  return {
    totalAudioMinutes: round2(participants.reduce((s, p) => s + p.totalAudioMinutes, 0)),
    totalVideoMinutes: round2(participants.reduce((s, p) => s + p.totalVideoMinutes, 0)),
    totalDurationInMinutes: total,
    totalDuration: timer(total * 60),
    totalParticipants: participants.length,
  };
}

/** Calls newest first. The first twelve cover every status, and every mode of group calls. */
export function generateCalls(seed: number, app: App, count: number, now: number, recordingUrl: RecordingUrl): Call[] {
  const calls: Call[] = [];
  const used = new Set<string>();
  const groupPool = app.groups.filter((g) => g.membersCount >= 2).map((g) => g.index);
  for (let i = 0; i < count; i++) {
    const r = new Random(seed, app.appId, "call", i);
    const status = i < 12 ? STATUSES[i % STATUSES.length]! :
      r.weighted<CallStatus>([["ended", 12], ["unanswered", 2], ["rejected", 1.5], ["canceled", 1], ["ongoing", 0.6], ["initiated", 0.3]]);
    const toGroup = groupPool.length > 0 && (i < 12 ? i >= 6 : r.chance(0.35));
    const mode = !toGroup ? "call" : i < 12 ? MODES[i % MODES.length]! : r.weighted([["call", 2], ["meet", 2], ["presenter", 1]] as const);
    const type = mode === "call" ? r.pick(["audio", "video"] as const) : r.weighted([["video", 4], ["audio", 1]] as const);

    let initiator: string;
    let receiver: string;
    let uids: string[];
    if (toGroup) {
      const group = app.groups[r.pick(groupPool)]!;
      const members = membersOf(app, group).map((m) => app.users[m.userIndex]!.uid);
      const others = r.sample(members.length, Math.min(members.length, r.int(2, 24))).map((k) => members[k]!);
      initiator = others[0]!;
      receiver = group.guid;
      uids = others;
    } else {
      const [a, b] = r.sample(app.seededUsers, 2);
      initiator = app.users[a!]!.uid;
      receiver = app.users[b ?? a!]!.uid;
      uids = [...new Set([initiator, receiver])];
    }

    const live = status === "ongoing" || status === "initiated";
    const startedAt = status === "initiated" ? now - r.int(5, 50) : live ? now - r.int(120, 3600) : now - r.int(600, 60 * DAY);
    const mid = r.uuid();
    const participants = participantsFor(r, { status, type, uids, startedAt, now, mid, toGroup });
    const joined = participants.filter((p) => p.isJoined);
    const endedAt = live ? undefined : joined.length > 0 ? Math.max(...joined.map((p) => p.leftAt!)) : startedAt + r.int(5, 45);

    // The id's time part is the start the call has under the default anchor, whatever `now` is: the same
    // seed gives the same ids on any day, so that the README's tour can name a call of `ccx demo` (anchored to today).
    const idTime = DEFAULT_NOW - (now - startedAt);
    let sessionId = `v1.${app.region}.${app.appId}.${idTime}${r.hex(8)}`;
    while (used.has(sessionId)) sessionId = `v1.${app.region}.${app.appId}.${idTime}${r.hex(8)}`;
    used.add(sessionId);

    const ended = status === "ended" && endedAt !== undefined;
    const recordings = ended && (i === 0 || r.chance(0.35)) ? recordingsFor(r, startedAt, endedAt, (rid) => recordingUrl(app, sessionId, rid)) : [];
    const transcriptions = ended && r.chance(0.2) ? transcriptionsFor(r, app, sessionId, mid, startedAt, endedAt) : [];

    const call: Call = {
      sessionId, type, mode, receiverType: toGroup ? "group" : "user", status, initiator, receiver, mid,
      initiatedAt: startedAt, startedAt, endedAt, ...totalsOf(participants),
      hasRecording: recordings.length > 0, hasTranscription: transcriptions.length > 0,
      participants, recordings, transcriptions,
      uids: new Set([initiator, ...(toGroup ? [] : [receiver]), ...uids]),
    };
    if (r.chance(0.5)) call.metaData = { platform: r.pick(DEVICE_KINDS), sdkVersion: `4.${r.int(0, 9)}.${r.int(0, 20)}` };
    if (r.chance(0.2)) call.tags = [r.pick(["support", "escalation", "sales", "qa"])];
    calls.push(call);
  }
  return calls.sort((a, b) => b.startedAt - a.startedAt || (a.sessionId < b.sessionId ? -1 : 1));
}

interface ParticipantPlan {
  status: CallStatus;
  type: "audio" | "video";
  uids: string[];
  startedAt: number;
  now: number;
  mid: string;
  toGroup: boolean;
}

/**
 * One entry per device. Who joined follows the call's status: nobody on an
 * unanswered, rejected or canceled call; only the initiator on an initiated one.
 */
function participantsFor(r: Random, plan: ParticipantPlan): Participant[] {
  const { status, uids, startedAt, now } = plan;
  const entries: Participant[] = [];
  uids.forEach((uid, position) => {
    const isInitiator = position === 0;
    const joins = status === "ended" || status === "ongoing" ? isInitiator || !plan.toGroup || r.chance(0.75)
      : status === "initiated" ? isInitiator : false;
    if (!joins) {
      const state: ParticipantState = status === "rejected" && !isInitiator ? "rejected"
        : status === "ended" && r.chance(0.3) ? "rejected" : "unanswered";
      entries.push({ uid, isJoined: false, state, totalAudioMinutes: 0, totalVideoMinutes: 0, totalDurationInMinutes: 0 });
      return;
    }
    const devices = r.chance(0.15) ? r.int(2, 3) : 1;
    for (let d = 0; d < devices && entries.length < MAX_ENTRIES; d++) {
      const joinedAt = Math.min(now - 1, startedAt + r.int(0, 30) + d * r.int(0, 120));
      // The initiator's first device stays on an ongoing call, so that it has someone in it.
      const live = status === "initiated" || (status === "ongoing" && ((isInitiator && d === 0) || r.chance(0.8)));
      const leftAt = live ? undefined : status === "ongoing" ? r.int(joinedAt + 1, now) : joinedAt + r.int(20, plan.toGroup ? 5400 : 1800);
      const seconds = (leftAt ?? now) - joinedAt;
      const videoSeconds = plan.type === "video" ? Math.round(seconds * (0.5 + r.next() / 2)) : 0;
      const entry: Participant = {
        uid, deviceId: `${r.pick(DEVICE_KINDS)}-${r.hex(12)}`, isJoined: true, joinedAt, mid: plan.mid,
        state: leftAt === undefined ? "ongoing" : "ended", ...minutesOf(seconds, videoSeconds),
      };
      if (leftAt !== undefined) entry.leftAt = leftAt;
      entries.push(entry);
    }
  });
  return entries.slice(0, MAX_ENTRIES);
}

/** One to three recordings, one after the other, between `startedAt` and `endedAt`. */
export function recordingsFor(r: Random, startedAt: number, endedAt: number, urlOf: (rid: string) => string): Recording[] {
  const recordings: Recording[] = [];
  let cursor = startedAt;
  for (let k = r.int(1, 3); k > 0 && cursor < endedAt - 2; k--) {
    const startTime = r.int(cursor, Math.max(cursor, endedAt - 2));
    const endTime = r.int(startTime + 1, endedAt);
    const rid = `rec-${r.hex(16)}`;
    recordings.push({
      rid,
      recording_url: urlOf(rid),
      startTime,
      endTime,
      duration: round2((endTime - startTime) / 60),
    });
    cursor = endTime;
  }
  return recordings;
}

function transcriptionsFor(r: Random, app: App, sessionId: string, mid: string, startedAt: number, endedAt: number): Transcription[] {
  return Array.from({ length: r.int(1, 3) }, () => {
    const tid = `tr-${r.hex(12)}`;
    return {
      tid, mid, roomName: sessionId, startTime: startedAt, endTime: endedAt, transcriptDate: endedAt + r.int(10, 600),
      transcriptUrl: `https://transcripts-${app.region}.cometchat.io/${app.appId}/${tid}.txt`,
    };
  });
}
