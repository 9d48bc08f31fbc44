import { round2 } from "./calls.js";
import type { Call } from "./model.js";

/** GET /stats metrics (docs/service.md, Analytics); the definitions are the emulator's, the sources give none. */
export interface CallMetrics {
  /** Sums of the calls' totals, which are sums over participant entries. */
  audio_minutes: number;
  video_minutes: number;
  /** The sum of the calls' recording durations. */
  recorded_minutes: number;
  /** Distinct uids among the entries that joined. */
  active_users: number;
  /** The most distinct users joined at one moment, over every call (an entry is in from joinedAt to leftAt, or to now). */
  concurrent_users: number;
}

/** The most users in calls at once: a sweep over joins and leaves, a leave before a join at the same second. */
function concurrentUsers(calls: readonly Call[], now: number): number {
  const events: Array<[time: number, delta: 1 | -1, uid: string]> = [];
  for (const call of calls) {
    for (const p of call.participants) {
      if (!p.isJoined || p.joinedAt === undefined) continue;
      const leftAt = p.leftAt ?? now;
      if (leftAt <= p.joinedAt) continue;
      events.push([p.joinedAt, 1, p.uid], [leftAt, -1, p.uid]);
    }
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // A user on two devices, or in two calls, is one user: count devices per user.
  const devices = new Map<string, number>();
  let users = 0;
  let most = 0;
  for (const [, delta, uid] of events) {
    const before = devices.get(uid) ?? 0;
    devices.set(uid, before + delta);
    if (before === 0 && delta === 1) users++;
    if (before === 1 && delta === -1) users--;
    most = Math.max(most, users);
  }
  return most;
}

export function callMetrics(calls: readonly Call[], now: number): CallMetrics {
  const active = new Set<string>();
  let audio = 0;
  let video = 0;
  let recorded = 0;
  for (const call of calls) {
    audio += call.totalAudioMinutes;
    video += call.totalVideoMinutes;
    for (const r of call.recordings) recorded += r.duration;
    for (const p of call.participants) if (p.isJoined) active.add(p.uid);
  }
  return {
    audio_minutes: round2(audio), video_minutes: round2(video), recorded_minutes: round2(recorded),
    active_users: active.size, concurrent_users: concurrentUsers(calls, now),
  };
}
