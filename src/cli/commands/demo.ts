import type { Command } from "commander";
import { DEMO_SEED } from "../demo-seed.js";
import { integerOption } from "../usage-error.js";

export function registerDemo(program: Command): void {
  program
    .command("demo")
    .description("start the emulator with generated data and open the explorer on it")
    .option("--seed <n>", "seed of the generated data", integerOption(0), DEMO_SEED)
    .action(async (flags: { seed: number }, command: Command) => {
      // Loaded when run: the child process and readline it needs cost every other command's start-up.
      const { runDemo } = await import("../run/demo.js");
      await runDemo(flags, command);
    });
}
