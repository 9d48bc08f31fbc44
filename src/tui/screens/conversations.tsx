import { listScreen } from "./list-screen.js";

/** The conversations of the user acted for: GET /conversations (onBehalfOf), filtered live. */
export const conversationsScreen = listScreen("conversations");
