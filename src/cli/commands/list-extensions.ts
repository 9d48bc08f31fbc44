import { type Command, InvalidArgumentError, Option } from "commander";
import type { ResourceListFlags } from "./resource.js";

/**
 * What a list command made from a definition adds of its own, by resource name (k9s's registrar of
 * custom viewers): more options, and another mode they ask for that runs instead of the listing.
 */
export interface ListExtension {
  options(command: Command): void;
  /** Runs the other mode when the flags ask for it; true when it did. */
  instead(flags: ResourceListFlags, command: Command): Promise<boolean>;
}

/** Seconds between a watch's requests: at least 2, as live mode. */
function intervalOption(raw: string): number {
  const seconds = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || seconds < 2 || seconds > 3600) throw new InvalidArgumentError(`expected seconds from 2 to 3600, got "${raw}".`);
  return seconds;
}

export const LIST_EXTENSIONS: Readonly<Record<string, ListExtension>> = {
  // `ccx calls --watch`: the newest calls followed until interrupted (run/watch.ts).
  calls: {
    options: (command) => command
      .option("--watch", "follow the newest calls until interrupted: what is new or changed, as it comes (--ndjson: one {event, call} a line)")
      .addOption(new Option("--interval <seconds>", "with --watch: seconds between requests (at least 2; default 5)").argParser(intervalOption)),
    instead: async (flags, command) => {
      if (flags.interval !== undefined && !flags.watch) command.error("error: --interval goes with --watch");
      if (!flags.watch) return false;
      const { runWatch } = await import("../run/watch.js");
      await runWatch(flags, command);
      return true;
    },
  },
};
