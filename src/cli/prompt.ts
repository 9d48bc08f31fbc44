import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";

/** The user left a question (ctrl-c, or ctrl-d on an empty line). */
export class Cancelled extends Error {
  override readonly name = "Cancelled";
}

export interface Asker {
  /** One line, trimmed. `hidden`: what is typed shows as stars only (a key, a secret). */
  ask(question: string, options?: { hidden?: boolean }): Promise<string>;
  /** A line between the questions (why an answer is refused). */
  tell(line: string): void;
  close(): void;
}

/**
 * Questions on a terminal, with node:readline. A hidden answer never reaches
 * the screen: everything readline echoes goes through a sink that drops it
 * meanwhile, and the line is redrawn as the prompt and one star a character.
 */
export function terminalAsker(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stdout): Asker {
  let hiddenPrompt: string | undefined;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      if (hiddenPrompt === undefined) output.write(chunk);
      done();
    },
  });
  Object.defineProperty(sink, "columns", { get: () => output.columns });
  const rl = createInterface({ input, output: sink, terminal: true, historySize: 0 });
  const controller = new AbortController();
  rl.on("SIGINT", () => controller.abort());
  rl.on("close", () => controller.abort());
  // Runs after readline's own keypress listener: rl.line is the answer so far.
  const redraw = (_text: string, key?: { name?: string }) => {
    if (hiddenPrompt === undefined || key?.name === "return" || key?.name === "enter") return;
    const room = Math.max(0, (output.columns || 80) - hiddenPrompt.length - 1);
    output.write(`\r\u001b[2K${hiddenPrompt}${"*".repeat(Math.min(rl.line.length, room))}`);
  };
  input.on("keypress", redraw);

  return {
    async ask(question, options = {}) {
      if (controller.signal.aborted) throw new Cancelled("cancelled");
      if (options.hidden) {
        output.write(question);
        hiddenPrompt = question;
      }
      try {
        return (await rl.question(options.hidden ? "" : question, { signal: controller.signal })).trim();
      } catch (error) {
        if (!controller.signal.aborted) throw error;
        // The message that follows starts on a line of its own.
        if (!options.hidden) output.write("\n");
        throw new Cancelled("cancelled");
      } finally {
        if (options.hidden) {
          hiddenPrompt = undefined;
          output.write("\n");
        }
      }
    },
    tell: (line) => void output.write(`${line}\n`),
    close() {
      input.off("keypress", redraw);
      rl.close();
    },
  };
}
