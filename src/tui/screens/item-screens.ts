import { banned } from "../../resources/banned.js";
import { calls } from "../../resources/calls.js";
import { groups } from "../../resources/groups.js";
import { members } from "../../resources/members.js";
import { message } from "../../resources/messages.js";
import { users } from "../../resources/users.js";
import { callItem } from "./call-item.js";
import { openGroupThread, openOneToOne } from "./chat.js";
import { callsOf } from "./jumps.js";
import { type ItemExtension, extendedItemScreen, itemSpot } from "./resource-item.js";
import type { KeyContext, RouteOf, Screen } from "./types.js";
import { writeKey } from "./write-key.js";

type ItemRoute = RouteOf<"resource-item">;

/** The member (or banned user) under the cursor of a group's item, and which list it is in. */
function selectedPerson(c: KeyContext<ItemRoute>): { guid: string; uid: string; scope?: string; banned: boolean } | undefined {
  const spot = itemSpot(c);
  const guid = spot.params.at(-1);
  const people = spot.child?.name;
  if (!spot.row || guid === undefined || (people !== members.name && people !== banned.name)) return undefined;
  return { guid, uid: String(spot.row.uid), scope: typeof spot.row.scope === "string" ? spot.row.scope : undefined, banned: people === banned.name };
}

/** The scope `s` gives next: participant → moderator → admin → participant. */
const NEXT_SCOPE: Record<string, string> = { participant: "moderator", moderator: "admin", admin: "participant" };

/** One group: its fields, its members below (tab: the users it banned); keys to ban, rescope, edit it and read its messages. */
const groupItem: ItemExtension = {
  title: "A group (:group <guid>, or Enter on :groups)",
  legend: ["its fields, then its members (tab: the users it banned); Enter on one opens that user"],
  bindings: [
    writeKey<ItemRoute>({ keys: ["b"], description: "ban the selected member, or unban the selected banned user (asks first)", footer: "ban", onRows: true,
      disabled: (c) => (selectedPerson(c) ? undefined : "nobody selected"),
      run: (c) => {
        const p = selectedPerson(c)!;
        c.store.getState().askVerb(p.banned ? "member unban" : "member ban", { args: { guid: p.guid, uid: [p.uid] }, flags: {} });
      } }),
    writeKey<ItemRoute>({ keys: ["s"], description: "give the selected member the next scope: participant → moderator → admin (asks first)", footer: "scope", onRows: true,
      disabled: (c) => (selectedPerson(c)?.scope && !selectedPerson(c)!.banned ? undefined : "no member selected"),
      run: (c) => {
        const p = selectedPerson(c)!;
        c.store.getState().askVerb("member scope", { args: { guid: p.guid, uid: p.uid, scope: NEXT_SCOPE[p.scope!] ?? "participant" }, flags: {} });
      } }),
    // (Its footer is the name of the lists M opens: messages.)
    { keys: ["M"], description: "the group's messages", footer: message.name, run: (c) => {
      const guid = itemSpot(c).params.at(-1);
      if (guid !== undefined) openGroupThread(c.store.getState(), guid);
    } },
  ],
};

/** The uid of the user item in view. */
const uidOf = (c: KeyContext<ItemRoute>) => c.route.params.at(-1) ?? "";

/** One user: their fields, then their sections (the definition's children): groups joined, calls, conversations, … */
const userItem: ItemExtension = {
  title: "A user (:user <uid>, or Enter on :users)",
  legend: ["their fields, then what hangs off them, one at a time (tab, ←/→): the groups they joined and the conversations they see (asked as them), their calls, whom they blocked, their friends, tokens and notification preferences"],
  bindings: [
    { keys: ["c"], description: "the calls list, filtered to this user's calls", run: (c) => callsOf(c.state, uidOf(c)) },
    { keys: ["M"], description: "the messages between this user and the one you act for", footer: message.name, run: (c) =>
      openOneToOne(c.store.getState(), uidOf(c), "the messages of a 1:1 conversation need the other side: u chooses whom to act for") },
    { keys: ["a"], description: "act on behalf of this user", run: (c) => c.store.getState().setUser(uidOf(c)) },
  ],
};

/**
 * What a resource's item adds to the generic item screen, by the resource's name: the one place a
 * screen names a resource. A resource without an entry is drawn by the generic item screen alone.
 */
export const ITEM_EXTENSIONS: Readonly<Record<string, ItemExtension>> = {
  [groups.name]: groupItem,
  [users.name]: userItem,
  [calls.name]: callItem(calls),
};

export const ITEM_SCREENS: Readonly<Record<string, Screen<RouteOf<"resource-item">>>> = Object.fromEntries(
  Object.entries(ITEM_EXTENSIONS).map(([name, extension]) => [name, extendedItemScreen(extension)]),
);
