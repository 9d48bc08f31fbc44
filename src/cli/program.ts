import { Command, CommanderError } from "commander";
import { sanitize } from "../text/sanitize.js";
import { VERSION } from "../version.js";
import { registerApps } from "./commands/apps.js";
import { registerCall } from "./commands/call.js";
import { registerCalls } from "./commands/calls.js";
import { registerCompletion } from "./commands/completion.js";
import { registerConfig } from "./commands/config.js";
import { registerDemo } from "./commands/demo.js";
import { registerDownload } from "./commands/download.js";
import { registerEmulator } from "./commands/emulator.js";
import { registerGroup } from "./commands/group.js";
import { registerGroups } from "./commands/groups.js";
import { registerInit } from "./commands/init.js";
import { registerConversations } from "./commands/conversations.js";
import { registerMessages } from "./commands/messages.js";
import { registerStats } from "./commands/stats.js";
import { registerUsers } from "./commands/users.js";
import { addGlobalOptions } from "./global-options.js";
import { loadFilterHelp } from "./list-command.js";
import { EXIT } from "./usage-error.js";

/**
 * The command line, apart from main.ts (which runs it on import), so that
 * tests can build and run it in-process.
 */
export function buildProgram(): Command {
  const program = new Command("ccx")
    .description("A terminal explorer for the CometChat REST v3 API (chat, calls, management).")
    .version(VERSION, "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
  addGlobalOptions(program);
  program.action(async (_flags: unknown, command: Command) => {
    // Words the root did not take: `help [command]`, else the first one is the mistake, an option or a command.
    const [first, second] = command.args;
    if (first === "help") (command.commands.find((c) => c.name() === second) ?? command).help();
    const says = command as unknown as { unknownOption(flag: string): never; unknownCommand(): never };
    if (first?.startsWith("-")) {
      command.allowUnknownOption(false); // else unknownOption stays silent
      says.unknownOption(first);
    }
    if (first !== undefined) says.unknownCommand();
    const { runExplore } = await import("./run/explore.js");
    await runExplore(command);
  });
  registerGroups(program);
  registerGroup(program);
  registerUsers(program);
  registerMessages(program);
  registerConversations(program);
  registerCalls(program);
  registerCall(program);
  registerStats(program);
  registerDownload(program);
  registerApps(program);
  registerDemo(program);
  registerEmulator(program);
  registerCompletion(program);
  registerInit(program);
  registerConfig(program);
  for (const command of program.commands) command.version(VERSION, "-V, --version").exitOverride();
  // The explorer takes no operands, so a word there is a mistyped command (fuzz: `ccx grups` said
  // "too many arguments. Expected 0 arguments but got 1", and `ccx grups --per-page 5` "unknown
  // option '--per-page'"): the root takes them all and its action names the first, with commander's
  // own messages and suggestions. Set last, so that the subcommands keep refusing both.
  program.allowExcessArguments(true).allowUnknownOption(true);
  return program;
}

/** Parses `argv` (without node and the script) and runs the command; failures set the exit code of design.md. */
export async function runProgram(program: Command, argv: string[]): Promise<void> {
  try {
    if (argv.some((a) => a === "--help" || a === "-h") || argv[0] === "help") await loadFilterHelp();
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; any other parse failure is bad usage.
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    // Whatever was thrown (not always an Error), one sanitized line and exit 1, never a stack trace.
    process.stderr.write(`error: ${sanitize(error instanceof Error ? error.message : error) || "unknown failure"}\n`);
    process.exitCode = EXIT.failure;
  }
}

export function main(argv: string[]): Promise<void> {
  return runProgram(buildProgram(), argv);
}
