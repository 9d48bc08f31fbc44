import { type Call, shownField } from "../../api/schemas.js";
import { formatDuration, formatPlainMinutes, formatTime } from "../../text/format.js";
import { callDuration } from "../../text/timeline.js";
import type { TableColumn } from "../../text/table.js";
import type { ListRun } from "../list-command.js";

/**
 * Calls as table rows for people, most telling first: a narrow terminal drops columns from the right.
 * DURATION is how long the call lasted; MINUTES the participants' minutes the service summed.
 */
export const callColumns: TableColumn<Call>[] = [
  // The session id is what people copy to look a call up: never cut it.
  { header: "session id", get: (c) => c.sessionId, min: 44 },
  { header: "status", get: (c) => shownField(c, "status", () => c.status ?? ""), min: 10 },
  { header: "mode", get: (c) => shownField(c, "mode", () => c.mode ?? ""), min: 9 },
  { header: "type", get: (c) => shownField(c, "type", () => c.type ?? ""), min: 5 },
  { header: "started", get: (c) => shownField(c, "startedAt", () => formatTime(c.startedAt)), min: 16 },
  // The call's span; the service's total is the participants' minutes summed, in a column of its own.
  { header: "duration", get: (c) => shownField(c, "startedAt", () => shownField(c, "endedAt", () => formatDuration(callDuration(c, Date.now() / 1000)))), align: "right", min: 8 },
  { header: "minutes", get: (c) => shownField(c, "totalDurationInMinutes", () => formatPlainMinutes(c.totalDurationInMinutes)), align: "right", min: 7 },
  { header: "parts", get: (c) => shownField(c, "totalParticipants", () => c.totalParticipants ?? c.participants?.length ?? ""), align: "right", min: 5 },
  { header: "rec", get: (c) => shownField(c, "hasRecording", () => (c.hasRecording ? "yes" : "")), min: 3 },
  { header: "receiver", get: (c) => shownField(c, "receiver", () => c.receiver ?? ""), min: 8, max: 24, flex: 1 },
];

export const callRun: ListRun<"calls"> = { kind: "calls", columns: callColumns };
