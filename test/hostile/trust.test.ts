import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, hostileRoutes, hostileServer } from "../support/hostile-server.js";
import { type Command, KEY, type Servers, ccx, expectClearFailure, expectStoreFailsThenRecovers, note, noteRun, printSummary, startServers, storeOn } from "./harness.js";

/**
 * 3. Redirects, to http:// and to another host: never followed, so the apikey
 * goes nowhere else. 4. A certificate for another name, and an expired one:
 * refused before a byte of the request is sent. (test/api/http.test.ts checks
 * the same refusals on an Http; these go through the commands and the store.)
 */

let servers: Servers;
let wrongName: HostileServer;
let expired: HostileServer;
/** Trusts both the hostile server's CA and the wrong-name server's: the store meets both. */
let bothCas: string;

beforeAll(async () => {
  servers = await startServers();
  const routes = hostileRoutes({ http: "http://127.0.0.1:9", https: "https://localhost:9" });
  wrongName = await hostileServer(routes, { hosts: ["api.example.com"] });
  expired = await hostileServer(routes, { validFromDays: -10, validToDays: -1 });
  bothCas = `${servers.main.caFile}.both.pem`;
  writeFileSync(bothCas, readFileSync(servers.main.caFile, "utf8") + readFileSync(wrongName.caFile, "utf8"));
});
afterAll(async () => {
  await Promise.all([servers?.close(), wrongName?.close(), expired?.close()]);
  printSummary("redirects and certificates");
});

const REDIRECTS = [301, 302, 307, 308].flatMap((status) => [
  { route: `redirect-${status}-http`, to: /http:\/\/127\.0\.0\.1:\d+\/steal\// },
  { route: `redirect-${status}-host`, to: /https:\/\/localhost:\d+\/steal\// },
]);

/** The other host saw nothing, and the hostile server saw each request once: nothing was followed. */
function expectNothingFollowed(route: string, requestsBefore: number, asked = 1) {
  expect(servers.other.connections).toBe(0);
  expect(servers.other.requests).toHaveLength(0);
  expect(servers.main.requests.length - requestsBefore).toBe(asked);
  expect(servers.main.requests.at(-1)).toMatchObject({ route, headers: { apikey: KEY } });
}

describe("a redirect", () => {
  it.each(REDIRECTS)("$route: ccx groups refuses it, naming where it led, and sends the key nowhere else", async ({ route, to }) => {
    const before = servers.main.requests.length;
    const run = await ccx(servers.main, route, "groups");
    noteRun(route, "groups", run);
    const status = route.split("-")[1];
    expectClearFailure(run, { exit: 1, code: "CCX_REDIRECT_REFUSED", message: new RegExp(`redirected \\(HTTP ${status}\\) to ${to.source}.*does not follow redirects`) });
    expectNothingFollowed(route, before);
  });

  it.each([
    ["redirect-302-host", "call"],
    ["redirect-307-http", "calls --json"],
  ] as const)("%s: ccx %s refuses it too", async (route, command: Command) => {
    const before = servers.main.requests.length;
    const run = await ccx(servers.main, route, command);
    noteRun(route, command, run);
    expectClearFailure(run, { exit: 1, code: "CCX_REDIRECT_REFUSED", message: /does not follow redirects/ });
    expectNothingFollowed(route, before);
  });

  it.each([
    ["redirect-301-host", "groups"],
    ["redirect-308-http", "calls"],
  ] as const)("%s: the explorer's store shows the refusal on %s and stays usable", async (route, kind) => {
    const probe = storeOn(servers.main, route);
    try {
      const before = servers.main.requests.length;
      const failed = await expectStoreFailsThenRecovers(probe, kind, "CCX_REDIRECT_REFUSED");
      expect(failed.error!.message).toMatch(/does not follow redirects/);
      expectNothingFollowed("good", before, 2);
      note(route, `store ${kind}`, { failure: failed.error?.code, ms: failed.ms, extra: failed.error?.hint ? "hint" : "no hint (store)" });
    } finally {
      await probe.close();
    }
  });
});

/** Said once, not retried (it fails alike every time), with a hint at --ca; nothing on stdout but the opening of --json's array. */
function expectCertificateVerdict(run: Awaited<ReturnType<typeof ccx>>) {
  expect(run.stderr).not.toMatch(/retries/);
  expect(run.stderr).toMatch(/hint: the server's certificate is not trusted: .*--ca/);
  // A failed run prints nothing on stdout, --json included.
  expect(run.stdout).toBe("");
}

describe("a certificate ccx must not trust", () => {
  it.each(["groups", "call", "calls --json"] as const)("for another name: ccx %s refuses it, exit 1, sending nothing", async (command) => {
    const run = await ccx(wrongName, "good", command);
    noteRun("cert for api.example.com", command, run);
    expectClearFailure(run, { exit: 1, code: "CCX_NETWORK_ERROR", message: /the certificate is not for 127\.0\.0\.1 \(it names DNS:api\.example\.com\)/ });
    expectCertificateVerdict(run);
    expect(wrongName.requests).toHaveLength(0);
  });

  it("expired: ccx groups refuses it, exit 1, sending nothing", async () => {
    const run = await ccx(expired, "good", "groups");
    noteRun("expired cert", "groups", run);
    expectClearFailure(run, { exit: 1, code: "CCX_NETWORK_ERROR", message: /not valid now/ });
    expectCertificateVerdict(run);
    expect(expired.requests).toHaveLength(0);
  });

  it("for another name: the explorer's store shows it with a hint, then works against a good server", async () => {
    const probe = storeOn({ ...servers.main, caFile: bothCas }, "good", {}, wrongName.url);
    try {
      const failed = await expectStoreFailsThenRecovers(probe, "groups", "CCX_NETWORK_ERROR");
      expect(failed.error!.message).toMatch(/not for 127\.0\.0\.1/);
      expect(wrongName.requests).toHaveLength(0);
      note("cert for api.example.com", "store groups", { failure: failed.error?.code, ms: failed.ms, extra: failed.error?.hint ? "hint" : "no hint" });
    } finally {
      await probe.close();
    }
  });
});
