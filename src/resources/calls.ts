import { type Call, callListSchema, callSchema } from "../api/schemas.js";
import { formatAge, formatDuration, formatPlainMinutes, formatTime } from "../text/format.js";
import { callDuration } from "../text/timeline.js";
import type { Resource } from "./resource.js";

/**
 * The app's calls (GET /calls, one by GET /calls/{sessionId}): `ccx calls` is
 * made from this definition, its filter grammar written by hand
 * (src/query/calls.ts), and `ccx stats` and `ccx download` take its flags;
 * one call is found in every known app (`detail.find`), by `ccx call`, written
 * by hand, and by the explorer's generic item, extended (item-screens.ts).
 */
export const calls: Resource<Call> = {
  name: "calls",
  singular: "call",
  description: "the calls of the app: status, mode, when, how long, who took part, recordings",
  idField: "sessionId",
  schema: callSchema,
  list: {
    path: "/calls",
    perPage: { default: 50, max: 1000 },
    answer: callListSchema,
    flags: [
      { flag: "type", key: "type", description: "audio or video" },
      { flag: "mode", key: "mode", description: "call, meet or presenter (comma list)" },
      { flag: "status", key: "status", description: "initiated, ongoing, ended, unanswered, rejected, canceled (comma list)" },
      { flag: "receiver-type", key: "receiver", description: "user or group" },
      { flag: "uid", key: "uid", description: "calls that include this user" },
      { flag: "has-recording", key: "rec", switch: "yes", description: "only calls with a recording" },
      { flag: "has-transcription", key: "transcript", switch: "yes", description: "only calls with a transcription" },
      { flag: "participants", key: "participants", description: "participant entries: >=3, 2, 2..10" },
      { flag: "started", key: "started", description: "started: >=2024-01-01, >=1d (the last day), 7d..1d, A..B" },
      { flag: "ended", key: "ended", description: "ended: <=2024-02-01, A..B" },
    ],
    grammar: async () => (await import("../query/calls.js")).CALL_GRAMMAR,
  },
  detail: {
    path: "/calls/{sessionId}",
    // Loaded with the first call opened: the explorer's start does not pay for it.
    // With what its messages say became of each participant (`outcomes`, as `ccx call --json` adds it);
    // messages that cannot be read leave the call without it.
    find: async (http, id, apps, signal) => {
      const [{ findCall }, { callStory }, { AppClient }] = await Promise.all([import("../api/find-call.js"), import("../api/call-story.js"), import("../api/client.js")]);
      const found = await findCall(http, id, apps, signal);
      const outcomes = await callStory(new AppClient(http, found.target), found.call, signal).catch(() => undefined);
      return { item: outcomes ? { ...(found.raw as object), outcomes } : found.raw, app: found.candidate };
    },
    // T opens its transcripts: below its summary are its participants and recordings.
    childrenApart: true,
  },
  ownItemCommand: true,
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
