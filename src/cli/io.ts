import type { Command } from "commander";

/**
 * What a command reads and writes, and what it knows of them (gh's
 * IOStreams): its output (the answer: rows, JSON), its errors and notes, its
 * input, whether each is a terminal, and the environment. The process's by
 * default; tests run commands in process with a twin that captures the
 * output (test/support/run-in-process.ts).
 */
export interface IOStreams {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  err: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  in: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const systemIO = (): IOStreams => ({ out: process.stdout, err: process.stderr, in: process.stdin, env: process.env });

const programs = new WeakMap<Command, IOStreams>();

/** Gives a program (and every command under it) these streams: commander's help and errors too. */
export function useIO(program: Command, io: IOStreams): void {
  programs.set(program, io);
  const output = { writeOut: (text: string) => void io.out.write(text), writeErr: (text: string) => void io.err.write(text) };
  const configure = (command: Command) => {
    command.configureOutput(output);
    for (const sub of command.commands) configure(sub);
  };
  configure(program);
}

/** The streams of the program a command belongs to (the process's when none were given). */
export function ioOf(command: Command): IOStreams {
  let root = command;
  while (root.parent) root = root.parent;
  return programs.get(root) ?? systemIO();
}
