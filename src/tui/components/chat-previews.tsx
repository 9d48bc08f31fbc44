import { Box, Text } from "ink";
import type { User } from "../../api/chat-schemas.js";
import { shownField } from "../../api/schemas.js";
import { formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { truncate } from "../../text/width.js";
import { Fields, type PreviewProps } from "./previews.js";

/** The preview pane for a user: drawn from the list's own answer. */

export function UserPreview({ item: u, width, height, theme }: PreviewProps<User>) {
  const shown = (field: string, read: () => unknown) => shownField(u, field, read);
  const fields: Array<[string, unknown]> = [
    ["name", shown("name", () => u.name)], ["uid", u.uid], ["status", shown("status", () => u.status)], ["role", shown("role", () => u.role)],
    ["tags", shown("tags", () => (u.tags ?? []).join(", ") || "—")], ["active", shown("lastActiveAt", () => formatTime(u.lastActiveAt))],
    ["created", shown("createdAt", () => formatTime(u.createdAt))],
    ...(u.deactivatedAt !== undefined ? [["inactive", `deactivated ${formatTime(u.deactivatedAt)}`] as [string, unknown]] : []),
    ...(u.blockedByMe || u.hasBlockedMe ? [["blocked", [u.blockedByMe ? "by me" : "", u.hasBlockedMe ? "me" : ""].filter(Boolean).join(", ")] as [string, unknown]] : []),
  ];
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Fields fields={fields} width={width} theme={theme} />
      {u.metadata !== undefined ? <Text color={theme.muted} wrap="truncate-end">{`metadata ${truncate(sanitize(JSON.stringify(u.metadata)), Math.max(1, width - 9))}`}</Text> : null}
    </Box>
  );
}
