import { Text } from "ink";
import * as v from "valibot";
import type { CallOutcome } from "../../api/call-story.js";
import { type Call, type Participant, type Recording, callSchema, participantMinutesField, shownField } from "../../api/schemas.js";
import { type Resource, childRelation } from "../../resources/resource.js";
import { users } from "../../resources/users.js";
import { activeApp } from "../../store/explorer-store.js";
import type { Row } from "../../store/types.js";
import { countOf, formatDuration, formatMinutes, formatPlainMinutes, formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { callDuration, outcomeCell, timeline } from "../../text/timeline.js";
import { TimelineRows } from "../components/timeline-rows.js";
import { type Column, Rows } from "../components/rows.js";
import { type Theme, statusColor } from "../theme.js";
import { downloadBinding } from "./download-key.js";
import { callsOf } from "./jumps.js";
import { type ItemExtension, itemSpot } from "./resource-item.js";
import type { KeyContext, RouteOf } from "./types.js";

type ItemRoute = RouteOf<"resource-item">;

/** The participants' columns; their outcomes beside their times when the call's messages told them. */
const participantColumns = (outcomes: ReadonlyMap<string, CallOutcome>): Column<Participant>[] => [
  { header: "uid", get: (p) => p.uid, flex: 2 },
  { header: "device", get: (p) => shownField(p, "deviceId", () => p.deviceId ?? "—"), flex: 2 },
  { header: "state", get: (p) => shownField(p, "state", () => p.state ?? ""), width: 10, color: (p, t) => statusColor(t, p.state) },
  { header: "joined", get: (p) => shownField(p, "joinedAt", () => formatTime(p.joinedAt)), width: 16 },
  { header: "left", get: (p) => shownField(p, "leftAt", () => formatTime(p.leftAt)), width: 16 },
  ...(outcomes.size > 0 ? [{ header: "outcome", get: (p: Participant) => outcomeCell(outcomes.get(p.uid), p.uid), flex: 2 }] : []),
  { header: "minutes", get: (p) => shownField(p, participantMinutesField(p), () => p.totalDurationInMinutes?.toFixed(2) ?? "—"), width: 7, align: "right" },
];

const recordingColumns: Column<Recording>[] = [
  { header: "rid", get: (r) => r.rid ?? "(none)", width: 22 },
  { header: "duration", get: (r) => shownField(r, "duration", () => formatMinutes(r.duration)), width: 8, align: "right" },
  { header: "start", get: (r) => shownField(r, "startTime", () => formatTime(r.startTime)), width: 16 },
  { header: "end", get: (r) => shownField(r, "endTime", () => formatTime(r.endTime)), width: 16 },
  { header: "url", get: (r) => shownField(r, "recording_url", () => r.recording_url ?? ""), flex: 1 },
];

/** A call's item read by its schema (an odd field kept as sent and marked), once per answer: it is drawn on every frame. */
const read = new WeakMap<Row, Call>();
export function readCall(item: Row): Call {
  let call = read.get(item);
  if (!call) {
    const parsed = v.safeParse(callSchema, item);
    read.set(item, (call = parsed.success ? parsed.output : (item as Call)));
  }
  return call;
}

/** How a recording is named in the route: its rid, or its place in the call when it came without one. */
export const recordingKey = (recording: Recording, index: number) => recording.rid ?? `#${index + 1}`;

/** What the call's messages say became of each participant, as its finder added them (resources/calls.ts). */
const outcomesOf = (item: Row): CallOutcome[] => {
  const outcomes = (item as { outcomes?: unknown }).outcomes;
  return Array.isArray(outcomes) ? (outcomes as CallOutcome[]) : [];
};

/** The row under the cursor: a participant entry, else a recording (its place among them), else none. */
function rowAt(call: Call, index: number): { participant?: Participant; recording?: Recording; at: number } {
  const participants = call.participants ?? [];
  const at = index - participants.length;
  return { participant: participants[index], recording: at >= 0 ? (call.recordings ?? [])[at] : undefined, at };
}

/** The call of the item in view, and its row under the cursor. */
function spotOf(c: KeyContext<ItemRoute>) {
  const spot = itemSpot(c);
  const call = spot.item && readCall(spot.item);
  return call && { call, ...rowAt(call, spot.selected) };
}

/** One call: its summary, one row per participant entry (per device, as a timeline or a table), then its recordings. */
function CallBody({ call, outcomes, selected, found, asTimeline, height, width, theme }: { call: Call; outcomes: CallOutcome[]; selected: number; found: string; asTimeline: boolean; height: number; width: number; theme: Theme }) {
  const outcomeOf = new Map(outcomes.map((o) => [o.uid, o]));
  const participants = call.participants ?? [];
  const recordings = call.recordings ?? [];
  const entries = call.totalParticipants ?? participants.length;
  const recordingsHeight = recordings.length === 0 ? 1 : Math.min(recordings.length + 2, Math.max(3, Math.floor(height / 3)));
  const participantsHeight = Math.max(2, height - 5 - recordingsHeight);
  const inRecordings = selected >= participants.length;
  const s = (value: unknown) => sanitize(value);
  return (
    <>
      <Text wrap="truncate-end">
        <Text color={statusColor(theme, call.status)} bold>{s(call.status)}</Text>
        {` · ${s(call.type)} · ${s(call.mode)} · ${s(call.initiator)} → ${s(call.receiver)} (${s(call.receiverType)}) · found in ${s(found)}`}
      </Text>
      <Text wrap="truncate-end">
        {`started ${formatTime(call.startedAt ?? call.initiatedAt)} · ended ${formatTime(call.endedAt)} · lasted ${formatDuration(callDuration(call, Date.now() / 1000))}`}
        {` · participant minutes ${formatPlainMinutes(call.totalDurationInMinutes)} (audio ${call.totalAudioMinutes?.toFixed(2) ?? "—"}, video ${call.totalVideoMinutes?.toFixed(2) ?? "—"}) · ${countOf(entries, "entry", "entries")}`}
      </Text>
      {asTimeline && participants.length > 0 ? (
        <TimelineRows heading={`Participants (${participants.length})`} drawn={timeline(call, width, undefined, outcomes)} selected={inRecordings ? -1 : selected} height={participantsHeight + 1} theme={theme} />
      ) : (
        <>
          <Text bold>{`Participants (${participants.length})`}</Text>
          <Rows columns={participantColumns(outcomeOf)} rows={participants} selected={inRecordings ? -1 : selected} height={participantsHeight} width={width} theme={theme} />
        </>
      )}
      <Text bold>{`Recordings (${recordings.length})${recordings.length ? " · enter shows one whole, y copies its URL, o opens it, d downloads" : ""}`}</Text>
      {recordings.length === 0 ? <Text color={theme.muted}>  none</Text> : (
        <Rows columns={recordingColumns} rows={recordings} selected={inRecordings ? selected - participants.length : -1} height={recordingsHeight - 1} width={width} theme={theme} />
      )}
    </>
  );
}

/**
 * One call (`:call <sessionId>`, a pasted session id, Enter on a calls row): the generic item of a calls
 * definition, found in whichever known app has it (its `detail.find`), drawn as its summary, participants
 * and recordings, with its keys; T opens its children (the transcripts).
 */
export function callItem(calls: Resource<Call>): ItemExtension {
  const child = childRelation(calls.children![0]!).name;
  return {
    title: "A call (:call <sessionId>, a pasted session id, or Enter on :calls)",
    legend: [
      "found in every known app, the app named by its session id first: found in another app, the explorer switches to that app and says so",
      "lasted: from the call's start to its end (to now while it goes on); participant minutes: the service's total, summed over the entries",
      "the timeline: a bar per entry (one per device) from joined to left, ▶ still in the call, × never joined (its state said)",
      "beside each: how they left or failed (rejected, busy, cancelled, unanswered, ended), from the call's own messages when the service keeps them",
      `its fields as sent: :api ${calls.detail!.path.replace(/\{\w+\}/, "<sessionId>")} (a tree), or ccx ${calls.singular} <sessionId> --json`,
    ],
    bindings: [
      { keys: ["enter"], description: "show the recording, or open the participant (the user)", footer: "open", onRows: true,
        disabled: (c) => (c.selection()?.open ? undefined : "no participant or recording selected"), run: (c) => c.selection()?.open?.() },
      { keys: ["v"], description: "participants as a timeline ⇄ as a table (devices, times, minutes)", footer: "timeline⇄table", run: (c) => c.store.getState().toggleParticipants() },
      // Its sub-resource (its definition's child: its transcripts), on a list screen of its own.
      { keys: ["T"], description: `the call's ${child} (:${child} <sessionId>)`, footer: child, run: (c) => c.store.getState().openResource(child, [...c.route.params]) },
      { keys: ["c"], description: "the participant's calls (the calls list, filtered)", run: (c) => {
        const participant = spotOf(c)?.participant;
        if (participant) callsOf(c.state, participant.uid);
        else c.store.getState().notify("select a participant first");
      } },
      downloadBinding<ItemRoute>("download the selected recording (on a participant, or none: all of the call's)", (c) => {
        const spot = spotOf(c);
        return spot && { sessionId: spot.call.sessionId, recordings: spot.recording ? [spot.recording] : spot.call.recordings ?? [] };
      }),
    ],
    body: {
      rows: (item) => {
        const call = readCall(item);
        return (call.participants?.length ?? 0) + (call.recordings?.length ?? 0);
      },
      selection: (state, route, item, index) => {
        const { participant, recording, at } = rowAt(readCall(item), index);
        // Enter on a participant: the user (c: the calls they took part in); on a recording: it whole.
        if (participant) return { id: participant.uid, json: participant, open: () => state.openResourceItem(users.name, [participant.uid]) };
        if (recording) return { id: recording.rid, url: recording.recording_url, json: recording, open: () => state.navigate({ view: "recording", name: route.name, params: route.params, rid: recordingKey(recording, at) }) };
        return { id: route.params.at(-1), json: item };
      },
      render: ({ state, item, selected, height, width, theme }) => {
        const app = activeApp(state);
        return <CallBody call={readCall(item)} outcomes={outcomesOf(item)} selected={selected} found={app ? `${app.label} · ${app.region}` : ""} asTimeline={state.ui.participants === "timeline"} height={height} width={width} theme={theme} />;
      },
    },
  };
}
