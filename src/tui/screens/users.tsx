import type { User } from "../../api/chat-schemas.js";
import { selectedItem, listScreen } from "./list-screen.js";
import type { Binding } from "./types.js";
import { verbKeyBindings } from "./verb-keys.js";

const selectedUser = (state: Parameters<typeof selectedItem>[0]): User | undefined => selectedItem(state, "users");

/** The writes a row of users offers (t a token, m a message, e, D, …), each asking first. */
const WRITES: Binding[] = verbKeyBindings(["users"], (c) => ({ on: "users", params: [], row: selectedUser(c.state) }));

/** The users of the app: GET /users, filtered live, paged by page. */
export const usersScreen = listScreen("users", WRITES);
