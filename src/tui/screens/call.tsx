import { Box, Text } from "ink";
import { type Participant, type Recording, participantMinutesField, shownField } from "../../api/schemas.js";
import { type ExplorerState, activeView, detailOf } from "../../store/explorer-store.js";
import type { CallDetailState } from "../../store/types.js";
import { countOf, formatDuration, formatMinutes, formatPlainMinutes, formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { callDuration, timeline } from "../../text/timeline.js";
import { FailureBox } from "../components/failure-box.js";
import { TimelineRows } from "../components/timeline-rows.js";
import { type Column, Rows } from "../components/rows.js";
import { type Theme, statusColor } from "../theme.js";
import { downloadBinding } from "./download-key.js";
import { callsOf } from "./jumps.js";
import { recordingKey } from "./recording.js";
import type { RouteOf, Screen } from "./types.js";
import { RESOURCES } from "../../resources/index.js";
import { childRelation } from "../../resources/resource.js";

const participantColumns: Column<Participant>[] = [
  { header: "uid", get: (p) => p.uid, flex: 2 },
  { header: "device", get: (p) => shownField(p, "deviceId", () => p.deviceId ?? "—"), flex: 2 },
  { header: "state", get: (p) => shownField(p, "state", () => p.state ?? ""), width: 10, color: (p, t) => statusColor(t, p.state) },
  { header: "joined", get: (p) => shownField(p, "joinedAt", () => formatTime(p.joinedAt)), width: 16 },
  { header: "left", get: (p) => shownField(p, "leftAt", () => formatTime(p.leftAt)), width: 16 },
  { header: "minutes", get: (p) => shownField(p, participantMinutesField(p), () => p.totalDurationInMinutes?.toFixed(2) ?? "—"), width: 7, align: "right" },
];

const recordingColumns: Column<Recording>[] = [
  { header: "rid", get: (r) => r.rid ?? "(none)", width: 22 },
  { header: "duration", get: (r) => shownField(r, "duration", () => formatMinutes(r.duration)), width: 8, align: "right" },
  { header: "start", get: (r) => shownField(r, "startTime", () => formatTime(r.startTime)), width: 16 },
  { header: "end", get: (r) => shownField(r, "endTime", () => formatTime(r.endTime)), width: 16 },
  { header: "url", get: (r) => shownField(r, "recording_url", () => r.recording_url ?? ""), flex: 1 },
];

/** One call: its summary, one row per participant entry (per device), then its recordings. */
function CallView({ sessionId, detail, asTimeline, height, width, theme }: { sessionId: string; detail?: CallDetailState; asTimeline: boolean; height: number; width: number; theme: Theme }) {
  if (!detail || (detail.loading && !detail.call)) return <Text color={theme.muted}>{`looking for ${sanitize(sessionId)} in every known app…`}</Text>;
  if (detail.error && !detail.call) {
    return <FailureBox failure={detail.error} theme={theme} />;
  }
  const call = detail.call!;
  const participants = call.participants ?? [];
  const recordings = call.recordings ?? [];
  const entries = call.totalParticipants ?? participants.length;
  const recordingsHeight = recordings.length === 0 ? 1 : Math.min(recordings.length + 2, Math.max(3, Math.floor(height / 3)));
  const participantsHeight = Math.max(2, height - 5 - recordingsHeight);
  const inRecordings = detail.selected >= participants.length;
  const s = (v: unknown) => sanitize(v);
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate-end">
        <Text color={statusColor(theme, call.status)} bold>{s(call.status)}</Text>
        {` · ${s(call.type)} · ${s(call.mode)} · ${s(call.initiator)} → ${s(call.receiver)} (${s(call.receiverType)}) · found in ${s(detail.appLabel)}`}
      </Text>
      <Text wrap="truncate-end">
        {`started ${formatTime(call.startedAt ?? call.initiatedAt)} · ended ${formatTime(call.endedAt)} · lasted ${formatDuration(callDuration(call, Date.now() / 1000))}`}
        {` · participant minutes ${formatPlainMinutes(call.totalDurationInMinutes)} (audio ${call.totalAudioMinutes?.toFixed(2) ?? "—"}, video ${call.totalVideoMinutes?.toFixed(2) ?? "—"}) · ${countOf(entries, "entry", "entries")}`}
      </Text>
      {asTimeline && participants.length > 0 ? (
        <TimelineRows heading={`Participants (${participants.length})`} drawn={timeline(call, width)} selected={inRecordings ? -1 : detail.selected} height={participantsHeight + 1} theme={theme} />
      ) : (
        <>
          <Text bold>{`Participants (${participants.length})`}</Text>
          <Rows columns={participantColumns} rows={participants} selected={inRecordings ? -1 : detail.selected} height={participantsHeight} width={width} theme={theme} />
        </>
      )}
      <Text bold>{`Recordings (${recordings.length})${recordings.length ? " · enter shows one whole, y copies its URL, o opens it, d downloads" : ""}`}</Text>
      {recordings.length === 0 ? <Text color={theme.muted}>  none</Text> : (
        <Rows columns={recordingColumns} rows={recordings} selected={inRecordings ? detail.selected - participants.length : -1}
          height={recordingsHeight - 1} width={width} theme={theme} />
      )}
    </Box>
  );
}

