import { Text } from "ink";
import { sanitize } from "../../text/sanitize.js";
import { graphemes } from "../../text/segments.js";
import { displayWidth } from "../../text/width.js";
import type { LineState } from "../../store/line-editor.js";

/**
 * An open line as the store has it: the text, the cursor drawn as an inverse
 * cell, scrolled sideways so the cursor stays in `width` cells. Pure
 * presentation: the keys that edit it go through the store.
 */
export function LineView({ line, width }: { line: LineState; width: number }) {
  const before = [...graphemes(sanitize(line.text.slice(0, line.cursor)))];
  const rest = [...graphemes(sanitize(line.text.slice(line.cursor)))];
  const at = rest.shift() ?? " ";
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
  return (
    <Text wrap="truncate-end">
      {left}
      <Text inverse>{at}</Text>
      {right}
    </Text>
  );
}
