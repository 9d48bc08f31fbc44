/**
 * A terminal closed while ccx starts (an SSH link dropping in the first second) ends it as a hang-up ends
 * a shell's program: by SIGHUP, status 129 as the shell says it, never a crash (before, Node aborted or
 * segfaulted putting a gone terminal's modes back: node::ResetStdio asserts on EIO), and the demo leaves
 * nothing behind (the suite's leftovers check reads the temporary directory). A real pseudo-terminal, its
 * master closed at several points of start-up: before the explorer, as it draws, once it is up.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./screen.js";
import { scratchDir } from "../support/scratch.js";

/** Runs `args` on a new pseudo-terminal, closes its master after `delay` s, and says how the child ended. */
const CLOSE_AFTER = `
import os, pty, sys, time
delay = float(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
end = time.time() + delay
os.set_blocking(fd, False)
while time.time() < end:
    try: os.read(fd, 65536)
    except BlockingIOError: time.sleep(0.01)
    except OSError: break
os.close(fd)
_, status = os.waitpid(pid, 0)
print(f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}")
`;

/** How ccx ended when its terminal closed `delay` s after it started: "signal 1" is a hang-up's end (status 129). */
function closedAfter(delay: number, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync("python3", ["-c", CLOSE_AFTER, String(delay), process.execPath, join(ROOT, "bin", "ccx.js"), ...args], { env, encoding: "utf8", timeout: 30_000 }).trim();
}

describe("a terminal that hangs up", () => {
  it.each([0.3, 0.9, 2])("ccx demo, its terminal closed after %s s: ended by SIGHUP (129), no crash, nothing left", (delay) => {
    expect(closedAfter(delay, ["demo"])).toBe("signal 1");
  });

  it("ccx with nothing configured (the welcome screen), its terminal closed once it is up: ended by SIGHUP (129)", () => {
    const home = scratchDir("ccx-hangup-");
    expect(closedAfter(1, [], { ...process.env, XDG_CONFIG_HOME: join(home, "config"), XDG_STATE_HOME: join(home, "state") })).toBe("signal 1");
  });
});
