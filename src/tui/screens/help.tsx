import { Box, Text } from "ink";
import { LIST_KINDS, LIST_KIND_NAMES } from "../../api/list-kinds.js";
import { displayWidth } from "../../text/width.js";
import { COMMANDS } from "../commands.js";
import { CONFIRM_BINDINGS, FORM_BINDINGS, GLOBAL_BINDINGS, SECRET_BINDINGS, SIDE_BINDINGS, keyLabel } from "../keymap.js";
import { bodyHeight, frameLayout } from "../layout.js";
import type { Binding, RouteOf, Screen } from "./types.js";
import type { ExplorerState } from "../../store/explorer-store.js";

/** A titled group of bindings, as help lists them. */
export interface HelpSection {
  title: string;
  bindings: readonly Binding[];
}

interface HelpLine {
  text: string;
  title?: boolean;
}

/**
 * `lead` then `text`, word-wrapped to `width`: continuation lines start under
 * the text. Help is read, not skimmed, so nothing is cut at the edge (at
 * 80 columns the command bar's binding would lose its list of commands).
 */
function wrapped(lead: string, text: string, width: number): HelpLine[] {
  const indent = displayWidth(lead) <= width / 2 ? " ".repeat(displayWidth(lead)) : "    ";
  const out: HelpLine[] = [];
  let line = lead;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = empty ? `${line}${word}` : `${line} ${word}`;
    if (!empty && displayWidth(next) > width) {
      out.push({ text: line });
      line = `${indent}${word}`;
    } else {
      line = next;
    }
    empty = false;
  }
  out.push({ text: line });
  return out;
}

const LINE_KEYS = "←/→ home/end ctrl-a/ctrl-e move · ctrl-u/ctrl-k cut to the start/end · ctrl-w alt-backspace cut a word · alt-b/alt-f by words · backspace/delete · ↑/↓ earlier commands and filters · enter runs · esc closes · a paste is text (it never runs the line)";

/** Every line of the help at `width` columns. */
function helpLines(sections: readonly HelpSection[], width: number): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const section of sections) {
    if (section.bindings.length === 0) continue;
    lines.push({ text: section.title, title: true });
    for (const b of section.bindings) lines.push(...wrapped(`  ${b.keys.map(keyLabel).join(" / ").padEnd(16)} `, b.description, width));
  }
  lines.push({ text: "Every line input (: / the form's fields, the user prompt)", title: true });
  lines.push(...wrapped("  ", LINE_KEYS, width));
  lines.push({ text: "Commands (:)", title: true });
  for (const c of COMMANDS) lines.push(...wrapped(`  ${`:${[c.name, ...(c.aliases ?? [])].join(" :")}${c.args ? ` ${c.args}` : ""}`.padEnd(28)} `, c.description, width));
  for (const kind of LIST_KIND_NAMES) {
    const spec = LIST_KINDS[kind];
    lines.push({ text: `${spec.noun[0]!.toUpperCase()}${spec.noun.slice(1)} filters (/ and f)`, title: true });
    for (const k of spec.filterKeys) lines.push(...wrapped(`  ${k.example.padEnd(28)} `, k.description, width));
  }
  return lines;
}

/** Help (?): every binding of every screen (the same tables that dispatch keys), then the line keys, the commands and the filters. */
export function createHelpScreen(screens: ReadonlyArray<Screen<never>>): Screen<RouteOf<"help">> {
  const sections: HelpSection[] = [
    { title: "Everywhere", bindings: GLOBAL_BINDINGS },
    ...screens.map((s) => ({ title: s.title, bindings: s.bindings })),
    { title: "The filter form (f)", bindings: FORM_BINDINGS },
    { title: "The apps pane (ctrl-p on wide terminals)", bindings: SIDE_BINDINGS },
    { title: "A write to confirm (t, m)", bindings: CONFIRM_BINDINGS },
    { title: "An auth token, shown once", bindings: SECRET_BINDINGS },
  ];
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
