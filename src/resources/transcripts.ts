import * as v from "valibot";
import { int, opt, tolerantObject } from "../api/schemas.js";
import { MISSING, formatTime } from "../text/format.js";
import type { Resource } from "./resource.js";

/** When a transcript was made: ISO in the exports, also read as UNIX seconds, as every other time is sent (docs/service.md). */
const isoOrSeconds = v.union([v.string(), int]);

const transcriptSchema = tolerantObject("tid", {
  tid: v.string(),
  mid: opt(v.string()),
  roomName: opt(v.string()),
  startTime: opt(int),
  endTime: opt(int),
  transcriptDate: opt(isoOrSeconds),
  transcriptUrl: opt(v.string()),
});
type Transcript = v.InferOutput<typeof transcriptSchema>;

/** The same time shown whichever form it came in; a string that is no time, as sent. */
function madeAt(value: string | number | undefined): string {
  if (value === undefined) return "";
  const shown = formatTime(value);
  return shown === MISSING ? String(value) : shown;
}


/** A call's transcripts (GET /calls/{sessionId}/transcriptions). */
export const transcripts: Resource<Transcript> = {
  name: "transcripts",
  singular: "transcript",
  aliases: ["transcriptions"],
  description: "a call's transcripts: when each was made and where to fetch it",
  idField: "tid",
  schema: transcriptSchema,
  list: { path: "/calls/{sessionId}/transcriptions", perPage: { default: 100, max: 1000 } },
  columns: [
    { header: "tid", field: "tid", get: (t) => t.tid, min: 16 },
    { header: "made", field: "transcriptDate", get: (t) => madeAt(t.transcriptDate), min: 16 },
    { header: "started", field: "startTime", get: (t) => (t.startTime === undefined ? "" : formatTime(t.startTime)), min: 16 },
    { header: "url", field: "transcriptUrl", get: (t) => t.transcriptUrl ?? "", min: 12, grows: true },
  ],
};
