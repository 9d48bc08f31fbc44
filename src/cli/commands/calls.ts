import type { Command } from "commander";
import { keyToken } from "../../query/tokenize.js";
import { type FilterFlag, registerListCommand } from "../list-command.js";

const FLAGS: FilterFlag[] = [
  { flag: "type", description: "audio or video", token: (v) => keyToken("type", v) },
  { flag: "mode", description: "call, meet or presenter (comma list)", token: (v) => keyToken("mode", v) },
  { flag: "status", description: "initiated, ongoing, ended, unanswered, rejected, canceled (comma list)", token: (v) => keyToken("status", v) },
  { flag: "receiver-type", description: "user or group", token: (v) => keyToken("receiver", v) },
  { flag: "uid", description: "calls that include this user", token: (v) => keyToken("uid", v) },
  { flag: "has-recording", description: "only calls with a recording", token: () => "rec:yes", boolean: true },
  { flag: "has-transcription", description: "only calls with a transcription", token: () => "transcript:yes", boolean: true },
  { flag: "participants", description: "participant entries: >=3, 2, 2..10", token: (v) => keyToken("participants", v) },
  { flag: "started", description: "started: >=2024-01-01, <1d, A..B", token: (v) => keyToken("started", v) },
  { flag: "ended", description: "ended: <=2024-02-01, A..B", token: (v) => keyToken("ended", v) },
];

export function registerCalls(program: Command): void {
  registerListCommand<"calls">(program, {
    name: "calls",
    description: "list the calls of the app (GET /calls) once and exit",
    filterFlags: FLAGS,
    endpoint: "GET /calls",
    load: () => import("../render/call-rows.js").then((m) => m.callRun),
  });
}
