import { type Group, shownField } from "../../api/schemas.js";
import { formatTime } from "../../text/format.js";
import type { TableColumn } from "../../text/table.js";
import type { ListRun } from "../list-command.js";

/** Groups as table rows for people. */
export const groupColumns: TableColumn<Group>[] = [
  { header: "name", get: (g) => shownField(g, "name", () => g.name ?? ""), min: 16, max: 40, flex: 2 },
  { header: "guid", get: (g) => g.guid, min: 14, max: 36, flex: 1 },
  { header: "type", get: (g) => shownField(g, "type", () => g.type ?? ""), min: 6 },
  { header: "members", get: (g) => shownField(g, "membersCount", () => g.membersCount ?? ""), align: "right", min: 7 },
  { header: "tags", get: (g) => shownField(g, "tags", () => (g.tags ?? []).join(",")), min: 6, max: 24, flex: 1 },
  { header: "owner", get: (g) => shownField(g, "owner", () => g.owner ?? ""), min: 5, max: 16 },
  { header: "created", get: (g) => shownField(g, "createdAt", () => formatTime(g.createdAt)), min: 16 },
  { header: "updated", get: (g) => shownField(g, "updatedAt", () => formatTime(g.updatedAt)), min: 16 },
];

export const groupRun: ListRun<"groups"> = { kind: "groups", columns: groupColumns, tableQuery: { withTags: "true" } };
