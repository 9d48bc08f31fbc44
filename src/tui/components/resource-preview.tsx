import { Box, Text } from "ink";
import { type AnyResource, itemLines } from "../../resources/resource.js";
import type { Theme } from "../theme.js";

/**
 * The preview of a row of a resource made from a definition: its fields as
 * sent (secrets masked), the telling ones first, as its item's screen shows
 * them; a field the schema could not read is marked.
 */
export function ResourcePreview({ resource, row, height, theme }: { resource: AnyResource; row: Record<string, unknown>; height: number; theme: Theme }) {
  const lines = itemLines(resource, row);
  const shown = lines.slice(0, Math.max(1, height - 1));
  return (
    <Box flexDirection="column">
      {shown.map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
      {lines.length > shown.length ? <Text color={theme.muted}>{`… ${lines.length - shown.length} more`}</Text> : null}
    </Box>
  );
}
