import type { ReactNode } from "react";
import type { Conversation, Message, User } from "../../api/chat-schemas.js";
import type { Call, Group } from "../../api/schemas.js";
import { banned } from "../../resources/banned.js";
import { calls } from "../../resources/calls.js";
import { conversationThread, conversations } from "../../resources/conversations.js";
import { groups } from "../../resources/groups.js";
import { members } from "../../resources/members.js";
import { groupMessages, message, userMessages } from "../../resources/messages.js";
import type { Resource } from "../../resources/resource.js";
import { users } from "../../resources/users.js";
import type { ExplorerState } from "../../store/explorer-store.js";
import type { Row } from "../../store/types.js";
import { UserPreview } from "../components/chat-previews.js";
import { CallPreview, GroupPreview } from "../components/previews.js";
import type { Theme } from "../theme.js";
import { CHAT_BINDINGS, CHAT_CRUMBS, MESSAGE_BOX_HEIGHT, MessageBox, openSender } from "./chat.js";
import type { Binding, RouteOf } from "./types.js";

/**
 * What a resource's list adds to the generic list screen (resource-list.tsx), registered by the
 * resource's name as k9s decorates its generic browser: what Enter opens when it is not the row's generic
 * item (a member's user; a message's sender), the preview beside the rows, and, for a
 * list that needs them (a conversation's messages), the crumb that says whose rows they are, the selected
 * row drawn whole below the rows, and keys of its own. A resource without an entry opens its generic item
 * and previews its fields.
 */
export interface ListExtension<Item = Row> {
  /** `as`: the user the list was asked as, when not the one acted for (a user's conversations, below them; a 1:1). */
  open?(state: ExplorerState, row: Item, as?: string): void;
  preview?(props: { item: Item; width: number; height: number; theme: Theme }): ReactNode;
  /** The crumb, from the list's parameters and whom it is asked as: `messages of group design`. */
  crumb?(params: readonly string[], as?: string): string;
  /** The selected row, whole, in `height` rows below the rows (a message's text). */
  detail?: { height: number; draw(props: { item: Item; width: number; theme: Theme }): ReactNode };
  /** Keys of its own after the list's (a key both bind is the extension's), under a title of their own in help. */
  keys?: { title: string; legend?: readonly string[]; bindings: ReadonlyArray<Binding<RouteOf<"resource">>> };
}

/** An entry typed by its resource's items: the one place a row is taken as the resource's item. */
function extension<Item extends Record<string, unknown>>(resource: Resource<Item>, entry: ListExtension<Item>): [string, ListExtension] {
  return [resource.name, entry as ListExtension];
}

/** What help says of a thread, and its keys. */
const CHAT_KEYS: ListExtension["keys"] = {
  title: "Messages (:msgs, M on a group or a user, Enter on a conversation)",
  legend: [
    "oldest at the top, the cursor on the newest at the bottom; going up past the top loads older messages (by id, as the SDK pages: as the cursor nears it, the cursor staying on its message)",
    "the selected message shows whole below the rows; / filters the thread as you type (sender:, type:, sent:, …), w follows it live (what came is added at the bottom)",
  ],
  bindings: CHAT_BINDINGS,
};

/**
 * A conversation's messages, as a chat: the app's, a group's, a 1:1's. (Enter opens the sender; the writes
 * on a message, + D e R m, are its definitions', src/writes/.)
 */
const chat = (resource: Resource<Message>) => extension<Message>(resource, {
  open: openSender,
  crumb: CHAT_CRUMBS[resource.name],
  detail: { height: MESSAGE_BOX_HEIGHT, draw: MessageBox },
  keys: CHAT_KEYS,
});

export const LIST_EXTENSIONS: Readonly<Record<string, ListExtension>> = Object.fromEntries([
  extension<Group>(groups, { preview: GroupPreview }),
  // A group's members and the users it banned open as the users they are.
  extension<User>(members, { open: (state, member) => state.openResourceItem(users.name, [member.uid]) }),
  extension<User>(banned, { open: (state, user) => state.openResourceItem(users.name, [user.uid]) }),
  // A call opens as its generic item, extended (item-screens.ts), found in whichever app has it.
  extension<Call>(calls, { preview: CallPreview }),
  extension<User>(users, { preview: UserPreview }),
  extension<Conversation>(conversations, {
    open: (state, conversation, as) => {
      const thread = conversationThread(conversation, as ?? state.user);
      if (thread) state.openResource(thread.name, thread.params, thread.as);
      else state.notify("this conversation names no one to open");
    },
  }),
  chat(message),
  chat(groupMessages),
  chat(userMessages),
]);
