import { selectedItem, listScreen } from "./list-screen.js";
import { verbKeyBindings } from "./verb-keys.js";

/** The conversations of the user acted for: GET /conversations (onBehalfOf), filtered live; R marks one read. */
export const conversationsScreen = listScreen("conversations", verbKeyBindings(["conversations"], (c) => ({ on: "conversations", params: [], row: selectedItem(c.state, "conversations") })));
