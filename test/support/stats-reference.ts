/**
 * `ccx stats` computed plainly, for the tests to compare with: each field of
 * the calls as sent read as docs/service.md describes (null is absent, numbers may
 * come as numeric strings, a uid as an entity object), then counted in the most
 * obvious way. Nearest-rank percentiles, as jq's `sort | .[(p*length/100|ceil)-1]`.
 */

type Raw = Record<string, unknown>;

const NUMERIC = /^-?\d+(\.\d+)?$/;
/** A field read as `read` says: its value, "missing" (absent or null), or "odd" (sent in a form ccx cannot read). */
type Read<T> = { value: T } | "missing" | "odd";
const field = <T>(call: Raw, name: string, read: (x: unknown) => T | undefined): Read<T> => {
  const x = call[name];
  if (x === undefined || x === null) return "missing";
  const value = read(x);
  return value === undefined ? "odd" : { value };
};
const aNumber = (x: unknown) => (typeof x === "number" ? x : typeof x === "string" && NUMERIC.test(x.trim()) ? Number(x.trim()) : undefined);
const anInteger = (x: unknown) => {
  const n = aNumber(x);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
};
const aString = (x: unknown) => (typeof x === "string" ? x : undefined);
const aBoolean = (x: unknown) => (typeof x === "boolean" ? x : undefined);
const anId = (x: unknown) => {
  if (typeof x === "string") return x;
  if (typeof x === "number") return String(x);
  const o = x as { uid?: unknown; guid?: unknown };
  if (o && typeof o === "object" && !Array.isArray(o)) return typeof o.uid === "string" ? o.uid : typeof o.guid === "string" ? o.guid : undefined;
  return undefined;
};
const participantUids = (x: unknown) => {
  if (!Array.isArray(x)) return undefined;
  const ok = x.every((p) => p !== null && typeof p === "object" && !Array.isArray(p) && typeof (p as Raw).uid === "string");
  return ok ? x.map((p) => (p as { uid: string }).uid) : undefined;
};
const valueOf = <T>(r: Read<T>) => (typeof r === "object" ? r.value : undefined);

export function reference(calls: Raw[]) {
  const counts = () => ({}) as Record<string, number>;
  const out = { calls: 0, minutes: 0, byStatus: counts(), byType: counts(), byMode: counts(), byReceiverType: counts(), unreadable: 0, undated: 0 };
  const days: Record<string, { calls: number; minutes: number }> = {};
  const users: Record<string, { calls: number; minutes: number }> = {};
  const durations: number[] = [];
  let recorded = 0;
  for (const call of calls) {
    const reads = {
      duration: field(call, "totalDurationInMinutes", aNumber),
      status: field(call, "status", aString),
      type: field(call, "type", aString),
      mode: field(call, "mode", aString),
      receiverType: field(call, "receiverType", aString),
      initiator: field(call, "initiator", anId),
      receiver: field(call, "receiver", anId),
      participants: field(call, "participants", participantUids),
      hasRecording: field(call, "hasRecording", aBoolean),
      startedAt: field(call, "startedAt", anInteger),
      initiatedAt: field(call, "initiatedAt", anInteger),
      endedAt: field(call, "endedAt", anInteger),
    };
    if (Object.values(reads).includes("odd")) out.unreadable++;
    const minutes = valueOf(reads.duration) ?? 0;
    out.calls++;
    out.minutes += minutes;
    // How long the call lasted, from its times: not the participants' minutes the service sums.
    const start = valueOf(reads.startedAt) ?? valueOf(reads.initiatedAt);
    const end = valueOf(reads.endedAt);
    if (start !== undefined && end !== undefined && end >= start) durations.push((end - start) / 60);
    if (valueOf(reads.hasRecording) === true) recorded++;
    for (const [name, into] of [["status", out.byStatus], ["type", out.byType], ["mode", out.byMode], ["receiverType", out.byReceiverType]] as const) {
      const key = valueOf(reads[name]) ?? "unknown";
      into[key] = (into[key] ?? 0) + 1;
    }
    const at = valueOf(reads.startedAt) ?? valueOf(reads.initiatedAt);
    if (at === undefined || at < 0 || at > 253_402_300_799) out.undated++;
    else {
      const day = new Date(at * 1000).toISOString().slice(0, 10);
      days[day] = { calls: (days[day]?.calls ?? 0) + 1, minutes: (days[day]?.minutes ?? 0) + minutes };
    }
    const people = new Set<string>();
    if (valueOf(reads.initiator) !== undefined) people.add(valueOf(reads.initiator)!);
    if (valueOf(reads.receiverType) === "user" && valueOf(reads.receiver) !== undefined) people.add(valueOf(reads.receiver)!);
    for (const uid of valueOf(reads.participants) ?? []) people.add(uid);
    for (const uid of people) users[uid] = { calls: (users[uid]?.calls ?? 0) + 1, minutes: (users[uid]?.minutes ?? 0) + minutes };
  }
  const byUid = (a: { uid: string }, b: { uid: string }) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
  const userList = Object.entries(users).map(([uid, u]) => ({ uid, ...u }));
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = (p: number) => (sorted.length === 0 ? null : sorted[Math.ceil((p * sorted.length) / 100) - 1]!);
  return {
    ...out,
    byDay: Object.keys(days).sort().map((day) => ({ day, ...days[day]! })),
    topUsers: [...userList].sort((a, b) => b.calls - a.calls || b.minutes - a.minutes || byUid(a, b)).slice(0, 10),
    topUsersByMinutes: [...userList].sort((a, b) => b.minutes - a.minutes || b.calls - a.calls || byUid(a, b)).slice(0, 10),
    duration: { median: rank(50), p95: rank(95) },
    recordingShare: out.calls === 0 ? null : recorded / out.calls,
  };
}
