import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { allRegistrars, buildProgram } from "../../src/cli/program.js";
import { runInProcess as runCcx } from "../support/run-in-process.js";

/**
 * The program defines only the command its first word names (a start-up
 * budget); whatever needs them all (root help, a mistyped command, completion)
 * still gets them all.
 */

const names = (program: Command) => program.commands.map((c) => c.name());
const REGISTRARS = await allRegistrars();
const everyName = REGISTRARS.flatMap((r) => r.names);

describe("the registrars", () => {
  it.each(REGISTRARS.map((r) => [r.names.join(", "), r] as const))("%s: the names listed are exactly what it defines", async (_, registrar) => {
    // After the registrars whose commands it adds words to (the writes' `user deactivate`), as the program loads them.
    const program = new Command("ccx");
    for (const owner of REGISTRARS.filter((r) => r !== registrar && registrar.extends?.some((word) => r.names.includes(word)))) (await owner.load())(program);
    const before = names(program);
    (await registrar.load())(program);
    expect(names(program).filter((n) => !before.includes(n))).toEqual(registrar.names);
    for (const word of registrar.extends ?? []) expect(program.commands.find((c) => c.name() === word)?.commands.length, word).toBeGreaterThan(0);
  });

  it("no two registrars claim a name", () => {
    expect(new Set(everyName).size).toBe(everyName.length);
  });
});

describe("buildProgram", () => {
  it("defines only the command its first word names, and with it what that one registers", async () => {
    expect(names(await buildProgram(["call", "v1.us.x.y", "--json"]))).toEqual(["call"]);
    expect(names(await buildProgram(["members", "g1"]))).toEqual(["members"]);
  });

  it("defines no command for a bare ccx: the explorer needs none of them", async () => {
    expect(names(await buildProgram([]))).toEqual([]);
  });

  it.each([[["--help"]], [["help", "call"]], [["grups"]], [["--profile", "prod", "call", "x"]], [["completion", "bash"]], [["__complete", "--", "ccx", "gr"]]])(
    "defines every command for %j",
    async (argv) => {
      expect(names(await buildProgram(argv))).toEqual(everyName);
    },
  );

  it("without arguments, every command (tests and completion read the whole definition)", async () => {
    expect(names(await buildProgram())).toEqual(everyName);
  });
});

describe("the command line, spawned", () => {
  it("the root's help still lists every visible command", async () => {
    const run = await runCcx(["--help"], {});
    expect(run.code).toBe(0);
    for (const name of everyName.filter((n) => !n.startsWith("__"))) expect(run.stdout).toMatch(new RegExp(`^  ${name}\\b`, "m"));
  });

  it("a mistyped command is still named, with the suggestion: exit 2", async () => {
    const run = await runCcx(["grups"], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("(Did you mean groups?)");
  });

  it("a command's own help works with only that command defined", async () => {
    const run = await runCcx(["call", "--help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: ccx call [options] <sessionId>");
  });
});
