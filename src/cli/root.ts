import { Command, CommanderError } from "commander";
import { sanitize } from "../text/sanitize.js";
import { VERSION } from "../version.js";
import { addGlobalOptions } from "./global-options.js";
import { type IOStreams, systemIO, useIO } from "./io.js";
import { loadFilterHelp } from "./list-command.js";
import { EXIT } from "./usage-error.js";
import { HANG_UP_STATUS, endByHangUp, terminalDescriptors } from "../tui/terminal.js";

/** What defines one or more commands on the program. */
export type Register = (program: Command) => void;

/**
 * The program: ccx's root (its global options, and the explorer as its action) with the commands
 * `registers` define. `commandNamed`: the line names a command (its own -V is then not ccx's).
 * Apart from the registrars (program.ts), so that `ccx` alone runs from the explorer's bundle
 * (explore-alone.ts), which holds none of the commands.
 */
export function makeProgram(commandNamed: boolean, registers: readonly Register[]): Command {
  // Commander reads a parent's options after a subcommand's name too: ccx's own -V, --version is
  // defined only where it cannot be a verb's (`ccx webhook create --version 2`, the webhooks' version).
  const program = new Command("ccx").description("A terminal explorer for the CometChat REST v3 API (chat, calls, management).");
  if (!commandNamed) program.version(VERSION, "-V, --version");
  program.showHelpAfterError("(run with --help for usage)").exitOverride();
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
    const { runStart } = await import("./run/start.js");
    await runStart(command);
  });
  for (const register of registers) register(program);
  const versionOfItsOwn = (command: Command) => command.commands.some((verb) => verb.options.some((o) => o.long === "--version"));
  for (const command of program.commands) {
    if (!versionOfItsOwn(command)) command.version(VERSION, "-V, --version");
    command.exitOverride();
  }
  // The explorer takes no operands, so a word there is a mistyped command (fuzz: `ccx grups` said
  // "too many arguments. Expected 0 arguments but got 1", and `ccx grups --per-page 5` "unknown
  // option '--per-page'"): the root takes them all and its action names the first, with commander's
  // own messages and suggestions. Set last, so that the subcommands keep refusing both.
  program.allowExcessArguments(true).allowUnknownOption(true);
  return program;
}

/**
 * Parses `argv` (without node and the script) and runs the command, with `io` for its streams and
 * environment; failures set the exit code of docs/commands.md.
 */
export async function runProgram(program: Command, argv: string[], io: IOStreams = systemIO()): Promise<void> {
  useIO(program, io);
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
    io.err.write(`error: ${sanitize(error instanceof Error ? error.message : error) || "unknown failure"}\n`);
    process.exitCode = EXIT.failure;
  }
}

/** Runs the program on the process's arguments, as the process's own command. */
export async function runMain(program: Command, argv: string[]): Promise<void> {
  const terminals = terminalDescriptors();
  await runProgram(program, argv);
  // The terminal hung up while ccx ran (the explorer has stopped and cleaned up; it says so in its status, or
  // its input ended first): the process ends by the signal, as a shell's program does.
  if (process.exitCode === HANG_UP_STATUS || terminalDescriptors().length < terminals.length) endByHangUp();
}
