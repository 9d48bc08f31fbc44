import { appendFileSync } from "node:fs";
import { afterAll, expect } from "vitest";
import { scanOutputs } from "./secrets.js";

// Each test file ends by scanning everything ccx printed, drew and copied for the secrets in use.
afterAll(() => {
  const result = scanOutputs();
  const log = process.env.CCX_TEST_SECRET_SCAN;
  if (log) appendFileSync(log, `${JSON.stringify({ outputs: result.outputs, bytes: result.bytes, secrets: result.secrets, leaks: result.leaks.length })}\n`);
  expect(result.leaks, "secrets printed, drawn or copied whole").toEqual([]);
});
