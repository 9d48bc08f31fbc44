/**
 * The health report as lines, each a count and the list it counts: the
 * resource, the filter that selects exactly those rows (in the list's own
 * filter syntax, the window written as an absolute time so that the list
 * opened later counts the same), and the command that prints them. `ccx
 * health` prints them; the explorer's `:health` shows them and opens each.
 */
import { FAILED, type HealthReport, OUTCOMES, type Outcome, type Unread, isUnread } from "./health.js";

export interface HealthLine {
  /** What is counted: "calls rejected", "pushes held: INVALID_PUSH_PROVIDER_ID". */
  label: string;
  count: number;
  /** Something to look at (a failure, something held, off or missing); a count of what went well is not. */
  problem: boolean;
  /** Beside the count: the names counted, what could not be read. */
  note?: string;
  /** The list it counts: a resource's, with the filter typed (`filter`), or narrowed by its text where the list documents no filter (`narrow`). */
  opens?: { resource: string; filter?: string; narrow?: string; command: string };
}

/** The statuses the calls filter sends for an outcome: its own spellings (`cancelled` is the filter's `canceled`). */
const FILTER_STATUSES: Record<Outcome, string | undefined> = {
  ended: "ended", rejected: "rejected", unanswered: "unanswered", busy: undefined, cancelled: "canceled", ongoing: "ongoing,initiated",
};

