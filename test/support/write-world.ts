import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { App } from "../../src/emulator/data/model.js";
import type { EmulatorSettings } from "../../src/emulator/options.js";
import { type EmulatorFixture, emulatorFixture } from "./emulator.js";
import { journalEntries } from "./journal.js";
import type { CcxRun } from "./run-ccx.js";
import { runInProcess } from "./run-in-process.js";
import { scratchDir } from "./scratch.js";

/**
 * The world a file of write tests runs in: an emulator of one app whose requests are kept (`served`), and,
 * for each test, a journal of its own in a new temporary folder (`state`) with the environment that points
 * ccx at both (`env`); and the few ways those tests run ccx.
 */
export interface WriteWorld {
  readonly fx: EmulatorFixture;
  readonly app: App;
  readonly env: Record<string, string>;
  readonly state: string;
  /** Each request the emulator answered, oldest first (its --verbose lines). */
  readonly served: string[];
  /** The journal's entries, a write's line and its outcome's folded. */
  journal(): Array<Record<string, any>>;
  journalText(): string;
  /** Runs ccx and expects exit 0. */
  ok(args: string[], env?: Record<string, string>): Promise<CcxRun>;
  /** Runs ccx with --json and reads its stdout. */
  json(args: string[]): Promise<any>;
  /** Undoes the journal's newest entry, or the one numbered. */
  undo(entry?: number): Promise<CcxRun>;
}

/** Registers the file's hooks; `management` gives ccx the management key and secret too. */
export function writeWorld(sizes: NonNullable<EmulatorSettings["sizes"]>, { management = false }: { management?: boolean } = {}): WriteWorld {
  let fx: EmulatorFixture | undefined;
  let state = "";
  let env: Record<string, string> = {};
  const served: string[] = [];
  beforeAll(async () => {
    fx = await emulatorFixture({ sizes, verbose: true, log: (line: string) => served.push(line) });
  });
  beforeEach(() => {
    state = scratchDir("ccx-journal-");
    env = fx!.cliEnv({ state, management });
  });
  afterAll(() => fx?.close());
  const journalFile = () => join(state, "ccx", "journal.ndjson");
  const ok = async (args: string[], runEnv = env) => {
    const run = await runInProcess(args, runEnv);
    expect(run.code, run.stderr).toBe(0);
    return run;
  };
  return {
    get fx() {
      return fx!;
    },
    get app() {
      return fx!.emulator.world.apps[0]!;
    },
    get env() {
      return env;
    },
    get state() {
      return state;
    },
    served,
    journal: () => journalEntries(journalFile()),
    journalText: () => readFileSync(journalFile(), "utf8"),
    ok,
    json: async (args) => JSON.parse((await ok([...args, "--json"])).stdout),
    undo: (entry) => ok(["undo", ...(entry ? [String(entry)] : []), "--yes"]),
  };
}
