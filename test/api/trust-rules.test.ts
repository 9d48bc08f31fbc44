import { writeFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { Http } from "../../src/api/http.js";
import { type ChainOptions, EKU, KU, makeChain } from "../support/cert-chains.js";
import { scratchDir } from "../support/scratch.js";

/**
 * `--ca`: what OpenSSL checks of a TLS server's chain is checked, one rule
 * broken at a time; each is refused before a byte of the request (and its
 * apikey) is written, and said in words. A good chain, with and without an
 * intermediate, is taken.
 */

async function ask(options: ChainOptions): Promise<{ outcome: ApiError | number; requests: number }> {
  const chain = await makeChain(options);
  let requests = 0;
  const server = createServer({ cert: chain.chainPem, key: chain.keyPem }, (_req, res) => {
    requests++;
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const caFile = join(scratchDir("ccx-trust-"), "ca.pem");
  writeFileSync(caFile, chain.rootPem);
  const http = new Http({ caFile, retries: 2, backoffMs: 1 });
  try {
    const response = await http.send({ method: "GET", url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/x`, headers: { apikey: "k-secret-0000" } });
    return { outcome: response.status, requests };
  } catch (error) {
    return { outcome: error as ApiError, requests };
  } finally {
    await http.close();
    server.close();
  }
}

describe("a CA file's trust checks what OpenSSL checks for a TLS server", () => {
  it.each([
    ["a good chain", {}],
    ["a good chain through an intermediate", { intermediate: true }],
  ])("takes %s", async (_what, options) => {
    const { outcome, requests } = await ask(options);
    expect(outcome).toBe(200);
    expect(requests).toBe(1);
  });

  it.each([
    ["a leaf for clients only (extended key usage clientAuth)", { leafEku: [EKU.clientAuth] }, /not for this use/],
    ["a leaf whose key usage is only to sign certificates", { leafKu: KU.keyCertSign }, /not for this use/],
    ["an intermediate that is no CA (basic constraints)", { intermediate: true, intermediateNotCa: true }, /not for this use|signs others without being allowed to/],
    ["an intermediate whose key usage does not sign certificates", { intermediate: true, intermediateKu: KU.digitalSignature }, /signs others without being allowed to/],
    ["a root that allows no intermediate (path length 0) above one", { intermediate: true, rootPathLength: 0 }, /signs others without being allowed to/],
  ])("refuses %s, before any request, and does not retry", async (_what, options, words) => {
    const { outcome, requests } = await ask(options as ChainOptions);
    expect(outcome).toBeInstanceOf(ApiError);
    const error = outcome as ApiError;
    expect(error.extra.certificate).toBe(true);
    expect(error.message).toMatch(words);
    expect(error.extra.retries).toBe(0);
    expect(requests).toBe(0);
  });
});
