import { makeProgram, runMain } from "./root.js";

/**
 * `ccx` alone, the explorer: run by bin/ccx.js from the store's bundle (store.cjs), which the explorer loads
 * anyway, rather than from the command line's (ccx.cjs), whose every command it does not need: without that
 * bundle's read, its code cache and its own copies of the modules the store shares, the store runs about 5 ms
 * sooner and the first frame comes about 3 ms sooner (docs/benchmarks.md). The same program as `ccx` with
 * arguments, without the commands.
 */
export function exploreAlone(): Promise<void> {
  return runMain(makeProgram(false, []), []);
}
