import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Nothing left behind: the suite runs with its own temporary directory and its own state, config and
 * cache homes (every worker and every ccx it starts inherits them), so that no test can write into the
 * user's journal or config; at the end, anything left in that temporary directory fails the run, by
 * name, and so does any change to the user's own ccx state and config folders; a `ccx-*` entry new in the
 * system's temporary directory (a path written by hand instead of asking os.tmpdir()) is said.
 */

/** What tools, not tests, keep in a temporary directory: tsx's and vite's compile caches. */
const TOOL_CACHES = /^(tsx-\d+|vite-|node-compile-cache)/;

/** The folders a user's ccx state and config live in (named before the suite's own homes are set). */
function userPlaces(): string[] {
  const home = homedir();
  return [
    join(process.env.XDG_STATE_HOME || join(home, ".local", "state"), "ccx"),
    join(process.env.XDG_CONFIG_HOME || join(home, ".config"), "ccx"),
  ];
}

/** Those folders by what they hold and when they changed. */
function footprint(places: readonly string[]): string {
  const walk = (path: string): string[] => {
    if (!existsSync(path)) return [`${path} absent`];
    const stat = statSync(path);
    if (!stat.isDirectory()) return [`${path} ${stat.size} ${stat.mtimeMs}`];
    return [`${path}/ ${stat.mtimeMs}`, ...readdirSync(path).sort().flatMap((name) => walk(join(path, name)))];
  };
  return places.flatMap(walk).join("\n");
}

const ccxEntries = (dir: string): Set<string> => new Set(readdirSync(dir).filter((name) => name.startsWith("ccx-")));

export default function setup(): () => void {
  const systemTmp = tmpdir();
  const systemBefore = ccxEntries(systemTmp);
  const places = userPlaces();
  const userBefore = footprint(places);
  // The temporary directory's path is kept short (the demo names a file in it in an 80-column footer); it is
  // open to every user as /tmp is (a test runs ccx as another user from a folder in it).
  const tmp = mkdtempSync(join(systemTmp, "ccxt-"));
  chmodSync(tmp, 0o1777);
  const root = mkdtempSync(join(systemTmp, "ccx-test-homes-"));
  process.env.TMPDIR = tmp;
  const homes = { XDG_STATE_HOME: "state", XDG_CONFIG_HOME: "config", XDG_CACHE_HOME: "cache" };
  for (const [name, dir] of Object.entries(homes)) {
    mkdirSync(join(root, dir));
    process.env[name] = join(root, dir);
  }
  return () => {
    const problems: string[] = [];
    const left = readdirSync(tmp).filter((name) => !TOOL_CACHES.test(name));
    if (left.length > 0) problems.push(`left in the temporary directory: ${left.sort().join(", ")}`);
    for (const dir of ["state", "config"]) {
      const written = readdirSync(join(root, dir));
      if (written.length > 0) problems.push(`written to the suite's ${dir} home (a test that does not name its own): ${written.join(", ")}`);
    }
    const newInSystem = [...ccxEntries(systemTmp)].filter((name) => !systemBefore.has(name) && !name.startsWith("ccx-test-homes-"));
    // Said, not failed: another run on the machine (two suites at once, a benchmark) may have made them.
    const notes = newInSystem.length > 0 ? `\n  new in ${systemTmp} while the suite ran (this run's, or another's): ${newInSystem.sort().join(", ")}` : "";
    const userAfter = footprint(places);
    if (userAfter !== userBefore) problems.push(`the user's ccx state or config folder changed: before\n${userBefore}\n  after\n${userAfter}`);
    for (const dir of [tmp, root]) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    if (problems.length === 0) return void process.stdout.write(`\nleftovers: none (temporary directory, state and config homes as they were)${notes}\n`);
    process.stderr.write(`\nleftovers: the suite left files behind\n${problems.map((p) => `  ${p}\n`).join("")}${notes}\n`);
    process.exitCode = 1;
  };
}
