import type { Message } from "../../api/chat-schemas.js";
import { shownField } from "../../api/schemas.js";
import { formatTime } from "../../text/format.js";
import { messageSummary } from "../../text/message.js";
import type { TableColumn } from "../../text/table.js";

/** Messages as table rows: when, who to whom, what kind, and what it said (attachments named, edits and deletions marked). */
export const messageColumns: TableColumn<Message>[] = [
  { header: "id", get: (m) => m.id, align: "right", min: 4, max: 12 },
  { header: "sent", get: (m) => shownField(m, "sentAt", () => formatTime(m.sentAt)), min: 16 },
  { header: "sender", get: (m) => shownField(m, "sender", () => m.sender ?? ""), min: 6, max: 24, flex: 1 },
  { header: "to", get: (m) => shownField(m, "receiver", () => m.receiver ?? ""), min: 6, max: 24, flex: 1 },
  { header: "type", get: (m) => shownField(m, "type", () => m.type ?? m.category ?? ""), min: 6, max: 12 },
  { header: "text", get: (m) => shownField(m, "data", () => messageSummary(m)), min: 12, flex: 4 },
];
