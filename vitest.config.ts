import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/bench/**", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores here: keep the worker count to what the machine has.
    maxWorkers: 2,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Every file ends with a scan of what ccx printed, drew and copied for the secrets in use.
    setupFiles: ["./test/support/secrets-setup.ts"],
    globalSetup: ["./test/support/secrets-global.ts"],
  },
});
