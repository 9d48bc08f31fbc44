import { recordingsFor } from "../data/calls.js";
import type { App, Call, Participant } from "../data/model.js";
import { Random } from "../data/random.js";
import type { RecordingUrl } from "../recordings/url.js";
import type { CallPlan, EntryPlan } from "./plan.js";

/** A recording of a long seeded call covers at most its last ten minutes, so that its file stays small. */
const RECORDED_TAIL = 600;

/** The share of an entry's time on video, as its generated minutes give it. */
const videoShare = (p: Participant): number => (p.totalDurationInMinutes > 0 ? p.totalVideoMinutes / p.totalDurationInMinutes : 0);

function entryOf(call: Call, p: Participant, endAt: number): EntryPlan {
  if (!p.isJoined || p.joinedAt === undefined) {
    return { uid: p.uid, shownAt: call.startedAt, refusal: p.state === "rejected" ? "rejected" : "unanswered" };
  }
  return {
    uid: p.uid, shownAt: p.joinedAt, refusal: "unanswered",
    device: { deviceId: p.deviceId ?? "", joinAt: p.joinedAt, leaveAt: p.leftAt ?? endAt, videoShare: videoShare(p) },
  };
}

/**
 * In a live run, the calls the seed left ringing or ongoing end within
 * minutes of the data's `now`: a ringing one unanswered or canceled, an
 * ongoing one ended (everyone still in it leaves then), and some of those
 * recorded. A live run that starts later than that finds them over.
 */
export function planSeededCall(seed: number, app: App, call: Call, now: number, recordingUrl: RecordingUrl): CallPlan {
  const r = new Random(seed, app.appId, "live-seeded", call.sessionId);
  const ringing = call.status === "initiated";
  const endAt = now + (ringing ? r.int(3, 20) : r.int(10, 180));
  const recordings = !ringing && r.chance(0.4)
    ? recordingsFor(r, Math.max(call.startedAt, endAt - RECORDED_TAIL), endAt, (rid) => recordingUrl(app, call.sessionId, rid)) : [];
  return {
    call,
    answerAt: ringing ? undefined : call.startedAt,
    endAt,
    finalStatus: ringing ? r.pick(["unanswered", "canceled"] as const) : "ended",
    entries: call.participants.map((p) => entryOf(call, p, endAt)),
    recordings,
    recordingsAt: recordings.length > 0 ? endAt + r.int(3, 15) : endAt,
  };
}
