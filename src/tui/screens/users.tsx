import type { User } from "../../api/chat-schemas.js";
import { selectedItem, listScreen } from "./list-screen.js";
import type { Binding } from "./types.js";
import { verbKeyBindings } from "./verb-keys.js";

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
  ...verbKeyBindings(["users"], (c) => ({ on: "users", params: [], row: selectedUser(c.state) })),
];

/** The users of the app: GET /users, filtered live, paged by page. */
export const usersScreen = listScreen("users", WRITES);
