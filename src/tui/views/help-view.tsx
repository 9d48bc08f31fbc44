import { Box, Text, useStdout } from "ink";
import { CALL_FILTER_KEYS, GROUP_FILTER_KEYS } from "../../query/index.js";
import { displayWidth } from "../../text/width.js";
import { KEYMAP, type Scope } from "../keymap.js";
import type { Theme } from "../theme.js";

const SCOPE_TITLES: Record<Scope, string> = {
  global: "Everywhere",
  list: "Groups and calls",
  form: "The filter form (f)",
  call: "A call",
  group: "A group",
  recording: "A recording",
  picker: "Apps and the request log",
};

const keyLabel = (key: string) => (key === "escape" ? "esc" : key);

/** The narrowest width help is laid out for when the caller does not say: every line stays in reach. */
const NARROWEST = 60;

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

/** Every line of the help at `width` columns. */
function helpLines(width: number): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const scope of Object.keys(SCOPE_TITLES) as Scope[]) {
    const bindings = KEYMAP.filter((b) => b.scope === scope);
    if (bindings.length === 0) continue;
    lines.push({ text: SCOPE_TITLES[scope], title: true });
    for (const b of bindings) lines.push(...wrapped(`  ${b.keys.map(keyLabel).join(" / ").padEnd(16)} `, b.description, width));
  }
  lines.push({ text: "Commands (:)", title: true });
  lines.push(...wrapped("  ", ":groups  :calls  :call <sessionId>  :page <n>  :apps  :app <appId|name>  :region <us|eu|in>  :user <uid>  :log  :help  :q", width));
  lines.push({ text: "Group filters (/)", title: true });
  for (const k of GROUP_FILTER_KEYS) lines.push(...wrapped(`  ${k.example.padEnd(28)} `, k.description, width));
  lines.push({ text: "Call filters (/)", title: true });
  for (const k of CALL_FILTER_KEYS) lines.push(...wrapped(`  ${k.example.padEnd(28)} `, k.description, width));
  return lines;
}

/** Every binding of the keymap (the same table that dispatches keys), then the commands and filters. */
export function HelpView({ height, scroll, width, theme }: { height: number; scroll: number; width?: number; theme: Theme }) {
  const { stdout } = useStdout();
  // Without a width from the caller: the terminal's, less the last column the app leaves empty.
  const lines = helpLines(width ?? Math.max(20, (stdout.columns || 80) - 1));
  const start = Math.max(0, Math.min(scroll, lines.length - height));
  return (
    <Box flexDirection="column">
      {lines.slice(start, start + height).map((l, i) => (
        <Text key={i} bold={l.title} color={l.title ? theme.accent : undefined} wrap="truncate-end">{l.text}</Text>
      ))}
    </Box>
  );
}

/** How many lines help has at `width` (by default its narrowest, an upper bound: the last line stays in reach). */
export function helpLineCount(width = NARROWEST): number {
  return helpLines(Math.max(width, 1)).length;
}
