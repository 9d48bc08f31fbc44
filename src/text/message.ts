/**
 * A message in one line for people: its text, the attachments named, an
 * action or a call said in words, edits, deletions and threads marked. Shared
 * by the message tables, the explorer's messages and conversations' last
 * message. The result is not sanitized: the table and the explorer do that
 * where they draw it, as they do for every server string.
 */
import { countOf } from "./format.js";

/** What this needs of a message (the api's Message has it all, read tolerantly). */
export interface MessageLike {
  category?: string;
  type?: string;
  data?: Record<string, unknown>;
  editedAt?: number;
  deletedAt?: number;
  parentId?: string;
  replyCount?: number;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const words = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** `photo.png`, `2 files: a.pdf, b.pdf`: an attachment by its name, else its URL's last part. */
export function attachmentNames(data: Record<string, unknown> | undefined): string[] {
  const list = Array.isArray(data?.attachments) ? data.attachments : data?.attachment !== undefined ? [data.attachment] : [];
  return list.map((a) => {
    const item = record(a);
    const fromUrl = words(item?.url)?.split(/[?#]/)[0]!.split("/").filter(Boolean).at(-1);
    return words(item?.name) ?? fromUrl ?? "attachment";
  });
}

/** The words of a message, without marks. */
function body(m: MessageLike): string {
  const data = m.data ?? {};
  const text = words(data.text);
  const files = attachmentNames(data);
  if (m.category === "action") return `· ${words(data.action) ?? "action"}${text ? `: ${text}` : ""}`;
  if (m.category === "call") {
    const call = record(record(record(data.entities)?.on)?.entity);
    return `· call${words(call?.status) ? ` ${call!.status}` : ""}${words(data.action) ? ` (${data.action})` : ""}`;
  }
  if (m.category === "custom") return `${m.type ?? "custom"}: ${text ?? JSON.stringify(data.customData ?? {})}`;
  const named = files.length === 0 ? "" : `[${m.type && m.type !== "file" ? `${m.type}: ` : ""}${files.join(", ")}]`;
  return [text, named].filter(Boolean).join(" ") || (m.type && m.type !== "text" ? `[${m.type}]` : "");
}

/** Marks people look for: deleted, edited, a reply, replies counted. */
export function messageMarks(m: MessageLike): string[] {
  const marks: string[] = [];
  if (m.deletedAt !== undefined) marks.push("deleted");
  if (m.editedAt !== undefined) marks.push("edited");
  if (m.parentId !== undefined) marks.push(`reply to ${m.parentId}`);
  if (m.replyCount) marks.push(countOf(m.replyCount, "reply", "replies"));
  return marks;
}

/** `hello there (edited, 2 replies)`; a deleted message shows `(deleted)` and what it said, if it still says it. */
export function messageSummary(m: MessageLike): string {
  const marks = messageMarks(m);
  const said = body(m);
  return [said, marks.length > 0 ? `(${marks.join(", ")})` : ""].filter(Boolean).join(" ");
}
