import type { Group } from "../../api/schemas.js";
import { formatMinutes, formatTime } from "../../text/format.js";
import type { TableColumn } from "../../text/table.js";
import type { ListRun } from "../list-command.js";

/** Groups as table rows for people. */
export const groupColumns: TableColumn<Group>[] = [
  { header: "name", get: (g) => g.name ?? "", min: 16, max: 40, flex: 2 },
  { header: "guid", get: (g) => g.guid, min: 14, max: 36, flex: 1 },
  { header: "type", get: (g) => g.type ?? "", min: 6 },
  { header: "members", get: (g) => g.membersCount ?? "", align: "right", min: 7 },
  { header: "tags", get: (g) => (g.tags ?? []).join(","), min: 6, max: 24, flex: 1 },
  { header: "owner", get: (g) => g.owner ?? "", min: 5, max: 16 },
  { header: "created", get: (g) => formatTime(g.createdAt), min: 16 },
  { header: "updated", get: (g) => formatTime(g.updatedAt), min: 16 },
];

export const groupRun: ListRun<"groups"> = { kind: "groups", columns: groupColumns };
