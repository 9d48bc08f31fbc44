import type { User } from "../../api/chat-schemas.js";
import { shownField } from "../../api/schemas.js";
import { formatTime } from "../../text/format.js";
import type { TableColumn } from "../../text/table.js";
import type { ListRun } from "../list-command.js";

/** Users as table rows for people. */
export const userColumns: TableColumn<User>[] = [
  { header: "uid", get: (u) => u.uid, min: 8, max: 32, flex: 1 },
  { header: "name", get: (u) => shownField(u, "name", () => u.name ?? ""), min: 8, max: 32, flex: 2 },
  { header: "status", get: (u) => shownField(u, "status", () => `${u.status ?? ""}${u.deactivatedAt !== undefined ? " (deactivated)" : ""}`), min: 9 },
  { header: "role", get: (u) => shownField(u, "role", () => u.role ?? ""), min: 7, max: 16 },
  { header: "tags", get: (u) => shownField(u, "tags", () => (u.tags ?? []).join(",")), min: 6, max: 24, flex: 1 },
  { header: "last active", get: (u) => shownField(u, "lastActiveAt", () => formatTime(u.lastActiveAt)), min: 16 },
  { header: "created", get: (u) => shownField(u, "createdAt", () => formatTime(u.createdAt)), min: 16 },
];

export const userRun: ListRun<"users"> = { kind: "users", columns: userColumns, tableQuery: { withTags: "true" } };
