import { Box, Text } from "ink";
import type { Message } from "../../api/chat-schemas.js";
import { shownField } from "../../api/schemas.js";
import { users } from "../../resources/users.js";
import { MAX_THREAD_ROWS } from "../../store/thread-actions.js";
import { type ExplorerState, activeView, detailOf, threadKey } from "../../store/explorer-store.js";
import type { ThreadScope, ThreadState } from "../../store/types.js";
import { formatAge, formatTime } from "../../text/format.js";
import { attachmentNames, messageMarks, messageSummary } from "../../text/message.js";
import { sanitize } from "../../text/sanitize.js";
import { FailureBox } from "../components/failure-box.js";
import { type Column, Rows } from "../components/rows.js";
import type { Theme } from "../theme.js";
import { markedRows, verbKeyBindings } from "./verb-keys.js";
import type { Binding, RouteOf, Screen } from "./types.js";

/**
 * A conversation's messages, as a chat shows them: oldest at the top, the
 * cursor on the newest at the bottom; going up past the top loads older ones.
 * The selected message is shown whole below the rows.
 */

const WIDE = 110;
/** Rows the selected message's box takes below the rows: its border, the header, the text, the attachments and marks. */
const DETAIL_HEIGHT = 5;

const messageColumns = (width: number): Column<Message>[] => [
  { header: "sent", get: (m) => shownField(m, "sentAt", () => (width >= WIDE ? formatTime(m.sentAt) : formatAge(m.sentAt))), width: width >= WIDE ? 16 : 8, priority: 7 },
  { header: "sender", get: (m) => shownField(m, "sender", () => m.sender ?? ""), width: 14, priority: 8 },
  { header: "type", get: (m) => shownField(m, "type", () => m.type ?? m.category ?? ""), width: 7, priority: 4 },
  { header: "message", get: (m) => shownField(m, "data", () => messageSummary(m)), flex: 1, minWidth: 16, priority: 9 },
  { header: "id", get: (m) => m.id, width: 7, align: "right", priority: 2 },
];

export const scopeTitle = (scope: ThreadScope) =>
  scope.kind === "app" ? "the app's messages" : scope.kind === "group" ? `messages of group ${scope.guid}` : `messages of ${scope.as} and ${scope.uid}`;

/** The selected message, whole: who, when, to whom, its text wrapped, its attachments and marks. */
function MessageDetail({ m, width, theme }: { m: Message; width: number; theme: Theme }) {
  const files = attachmentNames(m.data);
  const marks = messageMarks(m);
  const text = typeof m.data?.text === "string" ? m.data.text : messageSummary(m);
  const footer = files.length > 0 || marks.length > 0;
  // The box is DETAIL_HEIGHT rows: a long text wraps within the lines left, never pushing out the
  // header or the border (a 2,000-character text once hid who sent it and broke the box).
  const textLines = DETAIL_HEIGHT - 3 - (footer ? 1 : 0);
  return (
    <Box flexDirection="column" width={width} borderStyle="single" borderColor={theme.muted} paddingX={1}>
      <Text color={theme.muted} wrap="truncate-end">
        {sanitize(`${m.sender ?? "?"} → ${m.receiver ?? "?"} (${m.receiverType ?? "?"}) · ${formatTime(m.sentAt)} · ${m.category ?? ""}/${m.type ?? ""} · id ${m.id}`)}
      </Text>
      <Box height={textLines} overflow="hidden">
        <Text wrap="wrap">{sanitize(text, { multiline: true }).split("\n").slice(0, textLines).join("\n")}</Text>
      </Box>
      {footer ? <Text color={theme.muted} wrap="truncate-end">{sanitize([...files.map((f) => `📎 ${f}`), ...marks].join(" · "))}</Text> : null}
    </Box>
  );
}

