import type { CallOutcome } from "../../api/call-story.js";
import { type Call, type Participant, type Recording, oddFields, shownField } from "../../api/schemas.js";
import { displayWidth, formatDuration, formatMinutes, formatTime, renderTable, sanitize, truncate } from "../../text/index.js";
import { callDuration, outcomeCell, timeline, timelineLine } from "../../text/timeline.js";

export interface CallView {
  /** Columns to fit in; Infinity in a pipe: no value cut, the lines laid out for 80. */
  width: number;
  /** Where the call was found, e.g. "prod (us)". */
  app?: string;
  color?: boolean;
  /** The moment an ongoing call's timeline runs to (UNIX seconds); the clock by default. */
  now?: number;
  /** What the call's messages say became of each participant (api/call-story.ts). */
  outcomes?: CallOutcome[];
}


/**
 * Label: value pairs, as many to a line as fit. Why measured and cut: a value
 * is server text (an initiator's uid can be thousands of characters, or wide
 * CJK), and counting code units let such a line run far past the width.
 */
function facts(pairs: Array<[string, unknown]>, limit: number): string[] {
  const width = layoutWidth(limit);
  const cells = pairs.filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => truncate(`${k} ${sanitize(v)}`, limit));
  const lines: string[] = [];
  let line = "";
  for (const cell of cells) {
    if (line && displayWidth(line) + 3 + displayWidth(cell) > width) {
      lines.push(line);
      line = "";
    }
    line = line ? `${line} · ${cell}` : cell;
  }
  if (line) lines.push(line);
  return lines;
}

/** Where lines break and the timeline's scale: the width, or 80 when it is unbounded (a pipe). */
const layoutWidth = (width: number) => (Number.isFinite(width) ? width : 80);

/**
 * A call for people, readable in 80 columns: its summary, one row per
 * participant entry (one per device), its timeline, and each recording with its whole URL on
 * a line of its own so it can be copied.
 */
export function renderCall(call: Call, view: CallView): string[] {
  const { width } = view;
  const lines = [`Call ${sanitize(call.sessionId)}`];
  const shown = <T>(field: string, read: () => T) => shownField(call, field, read);
  lines.push(...facts([
    ["status", shown("status", () => call.status)], ["type", shown("type", () => call.type)], ["mode", shown("mode", () => call.mode)],
    ["initiator", shown("initiator", () => call.initiator)], ["receiver", shown("receiver", () => call.receiver && `${call.receiver} (${call.receiverType ?? "?"})`)],
  ], width));
  // Fields the lines below read, when they came in a form ccx cannot read: as sent, marked.
  const odd = Object.keys(oddFields(call) ?? {}).filter((f) => !["status", "type", "mode", "initiator", "receiver"].includes(f));
  if (odd.length > 0) lines.push(...facts(odd.map((f) => [f, shown(f, () => "")]), width));
  lines.push(...facts([
    ["started", `${formatTime(call.startedAt ?? call.initiatedAt)} UTC`], ["ended", call.endedAt === undefined ? undefined : `${formatTime(call.endedAt)} UTC`],
    ["found in", view.app],
  ], width));
  // How long it lasted, from its times; the service's total is the participants' minutes summed.
  lines.push(...facts([
    ["lasted", formatDuration(callDuration(call, view.now ?? Date.now() / 1000))],
    ["participant minutes", call.totalDurationInMinutes?.toFixed(2)], ["audio", call.totalAudioMinutes?.toFixed(2)],
    ["video", call.totalVideoMinutes?.toFixed(2)], ["entries", call.totalParticipants],
  ], width));

  const participants = call.participants ?? [];
  const outcomeOf = new Map((view.outcomes ?? []).map((o) => [o.uid, o]));
  lines.push("", `Participants (${participants.length})`);
  if (participants.length === 0) lines.push("  none");
  else {
    lines.push(...renderTable<Participant>([
      { header: "uid", get: (p) => p.uid, min: 6, flex: 1 },
      { header: "device", get: (p) => p.deviceId ?? "—", min: 6, max: 24, flex: 1 },
      { header: "state", get: (p) => p.state ?? (p.isJoined ? "joined" : "—"), min: 5 },
      { header: "joined", get: (p) => formatTime(p.joinedAt), min: 16 },
      { header: "left", get: (p) => formatTime(p.leftAt), min: 16 },
      ...(outcomeOf.size > 0 ? [{ header: "outcome", get: (p: Participant) => outcomeCell(outcomeOf.get(p.uid), p.uid), min: 8, max: 32 }] : []),
      { header: "min", get: (p) => p.totalDurationInMinutes?.toFixed(2) ?? "—", align: "right", min: 5 },
    ], participants, { width, color: view.color }));
  }

  if (participants.length > 0) {
    const drawn = timeline(call, layoutWidth(width), view.now, view.outcomes);
    lines.push("", drawn.title, drawn.scale, ...drawn.rows.map(timelineLine));
  }

  const recordings = call.recordings ?? [];
  lines.push("", `Recordings (${recordings.length})`);
  if (recordings.length === 0) lines.push("  none");
  for (const r of recordings as Recording[]) {
    const duration = r.duration === undefined ? "" : `  ${formatMinutes(r.duration)}`;
    lines.push(`  ${r.rid === undefined ? "(no rid)" : sanitize(r.rid)}${duration}  ${formatTime(r.startTime)} → ${formatTime(r.endTime)}`);
    if (r.recording_url) lines.push(`    ${sanitize(r.recording_url)}`);
  }
  return lines;
}
