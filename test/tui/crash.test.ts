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

  it("masks the secrets an error quotes by their names: an answer's fields, a URL's token", () => {
    const error = new Error('bad settings {"giphyApiKey":"giphy-0123456789abcdef","keyId":"K1","basicAuthPassword":"hunter2-hunter2"} from https://x.example/v3/notifications/push/v1/tokens?authToken=tok-0123456789abcd&all=true');
    const report = crashReport(error);
    recordOutput("crash report", report);
    for (const secret of ["giphy-0123456789abcdef", "hunter2-hunter2", "tok-0123456789abcd"]) expect(report).not.toContain(secret);
    expect(report).toContain('"giphyApiKey":"…cdef"');
    expect(report).toContain('"keyId":"K1"');
    expect(report).toContain("authToken=…abcd&all=true");
  });
});
