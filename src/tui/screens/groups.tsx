import { selectedItem, listScreen } from "./list-screen.js";
import { verbKeyBindings } from "./verb-keys.js";

/** The groups of the app: GET /groups, filtered live, paged by page or by cursor; D deletes one, e edits it. */
export const groupsScreen = listScreen("groups", verbKeyBindings(["groups"], (c) => ({ on: "groups", params: [], row: selectedItem(c.state, "groups") })));
