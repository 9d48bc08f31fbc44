import { Box, Text } from "ink";
import type { Conversation, User } from "../../api/chat-schemas.js";
import { type Call, type Group, ODD_MARK, oddFields } from "../../api/schemas.js";
import { type ExplorerState, activeView, detailOf } from "../../store/explorer-store.js";
import { USER_SECTIONS, type UserDetailState, type UserSection } from "../../store/types.js";
import { USER_FIRST, fieldLines } from "../../text/fields.js";
import { countOf } from "../../text/format.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import { callsOf } from "./jumps.js";
import { conversationScope } from "../../resources/conversations.js";
import { explorerColumns } from "./resource-columns.js";
import { RESOURCES } from "../../resources/index.js";
import { type AnyResource, erased } from "../../resources/resource.js";
import type { Binding, RouteOf, Screen, Selection } from "./types.js";
import { verbKeyBindings } from "./verb-keys.js";

/**
 * One user: the profile (every field, the telling ones first), then one of
 * the lists that hang off them: the groups they joined, their calls, their
 * conversations, the users they blocked (←/→ switch). Enter follows a row.
 */

/** A section's columns from the definition of what it lists (whom the user blocked, their friends). */
const definedColumns = (resource: AnyResource, rows: readonly never[], width: number, actingUser = false) =>
  explorerColumns(resource, { width, actingUser, rows: rows as unknown as ReadonlyArray<Record<string, unknown>> }) as unknown as Column<never>[];

/** How each section is named, drawn, and followed. */
const SECTIONS: { [S in UserSection]: { title: string; columns: (rows: readonly never[], width: number) => Column<never>[]; open: (state: ExplorerState, uid: string, item: never) => void; id: (item: never) => string } } = {
  groups: {
    title: "groups joined",
    columns: (rows, width) => definedColumns(erased(RESOURCES.groups), rows, width, true),
    open: (state, _uid, g: Group) => state.openResourceItem(RESOURCES.groups.name, [g.guid]),
    id: (g: Group) => g.guid,
  },
  calls: {
    title: "calls",
    columns: (rows, width) => definedColumns(erased(RESOURCES.calls), rows, width),
    open: (state, _uid, c: Call) => state.openResourceItem(RESOURCES.calls.name, [c.sessionId]),
    id: (c: Call) => c.sessionId,
  },
  conversations: {
    title: "conversations",
    columns: (rows, width) => definedColumns(erased(RESOURCES.conversations), rows, width),
    open: (state, uid, c: Conversation) => {
      const scope = conversationScope(c, uid);
      if (scope) state.openThread(scope);
    },
    id: (c: Conversation) => c.conversationId,
  },
  blocked: {
    title: "blocked users",
    columns: (rows, width) => definedColumns(erased(RESOURCES.blocked), rows, width),
    open: (state, _uid, u: User) => state.openUser(u.uid),
    id: (u: User) => u.uid,
  },
  friends: {
    title: "friends",
    columns: (rows, width) => definedColumns(erased(RESOURCES.friends), rows, width),
    open: (state, _uid, u: User) => state.openUser(u.uid),
    id: (u: User) => u.uid,
  },
};

const userOf = (state: ExplorerState, uid: string) => detailOf(activeView(state), "user", uid);

function Tabs({ detail, theme }: { detail: UserDetailState; theme: Theme }) {
  return (
    <Text wrap="truncate-end">
      {USER_SECTIONS.map((s, i) => {
        const known = detail.sections[s];
        const count = known?.loading ? "…" : known?.total ?? known?.items.length;
        const label = `${SECTIONS[s].title}${count === undefined ? "" : ` (${count})`}`;
        return (
          <Text key={s}>
            {i > 0 ? "  " : ""}
            {s === detail.section ? <Text bold inverse>{` ${label} `}</Text> : <Text color={theme.muted}>{` ${label} `}</Text>}
          </Text>
        );
      })}
      <Text color={theme.muted}>{"  ←/→"}</Text>
    </Text>
  );
}