/** A filter line as one shell word. */
const quoted = (line: string) => `'${line.replace(/'/g, `'\\''`)}'`;
const listCommand = (words: string, filter: string) => `ccx ${words} --query ${quoted(filter)} --all`;

/** A part that could not be read, as a line of its own. */
const unreadLine = (label: string, unread: Unread): HealthLine => ({ label, count: 0, problem: true, note: `not read: ${unread.error}: ${unread.message}` });

export function healthLines(report: HealthReport): HealthLine[] {
  const lines: HealthLine[] = [];
  const since = report.since;
  if (isUnread(report.calls)) lines.push(unreadLine("calls", report.calls));
  else {
    for (const outcome of Object.keys(OUTCOMES) as Outcome[]) {
      const count = report.calls.byOutcome[outcome];
      const status = FILTER_STATUSES[outcome];
      // GET /calls documents no busy status: its line shows only when the service sent one, and opens nothing.
      if (status === undefined) {
        if (count > 0) lines.push({ label: `calls ${outcome}`, count, problem: true, note: "no calls filter selects them" });
        continue;
      }
      const filter = `status:${status} started:>=${since}`;
      lines.push({ label: `calls ${outcome}`, count, problem: count > 0 && FAILED.includes(outcome), opens: { resource: "calls", filter, command: listCommand("calls", filter) } });
    }
    const failed = FAILED.map((o) => FILTER_STATUSES[o]).filter((s) => s !== undefined).join(",");
    for (const user of report.calls.failingUsers) {
      const filter = `status:${failed} uid:${user.uid} started:>=${since}`;
      lines.push({ label: `failed calls of ${user.uid}`, count: user.failed, problem: true, opens: { resource: "calls", filter, command: listCommand("calls", filter) } });
    }
  }
  if (isUnread(report.notifications)) lines.push(unreadLine("notifications", report.notifications));
  else {
    const logs = (label: string, count: number, problem: boolean, filter: string): HealthLine =>
      ({ label, count, problem, opens: { resource: "notification-logs", filter, command: listCommand("notifications logs", filter) } });
    // No line in the window: said as such, so that an empty log is not taken for a part not read.
    if (Object.keys(report.notifications.byChannel).length === 0) lines.push(logs("notifications", 0, false, `sent:>=${since}`));
    for (const [channel, counts] of Object.entries(report.notifications.byChannel)) {
      lines.push(logs(`${channel} notifications sent`, counts.sent, false, `channel:${channel} triggered:yes sent:>=${since}`));
      lines.push(logs(`${channel} notifications held`, counts.held, counts.held > 0, `channel:${channel} triggered:no sent:>=${since}`));
    }
    for (const [reason, count] of Object.entries(report.notifications.held)) lines.push(logs(`held for ${reason}`, count, true, `triggered:no reason:${reason} sent:>=${since}`));
  }
  const { blockedByRule, flaggedWaiting } = report.moderation;
  if (isUnread(blockedByRule)) lines.push(unreadLine("blocked messages", blockedByRule));
  else {
    for (const [ruleId, rule] of Object.entries(blockedByRule)) {
      lines.push({ label: `blocked by ${rule.name ?? ruleId}`, count: rule.blocked, problem: true, note: "all time: no time filter is documented", opens: { resource: "blocked-messages", narrow: ruleId, command: "ccx moderation blocked" } });
    }
  }
  if (isUnread(flaggedWaiting)) lines.push(unreadLine("flagged messages", flaggedWaiting));
  else lines.push({ label: "flagged, waiting for review", count: flaggedWaiting, problem: flaggedWaiting > 0, opens: { resource: "flagged-messages", command: "ccx moderation flagged" } });
  if (isUnread(report.webhooks)) lines.push(unreadLine("webhooks", report.webhooks));
  else {
    const names = (hooks: Array<{ id: string; name?: string }>) => (hooks.length === 0 ? undefined : hooks.map((h) => h.name ?? h.id).join(", "));
    const opens = { resource: "webhooks", command: "ccx webhooks" };
    lines.push({ label: "webhooks disabled", count: report.webhooks.disabled.length, problem: report.webhooks.disabled.length > 0, note: names(report.webhooks.disabled), opens });
    lines.push({ label: "webhooks without triggers", count: report.webhooks.withoutTriggers.length, problem: report.webhooks.withoutTriggers.length > 0, note: names(report.webhooks.withoutTriggers), opens });
  }
  for (const [kind, provider] of Object.entries(report.providers)) {
    if (isUnread(provider)) lines.push(unreadLine(`${kind} providers`, provider));
    else {
      const note = provider.count === 0 ? "missing" : provider.default === null ? "none is the default" : `default ${provider.default}`;
      lines.push({ label: `${kind} push providers`, count: provider.count, problem: provider.default === null, note, opens: { resource: "providers", command: "ccx notifications providers" } });
    }
  }
  if (isUnread(report.extensions)) lines.push(unreadLine("extensions", report.extensions));
  else {
    const on = report.extensions.filtering;
    lines.push({ label: "extensions filtering messages", count: on.length, problem: false, ...(on.length > 0 ? { note: on.join(", ") } : {}), opens: { resource: "extensions", command: "ccx extensions" } });
  }
  lines.push({ label: "429s ccx met (rate limited)", count: report.rateLimited, problem: report.rateLimited > 0 });
  return lines;
}

/**
 * How bad an app's health is, to order apps worst first: the failed calls, the notifications held,
 * the messages blocked and flagged, the webhooks off or without triggers, each push provider kind
 * without a default, each part that could not be read, and the 429s met.
 */
export function problemCount(report: HealthReport): number {
  const count = <T>(part: T | Unread, of: (read: T) => number) => (isUnread(part) ? 1 : of(part));
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
  return count(report.calls, (c) => sum(FAILED.map((o) => c.byOutcome[o])))
    + count(report.notifications, (n) => sum(Object.values(n.held)))
    + count(report.moderation.blockedByRule, (b) => sum(Object.values(b).map((r) => r.blocked)))
    + count(report.moderation.flaggedWaiting, (n) => n)
    + count(report.webhooks, (w) => w.disabled.length + w.withoutTriggers.length)
    + sum(Object.values(report.providers).map((p) => count(p, (read) => (read.default === null ? 1 : 0))))
    + count(report.extensions, () => 0)
    + report.rateLimited;
}
