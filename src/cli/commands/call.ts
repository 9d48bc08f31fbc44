import { type Command, InvalidArgumentError } from "commander";
import { sessionIdArgument } from "../../api/session-id.js";

/** The call's id, or the one in a pasted log or dashboard line; a line with none is bad usage (exit 2). */
function sessionIdOption(raw: string): string {
  const id = sessionIdArgument(raw);
  if (id === undefined) throw new InvalidArgumentError("no session id (v1.<region>.<appId>.<id>) in it.");
  return id;
}

export function registerCall(program: Command): void {
  program
    .command("call")
    .description("print one call with its participants and recordings, found by its session id")
    .argument("<sessionId>", "the call's session id, e.g. v1.us.<appId>.<id>, or a log line holding one", sessionIdOption)
    .option("--json", "print the call as the server sent it")
    .option("--outcomes", "with --json, add each participant's outcome from the call's messages (one more request)")
    .option("--tui", "open the explorer at this call")
    .addHelpText("after", [
      "",
      "A session id names its region and app (v1.<region>.<appId>.…): that app is asked",
      "first; otherwise every known app, four at a time. Not found anywhere: exit 3.",
    ].join("\n"))
    .action(async (sessionId: string, flags: { json?: boolean; outcomes?: boolean; tui?: boolean }, command: Command) => {
      if (flags.tui) {
        const { runExplore } = await import("../run/explore.js");
        return void (await runExplore(command, { sessionId }));
      }
      const { runCall } = await import("../run/call.js");
      await runCall(sessionId, flags, command);
    });
}