const callOf = (state: ExplorerState, sessionId: string) => detailOf(activeView(state), "call", sessionId);

/** What T opens: the sub-resource the calls' definition names. */
const CALL_CHILD = childRelation(RESOURCES.calls.children![0]!).name;

export const callScreen: Screen<RouteOf<"call">> = {
  title: "A call",
  legend: [
    "lasted: from the call's start to its end (to now while it goes on); participant minutes: the service's total, summed over the entries",
    "the timeline: a bar per entry (one per device) from joined to left, ▶ still in the call, × never joined (its state said)",
  ],
  crumb: (route) => `call ${sanitize(route.sessionId)}`,
  bindings: [
    { keys: ["enter"], description: "show the recording, or open the participant (the user)", footer: "open", run: (c) => c.selection()?.open?.() },
    { keys: ["v"], description: "participants as a timeline ⇄ as a table (devices, times, minutes)", footer: "timeline⇄table", run: (c) => c.store.getState().toggleParticipants() },
    // The call's sub-resource (its definition's child: its transcripts), on a list screen of its own.
    { keys: ["T"], description: `the call's ${CALL_CHILD} (:${CALL_CHILD} <sessionId>)`, footer: CALL_CHILD, run: (c) => c.store.getState().openResource(CALL_CHILD, [c.route.sessionId]) },
    { keys: ["c"], description: "the participant's calls (the calls list, filtered)", run: (c) => {
      const d = callOf(c.state, (c.route as RouteOf<"call">).sessionId);
      const p = d?.call?.participants?.[d.selected];
      if (p) callsOf(c.state, p.uid);
      else c.store.getState().notify("select a participant first");
    } },
    downloadBinding("download the selected recording (on a participant, or none: all of the call's)", (c) => {
      const d = callOf(c.state, (c.route as RouteOf<"call">).sessionId);
      const recordings = d?.call?.recordings ?? [];
      const one = recordings[(d?.selected ?? 0) - (d?.call?.participants?.length ?? 0)];
      return d?.call && { sessionId: d.call.sessionId, recordings: one ? [one] : recordings };
    }),
  ],
  cursor: (state, route) => {
    const call = callOf(state, route.sessionId)?.call;
    return { index: callOf(state, route.sessionId)?.selected ?? 0, count: (call?.participants?.length ?? 0) + (call?.recordings?.length ?? 0) };
  },
  select: (store, route, index) => store.getState().selectInCall(route.sessionId, index),
  selection: (state, route) => {
    const d = callOf(state, route.sessionId);
    if (!d?.call) return undefined;
    const participants = d.call.participants ?? [];
    const p = participants[d.selected];
    // Enter on a participant: the user (c: the calls they took part in).
    if (p) return { id: p.uid, json: p, open: () => state.openResourceItem(RESOURCES.users.name, [p.uid]) };
    const at = d.selected - participants.length;
    const r = (d.call.recordings ?? [])[at];
    if (r) return { id: r.rid, url: r.recording_url, json: r, open: () => state.navigate({ view: "recording", sessionId: route.sessionId, rid: recordingKey(r, at) }) };
    return { id: route.sessionId, json: d.raw };
  },
  render: ({ state, route, height, width, theme }) => (
    <CallView sessionId={route.sessionId} detail={callOf(state, route.sessionId)} asTimeline={state.ui.participants === "timeline"} height={height} width={width} theme={theme} />
  ),
};
