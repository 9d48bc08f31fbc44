import type { User } from "../../api/chat-schemas.js";
import { selectedItem, listScreen } from "./list-screen.js";
import type { Binding } from "./types.js";
import { writeKey } from "./write-key.js";

const selectedUser = (state: Parameters<typeof selectedItem>[0]): User | undefined => selectedItem(state, "users");

/** The writes a row of users offers, each asking first. */
const WRITES: Binding[] = [
  { keys: ["t"], description: "create an auth token for the selected user (asks first; shown once)", footer: "token", onRows: true, run: (c) => {
    const user = selectedUser(c.state);
    if (user) c.store.getState().askToken(user.uid);
  } },
  { keys: ["m"], description: "send the selected user a test message as the user you act for (asks first)", onRows: true, run: (c) => {
    const user = selectedUser(c.state);
    if (user) c.store.getState().askMessage({ receiver: user.uid, receiverType: "user" });
  } },
  writeKey({ keys: ["D"], description: "deactivate the selected user (asks first; U in :journal undoes it)", footer: "deactivate", onRows: true,
    disabled: (c) => (selectedUser(c.state) ? undefined : "no user selected"),
    run: (c) => c.store.getState().askVerb("user deactivate", { args: { uid: [selectedUser(c.state)!.uid] }, flags: {} }) }),
];

/** The users of the app: GET /users, filtered live, paged by page. */
export const usersScreen = listScreen("users", WRITES);
