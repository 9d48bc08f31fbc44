import { readFileSync } from "node:fs";

/**
 * A journal's entries as its format documents them (docs/guarantees.md): a write's line (outcome
 * `pending`) and its outcome's line, under the same id, folded; oldest first, as appended.
 */
export function journalEntries(path: string): Array<Record<string, any>> {
  const entries = new Map<string, Record<string, any>>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as Record<string, any>;
    entries.set(record.id, { ...entries.get(record.id), ...record });
  }
  return [...entries.values()];
}
