import type { Command } from "commander";
import { runCommand } from "../runtime.js";
import { findKnownCall } from "./known-call.js";
import { jsonForTerminal } from "../../text/json.js";

/**
 * `ccx call <sessionId>`: finds the call in the app its id names, else in every known app. A person's view
 * tells each participant's outcome from the call's messages; `--json` prints the call as sent, with the
 * outcomes only when asked (`--outcomes`): the messages are one more request, to the chat host, and a
 * script that asks for a call should not wait for a second host it did not ask for.
 */
export function runCall(sessionId: string, flags: { json?: boolean; outcomes?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const found = await findKnownCall(runtime, sessionId);
    const story = async () => {
      const [{ callStory }, { AppClient }] = await Promise.all([import("../../api/call-story.js"), import("../../api/client.js")]);
      // The call is what was asked: its messages unread leave it without outcomes, said on stderr.
      return callStory(new AppClient(runtime.http, found.target), found.call).catch((error: Error) => {
        runtime.warn(`the call's messages could not be read (${error.message}): no outcomes`);
        return undefined;
      });
    };
    if (flags.json) {
      // The call as the server sent it, and with --outcomes one field of ccx's: what its messages say became of each participant.
      const raw = flags.outcomes ? { ...(found.raw as object), outcomes: await story() } : found.raw;
      await runtime.write(`${jsonForTerminal(raw, 2)}\n`);
      return;
    }
    // Only a person's view needs the width tables: --json stays lean.
    const [{ renderCall }, outcomes] = await Promise.all([import("../render/call.js"), story()]);
    await runtime.write(`${renderCall(found.call, { width: runtime.width, app: `${found.candidate.label} (${found.target.region})`, outcomes }).join("\n")}\n`);
  });
}
