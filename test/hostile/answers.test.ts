import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Command, type Servers, ccx, expectClearFailure, expectStoreFailsThenRecovers, note, noteRun, printSummary, startServers, storeOn } from "./harness.js";

/**
 * 5. Pages that are not the service's JSON (a proxy's 502, a portal's 200):
 * a clear message, retried within bounds. 6. A 200 whose JSON does not fit the
 * schema, and error bodies of the service's shape but hostile content: a clear
 * message, no crash.
 */

let servers: Servers;
beforeAll(async () => {
  servers = await startServers();
});
afterAll(async () => {
  await servers?.close();
  printSummary("answers that are not the service's");
});

interface Case {
  route: string;
  what: string;
  code: string | RegExp;
  exit: number;
  message: RegExp;
  /** Requests one command makes: 4 when the answer is retried (1 + 3 retries). */
  attempts: number;
  maxLines?: number;
  commands: Command[];
}

const ALL: Command[] = ["groups", "calls --json", "call"];

const CASES: Case[] = [
  { route: "html-502", what: "proxy's 502 HTML page", code: "CCX_HTTP_ERROR", exit: 1, message: /HTTP 502 with an HTML page \("502 Bad Gateway"\), not the service's error/, attempts: 4, commands: ALL },
  { route: "html-200", what: "200 HTML page", code: "CCX_NOT_JSON", exit: 1, message: /an HTML page \("Sign in to the Wi-Fi"\) instead of JSON/, attempts: 4, commands: ALL },
  { route: "shape-string", what: '{"data": "nope"}', code: "CCX_UNEXPECTED_RESPONSE", exit: 1, message: /unexpected answer from GET \/\S+: data: .*received "nope"/, attempts: 1, commands: ALL },
  { route: "shape-number-id", what: '{"data":[{"guid": 5}]}', code: "CCX_UNEXPECTED_RESPONSE", exit: 1, message: /data\[0\]\.(guid|sessionId): .*Expected string but received 5/, attempts: 1, commands: ALL },
  { route: "shape-null", what: "null", code: "CCX_UNEXPECTED_RESPONSE", exit: 1, message: /the body: .*received null/, attempts: 1, commands: ALL },
  { route: "shape-deep", what: "data nested 100,000 deep", code: "CCX_UNEXPECTED_RESPONSE", exit: 1, message: /nested deeper than \d+ levels/, attempts: 1, commands: ALL },
  { route: "shape-deep-field", what: "metadata nested 50,000 deep", code: "CCX_UNEXPECTED_RESPONSE", exit: 1, message: /nested deeper than \d+ levels/, attempts: 1, commands: ["groups", "calls --json", "call --json"] },
  { route: "shape-long-string", what: "data: a 2 MB string", code: "CCX_UNEXPECTED_RESPONSE", exit: 1, message: /data: .*received "A+…/, attempts: 1, commands: ALL },
  { route: "shape-long-error", what: "5 MB error message", code: /ERR_X+… \(5004 characters\)/, exit: 1, message: /: m+… \(5242880 characters\)/, attempts: 1, commands: ["groups", "call"] },
  { route: "error-odd-details", what: "odd details, 5,000 fields", code: "ERR_BAD_REQUEST", exit: 2, message: /Failed to validate the data\./, attempts: 1, maxLines: 14, commands: ["groups"] },
];

const requestsTo = (route: string) => servers.main.requests.filter((r) => r.route === route).length;

describe("an answer that is not the service's", () => {
  const runs = CASES.flatMap((c) => c.commands.map((command) => ({ ...c, command })));
  it.each(runs)("$route: ccx $command fails clearly ($what)", async ({ route, what, command, code, exit, message, attempts, maxLines }) => {
    const before = requestsTo(route);
    const run = await ccx(servers.main, route, command);
    noteRun(what, command, run);
    expectClearFailure(run, { exit, code, message, maxLines });
    // Retried within bounds: 5xx and non-JSON three more times, a misfit never (it would fit no better).
    expect(requestsTo(route) - before).toBe(attempts);
    if (attempts > 1) expect(run.stderr).toMatch(/\(after 3 retries\)/);
    // A failed run prints nothing on stdout, --json included.
    expect(run.stdout).toBe("");
  });

  it.each(CASES.flatMap((c) => (["groups", "calls"] as const).map((kind) => ({ ...c, kind }))))(
    "$route: the explorer's store shows a failure on $kind, then works again",
    async ({ route, what, kind, code, attempts }) => {
      const probe = storeOn(servers.main, route, { backoffMs: 20 });
      try {
        const before = requestsTo(route);
        const failed = await expectStoreFailsThenRecovers(probe, kind, code);
        expect(requestsTo(route) - before).toBe(attempts);
        note(what, `store ${kind}`, { failure: failed.error?.code.slice(0, 26), ms: failed.ms, extra: failed.error?.hint ? "hint" : "no hint" });
      } finally {
        await probe.close();
      }
    },
  );
});
