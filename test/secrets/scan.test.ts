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

  it("a secret inside an answer may be whole only where the user asked to see it (--reveal); a key never", () => {
    const scan = createSecretScan();
    scan.register("ak_live_0123456789abcdef");
    scan.registerRevealable("push-token-0123456789", "ak_live_0123456789abcdef");
    scan.record("ccx notifications tokens --auth-token … --reveal (stdout, in process)", "push-token-0123456789");
    expect(scan.scan().leaks).toEqual([]);
    scan.record("ccx notifications tokens --auth-token … (stdout, in process)", "push-token-0123456789");
    scan.record("ccx apikeys --reveal (stdout, in process)", "ak_live_0123456789abcdef");
    expect(scan.scan().leaks.map((l) => l.where)).toEqual(["ccx notifications tokens --auth-token … (stdout, in process)", "ccx apikeys --reveal (stdout, in process)"]);
  });
});
