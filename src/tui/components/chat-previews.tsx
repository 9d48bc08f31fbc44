import { Box, Text } from "ink";
import type { Conversation, User } from "../../api/chat-schemas.js";
import { shownField } from "../../api/schemas.js";
import { formatTime } from "../../text/format.js";
import { messageSummary } from "../../text/message.js";
import { sanitize } from "../../text/sanitize.js";
import { truncate } from "../../text/width.js";
import { Fields, type PreviewProps } from "./previews.js";

/** The preview pane for a user and for a conversation: drawn from the list's own answer. */

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

export function ConversationPreview({ item: c, width, height, theme }: PreviewProps<Conversation>) {
  const shown = (field: string, read: () => unknown) => shownField(c, field, read);
  const last = c.lastMessage;
  const fields: Array<[string, unknown]> = [
    ["with", shown("conversationWith", () => `${c.conversationWith?.name ?? ""} (${c.conversationWith?.id ?? "?"})`)],
    ["type", shown("conversationType", () => c.conversationType)], ["id", c.conversationId],
    ["unread", shown("unreadMessageCount", () => c.unreadMessageCount ?? 0)], ["updated", shown("updatedAt", () => formatTime(c.updatedAt))],
    ...(last ? [["from", last.sender] as [string, unknown], ["sent", formatTime(last.sentAt)] as [string, unknown]] : []),
  ];
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Fields fields={fields} width={width} theme={theme} />
      {last ? <Text wrap="wrap">{sanitize(shown("lastMessage", () => messageSummary(last)))}</Text> : null}
    </Box>
  );
}
