import { Text } from "ink";
import { sanitize } from "../../text/sanitize.js";
import { graphemes } from "../../text/segments.js";
import { displayWidth } from "../../text/width.js";
import type { LineState } from "../../store/line-editor.js";

/**
 * An open line as the store has it: the text, the cursor drawn as an inverse
 * cell, scrolled sideways so the cursor stays in `width` cells, and after it,
 * dim, the rest an earlier line suggests (`hint`, at the end only). Pure
 * presentation: the keys that edit it go through the store.
 */
export function LineView({ line, width, hint }: { line: LineState; width: number; hint?: string }) {
  const before = [...graphemes(sanitize(line.text.slice(0, line.cursor)))];
  const suggested = line.cursor === line.text.length && hint ? [...graphemes(sanitize(hint))] : [];
  const rest = [...graphemes(sanitize(line.text.slice(line.cursor)))];
  // At the end, the cursor's cell is the suggestion's first character (dim), as fish draws it.
  const onHint = rest.length === 0 && suggested.length > 0;
  const at = rest.shift() ?? suggested.shift() ?? " ";
  const room = Math.max(2, width - displayWidth(at));
  // What fits left of the cursor, keeping a cell for the … that says more is hidden.
  let left = "";
  let used = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    const w = displayWidth(before[i]!);
    if (used + w > room - (i > 0 ? 1 : 0)) {
      left = `…${left}`;
      used += 1;
      break;
    }
    left = before[i]! + left;
    used += w;
  }
  let right = "";
  for (const [i, g] of rest.entries()) {
    const w = displayWidth(g);
    if (used + w > room - (i < rest.length - 1 ? 1 : 0)) {
      right += "…";
      break;
    }
    right += g;
    used += w;
  }
  let dim = "";
  for (const g of suggested) {
    if ((used += displayWidth(g)) > room) break;
    dim += g;
  }
  return (
    <Text wrap="truncate-end">
      {left}
      <Text inverse dimColor={onHint}>{at}</Text>
      {right}
      {dim ? <Text dimColor>{dim}</Text> : null}
    </Text>
  );
}
