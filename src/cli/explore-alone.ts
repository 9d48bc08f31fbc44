import { makeProgram, runMain } from "./root.js";

/**
 * `ccx` alone, the explorer: run by bin/ccx.js from the store's bundle (store.cjs), which the explorer loads
 * anyway, rather than from the command line's (ccx.cjs), whose every command it does not need: that bundle's
 * read, its code cache and its own copies of the modules the store shares were about 5 ms of the explorer's
 * first frame (docs/benchmarks.md). The same program as `ccx` with arguments, without the commands.
 */
export function exploreAlone(): Promise<void> {
  return runMain(makeProgram(false, []), []);
}
