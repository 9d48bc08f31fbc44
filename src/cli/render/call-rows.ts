import type { Call } from "../../api/schemas.js";
import { formatMinutes, formatTime } from "../../text/format.js";
import type { TableColumn } from "../../text/table.js";
import type { ListRun } from "../list-command.js";

/** Calls as table rows for people, most telling first: a narrow terminal drops columns from the right. */
export const callColumns: TableColumn<Call>[] = [
  // The session id is what people copy to look a call up: never cut it.
  { header: "session id", get: (c) => c.sessionId, min: 44 },
  { header: "status", get: (c) => c.status ?? "", min: 10 },
  { header: "mode", get: (c) => c.mode ?? "", min: 9 },
  { header: "type", get: (c) => c.type ?? "", min: 5 },
  { header: "started", get: (c) => formatTime(c.startedAt), min: 16 },
  { header: "duration", get: (c) => formatMinutes(c.totalDurationInMinutes), align: "right", min: 8 },
  { header: "parts", get: (c) => c.totalParticipants ?? c.participants?.length ?? "", align: "right", min: 5 },
  { header: "rec", get: (c) => (c.hasRecording ? "yes" : ""), min: 3 },
  { header: "receiver", get: (c) => c.receiver ?? "", min: 8, max: 24, flex: 1 },
];

export const callRun: ListRun<"calls"> = { kind: "calls", columns: callColumns };
