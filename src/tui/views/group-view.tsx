import { Box, Text } from "ink";
import type { Member } from "../../api/schemas.js";
import type { GroupDetailState } from "../../store/types.js";
import { formatTime } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";

const memberColumns: Column<Member>[] = [
  { header: "uid", get: (m) => m.uid, flex: 1 },
  { header: "name", get: (m) => m.name ?? "", flex: 2 },
  { header: "scope", get: (m) => m.scope ?? "", width: 11 },
  { header: "joined", get: (m) => formatTime(m.joinedAt), width: 16 },
];

const TIMES = new Set(["createdAt", "updatedAt", "joinedAt"]);

/** Every field of the group, unknown ones too, then its members (paged with n/p). */
export function GroupView({ guid, detail, height, width, theme }: { guid: string; detail?: GroupDetailState; height: number; width: number; theme: Theme }) {
  if (!detail || (detail.loading && !detail.group)) return <Text color={theme.muted}>{`loading group ${sanitize(guid)}…`}</Text>;
  if (detail.error && !detail.group) {
    return <FailureBox failure={detail.error} theme={theme} />;
  }
  const raw = (detail.raw ?? detail.group) as Record<string, unknown>;
  const fields = Object.entries(raw).map(([k, v]) => {
    const shown = TIMES.has(k) && typeof v === "number" ? `${formatTime(v)} (${v})` : typeof v === "object" ? JSON.stringify(v) : v;
    return `${k.padEnd(15)} ${sanitize(shown)}`;
  });
  const fieldLines = fields.slice(0, Math.max(3, Math.floor(height / 2) - 1));
  const pages = detail.membersTotal === undefined ? "" : ` · page ${detail.membersPage}/${Math.max(1, Math.ceil(detail.membersTotal / 100))} (n/p)`;
  return (
    <Box flexDirection="column" height={height}>
      {fieldLines.map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
      {fields.length > fieldLines.length ? <Text color={theme.muted}>{`… ${fields.length - fieldLines.length} more fields (Y copies the JSON)`}</Text> : null}
      <Text bold>{`Members (${detail.membersTotal ?? detail.members.length})${pages}`}</Text>
      <Rows columns={memberColumns} rows={detail.members} selected={detail.selected} height={Math.max(2, height - fieldLines.length - 2)} width={width} theme={theme} />
    </Box>
  );
}
