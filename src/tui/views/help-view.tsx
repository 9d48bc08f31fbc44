import { Box, Text } from "ink";
import { CALL_FILTER_KEYS, GROUP_FILTER_KEYS } from "../../query/index.js";
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

/** Every binding of the keymap (the same table that dispatches keys), then the commands and filters. */
export function HelpView({ height, scroll, theme }: { height: number; scroll: number; theme: Theme }) {
  const lines: Array<{ text: string; title?: boolean }> = [];
  for (const scope of Object.keys(SCOPE_TITLES) as Scope[]) {
    const bindings = KEYMAP.filter((b) => b.scope === scope);
    if (bindings.length === 0) continue;
    lines.push({ text: SCOPE_TITLES[scope], title: true });
    for (const b of bindings) lines.push({ text: `  ${b.keys.map(keyLabel).join(" / ").padEnd(16)} ${b.description}` });
  }
  lines.push({ text: "Commands (:)", title: true });
  lines.push({ text: "  :groups  :calls  :call <sessionId>  :page <n>  :apps  :app <appId|name>  :region <us|eu|in>  :user <uid>  :log  :help  :q" });
  lines.push({ text: "Group filters (/)", title: true });
  for (const k of GROUP_FILTER_KEYS) lines.push({ text: `  ${k.example.padEnd(28)} ${k.description}` });
  lines.push({ text: "Call filters (/)", title: true });
  for (const k of CALL_FILTER_KEYS) lines.push({ text: `  ${k.example.padEnd(28)} ${k.description}` });
  const start = Math.max(0, Math.min(scroll, lines.length - height));
  return (
    <Box flexDirection="column">
      {lines.slice(start, start + height).map((l, i) => (
        <Text key={i} bold={l.title} color={l.title ? theme.accent : undefined} wrap="truncate-end">{l.text}</Text>
      ))}
    </Box>
  );
}

export function helpLineCount(): number {
  return KEYMAP.length + GROUP_FILTER_KEYS.length + CALL_FILTER_KEYS.length + 12;
}
