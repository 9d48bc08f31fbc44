import type { ReactNode } from "react";
import type { Conversation, User } from "../../api/chat-schemas.js";
import type { Call, Group } from "../../api/schemas.js";
import { banned } from "../../resources/banned.js";
import { calls } from "../../resources/calls.js";
import { conversationScope, conversations } from "../../resources/conversations.js";
import { groups } from "../../resources/groups.js";
import { members } from "../../resources/members.js";
import type { Resource } from "../../resources/resource.js";
import { users } from "../../resources/users.js";
import type { ExplorerState } from "../../store/explorer-store.js";
import type { Row } from "../../store/types.js";
import { UserPreview } from "../components/chat-previews.js";
import { CallPreview, GroupPreview } from "../components/previews.js";
import type { Theme } from "../theme.js";

/**
 * What a resource's list adds to the generic list screen (resource-list.tsx), registered by the
 * resource's name as k9s decorates its generic browser: what Enter opens when it is not the row's generic
 * item (a member's user), and the preview beside the rows. A resource without an entry
 * opens its generic item and previews its fields.
 */
export interface ListExtension {
  /** `as`: the user the list was asked as, when not the one acted for (a user's conversations, below them). */
  open?(state: ExplorerState, row: Row, as?: string): void;
  preview?(props: { item: Row; width: number; height: number; theme: Theme }): ReactNode;
}

/** An entry typed by its resource's items: the one place a row is taken as the resource's item. */
function extension<Item extends Record<string, unknown>>(resource: Resource<Item>, entry: {
  open?(state: ExplorerState, item: Item, as?: string): void;
  preview?(props: { item: Item; width: number; height: number; theme: Theme }): ReactNode;
}): [string, ListExtension] {
  return [resource.name, entry as ListExtension];
}

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
      const scope = conversationScope(conversation, as ?? state.user);
      if (scope) state.openThread(scope);
      else state.notify("this conversation names no one to open");
    },
  }),
]);
