import { Argument, type Command } from "commander";
import { ioOf } from "../io.js";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

/**
 * `ccx completion <shell>` prints a script for that shell; the script calls the
 * hidden `ccx __complete -- <words>`, which prints the candidates for the last
 * word, one a line (`value<TAB>description`), or `:file` / `:dir` for the
 * shell's own path completion. Both load their code only when run.
 */
export function registerCompletion(program: Command): void {
  program
    .command("completion")
    .description("print a completion script for bash, zsh or fish: commands, flags, profiles, regions, filter keys")
    .addArgument(new Argument("<shell>", "bash, zsh or fish").choices(SHELLS))
    .action(async (shell: Shell, _flags: unknown, command: Command) => {
      const { completionScript } = await import("../completion/scripts.js");
      ioOf(command).out.write(completionScript(shell));
    });
  // The scripts put `--` first: the words that follow reach the action untouched, options (even --help) included.
  program
    .command("__complete", { hidden: true })
    .argument("[words...]", "the command line's words up to the cursor, the program's name first, as typed")
    .action(async (words: string[], _flags: unknown, command: Command) => {
      const { complete } = await import("../completion/engine.js");
      const io = ioOf(command);
      const result = await complete(command.parent!, words.slice(1), io.env);
      const lines = "paths" in result ? [`:${result.paths}`] : result.candidates.map((c) => (c.description ? `${c.value}\t${c.description}` : c.value));
      io.out.write(lines.length > 0 ? `${lines.join("\n")}\n` : "");
    });
}
