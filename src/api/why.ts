import { formatTime } from "../text/format.js";
import { type Read, type Recipient, type TraceOptions, type TraceReport, traceMessage } from "./trace.js";
import { record, text } from "./json-value.js";
import { uidOf } from "./trace-recipient.js";

/**
 * `ccx why <messageId> [<uid>…]`: for each recipient, the first place the
 * chain a message travels broke, in one sentence with the facts that say so.
 * Read by the trace (traceMessage: its budget, its reads, the receipts asked
 * for too); this only walks its report in the order a message goes: sent? →
 * moderation → a member when it was sent, banned → blocked either way → the
 * conversation muted, DND, the preference for its kind of message → push
 * tokens → the provider's answer in the log → delivered and read.
 */

/** Where the chain broke (or `delivered`, where it did not), in the order a message travels. */
export const STAGES = ["sent", "moderation", "member", "banned", "blocked", "muted", "dnd", "preference", "push-tokens", "provider", "read", "delivered"] as const;
export type Stage = (typeof STAGES)[number];

export interface Evidence {
  endpoint: string;
  fact: string;
}

/**
 * What the fix of a finding needs to name, by the names a write's arguments and flags take: who
 * blocked whom (`uid`, `target`), the group and the user (`guid`, `uid`), the message (`messageId`,
 * `flagged`), the user and the conversation they muted (`uid`, and `groups` or `users`), the push
 * token (`pushToken`).
 */
export type Facts = Readonly<Record<string, string>>;

export interface Verdict {
  uid: string;
  verdict: string;
  stage: Stage;
  evidence: Evidence[];
  /** The facts a fix would act on, for the stage's write (src/writes/why-fixes.ts); none where nothing undoes it. */
  facts?: Facts;
}

/** A push token registered this long before a message and not since is a device long gone (90 days). */
export const STALE_TOKEN_MS = 90 * 86_400_000;

const at = (seconds: unknown) => formatTime(seconds as number);
const atMs = (ms: number) => formatTime(ms / 1000);

/** The rule's condition in words: the blocked list's `message` lines where it has them, else as sent. */
function conditionSaid(condition: unknown): string {
  const lines = record(condition)?.message;
  if (Array.isArray(lines) && lines.every((l) => typeof l === "string") && lines.length > 0) return lines.join("; ");
  return condition === undefined ? "a condition it does not name" : JSON.stringify(condition);
}

