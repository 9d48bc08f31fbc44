/**
 * `/` on a list whose service documents no filter: the rows already loaded
 * narrowed by their text, as k9s does. Apart from the derived grammars
 * (filter-grammar.ts) so that drawing a list does not load them.
 */

/** The rows whose text holds every word of the line (case-insensitive): `/` on a list that documents no filter. */
export function narrowRows<Row>(rows: readonly Row[], line: string): Row[] {
  const words = line.toLowerCase().split(/\s+/).filter((w) => w !== "");
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = valuesOf(row).join(" ").toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** A row's values as text, nested ones too; not its field names (`channel` would match every log line). */
function valuesOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== "object") return [String(value)];
  return Object.values(value).flatMap(valuesOf);
}
