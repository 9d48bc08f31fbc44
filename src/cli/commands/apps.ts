import type { Command } from "commander";

export function registerApps(program: Command): void {
  program
    .command("apps")
    .description("the apps ccx knows: from flags, env, the config file, or the management API")
    .option("--json", "as one JSON array (keys masked)")
    .option("--ndjson", "one JSON object an app, a line each (keys masked)")
    .action(async (flags: { json?: boolean; ndjson?: boolean }, command: Command) => {
      const { runApps } = await import("../run/apps.js");
      await runApps(flags, command);
    });
}
