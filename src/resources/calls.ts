import { type Call, callSchema } from "../api/schemas.js";
import { formatDuration, formatPlainMinutes, formatTime } from "../text/format.js";
import { callDuration } from "../text/timeline.js";
import type { Resource } from "./resource.js";

/**
 * The app's calls (GET /calls, one by GET /calls/{sessionId}): `ccx calls` and
 * `ccx call`, the explorer's calls and call screen, written by hand for the
 * filter grammar, live mode and the search of every app for a session id.
 */
export const calls: Resource<Call> = {
  name: "calls",
  singular: "call",
  description: "the calls of the app: status, mode, when, how long, who took part, recordings",
  idField: "sessionId",
  schema: callSchema,
  list: { path: "/calls", perPage: { default: 50, max: 1000 } },
  detail: { path: "/calls/{sessionId}" },
  own: true,
  // Most telling first: a narrow terminal drops columns from the right.
  columns: [
    // The session id is what people copy to look a call up: never cut it.
    { header: "session id", get: (c) => c.sessionId, min: 44 },
    { header: "status", field: "status", get: (c) => c.status ?? "", min: 10 },
    { header: "mode", field: "mode", get: (c) => c.mode ?? "", min: 9 },
    { header: "type", field: "type", get: (c) => c.type ?? "", min: 5 },
    { header: "started", field: "startedAt", get: (c) => formatTime(c.startedAt), min: 16 },
    // How long the call lasted; the service's total is the participants' minutes summed, in a column of its own.
    { header: "duration", field: ["startedAt", "endedAt"], get: (c) => formatDuration(callDuration(c, Date.now() / 1000)), align: "right", min: 8 },
    { header: "minutes", field: "totalDurationInMinutes", get: (c) => formatPlainMinutes(c.totalDurationInMinutes), align: "right", min: 7 },
    { header: "parts", field: "totalParticipants", get: (c) => c.totalParticipants ?? c.participants?.length ?? "", align: "right", min: 5 },
    { header: "rec", field: "hasRecording", get: (c) => (c.hasRecording ? "yes" : ""), min: 3 },
    { header: "receiver", field: "receiver", get: (c) => c.receiver ?? "", min: 8, max: 24, grows: 1 },
  ],
};
