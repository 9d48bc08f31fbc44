import { type Server, type Socket, createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { Http } from "../../src/api/http.js";
import { KEY, type Servers, ccx, expectClearFailure, expectStoreFailsThenRecovers, note, printSummary, startServers, storeOn } from "./harness.js";

/**
 * 2. A body dripped one byte a second, and a server that takes the connection
 * but never finishes the TLS handshake: both end by the timeout.
 *
 * Through an Http with a short timeout, in-process and under the explorer's
 * store, and through `ccx groups --timeout 1` (15 s per attempt by default).
 */

let servers: Servers;
let tarpit: Server;
let tarpitUrl: string;
/** The tarpit's connections still open. */
const held = new Set<Socket>();

beforeAll(async () => {
  servers = await startServers();
  // Accepts TCP connections and says nothing: no TLS handshake ever completes.
  tarpit = createServer((socket) => {
    held.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => held.delete(socket));
    socket.resume(); // reads the ClientHello and ignores it, so that the client's hang-up is seen
  });
  await new Promise<void>((resolve) => tarpit.listen(0, "127.0.0.1", resolve));
  tarpitUrl = `https://127.0.0.1:${(tarpit.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => tarpit?.close(resolve));
  await servers?.close();
  printSummary("slow servers");
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const open = () => held.size;
const settle = async (check: () => boolean, ms: number) => {
  const end = performance.now() + ms;
  while (!check() && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe("a body dripped one byte a second", () => {
  it("ends by the timeout, retried within bounds, with CCX_TIMEOUT", async () => {
    const http = new Http({ caFile: servers.main.caFile, timeoutMs: 800, retries: 1, backoffMs: 10 });
    const before = servers.main.requests.filter((r) => r.route === "drip").length;
    const started = performance.now();
    try {
      const error = await failure(http.send({ method: "GET", url: `${servers.main.url}/drip/chat/groups`, headers: { apikey: KEY } }));
      const ms = performance.now() - started;
      expect(error.code).toBe("CCX_TIMEOUT");
      expect(error.message).toMatch(/no complete answer within 0\.8 s/);
      expect(error.extra.retries).toBe(1);
      expect(servers.main.requests.filter((r) => r.route === "drip").length - before).toBe(2);
      // Each attempt waited out its timeout (a lower bound holds on a busy machine); how long in all is in the summary.
      expect(ms).toBeGreaterThanOrEqual(1_500);
      note("drip, 1 byte/s", "Http 0.8 s×2", { failure: error.code, ms });
    } finally {
      await http.close();
    }
  });

  it("ccx groups --timeout 1 gives up after its attempts, exit 1, CCX_TIMEOUT", async () => {
    const before = servers.main.requests.filter((r) => r.route === "drip").length;
    const run = await ccx(servers.main, "drip", "groups --timeout 1");
    expectClearFailure(run, { exit: 1, code: "CCX_TIMEOUT", message: /no complete answer within 1 s/ });
    expect(run.stderr).toMatch(/\(after 3 retries\)/);
    expect(servers.main.requests.filter((r) => r.route === "drip").length - before).toBe(4);
    expect(run.ms).toBeGreaterThanOrEqual(4_000);
    note("drip, 1 byte/s", "ccx groups --timeout 1", { failure: "CCX_TIMEOUT", ms: run.ms });
  });

  it("the explorer's store shows the timeout with a hint, and stays usable", async () => {
    const probe = storeOn(servers.main, "drip", { timeoutMs: 800, retries: 1, backoffMs: 10 });
    try {
      const failed = await expectStoreFailsThenRecovers(probe, "groups", "CCX_TIMEOUT");
      note("drip, 1 byte/s", "store groups", { failure: failed.error?.code, ms: failed.ms, extra: failed.error?.hint ? "hint" : "no hint" });
    } finally {
      await probe.close();
    }
  });
});

describe("a TLS handshake that never finishes", () => {
  it.each([
    ["trusting a CA file (--ca)", true],
    ["trusting the system roots", false],
  ])("ends by the timeout, %s, and leaves no connection behind", async (_how, withCa) => {
    const http = new Http({ caFile: withCa ? servers.main.caFile : undefined, timeoutMs: 500, retries: 1, backoffMs: 10 });
    const started = performance.now();
    try {
      const error = await failure(http.send({ method: "GET", url: `${tarpitUrl}/groups`, headers: { apikey: KEY } }));
      const ms = performance.now() - started;
      expect(error.code).toBe("CCX_TIMEOUT");
      expect(error.extra.retries).toBe(1);
      note("handshake never ends", withCa ? "Http --ca" : "Http system CA", { failure: error.code, ms });
    } finally {
      await http.close();
    }
    // Nothing keeps a half-open handshake (and with it a process) alive.
    expect(await settle(() => open() === 0, 1_000)).toBe(true);
  });

  it("is cancelled at once when the caller aborts", async () => {
    const http = new Http({ caFile: servers.main.caFile, timeoutMs: 10_000 });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    try {
      const error = await failure(http.send({ method: "GET", url: `${tarpitUrl}/groups`, headers: { apikey: KEY }, signal: controller.signal }));
      const ms = performance.now() - started;
      // Aborted, not timed out: the 10 s timeout would have ended it with CCX_TIMEOUT.
      expect(error.code).toBe("CCX_ABORTED");
      note("handshake never ends", "Http, aborted", { failure: error.code, ms });
    } finally {
      await http.close();
    }
    expect(await settle(() => open() === 0, 1_000)).toBe(true);
  });
});
