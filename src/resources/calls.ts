import { type Call, callSchema } from "../api/schemas.js";
import { formatAge, formatDuration, formatPlainMinutes, formatTime } from "../text/format.js";
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
  list: { path: "/calls", perPage: { default: 50, max: 1000 }, grammar: async () => (await import("../query/calls.js")).CALL_GRAMMAR },
  detail: { path: "/calls/{sessionId}" },
  own: true,
  live: (c) => `${c.status}|${c.endedAt}|${c.participants?.length}|${c.recordings?.length}`,
  wideAt: 120,
  children: ["transcripts"],
  columns: [
    // The session id is what people copy to look a call up: never cut it. Narrow screens show what
    // follows `v1.us.<appId>.`, the same on every row of an app.
    { header: "session id", get: (c) => c.sessionId, narrow: { get: (c) => c.sessionId.replace(/^v\d+\.[a-z]+\.[^.]+\./, "…"), min: 12, grows: 2 }, min: 44 },
    { header: "status", field: "status", get: (c) => c.status ?? "", state: (c) => c.status, min: 10 },
    { header: "rec", field: "hasRecording", get: (c) => (c.hasRecording ? "yes" : ""), min: 3 },
    { header: "type", field: "type", get: (c) => c.type ?? "", min: 5 },
    { header: "mode", field: "mode", get: (c) => c.mode ?? "", min: 9 },
    { header: "started", field: "startedAt", get: (c) => formatTime(c.startedAt), narrow: { get: (c) => formatAge(c.startedAt), min: 8 }, min: 16 },
    // How long the call lasted (ticking while it goes on: live mode redraws every second); the service's
    // total is the participants' minutes summed, in a column of its own.
    { header: "duration", field: ["startedAt", "endedAt"], get: (c) => formatDuration(callDuration(c, Date.now() / 1000)), align: "right", min: 8 },
    { header: "parts", field: "totalParticipants", get: (c) => c.totalParticipants ?? c.participants?.length ?? "", align: "right", min: 5 },
    { header: "receiver", field: "receiver", get: (c) => c.receiver ?? "", min: 8, max: 24, grows: 1 },
    { header: "minutes", field: "totalDurationInMinutes", get: (c) => formatPlainMinutes(c.totalDurationInMinutes), align: "right", min: 7 },
  ],
};
