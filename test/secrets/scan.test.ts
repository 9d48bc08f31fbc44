import { describe, expect, it } from "vitest";
import { createSecretScan } from "../support/secrets.js";

describe("the secrets scan every test file ends with", () => {
  it("finds a secret printed whole, and not one shown masked", () => {
    const scan = createSecretScan();
    scan.register("ak_live_0123456789abcdef", "mgmt-secret-abcdefgh");
    scan.record("ccx groups (stderr)", "error: AUTH_ERR: key ak_l…cdef was refused");
    expect(scan.scan().leaks).toEqual([]);
    scan.record("request log", "curl -H 'apikey: ak_live_0123456789abcdef' https://…");
    expect(scan.scan()).toMatchObject({ outputs: 2, secrets: 2, leaks: [{ where: "request log", secret: "ak_l…" }] });
  });
});
