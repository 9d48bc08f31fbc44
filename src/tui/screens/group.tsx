import { Box, Text } from "ink";
import type { Member } from "../../api/chat-schemas.js";
import { ODD_MARK, oddFields } from "../../api/schemas.js";
import { type ExplorerState, type ExplorerStore, activeView, detailOf } from "../../store/explorer-store.js";
import type { GroupDetailState } from "../../store/types.js";
import { countOf } from "../../text/format.js";
import { GROUP_FIRST, fieldLines as linesOfFields } from "../../text/fields.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import { Rows } from "../components/rows.js";
import { RESOURCES } from "../../resources/index.js";
import type { AnyResource } from "../../resources/resource.js";
import { explorerColumns } from "./resource-columns.js";
import type { Theme } from "../theme.js";
import type { Binding, KeyContext, RouteOf, Screen } from "./types.js";
import { markedRows, verbKeyBindings } from "./verb-keys.js";
import { writeKey } from "./write-key.js";

/** The members' columns: their definition's (src/resources/members.ts), as `ccx members` prints them. */
const memberColumns = (rows: readonly Member[], width: number) => explorerColumns(RESOURCES.members as unknown as AnyResource, { width, rows: rows as unknown as Array<Record<string, unknown>> });

/** Every field of the group, unknown ones too, then its members (paged with n/p). */
function GroupView({ guid, detail, height, width, theme, marked }: { guid: string; detail?: GroupDetailState; height: number; width: number; theme: Theme; marked?: (row: Record<string, unknown>) => boolean }) {
  if (!detail || (detail.loading && !detail.group)) return <Text color={theme.muted}>{`loading group ${sanitize(guid)}…`}</Text>;
  if (detail.error && !detail.group) {
    return <FailureBox failure={detail.error} theme={theme} />;
  }
  // What a user looks for first comes first; every other field (unknown ones too) follows as sent.
  const fields = linesOfFields((detail.raw ?? detail.group) as Record<string, unknown>, { first: GROUP_FIRST, odd: oddFields(detail.group), mark: ODD_MARK });
  // Fields take what the members table (header and five rows) leaves.
  const fieldLines = fields.length <= height - 8 ? fields : fields.slice(0, Math.max(3, height - 9));
  const pages = detail.membersTotal === undefined ? "" : ` · page ${detail.membersPage}/${Math.max(1, Math.ceil(detail.membersTotal / 100))} (n/p)`;
  return (
    <Box flexDirection="column" height={height}>
      {fieldLines.map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
      {fields.length > fieldLines.length ? <Text color={theme.muted}>{`… ${countOf(fields.length - fieldLines.length, "more field")} (Y copies the JSON)`}</Text> : null}
      <Text bold>{`${detail.people === "banned" ? "Banned users" : "Members"} (${detail.membersTotal ?? detail.members.length})${pages} · tab: ${detail.people === "banned" ? "members" : "banned users"}`}</Text>
      <Rows columns={memberColumns(detail.members, width)} rows={detail.members as unknown as Array<Record<string, unknown>>} selected={detail.selected} height={Math.max(2, height - fieldLines.length - 2)} width={width} theme={theme} marked={marked} />
    </Box>
  );
}

const groupOf = (state: ExplorerState, guid: string) => detailOf(activeView(state), "group", guid);

/** The member (or banned user) under the cursor, and which list it is in. */
function selectedPerson(c: KeyContext): { guid: string; uid: string; scope?: string; banned: boolean } | undefined {
  if (c.route.view !== "group") return undefined;
  const d = groupOf(c.state, c.route.guid);
  const m = d?.members[d.selected];
  return m && { guid: c.route.guid, uid: m.uid, scope: m.scope, banned: d?.people === "banned" };
}

/** The scope `s` gives next: participant → moderator → admin → participant. */
const NEXT_SCOPE: Record<string, string> = { participant: "moderator", moderator: "admin", admin: "participant" };

/** The writes on the member under the cursor: each shows its request and asks, then the list is asked again. */
const MEMBER_WRITES: Binding[] = [
  // + D - as on `:members <guid>` and `:banned <guid>` (the writes' definitions): add or kick, ban or unban.
  ...verbKeyBindings(["members", "banned"], (c) => {
    if (c.route.view !== "group") return undefined;
    const d = groupOf(c.state, c.route.guid);
    const row = d?.members[d.selected] as Record<string, unknown> | undefined;
    return { on: d?.people === "banned" ? "banned" : "members", params: [c.route.guid], row };
  }),
  // e edits the group itself, as on the groups list; m sends it a message.
  ...verbKeyBindings(["group"], (c) => {
    if (c.route.view !== "group") return undefined;
    const d = groupOf(c.state, c.route.guid);
    return { on: "group", params: [], row: (d?.raw ?? d?.group ?? { guid: c.route.guid }) as Record<string, unknown> };
  }),
  writeKey({ keys: ["b"], description: "ban the selected member, or unban the selected banned user (asks first)", footer: "ban", onRows: true,
    disabled: (c) => (selectedPerson(c) ? undefined : "nobody selected"),
    run: (c) => {
      const p = selectedPerson(c)!;
      c.store.getState().askVerb(p.banned ? "member unban" : "member ban", { args: { guid: p.guid, uid: [p.uid] }, flags: {} });
    } }),
  writeKey({ keys: ["s"], description: "give the selected member the next scope: participant → moderator → admin (asks first)", footer: "scope", onRows: true,
    disabled: (c) => (selectedPerson(c)?.scope && !selectedPerson(c)!.banned ? undefined : "no member selected"),
    run: (c) => {
      const p = selectedPerson(c)!;
      c.store.getState().askVerb("member scope", { args: { guid: p.guid, uid: p.uid, scope: NEXT_SCOPE[p.scope!] ?? "participant" }, flags: {} });
    } }),
];

function pageMembers(store: ExplorerStore, guid: string, delta: number): void {
  const detail = groupOf(store.getState(), guid);
  if (detail) store.getState().loadMembers(guid, detail.membersPage + delta);
}

export const groupScreen: Screen<RouteOf<"group">> = {
  title: "A group",
  crumb: (route) => `group ${sanitize(route.guid)}`,
  bindings: [
    { keys: ["n"], description: "next page of members", footer: "next page", run: (c) => c.route.view === "group" && pageMembers(c.store, c.route.guid, 1) },
    { keys: ["p"], description: "previous page of members", run: (c) => c.route.view === "group" && pageMembers(c.store, c.route.guid, -1) },
    { keys: ["tab"], description: "banned users ⇄ members", footer: "banned ⇄ members", run: (c) => {
      if (c.route.view !== "group") return;
      const d = groupOf(c.state, c.route.guid);
      c.store.getState().loadMembers(c.route.guid, 1, d?.people === "banned" ? "members" : "banned");
    } },
    ...MEMBER_WRITES,
    { keys: ["enter"], description: "open the selected member (the user)", footer: "open", run: (c) => c.selection()?.open?.() },
    { keys: ["M"], description: "the group's messages", footer: "messages", run: (c) => c.route.view === "group" && c.store.getState().openThread({ kind: "group", guid: c.route.guid }) },
  ],
  cursor: (state, route) => ({ index: groupOf(state, route.guid)?.selected ?? 0, count: groupOf(state, route.guid)?.members.length ?? 0 }),
  select: (store, route, index) => store.getState().selectInGroup(route.guid, index),
  awaitingRows: (state, route) => {
    const d = groupOf(state, route.guid);
    return d !== undefined && d.loading && !d.group;
  },
  selection: (state, route) => {
    const d = groupOf(state, route.guid);
    const m = d?.members[d.selected];
    return m ? { id: m.uid, json: m, open: () => state.openUser(m.uid) } : d && { id: route.guid, json: d.raw };
  },
  render: ({ state, route, height, width, theme }) => <GroupView guid={route.guid} detail={groupOf(state, route.guid)} height={height} width={width} theme={theme} marked={markedRows(state, (m) => String(m.uid))} />,
};
