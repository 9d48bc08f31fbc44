/**
 * Bad input, fuzzed: the command line. Random argv (known commands with random flags and
 * values, unknown flags, missing values, --per-page out of range, weird Unicode) through the
 * program main.ts runs, in-process: requests fail at once (Http is replaced, nothing reaches the
 * network), the explorer, the emulator and demo only record that they were reached. Then a small
 * sample through the built bin. Always an exit code of the contract (0–4), never a stack trace;
 * a failure is one "error: …" line first (a write's, its items' outcomes), and exit 1 only for the
 * (stubbed) network failure.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { Command } from "commander";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runProgram, buildProgram } from "../../src/cli/program.js";
import { runCcx } from "../support/run-ccx.js";
import { scratchDir } from "../support/scratch.js";
import { everyCodeUnit, runs } from "./arbitraries.js";

const NETWORK_FAILURE = "fuzz: no network here";

vi.mock("../../src/api/http.js", async (importOriginal) => {
  const { ApiError, CLIENT_CODES } = await import("../../src/api/errors.js");
  class Http {
    onEvent(): () => void {
      return () => undefined;
    }
    async send(req: { method: string; url: string }): Promise<never> {
      throw new ApiError(CLIENT_CODES.network, NETWORK_FAILURE, { request: `${req.method} ${req.url}` });
    }
    async close(): Promise<void> {}
  }
  return { ...(await importOriginal<object>()), Http };
});
vi.mock("../../src/cli/run/explore.js", () => ({ runExplore: async () => void process.stdout.write("[explorer reached]\n") }));

/** The program as main.ts builds it, with demo and emulator stopped at their action (their options parsed as usual). */
async function program(): Promise<Command> {
  const built = await buildProgram();
  for (const name of ["demo", "emulator"]) {
    built.commands.find((c) => c.name() === name)!.action(async () => void process.stdout.write(`[${name} reached]\n`));
  }
  return built;
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where a write that random argv makes valid journals (`unblock us --yes …`): the file's own, removed with it. */
let stateHome: string | undefined;

beforeEach(() => {
  vi.stubEnv("XDG_CONFIG_HOME", "/nonexistent-ccx-fuzz");
  vi.stubEnv("XDG_STATE_HOME", (stateHome ??= scratchDir("ccx-fuzz-state-")));
  vi.stubEnv("CCX_JOURNAL", undefined);
  for (const name of ["CCX_CONFIG", "CCX_PROFILE", "CCX_REGION", "CCX_CHAT_URL", "CCX_CALLS_URL", "CCX_MANAGEMENT_URL", "CCX_MANAGEMENT_KEY", "CCX_MANAGEMENT_SECRET", "CCX_CA_FILE", "CCX_ON_BEHALF_OF", "NO_COLOR"]) {
    vi.stubEnv(name, undefined);
  }
  vi.stubEnv("CCX_APP_ID", "fuzzapp");
  vi.stubEnv("CCX_API_KEY", "fuzz-key-0123456789abcdef");
  vi.stubEnv("COLUMNS", "80");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** Runs argv in-process, capturing what it writes and the exit code it sets. */
async function run(argv: string[]): Promise<Outcome> {
  let stdout = "";
  let stderr = "";
  const capture = (into: "out" | "err") => (chunk: string | Uint8Array) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString();
    if (into === "out") stdout += text;
    else stderr += text;
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture("out") as typeof process.stdout.write);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture("err") as typeof process.stderr.write);
  const exit = vi.spyOn(process, "exit").mockImplementation(((code?: number) => {
    throw new Error(`process.exit(${code}) called`);
  }) as typeof process.exit);
  const before = process.exitCode;
  const listeners = process.stdout.listeners("error");
  process.exitCode = undefined;
  try {
    await runProgram(await program(), argv);
    return { code: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.exitCode = before;
    // runCommand listens for EPIPE on stdout, once per run: a process runs once, this file hundreds of times.
    for (const listener of process.stdout.listeners("error")) if (!listeners.includes(listener)) process.stdout.off("error", listener as () => void);
    out.mockRestore();
    err.mockRestore();
    exit.mockRestore();
  }
}

const STACK_TRACE = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;

function checkOutcome(argv: string[], { code, stdout, stderr }: Outcome): void {
  const context = `argv ${JSON.stringify(argv)}\nexit ${code}\nstderr ${stderr}`;
  expect([0, 1, 2, 3, 4], context).toContain(code);
  expect(stderr, context).not.toMatch(STACK_TRACE);
  expect(stdout, context).not.toMatch(STACK_TRACE);
  if (code !== 0) {
    // A write says each item's outcome (`refused …`, `unknown …`: docs/commands.md), any other failure an `error: …` line.
    const errorLines = stderr.split("\n").filter((line) => /^(error:|refused|unknown) /.test(line));
    expect(errorLines.length, context).toBeGreaterThan(0);
  }
  // With requests stubbed, the one failure that is not the input's fault is that network failure;
  // and, known (see below), a configuration problem inside ccx call, which exits 1 instead of 2.
  if (code === 1) expect(stderr.includes(NETWORK_FAILURE) || /^error: CCX_CONFIG: /m.test(stderr), context).toBe(true);
  expect(stderr, context).not.toMatch(/TypeError|ReferenceError|RangeError|undefined is not|Cannot read prop/);
}

// ---- argv -----------------------------------------------------------------------

const weird = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: everyCodeUnit, maxLength: 8 }),
  fc.constantFrom("", " ", "-", "--", "-1", "\u0000", "\u001b[2J", "\u202eabc", "👨‍👩‍👧", "日本語", "\ud800", "--json", "=", "a=b", "constructor", "__proto__"),
);
const PER_PAGE = ["0", "1", "1000", "1001", "-1", "1e3", "5.0", " 5 ", "", "99999999999999999999", "0x10", "١٢", "NaN", "Infinity", "+5"];
const values: Record<string, fc.Arbitrary<string>> = {
  "--per-page": fc.oneof(fc.constantFrom(...PER_PAGE), fc.integer({ min: -5, max: 2000 }).map(String)),
  "--page": fc.constantFrom(...PER_PAGE),
  "--region": fc.constantFrom("us", "eu", "in", "US", "mars", ""),
  "--query": fc.constantFrom("type:public", "members:>=10 tag:vip", "type:", "bogus:1", '"unterminated', "status:ended,rejected", "per:5000", "created:<7d", "x".repeat(3000)),
  "--type": fc.constantFrom("public", "video", "nonsense", "public,private"),
  "--status": fc.constantFrom("ended", "cancelled", "zzz"),
  "--members": fc.constantFrom(">=10", "10..5", "lots"),
  "--created": fc.constantFrom("<7d", "2024-02-30", "tomorrow"),
  "--seed": fc.constantFrom("1", "-1", "x", "99999999999999999999"),
  "--port": fc.constantFrom("0", "65535", "65536", "-1", "http"),
  "--now": fc.constantFrom("now", "2024-01-01", "1700000000", "99999999999999999999", "1e400", "yesterday"),
  "--latency": fc.constantFrom("250", "50..400", "400..50", "fast"),
  "--error-rate": fc.constantFrom("0", "0.5", "1", "2", "-0.1", "", "0x1"),
  "--rate-limit": fc.constantFrom("100", "100/60s", "0", "x/y"),
  "--status-code": fc.constantFrom("AUTH_ERR_X=404", "bad"),
  "--variant": fc.constantFrom("cursor-top-level", "toString", "constructor", "nope"),
  "--config": fc.constantFrom("/nonexistent/config.json", "/", "/dev/null", ""),
  // Files a download would write go where the test cleans, never into the checkout.
  "--dir": fc.constantFrom(join(tmpdir(), "ccx-fuzz-download"), "/dev/null", "/proc/nope", ""),
  "--chat-url": fc.constantFrom("https://127.0.0.1:1/{appId}", "http://example.com/{appId}", "not a url", ""),
};
/** Every option of every command, read from the program itself: whether it takes a value. */
const OPTIONS: Record<string, Array<{ flag: string; takesValue: boolean }>> = Object.fromEntries(
  [await buildProgram()].flatMap((root) => [root, ...root.commands]).map((command) => [
    command.parent ? command.name() : "",
    command.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)).map((flag) => ({ flag, takesValue: o.required || o.optional }))),
  ]),
);
const COMMANDS = Object.keys(OPTIONS).filter((c) => c !== "");
const UNKNOWN = ["--foo", "-x", "---", "--per-page=", "--=", "--JSON", "--jsn", "-qV", "--no-json", "--all=yes", "--help=1"];

