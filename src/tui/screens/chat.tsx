import { Box, Text } from "ink";
import type { Message } from "../../api/chat-schemas.js";
import { groupMessages, message, userMessages } from "../../resources/messages.js";
import { users } from "../../resources/users.js";
import type { ExplorerState } from "../../store/explorer-store.js";
import { formatTime } from "../../text/format.js";
import { attachmentNames, messageMarks, messageSummary } from "../../text/message.js";
import { sanitize } from "../../text/sanitize.js";
import type { Theme } from "../theme.js";
import type { Binding, RouteOf } from "./types.js";

/**
 * What a list of a conversation's messages adds to the generic list screen (resource-list.tsx), which
 * reads it as a chat (its definition's `list.chat`: oldest at the top, the cursor on the newest, older
 * ones loading above): the crumb that says whose messages they are, the selected message whole in a box
 * below the rows, Enter opening its sender, and T its trace. Opening a thread starts here too.
 */

/** Rows the selected message's box takes below the rows: its border, the header, the text, the attachments and marks. */
export const MESSAGE_BOX_HEIGHT = 5;

/** The selected message, whole: who, when, to whom, its text wrapped, its attachments and marks. */
export function MessageBox({ item: m, width, theme }: { item: Message; width: number; theme: Theme }) {
  const files = attachmentNames(m.data);
  const marks = messageMarks(m);
  const text = typeof m.data?.text === "string" ? m.data.text : messageSummary(m);
  const footer = files.length > 0 || marks.length > 0;
  // The box is MESSAGE_BOX_HEIGHT rows: a long text wraps within the lines left, never pushing out the
  // header or the border (a 2,000-character text once hid who sent it and broke the box).
  const textLines = MESSAGE_BOX_HEIGHT - 3 - (footer ? 1 : 0);
  return (
    <Box flexDirection="column" width={width} flexShrink={0} borderStyle="single" borderColor={theme.muted} paddingX={1}>
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

/** Whose messages a list of them holds, as its crumb says it: the app's, a group's, a 1:1's. */
export const CHAT_CRUMBS: Readonly<Record<string, (params: readonly string[], as?: string) => string>> = {
  [message.name]: () => "the app's messages",
  [groupMessages.name]: ([guid]) => `messages of group ${guid ?? ""}`,
  [userMessages.name]: ([uid], as) => `messages of ${as ?? "?"} and ${uid ?? ""}`,
};

/** The keys a thread has besides the list's and its writes': T traces the message under the cursor, W says why each recipient did or did not get it. */
export const CHAT_BINDINGS: ReadonlyArray<Binding<RouteOf<"resource">>> = [
  { keys: ["T"], description: "trace the selected message: moderation, each recipient's mutes, blocks, push tokens and notifications, its webhooks", footer: "trace", onRows: true,
    disabled: (c) => (c.selection()?.id ? undefined : "no message selected"), run: (c) => c.store.getState().openTrace(c.selection()!.id!) },
  { keys: ["W"], description: "why: each recipient's first break in the chain, above the trace, with the write that fixes it (f on its row)", footer: "why", onRows: true,
    disabled: (c) => (c.selection()?.id ? undefined : "no message selected"), run: (c) => c.store.getState().openTrace(c.selection()!.id!, true) },
];

/** Enter on a message: its sender, a user. */
export const openSender = (state: ExplorerState, m: Message): void => {
  if (m.sender) state.openResourceItem(users.name, [m.sender]);
};

/** A group's messages. */
export const openGroupThread = (state: ExplorerState, guid: string): void => state.openResource(groupMessages.name, [guid]);

/** The app's messages. */
export const openAppMessages = (state: ExplorerState): void => state.openResource(message.name, []);

/**
 * The 1:1 of the user acted for with `uid`, asked as them from then on (whoever is acted for later);
 * without one acted for, `nobody` says how to choose one.
 */
export function openOneToOne(state: ExplorerState, uid: string, nobody = `the messages with ${uid} are a 1:1 conversation: act as the other side first (:as <uid>)`): void {
  const as = state.user;
  if (!as) return state.notify(nobody);
  state.openResource(userMessages.name, [uid], as);
}
