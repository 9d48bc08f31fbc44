import { PassThrough, Writable } from "node:stream";
import type { IOStreams } from "../../src/cli/io.js";
import { buildProgram, runProgram } from "../../src/cli/program.js";
import { type CcxRun, allOutput } from "./run-ccx.js";
import { recordOutput } from "./secrets.js";

/** A stream that keeps what is written to it, as a pipe would carry it (not a terminal). */
class Capture extends Writable {
  text = "";
  isTTY = false;
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/**
 * Runs `ccx <args>` in this process, as a spawned ccx would run with only the
 * environment given (plus PATH and HOME), no stdin, and its output in pipes:
 * through the command line's IO seam (src/cli/io.ts), so the commands are the
 * ones a user runs, without the start of a process each time. The exit code
 * is the one the command set; this process's is left as it was.
 */
export async function runInProcess(args: string[], env: Record<string, string> = {}, stdin = ""): Promise<CcxRun> {
  const out = new Capture();
  const err = new Capture();
  const input = Object.assign(new PassThrough(), { isTTY: false });
  input.end(stdin);
  const io: IOStreams = {
    out,
    err,
    in: input,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", XDG_CONFIG_HOME: "/nonexistent-ccx-config", COLUMNS: "80", ...env },
  };
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    await runProgram(await buildProgram(args), args, io);
    const code = typeof process.exitCode === "number" ? process.exitCode : 0;
    allOutput.push(out.text, err.text);
    recordOutput(`ccx ${args.join(" ")} (stdout, in process)`, out.text);
    recordOutput(`ccx ${args.join(" ")} (stderr, in process)`, err.text);
    return { code, stdout: out.text, stderr: err.text };
  } finally {
    process.exitCode = before;
  }
}