/** Wild flags: any option of the command or the globals, or unknown ones, with any value, in any form. */
const wildFlag = (command: string): fc.Arbitrary<string[]> =>
  fc.tuple(fc.constantFrom(...OPTIONS[command]!.map((o) => o.flag), ...OPTIONS[""]!.map((o) => o.flag), ...UNKNOWN), fc.oneof(weird, ...Object.values(values)), fc.nat(3)).map(([flag, value, form]) =>
    // --flag value, --flag=value, the flag alone (a missing value at the end), or the value alone.
    form === 0 ? [flag, value] : form === 1 ? [`${flag}=${value}`] : form === 2 ? [flag] : [value],
  );

/** Plausible flags: a real option with a value when it takes one, mostly a sensible one. */
const plausibleFlag = (command: string): fc.Arbitrary<string[]> =>
  fc.constantFrom(...OPTIONS[command]!, ...OPTIONS[""]!.filter((o) => !["--help", "-h", "--version", "-V"].includes(o.flag))).chain(({ flag, takesValue }) =>
    takesValue ? fc.oneof({ weight: 3, arbitrary: values[flag] ?? fc.constantFrom("vip", "1", "a,b") }, { weight: 1, arbitrary: weird }).map((value) => [flag, value]) : fc.constant([flag] as string[]),
  );

