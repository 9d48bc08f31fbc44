/**
 * A session id out of what a user pastes: the id alone, with blanks or quotes
 * around it, or a whole dashboard or log line that holds one
 * (`v1.<region>.<appId>.<id>`, docs/service.md).
 */
export const SESSION_ID = /\bv\d+\.[a-z]{2,}\.[A-Za-z0-9]+\.[A-Za-z0-9_-]+/;

export function sessionIdIn(text: string): string {
  const found = SESSION_ID.exec(text);
  if (found) return found[0];
  // Not of that shape (an older or foreign id): the text, less the blanks, quotes and brackets around it.
  return text.trim().replace(/^["'`([{<]+|["'`)\]}>,;.]+$/g, "");
}

/**
 * The session id a command-line argument names: one of that shape anywhere in it (a log line
 * will do), else the argument itself when it is one word (an older or foreign id); undefined for
 * a line that holds none.
 */
export function sessionIdArgument(text: string): string | undefined {
  const found = SESSION_ID.exec(text);
  if (found) return found[0];
  const word = sessionIdIn(text);
  return word === "" || /\s/.test(word) ? undefined : word;
}
