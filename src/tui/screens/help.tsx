import { Box, Text } from "ink";
import { bodyHeight, frameLayout } from "../layout.js";
import { type HelpLine, type HelpSection, helpLines } from "./help-text.js";
import type { RouteOf, Screen } from "./types.js";
import type { ExplorerState } from "../../store/explorer-store.js";

/** Help (?): every binding of every screen (the same tables that dispatch keys), then the line keys, the commands and the filters. */
export function createHelpScreen(sections: readonly HelpSection[]): Screen<RouteOf<"help">> {
  // Laid out once per width: help is read while the cursor moves through it.
  let cached: { width: number; lines: HelpLine[] } | undefined;
  const linesAt = (width: number) => {
    if (cached?.width !== width) cached = { width, lines: helpLines(sections, Math.max(width, 1)) };
    return cached.lines;
  };
  const lineCount = (state: ExplorerState) => linesAt(frameLayout(state.ui, false).main).length;
  const scrollOf = (state: ExplorerState, height: number) => Math.max(0, Math.min(state.ui.cursors.help ?? 0, lineCount(state) - height));
  return {
    title: "Help",
    crumb: () => "help",
    bindings: [],
    // The cursor is the first line shown, so that G and PgDn reach the end.
    cursor: (state) => ({ index: state.ui.cursors.help ?? 0, count: Math.max(1, lineCount(state) - bodyHeight(state.ui) + 1) }),
    select: (store, _route, index) => store.getState().setCursor("help", index),
    selection: () => undefined,
    render: ({ state, height, width, theme }) => {
      const lines = linesAt(width);
      const start = scrollOf(state, height);
      return (
        <Box flexDirection="column">
          {lines.slice(start, start + height).map((l, i) => (
            <Text key={i} bold={l.title} color={l.title ? theme.accent : undefined} wrap="truncate-end">{l.text}</Text>
          ))}
        </Box>
      );
    },
  };
}
