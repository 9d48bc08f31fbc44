import type { Command } from "commander";
import { runCommand } from "../runtime.js";
import { findKnownCall } from "./known-call.js";
import { jsonForTerminal } from "../../text/json.js";
import { callStory } from "../../api/call-story.js";
import { AppClient } from "../../api/client.js";

/** `ccx call <sessionId>`: finds the call in the app its id names, else in every known app. */
export function runCall(sessionId: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const found = await findKnownCall(runtime, sessionId);
    // The call is what was asked: its messages unread leave it without outcomes, said on stderr.
    const outcomes = await callStory(new AppClient(runtime.http, found.target), found.call).catch((error: Error) => {
      runtime.warn(`the call's messages could not be read (${error.message}): no outcomes`);
      return undefined;
    });
    if (flags.json) {
      // The call as the server sent it, and one field of ccx's: what its messages say became of each participant.
      await runtime.write(`${jsonForTerminal({ ...(found.raw as object), outcomes }, 2)}\n`);
      return;
    }
    // Only a person's view needs the width tables: --json stays lean.
    const { renderCall } = await import("../render/call.js");
    await runtime.write(`${renderCall(found.call, { width: runtime.width, app: `${found.candidate.label} (${found.target.region})`, outcomes }).join("\n")}\n`);
  });
}
