import type { ReactNode } from "react";
import type { Conversation, User } from "../../api/chat-schemas.js";
import type { ListItems, ListKind } from "../../resources/list-kinds.js";
import { type Call, type Group, shownField } from "../../api/schemas.js";
import type { ExplorerStore } from "../../store/explorer-store.js";
import { formatDuration, formatPlainMinutes, formatRelative, formatTime } from "../../text/format.js";
import { callDuration } from "../../text/timeline.js";
import type { Column } from "../components/rows.js";
import { CallPreview, GroupPreview } from "../components/previews.js";
import { ConversationPreview, UserPreview } from "../components/chat-previews.js";
import { messageSummary } from "../../text/message.js";
import type { ThreadScope } from "../../store/types.js";
import { type Theme, statusColor } from "../theme.js";

/**
 * How the explorer shows each kind of list: its columns at a width, what
 * Enter opens, and the preview beside it on wide terminals. With the data
 * side in resources/list-kinds.ts, an entry per kind (a kind without one does not
 * compile).
 */
export interface ListView<Item> {
  columns(width: number, withUser: boolean): Column<Item>[];
  open(store: ExplorerStore, item: Item): void;
  preview(props: { item: Item; width: number; height: number; theme: Theme }): ReactNode;
}

/** Below these widths times are shown as ages and session ids without their app prefix. */
const WIDE_GROUPS = 110;
const WIDE_CALLS = 120;

const age = (seconds: unknown) => formatRelative(seconds as number).replace(/ ago$/, "");

export const groupColumns = (width: number, withUser: boolean): Column<Group>[] => {
  const wide = width >= WIDE_GROUPS;
  const time = (get: (g: Group) => unknown) => (g: Group) => (wide ? formatTime(get(g) as number) : age(get(g)));
  return [
    { header: "name", get: (g) => shownField(g, "name", () => g.name ?? ""), flex: 3, minWidth: 16, priority: 9 },
    { header: "guid", get: (g) => g.guid, flex: 2, minWidth: 12, priority: 9 },
    { header: "type", get: (g) => shownField(g, "type", () => g.type ?? ""), width: 9, priority: 7 },
    { header: "members", get: (g) => shownField(g, "membersCount", () => g.membersCount ?? ""), width: 7, align: "right", priority: 6 },
    ...(withUser
      ? [
        { header: "scope", get: (g: Group) => shownField(g, "hasJoined", () => (g.hasJoined ? g.scope ?? "member" : "—")), width: 11, priority: 8 },
        { header: "joined", get: (g: Group) => shownField(g, "hasJoined", () => (g.hasJoined ? time((x) => x.joinedAt)(g) : "")), width: wide ? 16 : 8, priority: 6 },
      ]
      : []),
    { header: "tags", get: (g) => shownField(g, "tags", () => (g.tags ?? []).join(",")), flex: 1, priority: 5 },
    { header: "owner", get: (g) => shownField(g, "owner", () => g.owner ?? ""), width: 12, priority: 3 },
    { header: "created", get: (g) => shownField(g, "createdAt", () => time((x) => x.createdAt)(g)), width: wide ? 16 : 8, priority: 4 },
    { header: "updated", get: (g) => shownField(g, "updatedAt", () => time((x) => x.updatedAt)(g)), width: wide ? 16 : 8, priority: 2 },
  ];
};

/** `v1.us.<appId>.` is the same on every row of an app: narrow screens show what follows. */
const sessionTail = (id: string) => id.replace(/^v\d+\.[a-z]+\.[^.]+\./, "…");

