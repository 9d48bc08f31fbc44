import { sanitize } from "../text/sanitize.js";

/**
 * What the explorer says on stderr when it crashes: the error and its stack,
 * with anything a server put in the message drawn harmless and every known
 * secret masked (an error may quote a request).
 */
export function crashReport(error: unknown, redact: (text: string) => string = (text) => text): string {
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return `ccx: the explorer crashed: ${redact(sanitize(detail, { multiline: true }))}\n`;
}
