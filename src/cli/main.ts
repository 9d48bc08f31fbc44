import { Command, CommanderError } from "commander";
import { VERSION } from "../version.js";
import { registerApps } from "./commands/apps.js";
import { registerCall } from "./commands/call.js";
import { registerCalls } from "./commands/calls.js";
import { registerDemo } from "./commands/demo.js";
import { registerEmulator } from "./commands/emulator.js";
import { registerGroups } from "./commands/groups.js";
import { addGlobalOptions } from "./global-options.js";
import { EXIT } from "./usage-error.js";

export function buildProgram(): Command {
  const program = new Command("ccx")
    .description("A terminal explorer for the CometChat REST v3 API (chat, calls, management).")
    .version(VERSION, "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
  addGlobalOptions(program);
  program.action(async (_flags: unknown, command: Command) => {
    const { runExplore } = await import("./run/explore.js");
    await runExplore(command);
  });
  registerGroups(program);
  registerCalls(program);
  registerCall(program);
  registerApps(program);
  registerDemo(program);
  registerEmulator(program);
  for (const command of program.commands) command.version(VERSION, "-V, --version").exitOverride();
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; any other parse failure is bad usage.
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    process.stderr.write(`error: ${(error as Error).message}\n`);
    process.exitCode = EXIT.failure;
  }
}

void main(process.argv.slice(2));