export const callColumns = (width: number): Column<Call>[] => {
  const wide = width >= WIDE_CALLS;
  return [
    wide
      ? { header: "session id", get: (c) => c.sessionId, width: 40, priority: 9 }
      : { header: "session", get: (c) => sessionTail(c.sessionId), flex: 2, minWidth: 12, priority: 9 },
    { header: "rec", get: (c) => shownField(c, "hasRecording", () => (c.hasRecording ? "rec" : "")), width: 3, priority: 7 },
    { header: "status", get: (c) => shownField(c, "status", () => c.status ?? ""), width: 10, color: (c, t) => statusColor(t, c.status), priority: 8 },
    { header: "type", get: (c) => shownField(c, "type", () => c.type ?? ""), width: 5, priority: 6 },
    { header: "mode", get: (c) => shownField(c, "mode", () => c.mode ?? ""), width: 9, priority: 5 },
    { header: "receiver", get: (c) => shownField(c, "receiver", () => c.receiver ?? ""), flex: 1, minWidth: 10, priority: 5 },
    { header: "parts", get: (c) => shownField(c, "totalParticipants", () => c.totalParticipants ?? c.participants?.length ?? ""), width: 5, align: "right", priority: 4 },
    // How long the call lasted (ticking while it goes on, live mode redraws every second); the service's
    // total is the participants' minutes summed, shown apart.
    { header: "duration", get: (c) => shownField(c, "startedAt", () => shownField(c, "endedAt", () => formatDuration(callDuration(c, Date.now() / 1000)))), width: 8, align: "right", priority: 4 },
    ...(wide ? [{ header: "minutes", get: (c: Call) => shownField(c, "totalDurationInMinutes", () => formatPlainMinutes(c.totalDurationInMinutes)), width: 7, align: "right" as const, priority: 2 }] : []),
    { header: "started", get: (c) => shownField(c, "startedAt", () => (wide ? formatTime(c.startedAt) : age(c.startedAt))), width: wide ? 16 : 8, priority: 3 },
  ];
};

export const userColumns = (width: number): Column<User>[] => {
  const wide = width >= WIDE_GROUPS;
  return [
    { header: "name", get: (u) => shownField(u, "name", () => u.name ?? ""), flex: 2, minWidth: 12, priority: 9 },
    { header: "uid", get: (u) => u.uid, flex: 2, minWidth: 10, priority: 9 },
    { header: "status", get: (u) => shownField(u, "status", () => (u.deactivatedAt !== undefined ? "deactivated" : u.status ?? "")), width: 11, priority: 7 },
    { header: "role", get: (u) => shownField(u, "role", () => u.role ?? ""), width: 10, priority: 5 },
    { header: "tags", get: (u) => shownField(u, "tags", () => (u.tags ?? []).join(",")), flex: 1, priority: 4 },
    { header: "last active", get: (u) => shownField(u, "lastActiveAt", () => (wide ? formatTime(u.lastActiveAt) : age(u.lastActiveAt))), width: wide ? 16 : 11, priority: 6 },
    { header: "created", get: (u) => shownField(u, "createdAt", () => (wide ? formatTime(u.createdAt) : age(u.createdAt))), width: wide ? 16 : 8, priority: 2 },
  ];
};

export const conversationColumns = (width: number): Column<Conversation>[] => [
  { header: "with", get: (c) => shownField(c, "conversationWith", () => c.conversationWith?.name ?? c.conversationWith?.id ?? ""), flex: 2, minWidth: 12, priority: 9 },
  { header: "type", get: (c) => shownField(c, "conversationType", () => c.conversationType ?? ""), width: 5, priority: 6 },
  { header: "unread", get: (c) => shownField(c, "unreadMessageCount", () => c.unreadMessageCount || ""), width: 6, align: "right", priority: 8 },
  { header: "last message", get: (c) => shownField(c, "lastMessage", () => (c.lastMessage ? messageSummary(c.lastMessage) : "")), flex: 4, minWidth: 12, priority: 7 },
  { header: "updated", get: (c) => shownField(c, "updatedAt", () => (width >= WIDE_GROUPS ? formatTime(c.updatedAt) : age(c.updatedAt))), width: width >= WIDE_GROUPS ? 16 : 8, priority: 4 },
];

/** The thread a conversation of `as` opens: the group's, or the 1:1 with the other user. */
export function conversationScope(c: Conversation, as: string | undefined): ThreadScope | undefined {
  const other = c.conversationWith?.id;
  if (!other) return undefined;
  if (c.conversationType === "group") return { kind: "group", guid: other };
  return as ? { kind: "user", uid: other, as } : undefined;
}

export const LIST_VIEWS: { [K in ListKind]: ListView<ListItems[K]> } = {
  groups: {
    columns: groupColumns,
    open: (store, group) => store.getState().openGroup(group.guid),
    preview: GroupPreview,
  },
  calls: {
    columns: (width) => callColumns(width),
    open: (store, call) => store.getState().openCall(call.sessionId),
    preview: CallPreview,
  },
  users: {
    columns: (width) => userColumns(width),
    open: (store, user) => store.getState().openUser(user.uid),
    preview: UserPreview,
  },
  conversations: {
    columns: (width) => conversationColumns(width),
    open: (store, conversation) => {
      const scope = conversationScope(conversation, store.getState().user);
      if (scope) store.getState().openThread(scope);
      else store.getState().notify("this conversation names no one to open");
    },
    preview: ConversationPreview,
  },
};
