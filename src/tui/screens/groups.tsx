import { listScreen } from "./list-screen.js";

/** The groups of the app: GET /groups, filtered live, paged by page or by cursor. */
export const groupsScreen = listScreen("groups");
