import { Box, Text } from "ink";
import { sanitize } from "../../text/sanitize.js";
import { bodyHeight, frameLayout } from "../layout.js";
import { type HelpLine, type HelpSection, filterSections, helpLines } from "./help-text.js";
import type { Binding, RouteOf, Screen } from "./types.js";
import type { ExplorerState } from "../../store/explorer-store.js";

/** Help's own keys (listed in help, as every screen's are). */
export const HELP_BINDINGS: Binding[] = [
  { keys: ["/"], description: "narrow help to the lines holding the words typed (a key, a command, a filter key)", footer: "search", run: (c) => c.store.getState().openPrompt("search", c.state.ui.helpFilter ?? "") },
];

/** Help (?): every binding of every screen (the same tables that dispatch keys), then the line keys, the commands and the filters. */
export function createHelpScreen(sections: () => readonly HelpSection[]): Screen<RouteOf<"help">> {
  // Laid out once per width (and once the filter keys have loaded): help is read while the cursor moves through it.
  let cached: { width: number; filters: ExplorerState["ui"]["helpFilters"]; lines: HelpLine[] } | undefined;
  const linesAt = (state: ExplorerState, width: number) => {
    const filters = state.ui.helpFilters;
    if (cached?.width !== width || cached.filters !== filters) cached = { width, filters, lines: helpLines([...sections(), ...filterSections(filters ?? [])], Math.max(width, 1)) };
    return cached.lines;
  };
  // Narrowed once per width and words, for the same reason.
  let narrowed: { lines: HelpLine[]; words: string; shown: HelpLine[] } | undefined;
  const shownAt = (state: ExplorerState, width: number) => {
    const lines = linesAt(state, width);
    const words = state.ui.helpFilter?.trim() ?? "";
    if (words === "") return lines;
    if (narrowed?.lines !== lines || narrowed.words !== words) narrowed = { lines, words, shown: narrowHelp(lines, words) };
    return narrowed.shown;
  };
  // The note (the demo's `source …/env` line) stays above the lines: it takes a row of the body.
  const noteRows = (state: ExplorerState) => (state.note ? 1 : 0);
  const lineCount = (state: ExplorerState) => shownAt(state, frameLayout(state.ui, false).main).length + (state.ui.helpFilter?.trim() ? 1 : 0) + noteRows(state);
  const scrollOf = (state: ExplorerState, height: number) => Math.max(0, Math.min(state.ui.cursors.help ?? 0, lineCount(state) - height));
  return {
    title: "Help",
    crumb: () => "help",
    bindings: HELP_BINDINGS,
    // The cursor is the first line shown, so that G and PgDn reach the end.
    cursor: (state) => ({ index: state.ui.cursors.help ?? 0, count: Math.max(1, lineCount(state) - bodyHeight(state.ui) + 1) }),
    select: (store, _route, index) => store.getState().setCursor("help", index),
    selection: () => undefined,
    render: ({ state, height, width, theme }) => {
      const words = state.ui.helpFilter?.trim() ?? "";
      const lines = shownAt(state, width);
      const matching = lines.filter((l) => !l.title).length;
      const said: HelpLine[] = words === "" ? lines : [{ text: `/ ${words} · ${matching} ${matching === 1 ? "line matches" : "lines match"} (/ again to change, an empty line shows all)` }, ...lines];
      const rows = height - noteRows(state);
      const start = scrollOf(state, rows);
      return (
        <Box flexDirection="column">
          {state.note ? <Text color={theme.warning} wrap="truncate-end">{sanitize(state.note)}</Text> : null}
          {said.slice(start, start + rows).map((l, i) => (
            <Text key={i} bold={l.title} color={l.title ? theme.accent : undefined} wrap="truncate-end">{l.text}</Text>
          ))}
        </Box>
      );
    },
  };
}

/** The lines holding every word (case-insensitive), each under its section's title. */
function narrowHelp(lines: readonly HelpLine[], words: string): HelpLine[] {
  const wanted = words.toLowerCase().split(/\s+/);
  const shown: HelpLine[] = [];
  let title: HelpLine | undefined;
  for (const line of lines) {
    if (line.title) {
      title = line;
      continue;
    }
    const text = line.text.toLowerCase();
    if (!wanted.every((w) => text.includes(w))) continue;
    if (title) shown.push(title);
    title = undefined;
    shown.push(line);
  }
  return shown;
}