const argv: fc.Arbitrary<string[]> = fc
  .constantFrom("", ...COMMANDS, "help", "grups", "💥")
  .chain((command) => {
    const own = OPTIONS[command] ? command : "";
    const head: fc.Arbitrary<string[]> =
      command === "" ? fc.constant([]) : command === "call" ? fc.oneof(weird, fc.constant("v1.us.fuzzapp.1")).map((id) => ["call", id]) : fc.constant([command]);
    const flags = fc.oneof(fc.array(wildFlag(own), { maxLength: 4 }), fc.array(plausibleFlag(own), { maxLength: 4 }));
    // A watch runs until interrupted, and `--input -` reads stdin to its end: not one-shot commands to fuzz in-process.
    return fc.tuple(head, flags).map(([h, f]) => [...h, ...f.flat()]).filter((args) => !args.some((a, i) => a.startsWith("--watch") || a === "--input=-" || (a === "--input" && args[i + 1] === "-")));
  });

// ---- properties -------------------------------------------------------------------

describe("the command line, in-process", () => {
  it("random argv: an exit code of the contract, never a stack trace, a clear first line on failure", async () => {
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        // As a process receives them: the OS hands over bytes, and Node reads a lone surrogate's as U+FFFD.
        const delivered = args.map((arg) => arg.replace(/\p{Surrogate}/gu, "\ufffd"));
        checkOutcome(delivered, await run(delivered));
      }),
      runs(250),
    );
  });

  it("--per-page out of range, or not a number, is bad usage (2) naming the flag", async () => {
    for (const value of ["0", "1001", "-1", "1e3", "5.0", "", "99999999999999999999", "abc"]) {
      const outcome = await run(["groups", "--per-page", value]);
      expect(outcome.code, value).toBe(2);
      expect(outcome.stderr.split("\n")[0], value).toMatch(/^error: option '--per-page <n>' argument '.*' is invalid\. expected /);
    }
  });

  it("what a user means works: help, version, a good listing attempt", async () => {
    expect((await run(["--help"])).code).toBe(0);
    expect(await run(["help", "calls"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: ccx calls /) });
    expect((await run(["groups", "--help"])).stdout).toMatch(/Filter syntax/);
    expect((await run(["-V"])).code).toBe(0);
    const listing = await run(["groups", "--per-page", "5", "-q", "type:public"]);
    expect(listing).toMatchObject({ code: 1 });
    expect(listing.stderr).toMatch(/^error: CCX_NETWORK_ERROR: fuzz: no network here\n {2}request: GET https:\/\/fuzzapp\.api-us\.cometchat\.io\/v3\/groups\?/);
  });

  it("a filter that does not parse is bad usage, marked under the line; nothing is sent", async () => {
    const outcome = await run(["calls", "--status", "zzz", "-q", "bogus:1"]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/^error: the filter does not parse; nothing was sent:\n/);
    expect(outcome.stderr).not.toContain(NETWORK_FAILURE);
  });
});

