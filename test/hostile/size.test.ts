import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { Http } from "../../src/api/http.js";
import { type Command, KEY, type Servers, ccx, expectClearFailure, expectStoreFailsThenRecovers, note, noteRun, printSummary, startServers, storeOn } from "./harness.js";

/** 1. An endless body, and one announced as 200 MB: ccx stops at its body limit (bytes sent counted) and stays small. */

let servers: Servers;
beforeAll(async () => {
  servers = await startServers();
});
afterAll(async () => {
  await servers?.close();
  printSummary("bodies without end");
});

const COMMANDS: Command[] = ["groups", "calls --json", "call"];

describe("a body without end, or announced as 200 MB", () => {
  it.each(COMMANDS)("ccx %s stops at the body limit with CCX_RESPONSE_TOO_LARGE (endless body)", async (command) => {
    const run = await ccx(servers.main, "endless", command);
    noteRun("endless body", command, run);
    expectClearFailure(run, { exit: 1, code: "CCX_RESPONSE_TOO_LARGE", message: /larger than ccx reads \(32 MiB\)/, maxMb: 150 });
    expect(run.stdout.trim()).toMatch(/^\[?$/);
  });

  it.each(COMMANDS)("ccx %s refuses an announced 200 MB before reading it", async (command) => {
    const before = servers.main.bytesSent.get("huge") ?? 0;
    const run = await ccx(servers.main, "huge", command);
    noteRun("200 MB announced", command, run);
    expectClearFailure(run, { exit: 1, code: "CCX_RESPONSE_TOO_LARGE", message: /is 200 MiB, larger than ccx reads/, maxMb: 100 });
    // Only what the kernel's buffers took before ccx hung up, not the 32 MiB of the limit.
    const sent = (servers.main.bytesSent.get("huge") ?? 0) - before;
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it("an in-process Http reads at most the limit, holding about that much memory", async () => {
    const http = new Http({ caFile: servers.main.caFile });
    globalThis.gc?.();
    const base = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - base.heapUsed - base.arrayBuffers);
    }, 5);
    const started = performance.now();
    const sentBefore = servers.main.bytesSent.get("endless") ?? 0;
    try {
      const error = await http.send({ method: "GET", url: `${servers.main.url}/endless/chat/groups`, headers: { apikey: KEY } }).then(() => undefined, (e: unknown) => e);
      const ms = performance.now() - started;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("CCX_RESPONSE_TOO_LARGE");
      // A body too large is not retried: asking again would read it again.
      expect((error as ApiError).extra.retries).toBe(0);
      // Read up to the 32 MiB limit, then hung up on: the server sent that and what the buffers took, no more.
      const sent = (servers.main.bytesSent.get("endless") ?? 0) - sentBefore;
      expect(sent).toBeGreaterThan(32 * 1024 * 1024);
      expect(sent).toBeLessThan(48 * 1024 * 1024);
      expect(peak / 1048576).toBeLessThan(100);
      note("endless body", "Http", { failure: "CCX_RESPONSE_TOO_LARGE", ms, extra: `sent ${(sent / 1048576).toFixed(1)} MiB · heap+buffers grew ≤ ${(peak / 1048576).toFixed(0)} MB` });
    } finally {
      clearInterval(sampler);
      await http.close();
    }
  });

  it.each(["endless", "huge"])("the explorer's store shows the failure (%s) and stays usable", async (route) => {
    const probe = storeOn(servers.main, route);
    try {
      const failed = await expectStoreFailsThenRecovers(probe, "groups", "CCX_RESPONSE_TOO_LARGE");
      note(route === "endless" ? "endless body" : "200 MB announced", "store groups", { failure: failed.error?.code, ms: failed.ms, extra: failed.error?.hint ? "hint" : "no hint (store)" });
    } finally {
      await probe.close();
    }
  });
});
