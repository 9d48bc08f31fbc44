import { Text } from "ink";
import { type HistorySearch, matchOf } from "../../store/history-search.js";
import { sanitize } from "../../text/sanitize.js";
import { displayWidth, truncate } from "../../text/width.js";
import type { Theme } from "../theme.js";

/**
 * ctrl-r's line, as readline draws it: `(reverse-i-search)`al': call v1.us.…`, what is typed found in the
 * match in inverse video; "no match" when no earlier line holds it (ctrl-r again, with nothing typed: the newest). Pure presentation of the store's search.
 */
export function SearchLine({ search, history, width, theme }: { search: HistorySearch; history: readonly string[]; width: number; theme: Theme }) {
  const label = `(reverse-i-search)\`${sanitize(search.query)}': `;
  const match = matchOf(search, history);
  if (match === undefined) {
    // Nothing typed yet: nothing searched.
    return <Text wrap="truncate-end"><Text color={theme.accent}>{label}</Text>{search.query ? <Text color={theme.warning}>no match</Text> : null}</Text>;
  }
  const at = match.indexOf(search.query);
  const after = search.oldest ? " · no older match" : "";
  const room = Math.max(4, width - displayWidth(label) - displayWidth(after));
  const before = sanitize(match.slice(0, at));
  const found = sanitize(match.slice(at, at + search.query.length));
  const rest = sanitize(match.slice(at + search.query.length));
  // What is found stays in sight: the start of a long line gives way (…) before it does.
  const lead = displayWidth(before) + displayWidth(found) > room - 1 ? `…${[...before].slice(-Math.max(0, room - displayWidth(found) - 2)).join("")}` : before;
  const tail = truncate(rest, Math.max(0, room - displayWidth(lead) - displayWidth(found)));
  return (
    <Text wrap="truncate-end">
      <Text color={theme.accent}>{label}</Text>
      {lead}
      <Text inverse>{found}</Text>
      {tail}
      {after ? <Text color={theme.muted}>{after}</Text> : null}
    </Text>
  );
}
