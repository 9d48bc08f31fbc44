import { type Command, InvalidArgumentError, Option } from "commander";
import { keyToken } from "../../query/tokenize.js";
import { type FilterFlag, type ListFlags, registerListCommand } from "../list-command.js";

/** The calls filters as flags: `ccx calls`, `ccx stats` and `ccx download` take the same. */
export const CALL_FLAGS: FilterFlag[] = [
  { flag: "type", description: "audio or video", token: (v) => keyToken("type", v) },
  { flag: "mode", description: "call, meet or presenter (comma list)", token: (v) => keyToken("mode", v) },
  { flag: "status", description: "initiated, ongoing, ended, unanswered, rejected, canceled (comma list)", token: (v) => keyToken("status", v) },
  { flag: "receiver-type", description: "user or group", token: (v) => keyToken("receiver", v) },
  { flag: "uid", description: "calls that include this user", token: (v) => keyToken("uid", v) },
  { flag: "has-recording", description: "only calls with a recording", token: () => "rec:yes", boolean: true },
  { flag: "has-transcription", description: "only calls with a transcription", token: () => "transcript:yes", boolean: true },
  { flag: "participants", description: "participant entries: >=3, 2, 2..10", token: (v) => keyToken("participants", v) },
  { flag: "started", description: "started: >=2024-01-01, >=1d (the last day), 7d..1d, A..B", token: (v) => keyToken("started", v) },
  { flag: "ended", description: "ended: <=2024-02-01, A..B", token: (v) => keyToken("ended", v) },
];

/** Seconds between a watch's requests: at least 2, as live mode. */
function intervalOption(raw: string): number {
  const seconds = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || seconds < 2 || seconds > 3600) throw new InvalidArgumentError(`expected seconds from 2 to 3600, got "${raw}".`);
  return seconds;
}

export function registerCalls(program: Command): void {
  registerListCommand<"calls">(program, {
    name: "calls",
    description: "list the calls of the app (GET /calls) once and exit",
    filterFlags: CALL_FLAGS,
    endpoint: "GET /calls",
    instead: async (flags: ListFlags & { watch?: boolean; interval?: number }, command) => {
      if (flags.interval !== undefined && !flags.watch) command.error("error: --interval goes with --watch");
      if (!flags.watch) return false;
      const { runWatch } = await import("../run/watch.js");
      await runWatch(CALL_FLAGS, flags, command);
      return true;
    },
  }, (command) => command
    .option("--watch", "follow the newest calls until interrupted: what is new or changed, as it comes (--ndjson: one {event, call} a line)")
    .addOption(new Option("--interval <seconds>", "with --watch: seconds between requests (at least 2; default 5)").argParser(intervalOption)));
}
