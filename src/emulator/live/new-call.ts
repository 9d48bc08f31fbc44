import { MAX_ENTRIES, recordingsFor } from "../data/calls.js";
import { membersOf } from "../data/members.js";
import type { App, Call } from "../data/model.js";
import { Random } from "../data/random.js";
import { DEVICE_KINDS } from "../data/vocabulary.js";
import type { RecordingUrl } from "../recordings/url.js";
import type { CallPlan, EntryPlan } from "./plan.js";

/** Seconds: how long a call rings, lasts once answered, and how long its recordings take to appear. */
const RING = [2, 10] as const;
const TALK = [20, 180] as const;
const RECORDING_DELAY = [3, 15] as const;

export interface NewCall {
  seed: number;
  app: App;
  /** The k-th live call of the app: its stream of randomness. */
  index: number;
  startAt: number;
  /** Indexes of the groups a call can go to (two members or more). */
  groupPool: number[];
  recordingUrl: RecordingUrl;
}

const device = (r: Random, joinAt: number, leaveAt: number): EntryPlan["device"] =>
  ({ deviceId: `${r.pick(DEVICE_KINDS)}-${r.hex(12)}`, joinAt, leaveAt, videoShare: 0.5 + r.next() / 2 });

/**
 * Who is in an answered call and when: the initiator from the start to the
 * end; on a one-to-one call the receiver answers; in a group the first
 * invitee answers and about three in four others join later, some leave
 * early, some add a second device, and the rest reject or never answer.
 */
function answeredEntries(r: Random, uids: string[], startAt: number, answerAt: number, endAt: number, toGroup: boolean): EntryPlan[] {
  const entries: EntryPlan[] = [{ uid: uids[0]!, device: device(r, startAt, endAt), shownAt: startAt, refusal: "unanswered" }];
  uids.slice(1).forEach((uid, k) => {
    if (toGroup && k > 0 && !r.chance(0.75)) {
      const rejects = r.chance(0.4);
      entries.push({ uid, shownAt: rejects ? r.int(startAt, endAt) : endAt, refusal: rejects ? "rejected" : "unanswered" });
      return;
    }
    const joinAt = k === 0 ? answerAt : r.int(answerAt, endAt - 1);
    const leaveAt = toGroup && r.chance(0.25) ? r.int(joinAt + 1, endAt) : endAt;
    entries.push({ uid, device: device(r, joinAt, leaveAt), shownAt: joinAt, refusal: "unanswered" });
    if (r.chance(0.15)) {
      const again = r.int(joinAt, endAt - 1);
      entries.push({ uid, device: device(r, again, r.int(again + 1, endAt)), shownAt: again, refusal: "unanswered" });
    }
  });
  return entries.slice(0, MAX_ENTRIES);
}

/** The k-th call that starts while the emulator runs, planned whole from the seed. */
export function planNewCall({ seed, app, index, startAt, groupPool, recordingUrl }: NewCall): CallPlan {
  const r = new Random(seed, app.appId, "live", index);
  const toGroup = groupPool.length > 0 && r.chance(0.35);
  const mode = toGroup ? r.weighted([["call", 2], ["meet", 2], ["presenter", 1]] as const) : "call";
  const type = mode === "call" ? r.pick(["audio", "video"] as const) : r.weighted([["video", 4], ["audio", 1]] as const);
  let uids: string[];
  let receiver: string;
  if (toGroup) {
    const group = app.groups[r.pick(groupPool)]!;
    const members = membersOf(app, group).map((m) => app.users[m.userIndex]!.uid);
    uids = r.sample(members.length, Math.min(members.length, r.int(2, 12))).map((k) => members[k]!);
    receiver = group.guid;
  } else {
    const [a, b] = r.sample(app.seededUsers, 2);
    uids = [...new Set([app.users[a!]!.uid, app.users[b ?? a!]!.uid])];
    receiver = uids[1] ?? uids[0]!;
  }

  const drawn = r.weighted([["ended", 10], ["unanswered", 2], ["rejected", 1.5], ["canceled", 1]] as const);
  // A user alone (an app of one user) has nobody to answer.
  const finalStatus = drawn === "ended" && uids.length < 2 ? "unanswered" : drawn;
  const ring = r.int(...RING);
  const answerAt = finalStatus === "ended" ? startAt + ring : undefined;
  const endAt = answerAt === undefined ? startAt + ring : answerAt + r.int(...TALK);
  const entries: EntryPlan[] = answerAt !== undefined ? answeredEntries(r, uids, startAt, answerAt, endAt, toGroup) : [
    { uid: uids[0]!, device: device(r, startAt, endAt), shownAt: startAt, refusal: "unanswered" },
    ...uids.slice(1).map((uid): EntryPlan => ({ uid, shownAt: endAt, refusal: finalStatus === "rejected" ? "rejected" : "unanswered" })),
  ];

  const sessionId = `v1.${app.region}.${app.appId}.${startAt}${r.hex(8)}`;
  const mid = r.uuid();
  const recordings = answerAt !== undefined && r.chance(0.5)
    ? recordingsFor(r, answerAt, endAt, (rid) => recordingUrl(app, sessionId, rid)) : [];
  const call: Call = {
    sessionId, type, mode, receiverType: toGroup ? "group" : "user", status: "initiated", initiator: uids[0]!, receiver, mid,
    initiatedAt: startAt, startedAt: startAt, endedAt: undefined,
    totalAudioMinutes: 0, totalVideoMinutes: 0, totalDurationInMinutes: 0, totalDuration: "00:00:00", totalParticipants: 0,
    hasRecording: false, hasTranscription: false, participants: [], recordings: [], transcriptions: [],
    uids: new Set([...uids, ...(toGroup ? [] : [receiver])]),
  };
  if (r.chance(0.5)) call.metaData = { platform: r.pick(DEVICE_KINDS), sdkVersion: `4.${r.int(0, 9)}.${r.int(0, 20)}` };
  return {
    call, answerAt, endAt, finalStatus, entries, recordings,
    recordingsAt: recordings.length > 0 ? endAt + r.int(...RECORDING_DELAY) : endAt,
  };
}
