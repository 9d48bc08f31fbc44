import type { Recipient, TraceReport } from "../api/trace.js";
import { formatTime } from "./format.js";
import { sanitize } from "./sanitize.js";
import { type TableColumn, renderTable } from "./table.js";

/**
 * `ccx trace` for people: the message, moderation, each recipient's row and
 * the webhooks, every section naming the endpoints its facts came from, and
 * what could not be read with its code. Pure: the report in, lines out.
 */

const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? "?" : value ? "yes" : "no");
const said = (value: unknown) => sanitize(typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value));
const uidOf = (value: unknown) => (typeof value === "string" ? value : (value as { uid?: string; guid?: string } | null)?.uid ?? (value as { guid?: string } | null)?.guid ?? "");

/** A recipient's notifications in a few words: `push fcm sent, push apns held: MUTE_PREFERENCE`. */
function notified(r: Recipient): string {
  if (r.notifications.length === 0) return "no log line";
  return r.notifications.map((n) => `${n.channel}${n.provider ? ` ${n.provider}` : ""} ${n.triggered ? (n.success === false ? "sent, failed" : "sent") : `held: ${n.reason ?? "?"}`}`).join(", ");
}

/** A recipient's verdict, as `ccx why` gives it (src/api/why.ts): its stage and its sentence. */
export interface RecipientVerdict {
  uid: string;
  stage: string;
  verdict: string;
}

/** The trace's lines; "why not" says each recipient's verdict where the chain broke before their device (none where it was delivered). */
export function traceLines(report: TraceReport, width: number, color: boolean, verdicts: readonly RecipientVerdict[]): string[] {
  const broke = new Map(verdicts.filter((v) => v.stage !== "delivered" && v.stage !== "read").map((v) => [v.uid, v.verdict]));
  const m = report.message;
  const lines: string[] = [];
  const data = (m.data ?? {}) as Record<string, unknown>;
  lines.push(`message ${said(m.id)}: ${said(m.category)}/${said(m.type)} from ${said(uidOf(m.sender))} to ${said(m.receiverType)} ${said(uidOf(m.receiver))}   [GET /messages/${said(m.id)}]`);
  lines.push(`  sent ${formatTime(m.sentAt as number)}${m.editedAt ? ` · edited ${formatTime(m.editedAt as number)}` : ""}${m.deletedAt ? ` · deleted ${formatTime(m.deletedAt as number)} by ${said(uidOf(m.deletedBy))}` : ""}`);
  if (typeof data.text === "string") lines.push(`  text: ${said(data.text)}`);
  lines.push(`  thread: ${report.thread.length} ${report.thread.length === 1 ? "reply" : "replies"} · reactions: ${report.reactions.length}`);
  lines.push("", "moderation");
  const blocked = report.moderation.blocked;
  lines.push(blocked
    ? `  blocked by rule ${said(blocked.ruleName ?? blocked.ruleId)} (${said(blocked.ruleId)}), condition ${said(blocked.condition)}   [${blocked.evidence}]`
    : "  not blocked   [GET /moderation/blocked-messages]");
  const flagged = report.moderation.flagged;
  lines.push(flagged
    ? `  flagged by ${flagged.reportedBy.map((f) => `${said(f.uid)}${f.reason ? ` (${said(f.reason)})` : ""}`).join(", ") || "?"}, reviewed: ${said(flagged.status)}   [${flagged.evidence}]`
    : "  not flagged and reviewed   [GET /moderation/reviewed-messages]");
  lines.push(`  filtering extensions on: ${report.moderation.extensions.length > 0 ? report.moderation.extensions.map((e) => said(e.id)).join(", ") : "none"}   [GET /apps/{appId}/extensions]`);
  lines.push("", `recipients (${report.recipients.length}${report.recipientsLeftOut ? `; ${report.recipientsLeftOut} more not traced: --members` : ""})`);
  const columns: Array<TableColumn<Recipient>> = [
    { header: "uid", get: (r) => r.uid, min: 6, max: 24 },
    { header: "blocked", get: (r) => yesNo(r.blocked), min: 7 },
    { header: "banned", get: (r) => yesNo(r.banned), min: 6 },
    { header: "muted", get: (r) => yesNo(r.muted), min: 5 },
    { header: "dnd", get: (r) => yesNo(r.dnd), min: 3 },
    { header: "tokens", get: (r) => (r.pushTokens === null ? "?" : String(r.pushTokens.length)), min: 6, align: "right" },
    { header: "notified", get: notified, min: 12, flex: 1 },
    { header: "why not", get: (r) => sanitize(broke.get(r.uid) ?? ""), min: 8, flex: 1 },
  ];
  if (report.recipients.length > 0) lines.push(...renderTable(columns, report.recipients, { width, color }).map((l) => `  ${l}`));
  lines.push("  [notified: GET /notifications/v1/logs?messageId=…; a line sent settles muted and dnd, any line settles blocked;",
    "   else GET /notifications/v1/preferences, …/preferences/mute; blocks both ways: GET /users as the sender",
    "   (/users/{uid}/blockedusers, the recipient's and the sender's, for one that page does not list);",
    "   tokens: the devices the log's lines name, else /users/{uid}/auth_tokens, /notifications/push/v1/tokens;",
    "   --json names each recipient's evidence]");
  lines.push("", "webhooks for its events");
  if (report.webhooks.length === 0) lines.push("  none of the app's webhooks is posted for them   [GET /apps/{appId}/webhooks, …/triggers]");
  for (const w of report.webhooks) lines.push(`  ${said(w.name ?? w.id)} (${said(w.id)})${w.enabled === false ? " OFF" : ""}: ${w.triggers.map(said).join(", ")}   [GET /apps/{appId}/webhooks/${said(w.id)}/triggers]`);
  if (report.unreadable.length > 0) {
    lines.push("", "could not read");
    for (const u of report.unreadable) lines.push(`  ${said(u.endpoint)}: ${said(u.code)}: ${said(u.message)}`);
  }
  return lines;
}
