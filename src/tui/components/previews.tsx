import { Box, Text } from "ink";
import { type Call, type Group, shownField } from "../../api/schemas.js";
import { formatDuration, formatPlainMinutes, formatTime } from "../../text/format.js";
import { callDuration } from "../../text/timeline.js";
import { sanitize } from "../../text/sanitize.js";
import { fit, truncate } from "../../text/width.js";
import { type Theme, statusColor } from "../theme.js";

/**
 * The preview pane's contents: what the selected row holds, drawn from the
 * list's own answer (no request of its own), so that it follows the
 * selection as fast as the cursor moves.
 */

export interface PreviewProps<Item> {
  item: Item;
  width: number;
  height: number;
  theme: Theme;
}

/** `label  value` lines, each cut to the pane's width. */
export function Fields({ fields, width, theme }: { fields: Array<[string, unknown]>; width: number; theme: Theme }) {
  return (
    <>
      {fields.map(([label, value]) => (
        <Text key={label} wrap="truncate-end">
          <Text color={theme.muted}>{label.padEnd(9)}</Text>
          {truncate(sanitize(value ?? "—"), Math.max(1, width - 9))}
        </Text>
      ))}
    </>
  );
}

export function GroupPreview({ item: g, width, height, theme }: PreviewProps<Group>) {
  const shown = (field: string, read: () => unknown) => shownField(g, field, read);
  const fields: Array<[string, unknown]> = [
    ["name", shown("name", () => g.name)], ["guid", g.guid], ["type", shown("type", () => g.type)],
    ["members", shown("membersCount", () => g.membersCount)], ["owner", shown("owner", () => g.owner)],
    ["tags", shown("tags", () => (g.tags ?? []).join(", ") || "—")], ["created", shown("createdAt", () => formatTime(g.createdAt))],
    ["updated", shown("updatedAt", () => formatTime(g.updatedAt))],
    ...(g.hasJoined !== undefined ? [["joined", g.hasJoined ? `${g.scope ?? "member"} since ${formatTime(g.joinedAt)}` : "no"] as [string, unknown]] : []),
  ];
  const description = sanitize(g.description ?? "");
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Fields fields={fields} width={width} theme={theme} />
      {description ? <Text wrap="wrap">{description}</Text> : null}
      {g.metadata !== undefined ? <Text color={theme.muted} wrap="truncate-end">{`metadata ${truncate(sanitize(JSON.stringify(g.metadata)), Math.max(1, width - 9))}`}</Text> : null}
    </Box>
  );
}

export function CallPreview({ item: c, width, height, theme }: PreviewProps<Call>) {
  const participants = c.participants ?? [];
  const shown = (field: string, read: () => unknown) => shownField(c, field, read);
  const fields: Array<[string, unknown]> = [
    ["type", `${sanitize(shown("type", () => c.type))} · ${sanitize(shown("mode", () => c.mode))}`], ["from", shown("initiator", () => c.initiator)],
    ["to", `${sanitize(shown("receiver", () => c.receiver))} (${sanitize(c.receiverType)})`],
    ["started", shown("startedAt", () => formatTime(c.startedAt ?? c.initiatedAt))], ["ended", shown("endedAt", () => formatTime(c.endedAt))],
    ["lasted", shown("startedAt", () => formatDuration(callDuration(c, Date.now() / 1000)))],
    ["minutes", shown("totalDurationInMinutes", () => formatPlainMinutes(c.totalDurationInMinutes))], ["rec", shown("hasRecording", () => (c.hasRecording ? "yes" : "no"))],
  ];
  const rows = Math.max(0, height - fields.length - 3);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold color={statusColor(theme, c.status)} wrap="truncate-end">{sanitize(c.status ?? "—")}</Text>
      <Fields fields={fields} width={width} theme={theme} />
      <Text bold wrap="truncate-end">{`Participants (${participants.length})`}</Text>
      {participants.slice(0, rows).map((p, i) => (
        <Text key={i} wrap="truncate-end">
          {`${fit(sanitize(p.uid), Math.max(4, width - 13))} `}
          <Text color={statusColor(theme, p.state)}>{sanitize(p.state ?? "")}</Text>
        </Text>
      ))}
      {participants.length > rows && rows > 0 ? <Text color={theme.muted}>{`… ${participants.length - rows} more (enter opens the call)`}</Text> : null}
    </Box>
  );
}
