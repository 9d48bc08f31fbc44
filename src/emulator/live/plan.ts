import { minutesOf, totalsOf } from "../data/calls.js";
import type { Call, CallStatus, Participant, Recording } from "../data/model.js";

/**
 * A live call's whole life, fixed when it is planned: who joins from which
 * device and when, who leaves, when it is answered and ends, and its
 * recordings. The call as listed at any moment is drawn from the plan alone
 * (`render`), so the world at a time does not depend on when it was asked.
 * Times are UNIX seconds.
 */

export interface DevicePlan {
  deviceId: string;
  joinAt: number;
  /** At the latest the call's end. */
  leaveAt: number;
  /** The share of its time on video (video calls). */
  videoShare: number;
}

export interface EntryPlan {
  uid: string;
  /** Set for an entry that joins. */
  device?: DevicePlan;
  /** When an entry that never joins is listed: when it refused, else the call's end. */
  shownAt: number;
  refusal: "unanswered" | "rejected";
}

export interface CallPlan {
  /** The call as listed: drawn in place, so the list and the detail hold the same object. */
  call: Call;
  /** Initiated before, ongoing from; undefined for a call nobody answers. */
  answerAt?: number;
  endAt: number;
  finalStatus: Exclude<CallStatus, "initiated" | "ongoing">;
  entries: EntryPlan[];
  recordings: Recording[];
  /** When the recordings become available, a little after the end. */
  recordingsAt: number;
}

/** Whether the plan has nothing left to change after `now`. */
export const settled = (plan: CallPlan, now: number): boolean => now >= plan.endAt && now >= plan.recordingsAt;

function entryAt(call: Call, entry: EntryPlan, now: number): Participant {
  const device = entry.device;
  if (!device) return { uid: entry.uid, isJoined: false, state: entry.refusal, ...minutesOf(0, 0) };
  const left = device.leaveAt <= now;
  const seconds = (left ? device.leaveAt : now) - device.joinAt;
  const videoSeconds = call.type === "video" ? Math.round(seconds * device.videoShare) : 0;
  const participant: Participant = {
    uid: entry.uid, deviceId: device.deviceId, isJoined: true, joinedAt: device.joinAt, mid: call.mid,
    state: left ? "ended" : "ongoing", ...minutesOf(seconds, videoSeconds),
  };
  if (left) participant.leftAt = device.leaveAt;
  return participant;
}

/**
 * A call that ends unanswered, rejected or canceled is listed as generated
 * ones are: one entry per invited user, none of them joined.
 */
function refusedEntries(plan: CallPlan): Participant[] {
  const seen = new Set<string>();
  const out: Participant[] = [];
  for (const entry of plan.entries) {
    if (seen.has(entry.uid)) continue;
    seen.add(entry.uid);
    out.push({ uid: entry.uid, isJoined: false, state: entry.refusal, ...minutesOf(0, 0) });
  }
  return out;
}

/** Draws the plan's call as it is at `now`. */
export function render(plan: CallPlan, now: number): void {
  const { call } = plan;
  const over = now >= plan.endAt;
  if (over && plan.finalStatus !== "ended") {
    call.participants = refusedEntries(plan);
  } else {
    call.participants = plan.entries
      .filter((e) => (e.device ? e.device.joinAt : e.shownAt) <= now)
      .map((e) => entryAt(call, e, now));
  }
  call.status = over ? plan.finalStatus : plan.answerAt !== undefined && now >= plan.answerAt ? "ongoing" : "initiated";
  call.endedAt = over ? plan.endAt : undefined;
  Object.assign(call, totalsOf(call.participants));
  call.recordings = now >= plan.recordingsAt ? plan.recordings : [];
  call.hasRecording = call.recordings.length > 0;
}