describe("regressions found by fuzzing", () => {
  it("importing the command line no longer runs it (main.ts runs program.ts)", async () => {
    // Was: buildProgram lived in main.ts, whose import ran ccx on the test runner's own argv.
    expect(typeof buildProgram).toBe("function");
  });

  it("a mistyped command is named as one, with a suggestion (it said: too many arguments, expected 0)", async () => {
    const outcome = await run(["grups", "--per-page", "5"]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toBe("error: unknown command 'grups'\n(Did you mean groups?)\n(run with --help for usage)\n");
  });

  it("a thrown non-Error is one sanitized line, not a crash inside the error handler", async () => {
    const built = await program();
    built.commands.find((c) => c.name() === "apps")!.action(async () => {
      throw undefined;
    });
    let stderr = "";
    const err = vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string) => ((stderr += chunk), true)) as typeof process.stderr.write);
    const before = process.exitCode;
    try {
      await runProgram(built, ["apps"]);
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = before;
      err.mockRestore();
    }
    expect(stderr).toBe("error: unknown failure\n");
  });

  it("--now beyond what a date can hold is bad usage, not a crash of the emulator", async () => {
    for (const value of ["99999999999999999999", "1e400"]) {
      const outcome = await run(["emulator", "--now", value]);
      expect(outcome.code, value).toBe(2);
      expect(outcome.stdout).not.toContain("[emulator reached]");
    }
  });
});

describe("found by this suite, fixed in the request module", () => {
  // A lone surrogate cannot be percent-encoded (encodeURIComponent throws "URI malformed"): ids in a path
  // (a session id typed into :call, a guid or an app id a server sent) go as U+FFFD instead.
  it("a session id with a lone surrogate gets a message naming it, not 'URI malformed'", async () => {
    const outcome = await run(["call", "\ud800"]);
    expect(outcome.stderr).not.toMatch(/URI malformed/);
  });

  // findCall meets an app it cannot ask (no key) as CCX_CONFIG: bad configuration, exit 2, as for ccx groups.
  it("ccx call with no API key is bad usage (2), as ccx groups is", async () => {
    const args = ["call", "v1.us.fuzzapp.1", "--api-key", ""];
    expect((await run(["groups", "--api-key", ""])).code).toBe(2);
    expect((await run(args)).code).toBe(2);
  });
});

describe("the command line, through the built bin", () => {
  it("a sample of bad usage exits 2 with one error line first, and no stack trace", async () => {
    const bad = fc.sample(
      fc.tuple(
        fc.constantFrom(["groups"], ["calls"], ["apps"], ["call", "v1.us.x.1"], []),
        fc.constantFrom(["--per-page", "0"], ["--per-page", "1001"], ["--page", "x"], ["--region", "mars"], ["--foo"], ["--json", "--bogus=1"], ["--app-id"], ["-q"], ["--per-page"], ["--\u202e"]),
      ),
      { numRuns: 16, seed: 5 },
    ).map(([command, flags]) => [...command, ...flags]);
    const env = { CCX_APP_ID: "fuzzapp", CCX_API_KEY: "fuzz-key-0123456789abcdef", CCX_CHAT_URL: "https://127.0.0.1:1/{appId}", CCX_CALLS_URL: "https://127.0.0.1:1/{appId}" };
    for (let i = 0; i < bad.length; i += 4) {
      const results = await Promise.all(bad.slice(i, i + 4).map((args) => runCcx(args, env)));
      results.forEach((result, j) => {
        const context = `argv ${JSON.stringify(bad[i + j])}: ${result.stderr}`;
        expect(result.code, context).toBe(2);
        expect(result.stderr.split("\n")[0], context).toMatch(/^error: \S/);
        expect(result.stderr, context).not.toMatch(STACK_TRACE);
        expect(result.stderr.trimEnd().split("\n").length, context).toBeLessThanOrEqual(3);
      });
    }
  });
});
