import type { Command } from "commander";
import { Settings } from "../../config/resolve.js";
import { DEMO_SEED } from "../demo-seed.js";
import { runExplore } from "./explore.js";

/**
 * `ccx` alone: the explorer; with nothing configured, what its welcome screen chose once it has left the
 * terminal: the demo, or `ccx init` and then the explorer on the new profile. Apart from runExplore, which
 * the demo runs too, so that neither imports the other.
 */
export async function runStart(command: Command): Promise<void> {
  const next = await runExplore(command);
  if (next === "demo") {
    const { runDemo } = await import("./demo.js");
    await runDemo({ seed: DEMO_SEED }, command);
  } else if (next === "init") {
    const { runInit } = await import("./init.js");
    const written = await runInit({}, command, { thenExplore: true });
    // The new profile by name: it is the default only when it was the first. Its URLs and CA are what
    // init kept (answers may have changed the flags'), so the flags' no longer override them.
    const kept = { chatUrl: undefined, callsUrl: undefined, managementUrl: undefined, ca: undefined };
    if (written) await runExplore(command, { settings: () => new Settings({ ...command.optsWithGlobals(), ...kept, profile: written.profile }) });
  }
}