function ThreadView({ scope, thread, height, width, theme, marked }: { scope: ThreadScope; thread?: ThreadState; height: number; width: number; theme: Theme; marked?: (m: Message) => boolean }) {
  if (!thread || (thread.loading && thread.items.length === 0)) return <Text color={theme.muted}>{`loading ${sanitize(scopeTitle(scope))}…`}</Text>;
  if (thread.error && thread.items.length === 0) return <FailureBox failure={thread.error} theme={theme} />;
  if (thread.items.length === 0) return <Text color={theme.muted}>no messages yet (m sends one)</Text>;
  const selected = thread.items[thread.selected];
  const detailHeight = selected ? DETAIL_HEIGHT : 0;
  const top = thread.loading ? "⟳ loading older messages…" : thread.hasOlder ? "↑ older messages load as you go up" : "· the first message";
  const dropped = thread.dropped ? ` · ${thread.dropped} newer let go (r reloads)` : "";
  return (
    <Box flexDirection="column" height={height}>
      <Text color={theme.muted} wrap="truncate-end">{`${top} · ${thread.items.length} loaded${dropped}`}</Text>
      <Rows columns={messageColumns(width)} rows={thread.items} selected={thread.selected} height={Math.max(2, height - 1 - detailHeight)} width={width} theme={theme} marked={marked} />
      {thread.error ? <Text color={theme.error} wrap="truncate-end">{`✗ ${sanitize(thread.error.code)} (r retries)`}</Text> : null}
      {selected ? <MessageDetail m={selected} width={width} theme={theme} /> : null}
    </Box>
  );
}

const threadOf = (state: ExplorerState, scope: ThreadScope) => detailOf(activeView(state), "messages", threadKey(scope));
const scopeOf = (route: { view: string }) => (route as RouteOf<"messages">).scope;

const bindings: Binding[] = [
  { keys: ["enter"], description: "open the sender (a user)", footer: "sender", onRows: true, run: (c) => c.selection()?.open?.() },
  { keys: ["T"], description: "trace the selected message: moderation, each recipient's mutes, blocks, push tokens and notifications, its webhooks", footer: "trace", onRows: true,
    disabled: (c) => (c.selection()?.id ? undefined : "no message selected"), run: (c) => c.store.getState().openTrace(c.selection()!.id!) },
  // + reacts to the message under the cursor, D deletes it, e edits its text as its sender;
  // R marks the thread read up to it, as the user acted for (the params name the thread's conversation);
  // m sends a message into the thread.
  ...verbKeyBindings(["messages"], (c) => {
    const scope = scopeOf(c.route);
    const params = scope.kind === "group" ? ["group", scope.guid] : scope.kind === "user" ? ["user", scope.uid, scope.as] : [];
    return { on: "messages", params, row: c.selection()?.json as Record<string, unknown> | undefined };
  }),
];

export const messagesScreen: Screen<RouteOf<"messages">> = {
  title: "Messages",
  legend: [
    "oldest at the top, the cursor on the newest at the bottom; going up past the top loads older messages (by id, as the SDK pages)",
    `a thread keeps at most the latest ${MAX_THREAD_ROWS} messages; r loads the newest again`,
  ],
  crumb: (route) => sanitize(scopeTitle(route.scope)),
  bindings,
  cursor: (state, route) => ({ index: threadOf(state, route.scope)?.selected ?? 0, count: threadOf(state, route.scope)?.items.length ?? 0 }),
  select: (store, route, index) => store.getState().selectInThread(route.scope, index),
  awaitingRows: (state, route) => {
    const thread = threadOf(state, route.scope);
    return thread !== undefined && thread.loading && thread.items.length === 0;
  },
  selection: (state, route) => {
    const thread = threadOf(state, route.scope);
    const m = thread?.items[thread.selected];
    return m && { id: m.id, json: m, open: () => m.sender && state.openResourceItem(users.name, [m.sender]) };
  },
  render: ({ state, route, height, width, theme }) => <ThreadView scope={route.scope} thread={threadOf(state, route.scope)} height={height} width={width} theme={theme} marked={markedRows(state, (m: Message) => String(m.id))} />,
};
