import type { Command } from "commander";
import { runCommand } from "../runtime.js";
import { findKnownCall } from "./known-call.js";
import { jsonForTerminal } from "../../text/json.js";

/** `ccx call <sessionId>`: finds the call in the app its id names, else in every known app. */
export function runCall(sessionId: string, flags: { json?: boolean }, command: Command): Promise<void> {
  return runCommand(command, async (runtime) => {
    const found = await findKnownCall(runtime, sessionId);
    if (flags.json) {
      await runtime.write(`${jsonForTerminal(found.raw, 2)}\n`);
      return;
    }
    // Only a person's view needs the width tables: --json stays lean.
    const { renderCall } = await import("../render/call.js");
    await runtime.write(`${renderCall(found.call, { width: runtime.width, app: `${found.candidate.label} (${found.target.region})` }).join("\n")}\n`);
  });
}
