import type { Command } from "commander";
import { callPages } from "../../api/calls.js";
import type { Call } from "../../api/schemas.js";
import { CALL_FILTER_KEYS, parseCallFilter } from "../../query/index.js";
import { formatMinutes, formatTime } from "../../text/index.js";
import { type FilterFlag, registerListCommand } from "../list-command.js";

const FLAGS: FilterFlag[] = [
  { flag: "type", description: "audio or video", token: (v) => `type:${v}` },
  { flag: "mode", description: "call, meet or presenter (comma list)", token: (v) => `mode:${v}` },
  { flag: "status", description: "initiated, ongoing, ended, unanswered, rejected, canceled (comma list)", token: (v) => `status:${v}` },
  { flag: "receiver-type", description: "user or group", token: (v) => `receiver:${v}` },
  { flag: "uid", description: "calls that include this user", token: (v) => `uid:${v}` },
  { flag: "has-recording", description: "only calls with a recording", token: () => "rec:yes", boolean: true },
  { flag: "has-transcription", description: "only calls with a transcription", token: () => "transcript:yes", boolean: true },
  { flag: "participants", description: "participant entries: >=3, 2, 2..10", token: (v) => `participants:${v}` },
  { flag: "started", description: "started: >=2024-01-01, <1d, A..B", token: (v) => `started:${v}` },
  { flag: "ended", description: "ended: <=2024-02-01, A..B", token: (v) => `ended:${v}` },
];

export function registerCalls(program: Command): void {
  registerListCommand<Call>(program, {
    name: "calls",
    description: "list the calls of the app (GET /calls) once and exit",
    filterFlags: FLAGS,
    syntaxHelp: ["Filter syntax (--query):", ...CALL_FILTER_KEYS.map((k) => `  ${k.example.padEnd(30)}${k.description}`)].join("\n"),
    parse: (line) => parseCallFilter(line),
    pages: (client, params) => callPages(client, params),
    // Most telling first: when the terminal is narrow, columns drop from the right.
    columns: [
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
    ],
  });
}
