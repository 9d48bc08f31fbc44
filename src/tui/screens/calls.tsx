import { listScreen } from "./list-screen.js";

/** The calls of the app: GET /calls, filtered live, paged. */
export const callsScreen = listScreen("calls");
