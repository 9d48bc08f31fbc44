import type { Conversation } from "../../api/chat-schemas.js";
import { shownField } from "../../api/schemas.js";
import { formatTime } from "../../text/format.js";
import { messageSummary } from "../../text/message.js";
import type { TableColumn } from "../../text/table.js";
import type { ListRun } from "../list-command.js";

/** A user's conversations: with whom, how many unread, the last thing said. */
export const conversationColumns: TableColumn<Conversation>[] = [
  { header: "with", get: (c) => shownField(c, "conversationWith", () => c.conversationWith?.name ?? c.conversationWith?.id ?? ""), min: 8, max: 28, flex: 1 },
  { header: "id", get: (c) => shownField(c, "conversationWith", () => c.conversationWith?.id ?? ""), min: 6, max: 28, flex: 1 },
  { header: "type", get: (c) => shownField(c, "conversationType", () => c.conversationType ?? ""), min: 5 },
  { header: "unread", get: (c) => shownField(c, "unreadMessageCount", () => c.unreadMessageCount ?? ""), align: "right", min: 6 },
  { header: "last message", get: (c) => shownField(c, "lastMessage", () => (c.lastMessage ? messageSummary(c.lastMessage) : "")), min: 12, flex: 3 },
  { header: "updated", get: (c) => shownField(c, "updatedAt", () => formatTime(c.updatedAt)), min: 16 },
];

export const conversationRun: ListRun<"conversations"> = { kind: "conversations", columns: conversationColumns };
