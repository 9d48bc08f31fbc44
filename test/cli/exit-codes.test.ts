import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { describeFailure, exitCodeOf } from "../../src/cli/runtime.js";
import { ConfigError } from "../../src/config/config-file.js";

describe("exit codes and messages (docs/commands.md)", () => {
  it.each([
    ["AUTH_ERR_EMPTY_APIKEY", 4],
    ["AUTH_ERR_APIKEY_NOT_FOUND", 4],
    ["AUTH_ERR_NO_ACCESS", 4],
    ["ERR_CALL_SESSION_NOT_FOUND", 3],
    ["ERR_GUID_NOT_FOUND", 3],
    ["ERR_UID_NOT_FOUND", 3],
    ["ERR_BAD_REQUEST", 2],
    ["CCX_INSECURE_URL", 2],
    ["ERR_TOO_MANY_REQUESTS", 1],
    ["CCX_NOT_JSON", 1],
    ["CCX_NETWORK_ERROR", 1],
  ])("%s exits %i", (code, exit) => {
    expect(exitCodeOf(new ApiError(code, "x"))).toBe(exit);
  });

  it("bad configuration is bad usage; anything else is 1", () => {
    expect(exitCodeOf(new ConfigError("x"))).toBe(2);
    expect(exitCodeOf(new Error("boom"))).toBe(1);
  });

  it("prints the service's code verbatim, its devMessage and details, masking secrets", () => {
    const key = "abcdef0123456789abcdef0123456789";
    const text = describeFailure(new ApiError("ERR_BAD_REQUEST", "Failed to validate.", {
      devMessage: `Invalid perPage for key ${key}`, details: { perPage: ["The perPage may not be greater than 1000."] },
    }), [key]);
    expect(text).toMatch(/^error: ERR_BAD_REQUEST: Failed to validate\.\n/);
    expect(text).toContain("perPage: The perPage may not be greater than 1000.");
    expect(text).toContain("…6789");
    expect(text).not.toContain(key);
  });

  it("masks the secrets the service's words quote, as an answer's are", () => {
    const token = "a1b2c3d4e5f6a7b8c9d0";
    const text = describeFailure(new ApiError("ERR_TOKEN", `push token rejected for authToken=${token}`, {
      devMessage: `body: {"giphyApiKey": "${token}x", "name": "gifs"}`, request: `GET /notifications/push/v1/tokens?authToken=${token}`,
    }), []);
    expect(text).not.toContain(token);
    expect(text).toContain("authToken=…c9d0");
    expect(text).toContain('"giphyApiKey": "…9d0x"');
    expect(text).toContain('"name": "gifs"');
  });
});

describe("a hostile error message", () => {
  it("reaches stderr with no escape sequence or control character", () => {
    const text = describeFailure(new ApiError("ERR_X", "\u001b]0;pwned\u0007boom \u001b[2J"), []);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain("boom");
  });
});
