import type { Command } from "commander";

export function registerInit(program: Command): void {
  program
    .command("init")
    .description("first-time set-up: asks what the flags do not give, tests the credentials, writes the config file (mode 0600)")
    .option("--api-key-command <command>", "a command that prints the API key, kept in the profile instead of the key")
    .option("--management-key <key>", "management API key: find every app of the account instead of naming one")
    .option("--management-secret <secret>", "management API secret")
    .option("-y, --yes", "ask nothing: what the flags do not give is an error, and an existing profile is replaced")
    .addHelpText("after", [
      "",
      "An app: --app-id, --region and --api-key (or --api-key-command), and --profile (default: default).",
      "Or, instead: --management-key and --management-secret (and --management-url). --chat-url, --calls-url",
      "and --ca are kept with either, when given. In a terminal ccx init asks for what is missing; keys typed",
      "are not shown. Nothing is written until one request with the credentials succeeds (a refused key:",
      "exit 4); in a terminal a failed test offers to edit the answers (the URLs and the CA file too), each",
      "kept as its default, to test again, or to quit.",
    ].join("\n"))
    .action(async (flags: { apiKeyCommand?: string; managementKey?: string; managementSecret?: string; yes?: boolean }, command: Command) => {
      // Loaded when run: readline and the config writer cost every other command's start-up.
      const { runInit } = await import("../run/init.js");
      await runInit(flags, command);
    });
}
