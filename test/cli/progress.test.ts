import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { progressText } from "../../src/cli/render/progress.js";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runCcx } from "../support/run-ccx.js";
import { scratchDir } from "../support/scratch.js";

/** Progress of `--all` on stderr: on a terminal (a pty, through script(1)), never in a pipe, off with --no-progress. */

let fx: EmulatorFixture;
let env: Record<string, string>;
const BIN = new URL("../../bin/ccx.js", import.meta.url).pathname;
const hasScript = spawnSync("sh", ["-c", "command -v script"]).status === 0;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 60, calls: 5, users: 10, messages: 0 } });
  env = fx.cliEnv();
});
afterAll(() => fx?.close());

/**
 * What a terminal would have received on stderr, stdout sent to a file: script(1) records the pty. Spawned
 * asynchronously: the emulator answering it runs in this process.
 */
async function onATerminal(args: string[]): Promise<string> {
  const dir = scratchDir("ccx-progress-");
  const typescript = join(dir, "typescript");
  const line = `${process.execPath} ${BIN} ${args.join(" ")} > ${join(dir, "out")}`;
  const child = spawn("script", ["-q", "-e", "-c", line, typescript], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  expect(code, stderr).toBe(0);
  return readFileSync(typescript, "utf8");
}

it("says how many of how many, the rate and the time left", () => {
  expect(progressText("groups", 12_000, 100_000, 0.5)).toBe("12,000 of 100,000 groups · 24,000/s · 0:04 left");
  expect(progressText("messages", 500, undefined, 1)).toBe("500 messages · 500/s");
});

describe.skipIf(!hasScript)("on a terminal", () => {
  it("--all shows the count as it goes on stderr, and clears its line at the end", async () => {
    const seen = await onATerminal(["groups", "--all", "--ndjson", "--per-page", "10"]);
    expect(seen).toMatch(/\r\u001b\[2K10 of 60 groups · [\d,]+\/s/);
    // The last count drawn is cleared: nothing of it stays on the terminal.
    const last = seen.lastIndexOf("groups ·");
    expect(seen.indexOf("\r\u001b[2K", last)).toBeGreaterThan(last);
  });

  it("--no-progress turns it off", async () => {
    expect(await onATerminal(["--no-progress", "groups", "--all", "--ndjson", "--per-page", "10"])).not.toContain("groups ·");
  });
});

it("nothing in a pipe", async () => {
  const run = await runCcx(["groups", "--all", "--ndjson", "--per-page", "10"], env);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe("");
  expect(run.stdout.trim().split("\n")).toHaveLength(60);
});
