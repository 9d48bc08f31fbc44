import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { recordOutput } from "../support/secrets.js";

/**
 * `ccx calls --watch --ndjson` against a live emulator: the newest calls come
 * as "new" events, later changes as "changed", one request an interval, until
 * interrupted (exit 130).
 */

let fx: EmulatorFixture;
const served: string[] = [];
let worldMs = Date.now();

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 5, calls: 30, users: 20 }, live: true, liveSpeed: 1, clock: () => worldMs, verbose: true, log: (l: string) => served.push(l) });
});
afterAll(() => fx?.close());

const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;

it("prints new then changed calls as they come, one request an interval, and ends on SIGINT with 130", async () => {
  const env = {
    PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", XDG_CONFIG_HOME: "/nonexistent-ccx-config",
    ...fx.cliEnv(),
  };
  const asked = () => served.filter((l) => /^GET \S*\/calls\?/.test(l)).length;
  const child = spawn(process.execPath, [BIN, "calls", "--watch", "--interval", "2", "--ndjson", "--per-page", "10"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const started = Date.now();
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  const events = () => stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; call: { sessionId: string; status: string } });
  const until = async (check: () => boolean, what: string) => {
    const end = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; stdout:\n${stdout}\nstderr:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await until(() => events().length >= 10, "the first page as new calls");
  expect(events().slice(0, 10).every((e) => e.event === "new")).toBe(true);
  // Time passes in the world: a call changes, or new ones begin.
  worldMs += 15 * 60_000;
  await until(() => events().length > 10, "a change");
  expect(events().slice(10).some((e) => e.event === "changed" || e.event === "new")).toBe(true);
  const elapsed = (Date.now() - started) / 1000;
  expect(asked()).toBeLessThanOrEqual(Math.floor(elapsed / 2) + 1);
  child.kill("SIGINT");
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  recordOutput("ccx calls --watch (stdout)", stdout);
  recordOutput("ccx calls --watch (stderr)", stderr);
  expect(code).toBe(130);
  expect(stdout.endsWith("\n")).toBe(true);
}, 40_000);