/** One recipient's verdict: the first break in the chain, or delivered. */
export function verdictOf(report: TraceReport, r: Recipient): Verdict {
  const m = report.message;
  const id = text(m.id) ?? "";
  const sender = uidOf(m.sender) ?? "";
  const group = m.receiverType === "group";
  const receiver = uidOf(m.receiver) ?? text(record(m.receiver)?.guid) ?? "";
  const sentAt = Number(m.sentAt);
  const logs = `GET /notifications/v1/logs?messageId=${id}`;
  const ev = (endpoint: string | undefined, fact: string): Evidence => ({ endpoint: endpoint ?? logs, fact });
  const broke = (stage: Stage, verdict: string, evidence: Evidence[], facts?: Facts): Verdict => ({ uid: r.uid, verdict, stage, evidence, ...(facts ? { facts } : {}) });

  // Sent: to them at all, and not deleted since.
  if (!group && r.uid !== receiver) return broke("sent", `the message went to ${receiver}, not to ${r.uid}`, [ev(`GET /messages/${id}`, `receiver ${receiver}`)]);
  if (m.deletedAt) return broke("sent", `${uidOf(m.deletedBy) ?? "someone"} deleted the message at ${at(m.deletedAt)}`, [ev(`GET /messages/${id}`, `deletedAt ${at(m.deletedAt)}`)]);

  const blocked = report.moderation.blocked;
  if (blocked && blocked.status !== "approved") {
    const rule = `${blocked.ruleName ? `"${blocked.ruleName}" ` : ""}(${blocked.ruleId})`;
    return broke("moderation", `moderation blocked the message: rule ${rule} matched ${conditionSaid(blocked.condition)}`,
      [ev(blocked.evidence, `rule ${blocked.ruleId}${blocked.status ? `, status ${blocked.status}` : ""}`)], { messageId: id });
  }

  const flagged = report.moderation.flagged;
  if (flagged?.status === "disapproved") {
    const by = flagged.reportedBy.map((f) => `${f.uid}${f.reason ? ` (${f.reason})` : ""}`).join(", ");
    return broke("moderation", `a moderator disapproved the message after ${by || "users"} flagged it: it is hidden`,
      [ev(flagged.evidence, `status disapproved, flagged by ${by || "?"}`)], { messageId: id, flagged: "true" });
  }

  if (group) {
    if (r.banned) return broke("banned", `${r.uid} is banned from ${receiver}`, [ev(r.evidence.banned, `${r.uid} among the banned`)], { guid: receiver, uid: r.uid });
    if (r.member === false) {
      const fact = r.evidence.member?.endsWith("/members") ? `${r.uid} not among the members` : "hasJoined false";
      return broke("member", `${r.uid} is not a member of ${receiver}`, [ev(r.evidence.member, fact)], { guid: receiver, uid: r.uid });
    }
    if (r.member && r.joinedAt !== undefined && Number.isFinite(sentAt) && r.joinedAt > sentAt) {
      return broke("member", `${r.uid} joined ${receiver} at ${at(r.joinedAt)}, after the message was sent at ${at(sentAt)}`, [ev(r.evidence.member, `joinedAt ${at(r.joinedAt)}`), ev(`GET /messages/${id}`, `sentAt ${at(sentAt)}`)]);
    }
  }

  if (r.blocked) {
    const [blocker, blockee] = r.blockedBy === "sender" ? [sender, r.uid] : [r.uid, sender];
    return broke("blocked", `${blocker} blocked ${blockee}: no message passes between them`, [ev(r.evidence.blocked, `${blocker} blocked ${blockee}`)], { uid: blocker, target: blockee });
  }

  const conversation = group ? `group ${receiver}` : `the conversation with ${sender}`;
  if (r.muted && r.mutedBy !== "preference") {
    return broke("muted", `${r.uid} muted ${conversation}: nothing was pushed`, [ev(r.evidence.muted, r.evidence.muted === logs ? "held: MUTE_PREFERENCE" : `${group ? receiver : sender} muted`)],
      group ? { uid: r.uid, groups: receiver } : { uid: r.uid, users: sender });
  }
  if (r.dnd) return broke("dnd", `${r.uid} is on do not disturb: nothing was pushed`, [ev(r.evidence.dnd, r.evidence.dnd === logs ? "held: DND_PREFERENCE" : "do not disturb on")], { uid: r.uid });
  if (r.muted) {
    return broke("preference", `${r.uid}'s preference for ${group ? "group" : "one-on-one"} messages is not to be notified`, [ev(r.evidence.muted, `${group ? "group" : "oneOnOne"} messages: don't notify`)],
      { uid: r.uid });
  }

  const lines = r.notifications;
  const tokens = r.pushTokens;
  if (lines.length === 0 && tokens !== null) {
    if (tokens.length === 0) return broke("push-tokens", `${r.uid} has no push token registered: no device to push to`, [ev(r.evidence.pushTokens, r.evidence.pushTokens?.includes("auth_tokens") ? "no auth token: no device ever logged in" : "no push token")]);
    const newest = Math.max(...tokens.map((t) => t.registeredAt ?? Number.NaN));
    if (Number.isFinite(newest) && Number.isFinite(sentAt) && newest < sentAt * 1000 - STALE_TOKEN_MS) {
      const stalest = tokens.find((t) => t.registeredAt === newest)!;
      return broke("push-tokens", `${r.uid}'s push tokens were last registered at ${atMs(newest)}, long before the message: their devices are likely gone`,
        [ev(r.evidence.pushTokens, `newest token registered ${atMs(newest)}`)], { uid: r.uid, pushToken: stalest.pushToken });
    }
  }

  const delivered = lines.filter((l) => l.triggered && l.success !== false);
  if (delivered.length === 0) {
    const held = lines.find((l) => !l.triggered);
    if (held) return broke("provider", `the notification was held back: ${held.reason ?? "no reason given"}${held.provider ? ` (${held.provider})` : ""}`, [ev(logs, `notificationTriggered false, reason ${held.reason ?? "none"}`)]);
    const refused = lines.find((l) => l.triggered && l.success === false);
    if (refused) return broke("provider", `${refused.provider ?? "the provider"} did not take the notification (success false)`, [ev(logs, "notificationTriggered true, success false")]);
    if (r.evidence.notifications === undefined) return broke("provider", `the notification log could not be read: whether anything was pushed is unknown`, [ev(logs, "unreadable")]);
    return broke("provider", `the notification log has no line for ${r.uid}`, [ev(logs, "no line")]);
  }

  const first = delivered.reduce((a, b) => ((b.at ?? Infinity) < (a.at ?? Infinity) ? b : a));
  const pushed = `${first.channel}${first.provider ? ` ${first.provider}` : ""}`;
  const when = first.at === undefined ? "" : ` at ${atMs(first.at)}`;
  const evidence = [ev(logs, `${delivered.length} ${delivered.length === 1 ? "line" : "lines"} sent${when}`)];
  if (r.read === false) return broke("read", `delivered${when} (${pushed}), not read yet`, [...evidence, ev(r.evidence.read, "lastReadMessageId before it")]);
  if (r.read) return broke("delivered", `delivered${when} (${pushed}) and read`, [...evidence, ev(r.evidence.read, `lastReadMessageId ${id} or later`)]);
  return broke("delivered", `delivered${when} (${pushed})`, evidence);
}

export interface WhyReport {
  verdicts: Verdict[];
  /** Group members beyond `--members`, not traced. */
  recipientsLeftOut: number;
  unreadable: TraceReport["unreadable"];
  requests: number;
  trace: TraceReport;
}

/** The trace of the message (receipts read too), and each recipient's verdict. */
export async function whyMessage(read: Read, messageId: string, options: TraceOptions): Promise<WhyReport> {
  const trace = await traceMessage(read, messageId, { ...options, receipts: true });
  return { verdicts: trace.recipients.map((r) => verdictOf(trace, r)), recipientsLeftOut: trace.recipientsLeftOut, unreadable: trace.unreadable, requests: trace.requests, trace };
}
