import { createInterface } from "node:readline";
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
 * Questions on a terminal, with node:readline. Every line typed is an answer,
 * in order, whenever it comes: lines typed (or pasted) ahead of their question
 * wait for it, where readline's own question() dropped them, and a pasted key
 * went to the question before its own, in clear. Nothing typed shows until its
 * question is on screen, and a hidden answer never does: readline's echo goes
 * through a sink that drops it meanwhile, and the line is drawn as the prompt
 * and one star a character.
 */
export function terminalAsker(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stdout): Asker {
  /** The question on screen, if any. */
  let asking: { question: string; hidden: boolean } | undefined;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      if (asking && !asking.hidden) output.write(chunk);
      done();
    },
  });
  Object.defineProperty(sink, "columns", { get: () => output.columns });
  const rl = createInterface({ input, output: sink, terminal: true, historySize: 0 });
  const typedAhead: string[] = [];
  let answer: ((line: string) => void) | undefined;
  rl.on("line", (line) => {
    const take = answer;
    answer = undefined;
    if (!take) return void typedAhead.push(line);
    // At once, not when the answer's promise settles: the rest of a paste is echoed on its way here.
    asking = undefined;
    take(line);
  });
  const controller = new AbortController();
  rl.on("SIGINT", () => controller.abort());
  rl.on("close", () => controller.abort());
  const stars = (text: string, prompt: string) => "*".repeat(Math.min(text.length, Math.max(0, (output.columns || 80) - prompt.length - 1)));
  // Runs after readline's own keypress listener: rl.line is the answer so far.
  const redraw = (_text: string, key?: { name?: string }) => {
    if (!asking?.hidden || key?.name === "return" || key?.name === "enter") return;
    output.write(`\r\u001b[2K${asking.question}${stars(rl.line, asking.question)}`);
  };
  input.on("keypress", redraw);

  return {
    async ask(question, options = {}) {
      if (controller.signal.aborted) throw new Cancelled("cancelled");
      const hidden = options.hidden === true;
      const ahead = typedAhead.shift();
      if (ahead !== undefined) {
        output.write(`${question}${hidden ? stars(ahead, question) : ahead}\n`);
        return ahead.trim();
      }
      asking = { question, hidden };
      try {
        // The question, and what is typed of its answer so far.
        if (hidden) redraw("");
        else {
          rl.setPrompt(question);
          rl.prompt(true);
        }
        return (await new Promise<string>((resolve, reject) => {
          const cancel = () => reject(new Cancelled("cancelled"));
          controller.signal.addEventListener("abort", cancel, { once: true });
          answer = (line) => {
            controller.signal.removeEventListener("abort", cancel);
            resolve(line);
          };
        })).trim();
      } catch (error) {
        answer = undefined;
        // The message that follows starts on a line of its own.
        if (!hidden) output.write("\n");
        throw error;
      } finally {
        if (hidden) output.write("\n");
        asking = undefined;
      }
    },
    tell: (line) => void output.write(`${line}\n`),
    close() {
      input.off("keypress", redraw);
      rl.close();
    },
  };
}

/**
 * Asks on the terminal (stderr: stdout is the answer's) whether to send a write, the lines that show it
 * said first: y sends; for what destroys, `typeBack` typed back does. ctrl-c or ctrl-d is no.
 */
export async function askToSend(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, lines: readonly string[], typeBack?: string): Promise<boolean> {
  const asker = terminalAsker(input as NodeJS.ReadStream, output as NodeJS.WriteStream);
  try {
    for (const line of lines) asker.tell(line);
    if (typeBack !== undefined) return (await asker.ask(`type ${typeBack} to send it: `)) === typeBack;
    return /^(y|yes)$/i.test(await asker.ask("send it? [y/N] "));
  } catch (error) {
    if (error instanceof Cancelled) return false;
    throw error;
  } finally {
    asker.close();
  }
}

