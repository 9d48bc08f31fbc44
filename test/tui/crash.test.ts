import { describe, expect, it } from "vitest";
import { redact } from "../../src/config/mask.js";
import { crashReport } from "../../src/tui/crash.js";
import { recordOutput } from "../support/secrets.js";

describe("the explorer's crash report", () => {
  it("keeps the error and its stack, masks the keys in use and draws server text harmless", () => {
    const key = "fa11acce55key0123456789abcdef";
    const error = new Error(`request with apikey ${key} failed: \u001b]52;c;ZXZpbA==\u0007\u001b[2J boom`);
    const report = crashReport(error, (text) => redact(text, [key]));
    recordOutput("crash report", report);
    expect(report).toMatch(/^ccx: the explorer crashed: Error: request with apikey /);
    expect(report).toContain("boom");
    expect(report).toContain("crash.test.ts");
    expect(report).not.toContain(key);
    expect(report).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});
