import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "../support/emulator.js";
import { runCcx } from "../support/run-ccx.js";
import { segmentsWithoutIcu } from "../../src/text/grapheme-segments.js";
import { execFileSync } from "node:child_process";
import { scratchDir } from "../support/scratch.js";

/**
 * The first Intl object a process makes loads ICU's data, 7–14 ms here: more
 * than the rest of ccx's own start-up (src/text/intl.ts). A command printing
 * JSON measures no text and formats no number for people, so it makes none.
 * Counted with a spy loaded before ccx (NODE_OPTIONS=--require), not timed.
 */

let fx: EmulatorFixture;
let dir: string;
let env: Record<string, string>;
let n = 0;

beforeAll(async () => {
  fx = await emulatorFixture({ sizes: { apps: 1, groups: 30, calls: 20, users: 10 } });
  dir = scratchDir("ccx-intl-");
  // Each Intl object made is a line in the file the run names: its kind and where it was made. The locale
  // methods of numbers, dates and strings make one inside ICU, unseen by Intl's constructors: spied on too.
  writeFileSync(join(dir, "spy.cjs"), `
    const { appendFileSync } = require("node:fs");
    const log = (name) => appendFileSync(process.env.CCX_TEST_INTL_LOG, name + " " + new Error().stack.split("\\n")[3].trim() + "\\n");
    for (const name of ["Segmenter", "NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "ListFormat", "RelativeTimeFormat"]) {
      Intl[name] = new Proxy(Intl[name], {
        construct(target, args) {
          log(name);
          return Reflect.construct(target, args);
        },
      });
    }
    for (const [proto, method] of [[Number.prototype, "toLocaleString"], [Date.prototype, "toLocaleString"], [Date.prototype, "toLocaleDateString"], [Date.prototype, "toLocaleTimeString"], [String.prototype, "localeCompare"]]) {
      const original = proto[method];
      proto[method] = function (...args) {
        log(method);
        return original.apply(this, args);
      };
    }
  `);
  env = fx.cliEnv();
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fx.close();
});

/** The Intl objects `ccx <args>` made, after checking it succeeded. */
async function intlMadeBy(args: string[]): Promise<string[]> {
  const log = join(dir, `intl-${n++}.log`);
  writeFileSync(log, "");
  const run = await runCcx(args, { ...env, NODE_OPTIONS: `--require ${join(dir, "spy.cjs")}`, CCX_TEST_INTL_LOG: log });
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

describe("no Intl object on the way to JSON", () => {
  it("ccx call <id> --json", async () => {
    const call = fx.emulator.world.apps[0]!.calls[0]!;
    expect(await intlMadeBy(["call", call.sessionId, "--json"])).toEqual([]);
  });

  it.each([[["groups", "--json"]], [["calls", "--ndjson"]], [["users", "--json"]], [["groups", "--all", "--ndjson"]], [["--version"]]])("ccx %j", async (args) => {
    expect(await intlMadeBy(args)).toEqual([]);
  });

  it("the spy sees one where text needs measuring (a table with a wide name)", async () => {
    // Guards the guard: were the spy blind, every test above would pass.
    // A name ICU must segment (a combining accent, a conjunct): text of single-unit graphemes and emoji needs none.
    const group = fx.emulator.world.apps[0]!.groups.find((g) => !segmentsWithoutIcu(g.name));
    expect(group, "a group whose name needs ICU in the seeded world").toBeDefined();
    const made = await intlMadeBy(["groups", "--query", group!.guid]);
    expect(made.some((line) => line.startsWith("Segmenter "))).toBe(true);
  });

  it("the explorer's screens (ink, React, the layout engine) load without one", () => {
    // ink's output, slice-ansi and string-width each made a segmenter as they loaded (scripts/bundles.mjs).
    const log = join(dir, `intl-${n++}.log`);
    writeFileSync(log, "");
    const tui = new URL("../../dist/tui.cjs", import.meta.url).pathname;
    execFileSync(process.execPath, ["--require", join(dir, "spy.cjs"), "-e", `require(${JSON.stringify(tui)})`], { env: { ...process.env, CCX_TEST_INTL_LOG: log } });
    expect(readFileSync(log, "utf8")).toBe("");
  });
});
