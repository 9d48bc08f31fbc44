import { maskSecretsInText } from "../api/answer-secrets.js";
import { sanitize } from "../text/sanitize.js";

/**
 * What the explorer says on stderr when it crashes: the error and its stack,
 * with anything a server put in the message drawn harmless, every known
 * secret masked (an error may quote a request), and the values of the
 * secret-named fields it quotes (an answer's `"giphyApiKey":"…"`, `?authToken=…`).
 */
export function crashReport(error: unknown, redact: (text: string) => string = (text) => text): string {
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return `ccx: the explorer crashed: ${maskSecretsInText(redact(sanitize(detail, { multiline: true })))}\n`;
}
