import { defineConfig } from "vitest/config";
import LongestFirst from "./test/support/sequencer.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/bench/**", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores here, but most files wait on sockets, timers and terminals more than they compute: a
    // third worker overlaps those waits (about 112 s instead of 130 s for the suite), and the suite still
    // passes with two busy loops beside it (no test asserts wall-clock time).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Every file ends with a scan of what ccx printed, drew and copied for the secrets in use, and with
    // its scratch folders removed; the run ends by checking that nothing was left behind.
    setupFiles: ["./test/support/scratch-setup.ts", "./test/support/secrets-setup.ts"],
    globalSetup: ["./test/support/leftovers-global.ts", "./test/support/secrets-global.ts"],
  },
});
