/**
 * An API key never appears whole: not on screen, in a log, in an error or in a
 * copied command. It is shown by its last four characters at most.
 */
export function maskKey(key: string | undefined): string {
  if (!key) return "(none)";
  const tail = key.length > 8 ? key.slice(-4) : "";
  return `…${tail}`;
}

/** Replaces every occurrence of each secret in `text` by its masked form. */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 6) out = out.split(secret).join(maskKey(secret));
  }
  return out;
}
