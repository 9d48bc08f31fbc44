import { Box, Text } from "ink";
import type { Timeline, TimelineKind } from "../../text/timeline.js";
import type { Theme } from "../theme.js";
import { useScrollWindow } from "./use-scroll-window.js";

const colourOf = (kind: TimelineKind, theme: Theme) => (kind === "joined" ? theme.success : kind === "in-call" ? theme.info : kind === "missed" ? theme.warning : theme.muted);

/**
 * A call's timeline (text/timeline.ts) with a selected row: its heading and title, the
 * scale, and the rows that fit around the selection, each bar coloured by what
 * it says (the note says it in words too).
 */
export function TimelineRows({ heading, drawn, selected, height, theme }: { heading: string; drawn: Timeline; selected: number; height: number; theme: Theme }) {
  const visible = Math.max(1, height - 2);
  const start = useScrollWindow(selected, drawn.rows.length, visible);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">{`${heading} · ${drawn.title}`}</Text>
      <Text color={theme.muted} wrap="truncate-end">{drawn.scale}</Text>
      {drawn.rows.slice(start, start + visible).map((row, i) => (
        <Text key={start + i} inverse={start + i === selected} wrap="truncate-end">
          {`${row.label} `}
          <Text color={start + i === selected ? undefined : colourOf(row.kind, theme)}>{row.bar}</Text>
          {` ${row.note}`}
        </Text>
      ))}
    </Box>
  );
}