function UserView({ uid, detail, height, width, theme }: { uid: string; detail?: UserDetailState; height: number; width: number; theme: Theme }) {
  if (!detail || (detail.loading && !detail.user)) return <Text color={theme.muted}>{`loading user ${sanitize(uid)}…`}</Text>;
  if (detail.error && !detail.user) return <FailureBox failure={detail.error} theme={theme} />;
  const fields = fieldLines((detail.raw ?? detail.user) as Record<string, unknown>, { first: USER_FIRST, odd: oddFields(detail.user), mark: ODD_MARK });
  // The profile takes at most half the body: the section below is what one moves through.
  const shown = fields.slice(0, Math.max(3, Math.min(fields.length, Math.floor(height / 2) - 1)));
  const section = detail.sections[detail.section];
  const rowsHeight = Math.max(2, height - shown.length - 2);
  let body;
  if (!section || (section.loading && section.items.length === 0)) body = <Text color={theme.muted}>{`loading ${SECTIONS[detail.section].title}…`}</Text>;
  else if (section.error) body = <FailureBox failure={section.error} theme={theme} />;
  else if (section.items.length === 0) body = <Text color={theme.muted}>{`no ${SECTIONS[detail.section].title}`}</Text>;
  else body = <Rows columns={SECTIONS[detail.section].columns(section.items as never[], width)} rows={section.items as never[]} selected={detail.selected} height={rowsHeight} width={width} theme={theme} />;
  return (
    <Box flexDirection="column" height={height}>
      {shown.map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
      {fields.length > shown.length ? <Text color={theme.muted}>{`… ${countOf(fields.length - shown.length, "more field")} (Y copies the JSON)`}</Text> : null}
      <Tabs detail={detail} theme={theme} />
      <Box flexGrow={1} flexDirection="column" overflow="hidden">{body}</Box>
    </Box>
  );
}

const uidOf = (route: { view: string }) => (route as RouteOf<"user">).uid;

const bindings: Binding[] = [
  { keys: ["enter"], description: "open the selected group, call, conversation or user", footer: "open", run: (c) => c.selection()?.open?.() },
  { keys: ["right", "l"], description: `next list (${USER_SECTIONS.join(", ")})`, footer: "lists", run: (c) => c.store.getState().showUserSection(uidOf(c.route), { step: 1 }) },
  { keys: ["left", "h"], description: "previous list", run: (c) => c.store.getState().showUserSection(uidOf(c.route), { step: -1 }) },
  { keys: ["c"], description: "the calls list, filtered to this user's calls", run: (c) => callsOf(c.state, uidOf(c.route)) },
  { keys: ["M"], description: "the messages between this user and the one you act for", footer: "messages", run: (c) => {
    const as = c.state.user;
    if (!as) return c.store.getState().notify("the messages of a 1:1 conversation need the other side: u chooses whom to act for");
    c.store.getState().openThread({ kind: "user", uid: uidOf(c.route), as });
  } },
  // A sub-resource of the user (the users definition's child), on a list screen of its own.
  { keys: ["T"], description: `the user's ${RESOURCES.tokens.name}: their auth tokens, masked`, run: (c) => c.store.getState().openResource(RESOURCES.tokens.name, [uidOf(c.route)]) },
  { keys: ["P"], description: `the user's notification ${RESOURCES.preferences.name}: do not disturb, muted conversations, timezone`, run: (c) => c.store.getState().openResourceItem(RESOURCES.preferences.name, [uidOf(c.route)]) },
  { keys: ["a"], description: "act on behalf of this user", run: (c) => c.store.getState().setUser(uidOf(c.route)) },
  // e edits the user's fields, D deactivates them, t makes them a token, m sends them a message: the same writes as on the users list.
  ...verbKeyBindings(["user"], (c) => {
    const detail = userOf(c.state, uidOf(c.route));
    return { on: "user", params: [], row: (detail?.raw ?? detail?.user ?? { uid: uidOf(c.route) }) as Record<string, unknown> };
  }),
];

export const userScreen: Screen<RouteOf<"user">> = {
  title: "A user",
  crumb: (route) => `user ${sanitize(route.uid)}`,
  bindings,
  cursor: (state, route) => {
    const d = userOf(state, route.uid);
    return { index: d?.selected ?? 0, count: d?.sections[d.section]?.items.length ?? 0 };
  },
  select: (store, route, index) => store.getState().selectInUser(route.uid, index),
  selection: (state, route): Selection | undefined => {
    const d = userOf(state, route.uid);
    if (!d) return undefined;
    const item = d.sections[d.section]?.items[d.selected] as never | undefined;
    if (item === undefined) return { id: route.uid, json: d.raw };
    const section = SECTIONS[d.section];
    return { id: section.id(item), json: item, open: () => section.open(state, route.uid, item) };
  },
  render: ({ state, route, height, width, theme }) => <UserView uid={route.uid} detail={userOf(state, route.uid)} height={height} width={width} theme={theme} />,
};
