import { Box, Text } from "ink";
import { displayWidth } from "../../text/width.js";
import type { Theme } from "../theme.js";
import type { Binding, RouteOf, Screen } from "./types.js";

/** d and s leave the explorer: the command line runs the demo or `ccx init` in this terminal. */
const BINDINGS: Binding[] = [
  { keys: ["d"], description: "try the demo: the explorer on a local emulator with generated apps, groups and calls", footer: "try the demo", run: (c) => c.services.quit("demo") },
  { keys: ["s"], description: "set up: ccx init asks for your app (or management credentials), tests them, writes the config file, then opens the explorer on it", footer: "set up", run: (c) => c.services.quit("init") },
  { keys: ["q", "ctrl-c"], description: "quit", footer: "quit", run: (c) => c.services.quit() },
];

/** Words into lines of at most `width` columns, each after `lead` (the first) or `indent`; Ink's wrap would start a line with a space. */
function wrapped(lead: string, text: string, width: number, indent = " ".repeat(displayWidth(lead))): string[] {
  const lines: string[] = [];
  let line = lead;
  for (const word of text.split(" ")) {
    const bare = line === lead || line === indent;
    if (!bare && displayWidth(`${line} ${word}`) > width) {
      lines.push(line);
      line = `${indent}${word}`;
    } else {
      line = bare ? `${line}${word}` : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

function WelcomeView({ width, theme }: { width: number; theme: Theme }) {
  const text = (lines: string[], color?: string) => lines.map((l, i) => <Text key={i} color={color} wrap="truncate-end">{l}</Text>);
  return (
    <Box flexDirection="column">
      <Text bold color={theme.accent}> Welcome to ccx</Text>
      <Text> </Text>
      {text(wrapped(" ", "Nothing is configured yet: no app id or API key (flags or CCX_* variables), no config file, no management credentials.", width))}
      <Text> </Text>
      {BINDINGS.map((b) => (
        <Box key={b.keys[0]} flexDirection="column">{text(wrapped(`   ${b.keys[0]}  `, b.description, width))}</Box>
      ))}
      <Text> </Text>
      {text(wrapped(" ", "Without a screen: ccx init --help, ccx demo, or ccx --app-id ID --region us --api-key KEY.", width), theme.muted)}
    </Box>
  );
}

/** Before any app is known: the way in, instead of an error on first contact. */
export const welcomeScreen: Screen<RouteOf<"welcome">> = {
  title: "The welcome screen (nothing configured yet)",
  crumb: () => "welcome",
  bindings: BINDINGS,
  standalone: true,
  cursor: () => ({ index: 0, count: 0 }),
  select: () => undefined,
  selection: () => undefined,
  render: ({ width, theme }) => <WelcomeView width={width} theme={theme} />,
};
