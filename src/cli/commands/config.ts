import type { Command } from "commander";

export function registerConfig(program: Command): void {
  const config = program.command("config").description("where the config file is, what it holds (keys masked), which profile is the default");
  // Without a subcommand: said as the mistake it is (commander would print the help and exit 1 without a word).
  config.action((_flags: unknown, command: Command) => command.error("error: say which: ccx config path | show | use <profile>"));
  config
    .command("path")
    .description("the config file's path (--config, CCX_CONFIG, else $XDG_CONFIG_HOME/ccx/config.json), and whether it exists")
    .option("--json", "as JSON: {path, exists, mode}")
    .action(async (flags: { json?: boolean }, command: Command) => {
      const { runConfigPath } = await import("../run/config.js");
      await runConfigPath(flags, command);
    });
  config
    .command("show")
    .description("the profiles and the management block, every key and secret masked")
    .option("--json", "as JSON (keys masked)")
    .action(async (flags: { json?: boolean }, command: Command) => {
      const { runConfigShow } = await import("../run/config.js");
      await runConfigShow(flags, command);
    });
  config
    .command("use")
    .description("make a profile the default (defaultProfile), the rest of the file kept")
    .argument("<profile>", "the profile's name")
    .action(async (name: string, _flags: unknown, command: Command) => {
      const { runConfigUse } = await import("../run/config.js");
      await runConfigUse(name, command);
    });
}
